import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeOutputs

/// One fixture per `actions.*` rule, and passing ones. JSON has no comments, so each
/// `quick-actions/NAME.json` has a sidecar `NAME.expect`: one `rule@line:column severity` line
/// per finding (`#` starts a comment), or nothing for a fixture that must pass clean.
@Suite struct QuickActionsFixtureTests {
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("quick-actions"))) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// The glyphs the fixtures may name: two that passed their checks, one that failed.
    static let glyphs = ["compose": true, "search": true, "broken": false]

    static func run(_ name: String) throws -> QuickActionsResult {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("quick-actions/" + name))))
        return QuickActions.check(
            fileBytes: bytes, displayPath: "Glyphs/" + name, glyphs: glyphs, appName: nil, limits: TruncationLimits())
    }

    @Test func everyRuleHasAFailingFixture() {
        let rules = RuleID.allCases.filter { $0.rawValue.hasPrefix("actions.") }
        #expect(rules.count == 10)
        for rule in rules {
            let prefix = rule.rawValue.replacingOccurrences(of: ".", with: "-")
            #expect(Self.fixtures.contains { $0.hasPrefix(prefix) }, "no fixture for \(rule.rawValue)")
        }
        #expect(Self.fixtures.filter { $0.hasPrefix("pass-") }.count >= 2)
    }

    @Test(arguments: fixtures)
    func fixtureProducesExactlyWhatItExpects(name: String) throws {
        let expectPath = Fixtures.path("quick-actions/" + name.replacingOccurrences(of: ".json", with: ".expect"))
        let expected = try String(contentsOfFile: expectPath, encoding: .utf8).split(separator: "\n")
            .map {
                $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let result = try Self.run(name)
        let actual = result.diagnostics.map { diagnostic in
            "\(diagnostic.rule.rawValue)@\(diagnostic.location.map { "\($0.line):\($0.column)" } ?? "-") \(diagnostic.severity.rawValue)"
        }
        #expect(
            actual.sorted() == expected.sorted(),
            "\(name):\n\(result.diagnostics.map { "\($0.rule.rawValue) \($0.location.map { "\($0.line):\($0.column)" } ?? "") \($0.message)" }.joined(separator: "\n"))"
        )
        for diagnostic in result.diagnostics {
            #expect(diagnostic.file == "Glyphs/" + name)
            #expect(diagnostic.location != nil, "every quick-action finding points at a value")
            #expect(
                diagnostic.severity == diagnostic.rule.defaultSeverity
                    || [.actionsEmoji, .actionsCount, .actionsIcon].contains(diagnostic.rule))
            #expect(diagnostic.message.first?.isUppercase == false, "messages are lower-case: \(diagnostic.message)")
            #expect(diagnostic.message.count > 30, "messages say what was found and how to fix it")
        }
        #expect(result.files.isEmpty == result.hasErrors)
    }

    @Test func appNameMatchesWholeWordsOnly() {
        #expect(QuickActionsChecker.containsWord("Art", in: "Open Art Studio"))
        #expect(QuickActionsChecker.containsWord("art", in: "ART: new canvas"))
        #expect(!QuickActionsChecker.containsWord("Art", in: "Start writing"))
        #expect(!QuickActionsChecker.containsWord("Art", in: "Partager la dernière"))
        #expect(QuickActionsChecker.containsWord("メモ", in: "新しいメモ帳"))
        #expect(QuickActionsChecker.containsWord("Mosaic 2", in: "Open Mosaic 2"))
    }

    @Test("an icon naming no glyph of a one-glyph project: no \"among the 1 glyphs\"")
    func missingIconInAOneGlyphProject() throws {
        let bytes = Array(#"{"actions": [{"type": "a", "title": "New", "icon": {"glyph": "nope"}}]}"#.utf8)
        let one = QuickActions.check(
            fileBytes: bytes, displayPath: "q.json", glyphs: ["star": true], appName: nil, limits: TruncationLimits())
        let message = try #require(one.diagnostics.first { $0.rule == .actionsIcon }).message
        #expect(
            message.contains("is not the project's one glyph") && !message.contains("among the 1 glyphs"), "\(message)")
        let two = QuickActions.check(
            fileBytes: bytes, displayPath: "q.json", glyphs: ["star": true, "moon": true], appName: nil,
            limits: TruncationLimits())
        #expect(two.diagnostics.contains { $0.message.contains("is not among the 2 glyphs") }, "\(two.diagnostics)")
    }

    @Test func appNameParameterOverridesTheFile() throws {
        let bytes = Array(
            #"{"appName": "Mosaic", "actions": [{"type": "a", "title": "Open Notebook", "icon": {"system": "compose"}}]}"#
                .utf8)
        let fromFile = QuickActions.check(
            fileBytes: bytes, displayPath: "q.json", glyphs: [:], appName: nil, limits: TruncationLimits())
        #expect(fromFile.diagnostics.isEmpty)
        let overridden = QuickActions.check(
            fileBytes: bytes, displayPath: "q.json", glyphs: [:], appName: "notebook", limits: TruncationLimits())
        #expect(overridden.diagnostics.map(\.rule) == [.actionsAppName])
    }

    @Test func limitsArePerLocaleAndCountWideCharactersTwice() throws {
        #expect(DisplayWidth.of("New Note") == 8)
        #expect(DisplayWidth.of("新規メモ") == 8)
        #expect(DisplayWidth.of("새 메모") == 7)
        #expect(DisplayWidth.of("e\u{301}te\u{301}") == 3)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        let bytes = Array(
            #"{"locales": ["en", "de"], "actions": [{"type": "a", "title": {"en": "Notebook", "de": "Notizbuch"}, "subtitle": {"en": "Open", "de": "Öffnen"}, "icon": {"system": "compose"}}]}"#
                .utf8)
        var limits = TruncationLimits()
        #expect(
            QuickActions.check(fileBytes: bytes, displayPath: "q.json", glyphs: [:], appName: nil, limits: limits)
                .diagnostics.isEmpty)
        limits.perLocale["de"] = .init(title: 8, titleWithoutSubtitle: 16, subtitle: 30)
        let result = QuickActions.check(
            fileBytes: bytes, displayPath: "q.json", glyphs: [:], appName: nil, limits: limits)
        #expect(result.diagnostics.map(\.rule) == [.actionsTruncation])
        #expect(result.diagnostics.first?.message.contains("\"Notizbuch\" is 9 columns wide, over the 8") == true)
    }

    @Test func systemIconsAcceptShortAndFullNames() {
        #expect(SystemShortcutIcon.names.count == 29)
        #expect(SystemShortcutIcon.infoPlistValue(for: "markLocation") == "UIApplicationShortcutIconTypeMarkLocation")
        #expect(
            SystemShortcutIcon.infoPlistValue(for: "UIApplicationShortcutIconTypeTaskCompleted")
                == "UIApplicationShortcutIconTypeTaskCompleted")
        #expect(SystemShortcutIcon.infoPlistValue(for: "MarkLocation") == nil)
        #expect(SystemShortcutIcon.infoPlistValue(for: "UIApplicationShortcutIconTypeStar") == nil)
        #expect(SystemShortcutIcon.suggestion(for: "MarkLocation") == "markLocation")
        #expect(SystemShortcutIcon.suggestion(for: "UIApplicationShortcutIconTypeSerch") == "search")
        #expect(SystemShortcutIcon.suggestion(for: "rocket") == nil)
        #expect(QuickActionsChecker.isSymbolName("square.and.pencil"))
        #expect(QuickActionsChecker.isSymbolName("01.circle"))
        #expect(!QuickActionsChecker.isSymbolName("square..pencil"))
        #expect(!QuickActionsChecker.isSymbolName("Square.and.pencil"))
        #expect(!QuickActionsChecker.isSymbolName(""))
    }
}
