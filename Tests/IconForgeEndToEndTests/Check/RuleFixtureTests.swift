import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// One fixture per rule, failing and narrowly passing. Each fixture states what it must
/// produce in a comment, `<!-- expect: rule@line:col, rule -->` (a rule alone for
/// findings about the whole file) or `<!-- expect: none -->` (optionally followed by why,
/// in parentheses).
@Suite struct RuleFixtureTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("rules"))) ?? []
        return names.filter { $0.hasSuffix(".svg") }.sorted()
    }()

    /// The rules one glyph file shows on its own, read from the rule registry (`RuleID`) and
    /// `iconforge explain`'s entries, which also write docs/reference.md: those whose failing
    /// and fixed examples are the same single glyph file, checked, with other contents (not a
    /// name, a missing file, a set or a project). A new rule of that kind needs a fixture here.
    static let judgedOnOneFile: [RuleID] = RuleID.allCases.filter { rule in
        guard let entry = RuleExplanation.entry(for: rule), let failing = entry.failing, let fixed = entry.fixed,
            failing.command == "check", failing.files.count == 1, fixed.files.count == 1
        else { return false }
        let (drawn, mended) = (failing.files[0], fixed.files[0])
        return drawn.path.hasPrefix("Glyphs/") && drawn.path.hasSuffix(".svg") && drawn.path == mended.path
            && drawn.text != mended.text
    }

    static func fixturePrefix(_ rule: RuleID) -> String { rule.rawValue.replacingOccurrences(of: ".", with: "-") + "-" }

    @Test func everyRuleThatJudgesOneGlyphFileHasAFailingFixture() {
        #expect(!Self.judgedOnOneFile.isEmpty, "the registry names rules that one glyph file shows")
        for rule in RuleID.allCases where RuleExplanation.entry(for: rule) == nil {
            Issue.record("\(rule.rawValue) has no explain entry, so whether it needs a fixture is unknown")
        }
        for rule in Self.judgedOnOneFile {
            let prefix = Self.fixturePrefix(rule)
            #expect(
                Self.fixtures.contains { $0.hasPrefix(prefix) && !$0.hasPrefix(prefix + "pass") },
                "no failing fixture for \(rule.rawValue)")
        }
    }

    @Test func everyFixtureIsNamedForSuchARule() {
        for name in Self.fixtures {
            #expect(
                Self.judgedOnOneFile.contains { name.hasPrefix(Self.fixturePrefix($0)) },
                "\(name) names no rule that one glyph file shows")
        }
    }

    @Test(arguments: fixtures)
    func fixtureProducesExactlyWhatItExpects(name: String) throws {
        let path = Fixtures.path("rules/" + name)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = try #require(Self.expectations(in: text), "\(name) has no expect comment")
        let (actual, report) = try Self.findings(checking: path)
        #expect(actual.sorted() == expected.sorted(), "\(name): \(report.diagnostics.map(\.message))")
        for diagnostic in report.diagnostics {
            #expect(diagnostic.severity == diagnostic.rule.defaultSeverity || diagnostic.rule.hasWarningVariant)
            #expect(diagnostic.message.count > 20, "messages say what was found and how to fix it")
        }
    }

    @Test func heartAloneIsAWarningButEmojiAreErrors() throws {
        var request = BuildRequest()
        request.inputs = [
            Fixtures.path("rules/glyph-emoji-heart-warning.svg"), Fixtures.path("rules/glyph-emoji-in-title.svg"),
        ]
        request.writesOutput = false
        let report = try Builder.run(request)
        #expect(report.diagnostics.map(\.severity) == [.warning, .error])
    }

    @Test("an emoji-like aria-label on a group of paths is named as Inkscape's copy of the converted text")
    func inkscapesConvertedTextLabelIsNamed() throws {
        let (_, report) = try Self.findings(checking: Fixtures.path("rules/glyph-emoji-inkscape-aria-label.svg"))
        let message = try #require(report.diagnostics.first { $0.rule == .glyphEmoji }?.message)
        #expect(
            message.contains("Inkscape's copy of the text it converted to paths")
                && message.contains("delete the aria-label"), "\(message)")
        let (_, plain) = try Self.findings(checking: Fixtures.path("rules/glyph-emoji-in-attribute.svg"))
        #expect(
            !plain.diagnostics.contains { $0.message.contains("Inkscape") }, "other attributes keep the plain advice")
    }

    @Test("white drawn over black to make a hole is told to cut the shape out, not to vary opacity")
    func aWhiteKnockOutIsToldToCutTheShapeOut() throws {
        let (_, report) = try Self.findings(checking: Fixtures.path("rules/color-monochrome-white-knockout.svg"))
        let message = try #require(report.diagnostics.first { $0.rule == .colorMonochrome }?.message)
        #expect(
            message.contains("cut the shape out") && message.contains("Path ▸ Difference")
                && message.contains("even-odd"), "\(message)")
        #expect(!message.contains("vary opacity"), "\(message)")
        let (_, red) = try Self.findings(checking: Fixtures.path("rules/color-monochrome-two-fills.svg"))
        #expect(
            red.diagnostics.contains { $0.message.contains("use one colour and vary opacity") },
            "another colour keeps the opacity advice")
    }

    @Test(
        "a page that is not the template's is named first, once, in its own unit and in pt, with where its tool sets it"
    )
    func aPageThatIsNotTheTemplatesIsNamedFirst() throws {
        let (_, inkscape) = try Self.findings(checking: Fixtures.path("rules/size-max-inkscape-mm-page.svg"))
        #expect(
            inkscape.diagnostics.count == 1,
            "one finding, not several pointing different ways: \(inkscape.diagnostics.map(\.message))")
        let message = try #require(inkscape.diagnostics.first).message
        #expect(
            message.hasPrefix(
                "the page is 35 × 35 mm (99.21 × 99.21 pt), not the template's 35 × 35 pt (12.35 × 12.35 mm): set the page size in Inkscape's File ▸ Document Properties"
            ), "\(message)")
        #expect(message.contains("as drawn, ink box is 51.02 × 85.04 pt"), "\(message)")
        let (_, a4) = try Self.findings(checking: Fixtures.path("rules/size-max-a4-page.svg"))
        let page = try #require(a4.diagnostics.first).message
        #expect(
            a4.diagnostics.count == 1 && page.hasPrefix("the page is 210 × 297 mm (595.28 × 841.89 pt)"),
            "\(a4.diagnostics.map(\.message))")
        #expect(page.contains("Illustrator: Artboard Options") && page.contains("Figma: the frame's size"), "\(page)")
    }

    /// What checking `path` alone finds, as `rule@line:col` (a rule alone for the whole file).
    static func findings(checking path: String, mode: ExportMode = .template) throws -> (
        actual: [String], report: BuildReport
    ) {
        var request = BuildRequest()
        request.inputs = [path]
        request.writesOutput = false
        request.options.mode = mode
        let report = try Builder.run(request)
        let actual = report.diagnostics.map { diagnostic in
            diagnostic.rule.rawValue + (diagnostic.location.map { "@\($0.line):\($0.column)" } ?? "")
        }
        return (actual, report)
    }

    static func expectations(in text: String) -> [String]? {
        guard let start = text.range(of: "<!-- expect:"),
            let end = text.range(of: "-->", range: start.upperBound..<text.endIndex)
        else {
            return nil
        }
        let list = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
        if list == "none" || list.hasPrefix("none (") { return [] }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
