import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeOutputs

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
        let localizations = try #require(
            text.range(of: "\"localizations\" : {\n", range: entry.upperBound..<text.endIndex))
        text.insert(
            contentsOf:
                "        \"\(locale)\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(value)\"\n          }\n        },\n",
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
        let text = try app.text("Mosaic/InfoPlist.xcstrings").replacingOccurrences(
            of: "\"value\" : \"Neue Notiz\"", with: "\"value\" : \"Neue Notiz anlegen\"")
        app.write("Mosaic/InfoPlist.xcstrings", try Self.adding("fr", "Nouvelle note", to: "New Note", in: text))
        #expect(try app.catalogValue("New Note", "fr") == "Nouvelle note")

        let second = try app.build(app.catalogTargets)
        #expect(second.errorCount == 0, "\(second.diagnostics)")
        #expect(
            try app.catalogValue("New Note", "fr") == "Nouvelle note",
            "a locale quick-actions.json does not list is never touched")
        #expect(try app.catalogValue("New Note", "de") == "Neue Notiz anlegen", "the translator's German is kept")
        let edited = warnings(second, .appFilesEdited)
        #expect(edited.count == 1, "\(second.diagnostics)")
        #expect(
            edited.first?.contains("\"Neue Notiz anlegen\"") == true
                && edited.first?.contains("\"Neue Notiz\"") == true, "\(edited)")
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
        app.write(
            "Mosaic/InfoPlist.xcstrings",
            try Self.adding("fr", "Rechercher", to: "Search", in: try app.text("Mosaic/InfoPlist.xcstrings")))
        // The action's text changes: the old key holds a translation iconforge did not write.
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(of: "\"en\": \"Search\"", with: "\"en\": \"Find\""))
        let report = try app.build(app.catalogTargets)
        #expect(try app.catalogValue("Search", "fr") == "Rechercher", "\(report.diagnostics)")
        #expect(try app.catalogValue("Find", "de") == "Suchen")
        #expect(
            warnings(report, .appFilesEdited).contains { $0.contains("\"Search\"") && $0.contains("fr") },
            "\(report.diagnostics)")
    }

    @Test func aTranslatorsEditInAStringsFileIsKeptAndReported() throws {
        let app = try AppFolder()
        #expect(try app.build(app.stringsTargets).errorCount == 0)
        #expect(try app.strings("de")["New Note"] == "Neue Notiz")
        #expect(
            try app.strings("en")["NSCameraUsageDescription"]?.hasPrefix("Mosaic uses") == true,
            "UTF-16 file still reads")
        #expect(try app.bytes("Mosaic/en.lproj/InfoPlist.strings").starts(with: [0xFF, 0xFE]))

        let german = try app.text("Mosaic/de.lproj/InfoPlist.strings")
        app.write(
            "Mosaic/de.lproj/InfoPlist.strings",
            german.replacingOccurrences(of: "\"New Note\" = \"Neue Notiz\";", with: "\"New Note\" = \"Notiz anlegen\";")
        )
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(of: "\"Suchen\"", with: "\"Durchsuchen\""))
        let report = try app.build(app.stringsTargets)
        let strings = try app.strings("de")
        #expect(strings["New Note"] == "Notiz anlegen", "the translator's line is kept")
        #expect(strings["Search"] == "Durchsuchen", "a line nobody changed follows quick-actions.json")
        let edited = warnings(report, .appFilesEdited)
        #expect(
            edited.count == 1 && edited.first?.contains("\"Notiz anlegen\"") == true
                && edited.first?.contains("\"Neue Notiz\"") == true, "\(report.diagnostics)")
    }

    // MARK: - A hand-written array

    @Test func aHandWrittenShortcutArrayIsRefusedNotReplaced() throws {
        let app = try appWithQuickActions()
        app.write("Glyphs/quick-actions.json", AppFolder.definitions)
        let before = try app.bytes("Mosaic/Info.plist")
        let error = #expect(throws: BuildError.self) { try app.build(app.catalogTargets) }
        guard case .appFile(let failure)? = error else {
            Issue.record("expected an app-file error, got \(String(describing: error))")
            return
        }
        #expect(failure.path == app.file("Mosaic/Info.plist"))
        #expect(
            failure.message.contains("iconforge did not write") && failure.message.contains("init --from-info-plist"),
            "\(failure.message)")
        #expect(try app.bytes("Mosaic/Info.plist") == before, "not a byte changed")
    }

    /// An app that already has quick actions: a build-setting type with its own localisation
    /// key and a system icon, and a glyph action with a subtitle and user info, translated in
    /// the app's strings files or its String Catalog.
    static let existingActions = """
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
        \t\t<dict>
        \t\t\t<key>UIApplicationShortcutItemIconFile</key>
        \t\t\t<string>compose</string>
        \t\t\t<key>UIApplicationShortcutItemSubtitle</key>
        \t\t\t<string>Start writing</string>
        \t\t\t<key>UIApplicationShortcutItemTargetContentIdentifier</key>
        \t\t\t<string>editor-scene</string>
        \t\t\t<key>UIApplicationShortcutItemTitle</key>
        \t\t\t<string>New Note</string>
        \t\t\t<key>UIApplicationShortcutItemType</key>
        \t\t\t<string>com.example.mosaic.compose</string>
        \t\t\t<key>UIApplicationShortcutItemUserInfo</key>
        \t\t\t<dict>
        \t\t\t\t<key>screen</key>
        \t\t\t\t<string>editor</string>
        \t\t\t</dict>
        \t\t</dict>
        \t</array>

        """

    func appWithQuickActions(binary: Bool = false) throws -> AppFolder {
        let app = try AppFolder()
        try FileManager.default.removeItem(atPath: app.file("Glyphs/quick-actions.json"))
        let plist = try app.text("Mosaic/Info.plist")
        app.write(
            "Mosaic/Info.plist",
            plist.replacingOccurrences(
                of: "\t<key>UILaunchScreen</key>\n", with: Self.existingActions + "\t<key>UILaunchScreen</key>\n"))
        if binary {
            let value = try PropertyListSerialization.propertyList(
                from: Data(app.bytes("Mosaic/Info.plist")), format: nil)
            try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0).write(
                to: URL(fileURLWithPath: app.file("Mosaic/Info.plist")))
        }
        let english =
            "/* Privacy - Camera Usage Description */\n\"NSCameraUsageDescription\" = \"Mosaic uses the camera to add photos to your notes.\";\n\n/* Quick actions */\n\"SHORTCUT_FAVORITES_TITLE\" = \"Favorites\";\n"
        try Data([0xFF, 0xFE] + Array(english.data(using: .utf16LittleEndian)!)).write(
            to: URL(fileURLWithPath: app.file("Mosaic/en.lproj/InfoPlist.strings")))
        let german = try app.text("Mosaic/de.lproj/InfoPlist.strings")
        app.write(
            "Mosaic/de.lproj/InfoPlist.strings",
            german
                + "\n/* Quick actions */\n\"SHORTCUT_FAVORITES_TITLE\" = \"Favoriten\";\n\"New Note\" = \"Neue Notiz\";\n\"Start writing\" = \"Losschreiben\";\n"
        )
        var catalog = try app.text("Mosaic/InfoPlist.xcstrings")
        let keys = [
            ("New Note", "New Note", "Neue Notiz"), ("SHORTCUT_FAVORITES_TITLE", "Favorites", "Favoriten"),
            ("Start writing", "Start writing", "Losschreiben"),
        ]
        let entries = keys.map { key, english, german in
            "    \"\(key)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(german)\"\n          }\n        },\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(english)\"\n          }\n        }\n      }\n    }"
        }
        catalog = catalog.replacingOccurrences(
            of: "\n  },\n  \"version\"", with: ",\n" + entries.joined(separator: ",\n") + "\n  },\n  \"version\"")
        app.write("Mosaic/InfoPlist.xcstrings", catalog)
        _ = try app.catalog()
        return app
    }

    @Test(arguments: ["strings", "xcstrings", "binary"])
    func importingAnAppsQuickActionsThenBuildingChangesNoByteOfItsFiles(_ translations: String) throws {
        let app = try appWithQuickActions(binary: translations == "binary")
        let source =
            translations == "xcstrings"
            ? ["--xcstrings", app.file("Mosaic/InfoPlist.xcstrings")] : ["--strings", app.file("Mosaic")]
        let run = ToolCommand.run(["init", app.path, "--from-info-plist", app.file("Mosaic/Info.plist")] + source)
        #expect(run.status == .clean, "\(run.lines)")
        let definitions = try app.text("Glyphs/quick-actions.json")
        #expect(definitions.contains(#""title": { "en": "Favorites", "de": "Favoriten" }"#), "\(definitions)")
        #expect(definitions.contains(#""titleKey": "SHORTCUT_FAVORITES_TITLE""#))
        #expect(definitions.contains(#""type": "$(PRODUCT_BUNDLE_IDENTIFIER).favorites""#))
        #expect(definitions.contains(#""icon": { "system": "UIApplicationShortcutIconTypeFavorite" }"#))
        #expect(definitions.contains(#""subtitle": { "en": "Start writing", "de": "Losschreiben" }"#))
        #expect(definitions.contains(#""userInfo": { "screen": "editor" }"#))
        // The build's bookkeeping is ignored by git, as after a plain init.
        #expect(try app.text(".gitignore").contains(".iconforge-state"))
        // A multi-window iPad app's scene for the action: imported, and written back as it was.
        #expect(definitions.contains(#""targetContentIdentifier": "editor-scene""#))

        var targets = translations == "xcstrings" ? app.catalogTargets : app.stringsTargets
        targets.swiftSource = nil
        let files = AppFolder.appFiles.filter { FileManager.default.fileExists(atPath: app.file($0)) }
        let before = try files.map { try app.bytes($0) }
        let report = try app.build(targets)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        for (file, bytes) in zip(files, before) { #expect(try app.bytes(file) == bytes, "\(file) changed") }
        #expect(
            try app.infoPlistByPython().contains("item $(PRODUCT_BUNDLE_IDENTIFIER).favorites SHORTCUT_FAVORITES_TITLE")
        )

        // Now iconforge's: a changed translation in quick-actions.json goes into the app's files.
        app.write(
            "Glyphs/quick-actions.json", definitions.replacingOccurrences(of: "\"Favoriten\"", with: "\"Lieblinge\""))
        let changed = try app.build(targets)
        #expect(changed.errorCount == 0 && changed.warningCount == 0, "\(changed.diagnostics)")
        if translations == "xcstrings" {
            #expect(try app.catalogValue("SHORTCUT_FAVORITES_TITLE", "de") == "Lieblinge")
        } else {
            #expect(try app.strings("de")["SHORTCUT_FAVORITES_TITLE"] == "Lieblinge")
            #expect(
                try app.text("Mosaic/de.lproj/InfoPlist.strings").contains(
                    "/* Quick actions */\n\"SHORTCUT_FAVORITES_TITLE\" = \"Lieblinge\";\n"), "changed on its own line")
        }
        #expect(try app.bytes("Mosaic/Info.plist") == before[0], "the array is as it was")
    }

    // MARK: - Image sets

    @Test func imageSetOwnershipIsIconforgesStateNotTheAuthorField() throws {
        let app = try AppFolder()
        #expect(try app.build(AppFileTargets()).errorCount == 0)
        let contents = app.file("Mosaic/Assets.xcassets/QuickActions/compose.imageset/Contents.json")
        let written = try String(contentsOfFile: contents, encoding: .utf8)
        // Xcode's inspector rewrites the file with its own author.
        try written.replacingOccurrences(of: "\"author\" : \"iconforge\"", with: "\"author\" : \"xcode\"").write(
            toFile: contents, atomically: true, encoding: .utf8)
        let report = try app.build(AppFileTargets())
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        #expect(FileManager.default.fileExists(atPath: app.file("Output/compose@2x.png")))
        #expect(
            FileManager.default.fileExists(
                atPath: app.file("Mosaic/Assets.xcassets/QuickActions/compose.imageset/compose@3x.png")))
        // Someone's own image set with iconforge's author string is still someone's.
        app.write(
            "Mosaic/Assets.xcassets/QuickActions/camera-old.imageset/Contents.json",
            AssetCatalogWriter.contentsJSON(for: "camera-old"))
        #expect(try app.build(AppFileTargets()).errorCount == 0)
        #expect(
            FileManager.default.fileExists(
                atPath: app.file("Mosaic/Assets.xcassets/QuickActions/camera-old.imageset/Contents.json")))
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
        case "shrunk":
            app.write(
                "Glyphs/scan.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"7.5\" y=\"7.5\" width=\"20\" height=\"20\"/></svg>\n"
            )
        default:
            app.write(
                "Glyphs/scan.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"7.5\"")
        }
        let report = try app.build(targets)
        #expect(report.failed)
        let items = try #require(try app.infoPlist()["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(
            items.contains { $0["UIApplicationShortcutItemIconFile"] as? String == "scan" },
            "the kept Info.plist still names scan")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: imageSet + "/scan@3x.png")) == png,
            "so its last good image set stays")
        #expect(FileManager.default.fileExists(atPath: imageSet + "/Contents.json"))
        #expect(report.diagnostics.contains { $0.message.contains("scan.imageset") }, "\(report.diagnostics)")

        // Mended: the image set is the glyph's again; removed from the actions: it goes.
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(
                of: "\"icon\": { \"glyph\": \"scan\" }", with: "\"icon\": { \"system\": \"capturePhoto\" }"))
        let mended = try app.build(targets)
        #expect(!FileManager.default.fileExists(atPath: imageSet), "\(mended.diagnostics)")
    }

    // MARK: - Fallback icons

    /// An action with a symbol, a glyph and a system icon gets all three, so that an iOS
    /// without SF Symbols (before 13) still shows the glyph; each is checked.
    @Test func anActionsFallbackIconsAreAllWritten() throws {
        let app = try AppFolder()
        let icons = #""icon": { "glyph": "compose", "system": "compose", "symbol": "square.and.pencil" }"#
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(of: #""icon": { "glyph": "compose" }"#, with: icons))
        var targets = AppFileTargets()
        targets.infoPlist = app.file("Mosaic/Info.plist")
        targets.swiftSource = app.file("Mosaic/QuickAction.swift")
        let report = try app.build(targets)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let items = try #require(try app.infoPlist()["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items[0]["UIApplicationShortcutItemIconSymbolName"] as? String == "square.and.pencil")
        #expect(items[0]["UIApplicationShortcutItemIconFile"] as? String == "compose")
        #expect(items[0]["UIApplicationShortcutItemIconType"] as? String == "UIApplicationShortcutIconTypeCompose")
        #expect(
            try app.text("Mosaic/QuickAction.swift").contains("case .compose: return .symbol(\"square.and.pencil\")"),
            "the icon iOS shows first")
        #expect(
            FileManager.default.fileExists(
                atPath: app.file("Mosaic/Assets.xcassets/QuickActions/compose.imageset/compose@3x.png")))
        // A fallback is checked like any icon.
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(
                of: #""icon": { "glyph": "compose" }"#,
                with: #""icon": { "symbol": "square.and.pencil", "system": "favourite" }"#))
        let wrong = try app.build(targets)
        #expect(
            wrong.diagnostics.contains { $0.rule == .actionsIcon && $0.message.contains("did you mean \"favorite\"") },
            "\(wrong.diagnostics)")
    }

    // MARK: - Make

    /// The depfile lists the app's files iconforge owns: the array taken out of Info.plist,
    /// or an image set deleted, makes `make` build again, and then nothing more.
    @Test(.enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing))
    func makeRepairsTheAppsFilesIconforgeOwns() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let app = try AppFolder()
        let original = try app.bytes("Mosaic/Info.plist")
        app.write(
            "iconforge.json",
            #"{ "output": "Output", "xcassets": "Mosaic/Assets.xcassets/QuickActions", "infoPlist": "Mosaic/Info.plist" }"#
        )
        app.write("Makefile", MakeFreshCloneTests.fragment)
        // As in AppFilesTests.makeRebuildsOnlyWhenAnInputChanges: every time moves ten seconds
        // back before each make, as if the last save and build were that long ago.
        func make() throws -> Bool {
            let relative = (FileManager.default.enumerator(atPath: app.path)?.allObjects as? [String]) ?? []
            for path in [app.path] + relative.map(app.file) {
                if let time = FileSystem.modificationTime(of: path), time >= 10_000_000_000 {
                    FileSystem.setModificationTime(of: path, to: time - 10_000_000_000)
                }
            }
            let (status, text) = try runProgram("/usr/bin/make", ["-C", app.path, "ICONFORGE=\(executable)"])
            #expect(status == 0, "\(text)")
            return text.contains("build --depfile")
        }
        #expect(try make())
        _ = try make()  // Output/ was created in the project folder, an input: one more build at most
        #expect(!(try make()), "nothing changed: make does nothing")
        let depfile = try app.text("Output/iconforge.d")
        #expect(
            depfile.contains("Mosaic/Info.plist")
                && depfile.contains("Mosaic/Assets.xcassets/QuickActions/scan.imageset/Contents.json"), "\(depfile)")

        // The array taken out of Info.plist: make puts it back.
        try Data(original).write(to: URL(fileURLWithPath: app.file("Mosaic/Info.plist")))
        #expect(try make())
        #expect((try app.infoPlist()["UIApplicationShortcutItems"] as? [Any])?.count == 3)
        #expect(!(try make()))
        // An image set deleted: make writes it again.
        try FileManager.default.removeItem(atPath: app.file("Mosaic/Assets.xcassets/QuickActions/scan.imageset"))
        #expect(try make())
        #expect(
            FileManager.default.fileExists(
                atPath: app.file("Mosaic/Assets.xcassets/QuickActions/scan.imageset/scan@2x.png")))
        #expect(!(try make()))
    }

    /// `--xcfilelist DIR`: a Run Script phase's input and output file lists.
    @Test func xcodeFileListsNameWhatTheBuildReadsAndWrites() throws {
        let app = try AppFolder()
        var request = BuildRequest()
        request.inputs = [app.file("Glyphs")]
        request.outputFolder = app.file("Output")
        request.assetCatalog = app.file("Mosaic/Assets.xcassets/QuickActions")
        request.appFiles = app.catalogTargets
        request.fileListFolder = app.file("BuildPhases")
        request.jobs = 2
        #expect(try Builder.run(request).errorCount == 0)
        let inputs = try app.text("BuildPhases/iconforge-inputs.xcfilelist").split(separator: "\n").map(String.init)
        let outputs = try app.text("BuildPhases/iconforge-outputs.xcfilelist").split(separator: "\n").map(String.init)
        #expect(
            inputs.contains(app.file("Glyphs/compose.svg")) && inputs.contains(app.file("Glyphs/quick-actions.json")),
            "\(inputs)")
        #expect(!inputs.contains(app.file("Glyphs")), "folders are not listed")
        for file in [
            "Output/catalog.json", "Mosaic/Info.plist", "Mosaic/InfoPlist.xcstrings", "Mosaic/QuickAction.swift",
            "Mosaic/Assets.xcassets/QuickActions/scan.imageset/scan@3x.png",
            "Mosaic/Assets.xcassets/QuickActions/scan.imageset/Contents.json",
        ] {
            #expect(outputs.contains(app.file(file)), "\(file) in \(outputs)")
        }
        // Relative paths are the phase's: $(SRCROOT)/….
        #expect(Builder.fileListNames.inputs == "iconforge-inputs.xcfilelist")
        try Builder.writeFileLists(
            in: app.file("Relative"), inputs: ["Glyphs/a.svg", "./iconforge.json"], outputs: ["Mosaic/Info.plist"])
        #expect(
            try app.text("Relative/iconforge-inputs.xcfilelist")
                == "$(SRCROOT)/Glyphs/a.svg\n$(SRCROOT)/iconforge.json\n")
    }

    // MARK: - Warnings about the setup

    @Test func aDuplicateKeyInAStringsFileIsReported() throws {
        let app = try AppFolder()
        let german = try app.text("Mosaic/de.lproj/InfoPlist.strings")
        app.write("Mosaic/de.lproj/InfoPlist.strings", german + "\"Search\" = \"Suche\";\n")
        let report = try app.build(app.stringsTargets)
        let found = warnings(report, .appFilesSetup)
        let named = found.filter { message in
            ["\"Search\"", "\"Suche\"", "\"Suchen\""].allSatisfy { message.contains($0) }
        }
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
        #expect(
            warnings(report, .appFilesSetup).contains {
                $0.contains("InfoPlist.xcstrings") && $0.contains("Localizable.xcstrings")
            }, "\(report.diagnostics)")
        targets.stringCatalog = app.file("Mosaic/InfoPlist.xcstrings")
        targets.stringsFolder = app.file("Mosaic")
        let both = try app.build(targets)
        #expect(
            warnings(both, .appFilesSetup).contains {
                $0.contains("--xcstrings") && $0.contains("--info-plist-strings")
            }, "\(both.diagnostics)")
    }
}
