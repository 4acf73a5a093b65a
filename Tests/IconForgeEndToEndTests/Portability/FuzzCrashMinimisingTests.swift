import Foundation
import IconForgeTestSupport
import Testing

/// scripts/fuzz.sh after a crash: minimising the input is bounded, so `make test` fails
/// soon, with the input kept and a line saying how to run it again. libFuzzer's
/// `-minimize_crash=1` once ran for minutes; here a stand-in fuzz target crashes at once,
/// and its minimiser writes half a file that no longer crashes, then never ends on its own.
@Suite struct FuzzCrashMinimisingTests {
    /// A copy of fuzz.sh in a folder laid out as the repository (the script works from its
    /// parent folder), with a `swift` and a `swiftc` that stand in for the toolchain and a
    /// FuzzJSON that stands in for the fuzz target.
    static func stage() throws -> TemporaryFolder {
        let root = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: root.file("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: ExternalProgram.repositoryRoot + "/scripts/fuzz.sh", toPath: root.file("scripts/fuzz.sh"))
        for folder in ["Glyphs", "Tests/IconForgeTestSupport/Fixtures", "tools/bin"] {
            try FileManager.default.createDirectory(atPath: root.file(folder), withIntermediateDirectories: true)
        }
        root.write("tools/swiftc", "#!/bin/sh\nexit 0\n")
        root.write(
            "tools/swift",
            "#!/bin/sh\ncase \" $* \" in *' --show-bin-path '*) echo '\(root.file("tools/bin"))' ;; esac\nexit 0\n")
        // The fuzzing run finds a crash; the minimiser leaves a partial file and waits (far
        // beyond the bound the test sets; if it ever ends by itself it says so); run on one
        // input, the target fails only on the real crash.
        root.write(
            "tools/bin/FuzzJSON",
            """
            #!/bin/bash
            for argument; do
                case $argument in
                -artifact_prefix=*) prefix=${argument#-artifact_prefix=} ;;
                -exact_artifact_path=*) exact=${argument#-exact_artifact_path=} ;;
                esac
                last=$argument
            done
            if [ -n "${prefix:-}" ]; then printf 'the crashing input' > "${prefix}crash-0123"; echo '==1==ERROR: AddressSanitizer: SEGV'; exit 1; fi
            if [ -n "${exact:-}" ]; then printf 'half' > "$exact"; sleep 300; echo 'the minimiser ran to its end' >&2; exit 0; fi
            [ "$(cat "$last")" != 'the crashing input' ]

            """)
        for tool in ["tools/swiftc", "tools/swift", "tools/bin/FuzzJSON"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.file(tool))
        }
        return root
    }

    @Test(.enabled(if: ExternalProgram.find("timeout") != nil, "skipped: no timeout program (coreutils)"))
    func aCrashIsKeptAndMinimisingItStopsAtItsBound() throws {
        let root = try Self.stage()
        let path = root.file("tools") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try ExternalProgram.run(
            "/bin/bash", [root.file("scripts/fuzz.sh"), "json"], in: root.path,
            environment: [
                "PATH": path, "SWIFT": root.file("tools/swift"), "FUZZ_SECONDS": "1", "FUZZ_MINIMIZE_SECONDS": "1",
            ])
        #expect(result.status == 1, "\(result.output)")
        #expect(
            result.output.contains("fuzz: json: minimising stopped after 1s (FUZZ_MINIMIZE_SECONDS)"),
            "\(result.output)")
        #expect(!result.output.contains("the minimiser ran to its end"), "\(result.output)")
        let kept = root.file("Tests/IconForgeTestSupport/Fixtures/fuzz/json/crash-0123")
        #expect(
            result.output.contains(
                "fuzz: json: kept the failing input as Tests/IconForgeTestSupport/Fixtures/fuzz/json/crash-0123"),
            "\(result.output)")
        #expect(
            result.output.contains(
                "reproduce it with: \(root.file("tools/bin"))/FuzzJSON Tests/IconForgeTestSupport/Fixtures/fuzz/json/crash-0123"
            ), "\(result.output)")
        // The half-minimised file no longer crashes: the input is kept as the fuzzer found it.
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "the crashing input")
        #expect(result.output.contains("fuzz: FAILED: json"), "\(result.output)")
    }
}
