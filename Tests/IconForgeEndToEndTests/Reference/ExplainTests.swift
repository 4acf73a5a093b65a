import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `iconforge explain RULE`: an entry for every rule, whose failing example really fails
/// that rule and whose fixed example really does not.
@Suite struct ExplainTests {
    /// Rules that no small file shows reliably (librsvg's failures, crashes, time).
    /// (`app-files.edited` takes a build, someone's edit, and a second build.)
    static let withoutExamples: Set<RuleID> = [.renderFailed, .renderCrashed, .renderTimeout, .appFilesEdited]

    @Test func everyRuleHasAnEntry() {
        for rule in RuleID.allCases {
            let entry = RuleExplanation.entry(for: rule)
            #expect(
                entry != nil,
                """
                rule \(rule.rawValue) has no explanation: add RuleExplanation(rule: .\(rule), checks: "…", why: "…", \
                failing: …, fixed: …, options: […]) to an array in Sources/IconForgeCLI/Explain/RuleExplanation+Entries.swift
                """)
            guard let entry else { continue }
            #expect(!entry.checks.isEmpty && !entry.why.isEmpty)
            if Self.withoutExamples.contains(rule) {
                #expect(entry.noExample != nil, "\(rule.rawValue): say why there is no example")
            } else {
                #expect(
                    entry.failing != nil && entry.fixed != nil, "\(rule.rawValue): give a failing and a fixed example")
            }
        }
        #expect(Set(RuleExplanation.entries.map(\.rule)).count == RuleExplanation.entries.count, "one entry per rule")
    }

    /// The rules `iconforge check` (or `build`) reports on the example's project.
    static func rules(of example: RuleExplanation.Example) throws -> [RuleID] {
        let project = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.file("Glyphs"), withIntermediateDirectories: true)
        for file in example.files { project.write(file.path, file.text) }
        // A build that names no output folder would write into the current folder: the
        // repository's own Output/.
        if example.command == "build" {
            try #require(
                example.arguments.firstIndex(of: "-o").map { example.arguments[$0 + 1].hasPrefix("{root}/") } == true,
                "a build example needs -o {root}/…")
        }
        let arguments =
            [example.command, project.file("Glyphs"), "--format", "json", "--isolation", "none"]
            + example.arguments.map { $0.replacing("{root}", with: project.path) }
        let run = ToolCommand.run(arguments)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.joined(separator: "\n").utf8)) as? [String: Any],
            "\(run.lines)")
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        return diagnostics.compactMap { ($0["rule"] as? String).flatMap(RuleID.init(rawValue:)) }
    }

    static let examples = RuleExplanation.entries.filter { $0.failing != nil }.map(\.rule)

    @Test(arguments: examples)
    func failingExampleFailsTheRuleAndFixedOnePasses(rule: RuleID) throws {
        let entry = try #require(RuleExplanation.entry(for: rule))
        let failing = try Self.rules(of: try #require(entry.failing))
        #expect(failing.contains(rule), "the failing example of \(rule.rawValue) reports \(failing.map(\.rawValue))")
        let fixed = try Self.rules(of: try #require(entry.fixed))
        #expect(fixed.isEmpty, "the fixed example of \(rule.rawValue) reports \(fixed.map(\.rawValue))")
    }

    @Test func explainPrintsTheEntryAndRejectsUnknownRules() {
        let run = ToolCommand.run(["explain", "size.target"])
        #expect(run.status == .clean)
        let text = run.stdout.joined(separator: "\n")
        for heading in ["size.target (error)", "WHAT IT CHECKS", "WHY", "FAILS", "FIXED", "OPTIONS", "--tolerance"] {
            #expect(text.contains(heading), "\(heading)")
        }
        let unknown = ToolCommand.run(["explain", "size.targt"])
        #expect(unknown.status == .usage)
        #expect(unknown.stderr.joined().contains("did you mean 'size.target'?"))
        // A family's first word lists its rules.
        let family = ToolCommand.run(["explain", "size"])
        #expect(family.status == .usage)
        let sizeRules = RuleID.allCases.map(\.rawValue).filter { $0.hasPrefix("size.") }
        #expect(sizeRules.count > 1 && sizeRules.contains("size.target"))
        #expect(
            family.stderr.joined().contains(
                "unknown rule 'size'; the rules starting with 'size.' are " + sizeRules.joined(separator: ", ")),
            "\(family.stderr)")
        #expect(
            ToolCommand.run(["explain", "Color."]).stderr.joined().contains(
                "the rules starting with 'color.' are color."))
        #expect(ToolCommand.run(["explain"]).status == .usage)
        #expect(ToolCommand.run(["help", "explain"]).stdout.joined().contains("iconforge explain RULE"))
    }

    @Test func textDiagnosticsEndWithOneHintAndMachineFormatsHaveNone() throws {
        let failing = Fixtures.path("rules")
        let text = ToolCommand.run(["check", failing, "--isolation", "none"])
        let hints = text.stderr.filter { $0.contains("iconforge explain") }
        #expect(hints.count == 1, "\(hints)")
        // It names the first error's rule, not a warning's.
        let firstError = try #require(
            text.lines.compactMap { if case .diagnostic(let d) = $0, d.severity == .error { d.rule } else { nil } }
                .first)
        #expect(hints.first?.contains("iconforge explain \(firstError.rawValue)'") == true, "\(hints)")
        let lastDiagnostic = text.lines.lastIndex { if case .diagnostic = $0 { true } else { false } }
        let hintIndex = text.lines.firstIndex {
            if case .err(let line) = $0 { line.hasPrefix("hint: 'iconforge explain ") } else { false }
        }
        #expect(
            lastDiagnostic != nil && hintIndex != nil && hintIndex! > lastDiagnostic!,
            "the hint follows the diagnostics")
        for format in ["json", "github", "sarif"] {
            let run = ToolCommand.run(["check", failing, "--isolation", "none", "--format", format])
            #expect(!(run.stdout + run.stderr).contains { $0.contains("iconforge explain") }, "\(format)")
        }
        let clean = ToolCommand.run(["check", ExternalProgram.repositoryRoot + "/Glyphs", "--isolation", "none"])
        #expect(clean.status == .clean)
        #expect(!clean.stderr.contains { $0.contains("iconforge explain") }, "no findings, no hint")
        let render = ToolCommand.run([
            "render", Fixtures.path("rules/color-monochrome-two-fills.svg"), "--scale", "2", "-o", "/nonexistent/x.png",
            "--isolation", "none",
        ])
        #expect(render.stderr.filter { $0.contains("iconforge explain color.monochrome") }.count == 1)
    }
}
