import Foundation
import IconForgeTestSupport
import Testing

/// iconforge builds on macOS too, but this suite runs on Linux: these tests read the
/// sources for what a Linux build cannot catch (see `PortabilityScanner`).
@Suite struct PortabilityTests {
    static let packageRoot = SourceTree.root

    /// Every Swift and C file under Sources/, as paths relative to the package root.
    static func sourceFiles() -> [String] {
        SourceTree.files(under: "Sources", endingWith: [".swift", ".c", ".h"])
    }

    @Test("platform differences stay in the platform layer, and pointers in the C bridge")
    func sourcesArePortable() throws {
        let files = Self.sourceFiles()
        #expect(files.count > 50, "found only \(files.count) source files under \(Self.packageRoot.path)/Sources")
        #expect(files.contains(PortabilityScanner.foundationImport))
        let scanner = PortabilityScanner()
        for file in files {
            let url = Self.packageRoot.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            for violation in scanner.scan(path: file, text: text) {
                // Reported at the offending line, so that an editor or CI annotates it there.
                Issue.record(
                    Comment(rawValue: violation.description),
                    sourceLocation: SourceLocation(
                        fileID: "iconforge/" + url.lastPathComponent, filePath: url.path, line: violation.line,
                        column: 1))
            }
        }
    }

    @Test(
        "one write loop: write(2) is called in SystemCall.writeAll alone, so a short, interrupted or empty write means one thing everywhere"
    )
    func oneWriteLoop() throws {
        let call = #/(^|[^.\w])write\([^)]*baseAddress/#
        var callers: [String] = []
        for file in Self.sourceFiles() where file.hasSuffix(".swift") {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains(call) { callers.append(file) }
        }
        #expect(callers == ["Sources/IconForgePlatform/SystemCall.swift"])
    }

    @Test("the exceptions to the pointer rule still need to be exceptions")
    func pointerExceptionsAreCurrent() throws {
        for (file, _) in PortabilityScanner.pointerExceptions {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("Unsafe"), "\(file) has no pointer code left: remove its exception")
        }
    }

    // MARK: - The scanner finds what it should (it can fail)

    let scanner = PortabilityScanner()

    func rules(_ path: String, _ text: String) -> [String] {
        scanner.scan(path: path, text: text).map { "\($0.line):\($0.rule)" }
    }

    @Test func libcImportsOutsideThePlatformLayerAreFound() {
        let text = """
            import Glibc
            #if canImport(Darwin)
                import Darwin
            #endif
            internal import Musl
            """
        #expect(
            rules("Sources/IconForgeBuild/Pipeline/Build.swift", text) == [
                "1:libc-import", "3:libc-import", "5:libc-import",
            ])
    }

    @Test func libcImportsInThePlatformLayerMustBeConditional() {
        let text = """
            import Glibc
            #if canImport(Darwin)
                import Darwin
            #elseif canImport(Glibc)
                import Glibc
            #else
                import Musl
            #endif
            """
        #expect(rules("Sources/IconForgePlatform/Clock.swift", text) == ["1:libc-import", "7:libc-import"])
    }

    @Test func foundationIsImportedInOnePlaceAndConditionally() {
        #expect(
            rules("Sources/IconForgeSVG/Check/NameChecks.swift", "import FoundationEssentials\n") == [
                "1:foundation-import"
            ])
        #expect(
            rules(
                "Sources/IconForgeSVG/Check/NameChecks.swift",
                "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#endif") == ["2:foundation-import"])
        #expect(rules("Sources/iconforge/main.swift", "import Foundation\n") == ["1:foundation-import"])
        #expect(
            rules(PortabilityScanner.foundationImport, "@_exported import FoundationEssentials\n") == [
                "1:foundation-import"
            ])
        #expect(
            rules(
                PortabilityScanner.foundationImport,
                "#if canImport(FoundationEssentials)\n@_exported import FoundationEssentials\n#else\n@_exported import Foundation\n#endif\n"
            ).isEmpty)
    }

    @Test func linuxOnlyNamesAreFoundOutsideLinuxBranches() {
        let text = """
            let time = info.st_mtim.tv_sec  // st_mtim in a comment is fine
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
            let path = "/proc/self/exe"
            setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
            var actions = posix_spawn_file_actions_t()
            let name = "librsvg-2.so.2"
            let size = Glibc.write(1, buffer, count)
            """
        #expect(
            rules("Sources/IconForgeModel/Catalog/Clock.swift", text)
                == [
                    "1:linux-only", "2:linux-only", "3:linux-only", "4:linux-only", "4:linux-only", "5:linux-only",
                    "6:linux-only", "7:linux-only",
                ])
        // In the platform layer, a Linux branch (or the #else of a Darwin one) is where they belong.
        let branched = """
            #if canImport(Darwin)
                let time = info.st_mtimespec
            #else
                let time = info.st_mtim
            #endif
            #if canImport(Glibc)
                let path = "/proc/self/exe"
            #elseif canImport(Darwin)
                let name = "librsvg-2.2.dylib"
            #endif
            let unguarded = info.st_mtim
            let alsoUnguarded = info.st_mtimespec
            """
        #expect(rules("Sources/IconForgePlatform/FileSystem.swift", branched) == ["11:linux-only", "12:darwin-only"])
    }

    @Test func cNeedsLinuxAndAppleBranches() {
        let text = """
            #include <unistd.h>
            /* readlink("/proc/self/exe") in a comment is fine */
            #if defined(__linux__)
            static const char *name = "librsvg-2.so.2";
            #elif defined(__APPLE__)
            static const char *name = "librsvg-2.2.dylib";
            #else
            #error "unknown system"
            #endif
            #ifndef __linux__
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            #endif
            #define EXE "/proc/self/exe"
            """
        #expect(rules("Sources/CRsvgLoader/CRsvgLoader.c", text) == ["11:linux-only", "13:linux-only"])
    }

    @Test func pointersAreFoundOutsideTheCBridge() {
        let text = """
            bytes.withUnsafeBytes { buffer in use(buffer) }
            let raw: UnsafeRawBufferPointer
            let text = "withUnsafeBytes"  // a string that names it is still flagged: rare enough
            /// `UnsafePointer` in documentation is fine
            """
        #expect(
            rules("Sources/IconForgeModel/Catalog/SHA256Digest.swift", text) == ["1:pointer", "2:pointer", "3:pointer"])
        #expect(rules("Sources/IconForgeNative/SVGHandle.swift", text).isEmpty)
        #expect(rules("Sources/IconForgePlatform/FileSystem.swift", text).isEmpty)
    }
}
