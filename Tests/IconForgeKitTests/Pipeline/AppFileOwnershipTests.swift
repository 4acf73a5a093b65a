import Foundation
import Testing

@testable import IconForgeKit

/// Someone else's work in the app's files: a translator's, a developer's, Xcode's. iconforge
/// owns what its state says it wrote (`Output/.iconforge-app-files`), keeps and reports what
/// changed since, never touches a locale it does not list, and refuses a hand-written
/// shortcut array; every test runs on an app folder as an engineer has one (`AppFolder`).
@Suite struct AppFileOwnershipTests {
    func warnings(_ report: BuildReport, _ rule: RuleID) -> [String] {
        report.diagnostics.filter { $0.rule == rule && $0.severity == .warning }.map(\.message)
    }

    // MARK: - Translations

    /// A catalog's text with a `locale` translation added to `key`'s localizations, first, as
    /// a translator's tool might write it.
    static func adding(_ locale: String, _ value: String, to key: String, in text: String) throws -> String {
        var text = text
        let entry = try #require(text.range(of: "    \"\(key)\" : {"))
        let localizations = try #require(text.range(of: "\"localizations\" : {\n", range: entry.upperBound..<text.endIndex))
        text.insert(
            contentsOf: "        \"\(locale)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n          }\n        },\n",
            at: localizations.upperBound)
        return text
    }

