import Foundation
import IconForgeTestSupport
import Testing

/// The macOS check, on Linux: scripts/macos-check.sh compiles the C targets for both Mac
/// architectures and type-checks the platform layer's Darwin branches against Apple's
/// headers (PyPI's ziglang, in .build/test-venv). Skipped where those headers cannot be
/// had, and on a Mac, where the real build is the check.
@Suite struct MacOSCheckTests {
    static let script = ExternalProgram.repositoryRoot + "/scripts/macos-check.sh"

    /// The folder of ziglang's Darwin headers in the test venv, nil when it is not installed.
    static let headers: String? = {
        #if os(macOS)
            return nil
        #else
            let lib = ExternalProgram.repositoryRoot + "/.build/test-venv/lib"
            let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
            return pythons.map { "\(lib)/\($0)/site-packages/ziglang/lib/libc/include/any-darwin-any" }
                .first { FileManager.default.fileExists(atPath: $0 + "/TargetConditionals.h") }
        #endif
    }()

    static let missing: Comment = {
        #if os(macOS)
            "on a Mac the build itself compiles the Darwin branches"
        #else
            "no Darwin headers: PyPI's ziglang is not in .build/test-venv (scripts/setup.sh --test installs it)"
        #endif
    }()

    static func check(_ step: String, environment: [String: String] = [:]) throws -> ExternalProgram.Result {
        try ExternalProgram.run("/bin/bash", [script, step], environment: environment)
    }

    @Test(.enabled(if: headers != nil, missing))
    func theCTargetsCompileForBothMacArchitecturesWithWarningsAsErrors() throws {
        let result = try Self.check("c")
        #expect(result.status == 0, "\(result.output)")
        for arch in ["aarch64-macos.15.0", "x86_64-macos.15.0"] {
            for source in [
                "CPlatformShim/CPlatformShim.c", "CRsvgLoader/CRsvgLoader.c", "CPNGShim/CPNGShim.c",
                "CPNGShim/GlyphDeflate.c", "CSHA256/CSHA256.c",
            ] {
                #expect(
                    result.output.contains("ok      \(arch)  Sources/\(source)"), "\(arch) \(source): \(result.output)")
            }
        }
    }

    @Test(.enabled(if: headers != nil, missing))
    func thePlatformLayerTypeChecksAgainstDarwin() throws {
        let result = try Self.check("swift")
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.components(separatedBy: "macos-check: ok      x86_64-macos").count == 3, "\(result.output)")
    }

    /// A mistake a Mac's compiler would catch, planted in a copy of the platform layer.
    struct PlantedMistake: CustomTestStringConvertible, Sendable {
        var what: String
        var correct: String
        var mistaken: String
        /// What the compiler's error names.
        var reported: String
        var testDescription: String { what }

        static let all = [
            PlantedMistake(
                what: "Linux's st_mtim in the Darwin branch", correct: "st_mtimespec.nanoseconds",
                mistaken: "st_mtim.nanoseconds", reported: "st_mtim"),
            PlantedMistake(
                what: "a non-optional posix_spawn_file_actions_t()",
                correct: "var actions: posix_spawn_file_actions_t? = nil",
                mistaken: "var actions = posix_spawn_file_actions_t()", reported: "posix_spawn_file_actions_t"),
            PlantedMistake(
                what: "a misspelt F_FULLFSYNC", correct: "fcntl(descriptor, F_FULLFSYNC)",
                mistaken: "fcntl(descriptor, F_FULLSYNC)", reported: "F_FULLSYNC"),
        ]
    }

    @Test(.enabled(if: headers != nil, missing), arguments: PlantedMistake.all)
    func aDarwinMistakeFailsTheCheck(_ mistake: PlantedMistake) throws {
        let copy = TemporaryFolder()
        let platform =
            ExternalProgram.repositoryRoot + "/"
            + (try Self.check("platform").output.trimmingCharacters(in: .whitespacesAndNewlines))
        var planted = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: platform) where name.hasSuffix(".swift") {
            var text = try String(contentsOfFile: platform + "/" + name, encoding: .utf8)
            let occurrences = text.components(separatedBy: mistake.correct).count - 1
            planted += occurrences
            text = text.replacingOccurrences(of: mistake.correct, with: mistake.mistaken)
            copy.write(name, text)
        }
        // The correct code is there to be broken (else this test would pass for nothing).
        try #require(planted >= 1, "'\(mistake.correct)' is in the platform layer")

        let result = try Self.check("swift", environment: ["MACOS_CHECK_PLATFORM": copy.path])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("error: "), "\(result.output)")
        #expect(result.output.contains(mistake.reported), "\(result.output)")
        #expect(result.output.contains("macos-check: FAILED  x86_64-macos"), "\(result.output)")
    }

    @Test func withoutTheHeadersTheCheckSaysWhatToInstall() throws {
        let result = try Self.check("all", environment: ["MACOS_CHECK_ZIG": "/nonexistent"])
        #expect(result.status == 77)
        #expect(result.output.contains("scripts/setup.sh --test installs it"), "\(result.output)")
    }
}
