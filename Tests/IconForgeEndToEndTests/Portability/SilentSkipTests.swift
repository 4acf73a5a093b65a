import Foundation
import IconForgeTestSupport
import Testing

/// No test passes without running: a test that needs a program (make, git, zsh, python3's
/// jsonschema) or a condition (not root) says so with `.enabled(if:, "reason")`, which Swift
/// Testing reports as skipped with the reason, never with an early `return` or a printed
/// "skipped" that reports it as passed. This reads every test source for the old shapes.
@Suite struct SilentSkipTests {
    /// What a test looks up before it runs a program or relies on a condition.
    static let lookups = [
        "ExternalProgram.find(", "isExecutableFile(", "ExternalTools.has", "runMake(", "getuid()", "hasJSONSchema",
        "CaseInsensitiveFolder(",
    ]

    /// `guard CONDITION else { BODY }`, the body with at most one level of braces inside.
    static let guardStatement = try! NSRegularExpression(
        pattern: #"\bguard\b((?:(?!\bguard\b)[^{])*?)\belse\s*\{((?:[^{}]|\{[^{}]*\})*)\}"#)

    /// The silent skips in `text`, as "line: what", empty when there are none.
    static func silentSkips(in text: String) -> [String] {
        let whole = NSRange(text.startIndex..., in: text)
        func line(_ range: NSRange) -> Int { text[..<Range(range, in: text)!.lowerBound].count { $0 == "\n" } + 1 }
        var found: [String] = []
        for match in guardStatement.matches(in: text, range: whole) {
            let condition = String(text[Range(match.range(at: 1), in: text)!])
            let body = String(text[Range(match.range(at: 2), in: text)!])
            let endsInBareReturn = body.range(of: #"\breturn\s*$"#, options: .regularExpression) != nil
            let reports = ["Issue.record", "#expect", "#require", "throw "].contains { body.contains($0) }
            if endsInBareReturn && !reports, let lookup = lookups.first(where: condition.contains) {
                found.append("\(line(match.range)): returns early when \(lookup)… fails")
            }
        }
        for pattern in [#"print\("skipped"#, #"runMake\([^\n]*\?\? true"#] {
            let expression = try! NSRegularExpression(pattern: pattern)
            for match in expression.matches(in: text, range: whole) { found.append("\(line(match.range)): \(pattern)") }
        }
        return found
    }

    /// Every Swift file under Tests/, relative to the repository root.
    static var testSources: [String] {
        let tests = ExternalProgram.repositoryRoot + "/Tests"
        let names = (FileManager.default.enumerator(atPath: tests)?.allObjects as? [String]) ?? []
        return names.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("PluginSample/") && !$0.hasPrefix("MacOSCheck/") }
            .sorted().map { "Tests/" + $0 }
    }

    @Test func noTestSkipsByReturningEarly() throws {
        #expect(Self.testSources.count > 20, "found the test sources")
        for path in Self.testSources where !path.hasSuffix("/SilentSkipTests.swift") {
            let text = try String(contentsOfFile: ExternalProgram.repositoryRoot + "/" + path, encoding: .utf8)
            for skip in Self.silentSkips(in: text) {
                Issue.record("\(path):\(skip): use @Test(.enabled(if: …, \"reason\")) so the test shows as skipped")
            }
        }
    }

    @Test func theScanFindsEachShapeOfSilentSkip() {
        let planted = """
            @Test func a() throws {
                guard let git = ExternalProgram.find("git") else { return }
                #expect(git.isEmpty == false)
            }
            @Test func b() throws {
                guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else {
                    print("skipped: no make")
                    return
                }
            }
            @Test func c() throws {
                #expect(try runMake(["-n"], in: "/tmp").map { $0.status == 0 } ?? true)
            }
            """
        #expect(Self.silentSkips(in: planted).count == 4, "\(Self.silentSkips(in: planted))")
        let reported = """
            guard let git = ExternalProgram.find("git") else { Issue.record("no git"); return }
            guard let value = lookup() else { return }
            """
        #expect(Self.silentSkips(in: reported).isEmpty, "\(Self.silentSkips(in: reported))")
    }
}