    @Test func translationsMadeInXcodesCatalogAreKeptAndAChangedOneIsReported() throws {
        let app = try AppFolder()
        let first = try app.build(app.catalogTargets)
        #expect(first.errorCount == 0, "\(first.diagnostics)")
        #expect(try app.catalogValue("New Note", "de") == "Neue Notiz")
        #expect(try app.catalogValue("CFBundleDisplayName", "de") == "Mosaik", "the app's own key stays")

        // A translator adds French and rewords the German, as Xcode's catalog editor writes them.
        let text = try app.text("Mosaic/InfoPlist.xcstrings").replacingOccurrences(of: "\"value\" : \"Neue Notiz\"", with: "\"value\" : \"Neue Notiz anlegen\"")
        app.write("Mosaic/InfoPlist.xcstrings", try Self.adding("fr", "Nouvelle note", to: "New Note", in: text))
        #expect(try app.catalogValue("New Note", "fr") == "Nouvelle note")

        let second = try app.build(app.catalogTargets)
        #expect(second.errorCount == 0, "\(second.diagnostics)")
        #expect(try app.catalogValue("New Note", "fr") == "Nouvelle note", "a locale quick-actions.json does not list is never touched")
        #expect(try app.catalogValue("New Note", "de") == "Neue Notiz anlegen", "the translator's German is kept")
        let edited = warnings(second, .appFilesEdited)
        #expect(edited.count == 1, "\(second.diagnostics)")
        #expect(edited.first?.contains("\"Neue Notiz anlegen\"") == true && edited.first?.contains("\"Neue Notiz\"") == true, "\(edited)")
        #expect(edited.first?.contains("quick-actions.json") == true)

        // Built again: the same warning, not a byte changed.
        let before = try app.bytes("Mosaic/InfoPlist.xcstrings")
        #expect(warnings(try app.build(app.catalogTargets), .appFilesEdited).count == 1)
        #expect(try app.bytes("Mosaic/InfoPlist.xcstrings") == before)

        // quick-actions.json takes the translator's German: the warning goes. A value iconforge
        // wrote and nobody changed follows quick-actions.json.
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(of: "\"Neue Notiz\"", with: "\"Neue Notiz anlegen\"")
                .replacingOccurrences(of: "\"Suchen\"", with: "\"Durchsuchen\""))
        let third = try app.build(app.catalogTargets)
        #expect(warnings(third, .appFilesEdited).isEmpty, "\(third.diagnostics)")
        #expect(try app.catalogValue("Search", "de") == "Durchsuchen")
        #expect(try app.catalogValue("New Note", "fr") == "Nouvelle note")
    }

    @Test func aKeyIconforgeNoLongerWritesKeepsTranslationsItDidNotWrite() throws {
        let app = try AppFolder()
        #expect(try app.build(app.catalogTargets).errorCount == 0)
        app.write("Mosaic/InfoPlist.xcstrings", try Self.adding("fr", "Rechercher", to: "Search", in: try app.text("Mosaic/InfoPlist.xcstrings")))
        // The action's text changes: the old key holds a translation iconforge did not write.
        app.write("Glyphs/quick-actions.json", AppFolder.definitions.replacingOccurrences(of: "\"en\": \"Search\"", with: "\"en\": \"Find\""))
        let report = try app.build(app.catalogTargets)
        #expect(try app.catalogValue("Search", "fr") == "Rechercher", "\(report.diagnostics)")
        #expect(try app.catalogValue("Find", "de") == "Suchen")
        #expect(warnings(report, .appFilesEdited).contains { $0.contains("\"Search\"") && $0.contains("fr") }, "\(report.diagnostics)")
    }

    @Test func aTranslatorsEditInAStringsFileIsKeptAndReported() throws {
        let app = try AppFolder()
        #expect(try app.build(app.stringsTargets).errorCount == 0)
        #expect(try app.strings("de")["New Note"] == "Neue Notiz")
        #expect(try app.strings("en")["NSCameraUsageDescription"]?.hasPrefix("Mosaic uses") == true, "UTF-16 file still reads")
        #expect(try app.bytes("Mosaic/en.lproj/InfoPlist.strings").starts(with: [0xFF, 0xFE]))

        let german = try app.text("Mosaic/de.lproj/InfoPlist.strings")
        app.write("Mosaic/de.lproj/InfoPlist.strings", german.replacingOccurrences(of: "\"New Note\" = \"Neue Notiz\";", with: "\"New Note\" = \"Notiz anlegen\";"))
        app.write("Glyphs/quick-actions.json", AppFolder.definitions.replacingOccurrences(of: "\"Suchen\"", with: "\"Durchsuchen\""))
        let report = try app.build(app.stringsTargets)
        let strings = try app.strings("de")
        #expect(strings["New Note"] == "Notiz anlegen", "the translator's line is kept")
        #expect(strings["Search"] == "Durchsuchen", "a line nobody changed follows quick-actions.json")
        let edited = warnings(report, .appFilesEdited)
        #expect(edited.count == 1 && edited.first?.contains("\"Notiz anlegen\"") == true && edited.first?.contains("\"Neue Notiz\"") == true, "\(report.diagnostics)")
    }

    // MARK: - A hand-written array

    static let handWritten = """
        \t<key>UIApplicationShortcutItems</key>
        \t<!-- Favourites first: product asked for it (MOS-112) -->
        \t<array>
        \t\t<dict>
        \t\t\t<key>UIApplicationShortcutItemIconType</key>
        \t\t\t<string>UIApplicationShortcutIconTypeFavorite</string>
        \t\t\t<key>UIApplicationShortcutItemTitle</key>
        \t\t\t<string>SHORTCUT_FAVORITES_TITLE</string>
        \t\t\t<key>UIApplicationShortcutItemType</key>
        \t\t\t<string>$(PRODUCT_BUNDLE_IDENTIFIER).favorites</string>
        \t\t</dict>
        \t</array>

        """

    func writeHandWrittenArray(_ app: AppFolder) throws {
        let plist = try app.text("Mosaic/Info.plist")
        app.write("Mosaic/Info.plist", plist.replacingOccurrences(of: "\t<key>UILaunchScreen</key>\n", with: Self.handWritten + "\t<key>UILaunchScreen</key>\n"))
    }

    @Test func aHandWrittenShortcutArrayIsRefusedNotReplaced() throws {
        let app = try AppFolder()
        try writeHandWrittenArray(app)
        let before = try app.bytes("Mosaic/Info.plist")
        let error = #expect(throws: BuildError.self) { try app.build(app.catalogTargets) }
        guard case .appFile(let failure)? = error else {
            Issue.record("expected an app-file error, got \(String(describing: error))")
            return
        }
        #expect(failure.path == app.file("Mosaic/Info.plist"))
        #expect(failure.message.contains("iconforge did not write") && failure.message.contains("init --from-info-plist"), "\(failure.message)")
        #expect(try app.bytes("Mosaic/Info.plist") == before, "not a byte changed")
    }

    // MARK: - Image sets

    @Test func imageSetOwnershipIsIconforgesStateNotTheAuthorField() throws {
        let app = try AppFolder()
        #expect(try app.build(AppFileTargets()).errorCount == 0)
        let contents = app.file("Mosaic/Assets.xcassets/QuickActions/compose.imageset/Contents.json")
        let written = try String(contentsOfFile: contents, encoding: .utf8)
        // Xcode's inspector rewrites the file with its own author.
        try written.replacingOccurrences(of: "\"author\" : \"iconforge\"", with: "\"author\" : \"xcode\"").write(toFile: contents, atomically: true, encoding: .utf8)
        let report = try app.build(AppFileTargets())
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: app.file("Output/compose@2x.png")))
        #expect(FileManager.default.fileExists(atPath: app.file("Mosaic/Assets.xcassets/QuickActions/compose.imageset/compose@3x.png")))
        // Someone's own image set with iconforge's author string is still someone's.
        app.write("Mosaic/Assets.xcassets/QuickActions/camera-old.imageset/Contents.json", AssetCatalogWriter.contentsJSON(for: "camera-old"))
        #expect(try app.build(AppFileTargets()).errorCount == 0)
        #expect(FileManager.default.fileExists(atPath: app.file("Mosaic/Assets.xcassets/QuickActions/camera-old.imageset/Contents.json")))
    }

    // MARK: - One consistent app

    @Test(arguments: ["deleted", "shrunk", "corrupted"])
    func aFailedGlyphKeepsItsImageSetWhileTheKeptInfoPlistNamesIt(_ damage: String) throws {
        let app = try AppFolder()
        var targets = AppFileTargets()
        targets.infoPlist = app.file("Mosaic/Info.plist")
        #expect(try app.build(targets).errorCount == 0)
        let imageSet = app.file("Mosaic/Assets.xcassets/QuickActions/scan.imageset")
        let png = try Data(contentsOf: URL(fileURLWithPath: imageSet + "/scan@3x.png"))
        switch damage {
        case "deleted": try FileManager.default.removeItem(atPath: app.file("Glyphs/scan.svg"))
        case "shrunk": app.write("Glyphs/scan.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"7.5\" y=\"7.5\" width=\"20\" height=\"20\"/></svg>\n")
        default: app.write("Glyphs/scan.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"7.5\"")
        }
        let report = try app.build(targets)
        #expect(report.failed)
        let items = try #require(try app.infoPlist()["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items.contains { $0["UIApplicationShortcutItemIconFile"] as? String == "scan" }, "the kept Info.plist still names scan")
        #expect(try Data(contentsOf: URL(fileURLWithPath: imageSet + "/scan@3x.png")) == png, "so its last good image set stays")
        #expect(FileManager.default.fileExists(atPath: imageSet + "/Contents.json"))
        #expect(report.diagnostics.contains { $0.message.contains("scan.imageset") }, "\(report.diagnostics)")

        // Mended: the image set is the glyph's again; removed from the actions: it goes.
        app.write("Glyphs/quick-actions.json", AppFolder.definitions.replacingOccurrences(of: "\"icon\": { \"glyph\": \"scan\" }", with: "\"icon\": { \"system\": \"capturePhoto\" }"))
        let mended = try app.build(targets)
        #expect(!FileManager.default.fileExists(atPath: imageSet), "\(mended.diagnostics)")
    }

    // MARK: - Warnings about the setup

    @Test func aDuplicateKeyInAStringsFileIsReported() throws {
        let app = try AppFolder()
        let german = try app.text("Mosaic/de.lproj/InfoPlist.strings")
        app.write("Mosaic/de.lproj/InfoPlist.strings", german + "\"Search\" = \"Suche\";\n")
        let report = try app.build(app.stringsTargets)
        let found = warnings(report, .appFilesSetup)
        let named = found.filter { message in ["\"Search\"", "\"Suche\"", "\"Suchen\""].allSatisfy { message.contains($0) } }
        #expect(named.count == 1, "\(report.diagnostics)")
        let path = app.file("Mosaic/de.lproj/InfoPlist.strings")
        let lines = report.diagnostics.filter { $0.rule == .appFilesSetup && $0.file == path }.map { $0.location?.line }
        #expect(lines == [3])
    }

    @Test func aCatalogIOSDoesNotReadAndBothTranslationOptionsAreReported() throws {
        let app = try AppFolder()
        var targets = AppFileTargets()
        targets.stringCatalog = app.file("Mosaic/Localizable.xcstrings")
        let report = try app.build(targets)
        #expect(warnings(report, .appFilesSetup).contains { $0.contains("InfoPlist.xcstrings") && $0.contains("Localizable.xcstrings") }, "\(report.diagnostics)")
        targets.stringCatalog = app.file("Mosaic/InfoPlist.xcstrings")
        targets.stringsFolder = app.file("Mosaic")
        let both = try app.build(targets)
        #expect(warnings(both, .appFilesSetup).contains { $0.contains("--xcstrings") && $0.contains("--info-plist-strings") }, "\(both.diagnostics)")
    }
}
