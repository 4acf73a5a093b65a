import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The quick actions' array in Info.plist, item by item: a key a developer adds to an item
/// iconforge wrote is kept and reported, a change writes only the item that changed, and a
/// binary Info.plist keeps its key order, with the same bytes from any process.
@Suite struct InfoPlistItemsTests {
    static let plist = "Mosaic/Info.plist"

    func warnings(_ report: BuildReport) -> [Diagnostic] {
        report.diagnostics.filter { $0.rule == .appFilesEdited && $0.severity == .warning }
    }

    static func infoPlistTargets(_ app: AppFolder) -> AppFileTargets {
        var targets = AppFileTargets()
        targets.infoPlist = app.file(plist)
        return targets
    }

    /// The shortcut items as Foundation reads them.
    static func items(_ app: AppFolder) throws -> [[String: Any]] {
        try #require(try app.infoPlist()[InfoPlistUpdate.key] as? [[String: Any]])
    }

    /// What the developer adds by hand: a system icon (for iOS before 13) to the search item,
    /// and a key of the app's own to the compose item.
    static let addedIcon =
        "\t\t\t<key>UIApplicationShortcutItemIconType</key>\n\t\t\t<string>UIApplicationShortcutIconTypeSearch</string>\n"
    static let addedBadge = "\t\t\t<key>MosaicBadgeCount</key>\n\t\t\t<integer>3</integer>\n"

    static func addKeysByHand(_ app: AppFolder, binary: Bool) throws {
        if binary {
            var root = try app.infoPlist()
            var items = try Self.items(app)
            items[0]["MosaicBadgeCount"] = 3
            items[1]["UIApplicationShortcutItemIconType"] = "UIApplicationShortcutIconTypeSearch"
            root[InfoPlistUpdate.key] = items
            try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0).write(
                to: URL(fileURLWithPath: app.file(plist)))
        } else {
            let text = try app.text(plist)
            #expect(
                text.components(separatedBy: "\t\t\t<string>search</string>\n").count == 2
                    && text.components(separatedBy: "\t\t\t<string>compose</string>\n").count == 2)
            app.write(
                plist,
                text.replacingOccurrences(
                    of: "\t\t\t<string>search</string>\n", with: "\t\t\t<string>search</string>\n" + addedIcon
                )
                .replacingOccurrences(
                    of: "\t\t\t<string>compose</string>\n", with: "\t\t\t<string>compose</string>\n" + addedBadge))
        }
    }

    @Test(arguments: [false, true])
    func aKeyAddedToAnItemIconforgeWroteIsKeptAndReported(binary: Bool) throws {
        let app = try AppFolder(binaryInfoPlist: binary)
        let targets = Self.infoPlistTargets(app)
        #expect(try app.build(targets).errorCount == 0)
        try Self.addKeysByHand(app, binary: binary)

        // quick-actions.json changes the search action's title: the array is written again,
        // and both added keys stay in their items.
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(of: "\"en\": \"Search\"", with: "\"en\": \"Find\""))
        let report = try app.build(targets)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let items = try Self.items(app)
        #expect(items.map { $0["UIApplicationShortcutItemTitle"] as? String } == ["New Note", "Find", "Scan Document"])
        #expect(items[0]["MosaicBadgeCount"] as? Int == 3)
        #expect(items[1]["UIApplicationShortcutItemIconType"] as? String == "UIApplicationShortcutIconTypeSearch")
        #expect(try app.infoPlistByPython().contains("item com.example.mosaic.search Find"))
        if !binary {
            let text = try app.text(Self.plist)
            #expect(
                text.contains(
                    "\t\t\t<string>search</string>\n" + Self.addedIcon
                        + "\t\t\t<key>UIApplicationShortcutItemTitle</key>\n\t\t\t<string>Find</string>\n"),
                "kept in place\n\(text)")
            #expect(
                text.contains(
                    "\t\t\t<string>compose</string>\n" + Self.addedBadge
                        + "\t\t\t<key>UIApplicationShortcutItemSubtitle</key>\n"), "kept in place\n\(text)")
        }

        // Reported, with how quick-actions.json can say it, at the key's line in an XML file.
        let found = warnings(report)
        #expect(found.count == 2, "\(report.diagnostics)")
        let icon = try #require(found.first { $0.message.contains("UIApplicationShortcutItemIconType") })
        #expect(
            icon.message.contains(#""system": "UIApplicationShortcutIconTypeSearch""#)
                && icon.message.contains("com.example.mosaic.search"), "\(icon.message)")
        let badge = try #require(found.first { $0.message.contains("MosaicBadgeCount") })
        #expect(badge.message.contains("no field") && badge.message.contains("kept"), "\(badge.message)")
        #expect(icon.file == app.file(Self.plist))
        if !binary {
            let lines = try app.text(Self.plist).split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(icon.location?.line)
            #expect(lines[line - 1] == "\t\t\t<key>UIApplicationShortcutItemIconType</key>", "\(icon)")
        }

        // Built again: the same warnings, not a byte changed.
        let before = try app.bytes(Self.plist)
        #expect(warnings(try app.build(targets)).count == 2)
        #expect(try app.bytes(Self.plist) == before)

        // A value iconforge owns changed by hand is still refused, the file left as it was.
        var root = try app.infoPlist()
        var changed = items
        changed[0]["UIApplicationShortcutItemTitle"] = "Neue Notiz!"
        root[InfoPlistUpdate.key] = changed
        let edited = try PropertyListSerialization.data(
            fromPropertyList: root, format: binary ? .binary : .xml, options: 0)
        try edited.write(to: URL(fileURLWithPath: app.file(Self.plist)))
        let error = #expect(throws: BuildError.self) { try app.build(targets) }
        guard case .appFile(let failure)? = error else {
            Issue.record("expected an app-file error, got \(String(describing: error))")
            return
        }
        #expect(failure.message.contains("iconforge did not write"), "\(failure.message)")
        #expect(try app.bytes(Self.plist) == [UInt8](edited))
        try Data(before).write(to: URL(fileURLWithPath: app.file(Self.plist)))

        // The icon moved into quick-actions.json: iconforge's from now on, no byte changed, one warning left.
        app.write(
            "Glyphs/quick-actions.json",
            AppFolder.definitions.replacingOccurrences(of: "\"en\": \"Search\"", with: "\"en\": \"Find\"")
                .replacingOccurrences(
                    of: #""icon": { "glyph": "search" }"#, with: #""icon": { "glyph": "search", "system": "search" }"#))
        let moved = try app.build(targets)
        #expect(
            warnings(moved).map(\.message).allSatisfy { $0.contains("MosaicBadgeCount") } && warnings(moved).count == 1,
            "\(moved.diagnostics)")
        #expect(try app.bytes(Self.plist) == before)

        // The compose action removed: its item goes, and the key added to it is reported gone with it.
        app.write(
            "Glyphs/quick-actions.json",
            """
            { "appName": "Mosaic", "locales": ["en", "de"], "actions": [
              { "type": "com.example.mosaic.search", "title": { "en": "Find", "de": "Suchen" }, "icon": { "glyph": "search", "system": "search" } },
              { "type": "com.example.mosaic.scan", "title": { "en": "Scan Document", "de": "Dokument scannen" }, "icon": { "glyph": "scan" } }
            ] }
            """)
        let removed = try app.build(targets)
        #expect(removed.errorCount == 0, "\(removed.diagnostics)")
        #expect(
            try Self.items(app).map { $0["UIApplicationShortcutItemType"] as? String } == [
                "com.example.mosaic.search", "com.example.mosaic.scan",
            ])
        #expect(
            warnings(removed).contains { $0.message.contains("MosaicBadgeCount") && $0.message.contains("removed") },
            "\(removed.diagnostics)")
    }

    /// After `init --from-info-plist`, a change to one action rewrites that item alone: its
    /// changed value, or its new key; every other byte of the file, the app's comments inside
    /// the array included, stays as it was.
    @Test func aChangeAfterAnImportRewritesOnlyWhatChanged() throws {
        let app = try AppFileOwnershipTests().appWithQuickActions()
        let comment = "\t\t<!-- compose opens the editor scene (MOS-140) -->\n"
        app.write(
            Self.plist,
            try app.text(Self.plist).replacingOccurrences(
                of: "\t\t</dict>\n\t\t<dict>\n", with: "\t\t</dict>\n" + comment + "\t\t<dict>\n"))
        let run = ToolCommand.run([
            "init", app.path, "--from-info-plist", app.file(Self.plist), "--strings", app.file("Mosaic"),
        ])
        #expect(run.status == .clean, "\(run.lines)")
        let definitions = try app.text("Glyphs/quick-actions.json")
        #expect(definitions.contains(#""title": { "en": "New Note", "de": "Neue Notiz" }"#), "\(definitions)")
        let targets = app.stringsTargets
        #expect(try app.build(targets).errorCount == 0)
        let original = try app.text(Self.plist)
        #expect(original.contains(comment))

        // One title changes: that value alone.
        app.write(
            "Glyphs/quick-actions.json",
            definitions.replacingOccurrences(of: #""en": "New Note""#, with: #""en": "Write a Note""#))
        let retitled = try app.build(targets)
        #expect(retitled.errorCount == 0 && warnings(retitled).isEmpty, "\(retitled.diagnostics)")
        let afterTitle = try app.text(Self.plist)
        #expect(
            afterTitle
                == original.replacingOccurrences(of: "<string>New Note</string>", with: "<string>Write a Note</string>"),
            "\(afterTitle)")

        // A subtitle added to the first action: one key, where the item's sorted keys put it.
        app.write(
            "Glyphs/quick-actions.json",
            definitions.replacingOccurrences(of: #""en": "New Note""#, with: #""en": "Write a Note""#)
                .replacingOccurrences(
                    of: #""titleKey": "SHORTCUT_FAVORITES_TITLE""#,
                    with: #""titleKey": "SHORTCUT_FAVORITES_TITLE", "subtitle": "Pinned notes""#))
        let subtitled = try app.build(targets)
        #expect(subtitled.errorCount == 0, "\(subtitled.diagnostics)")
        let title = "\t\t\t<key>UIApplicationShortcutItemTitle</key>\n\t\t\t<string>SHORTCUT_FAVORITES_TITLE</string>\n"
        let expected = afterTitle.replacingOccurrences(
            of: title,
            with: "\t\t\t<key>UIApplicationShortcutItemSubtitle</key>\n\t\t\t<string>Pinned notes</string>\n" + title)
        let afterSubtitle = try app.text(Self.plist)
        #expect(afterSubtitle == expected, "\(afterSubtitle)")
    }

    // MARK: - Binary key order

    /// Python's plistlib, which keeps a binary plist's key order in its dictionaries: `write`
    /// rewrites the file with every dictionary's keys in reverse sorted order; `order` prints each
    /// dictionary's keys, by path, in the order stored.
    static func python(_ mode: String, _ path: String) throws -> String {
        let python = try #require(ExternalProgram.find("python3"), "python3 is installed wherever the tests run")
        let script = """
            import plistlib, sys
            def reverse(value):
                if isinstance(value, dict): return {key: reverse(value[key]) for key in sorted(value, reverse=True)}
                if isinstance(value, list): return [reverse(item) for item in value]
                return value
            def order(value, path):
                if isinstance(value, dict):
                    print(path or '/', list(value))
                    for key in value: order(value[key], path + '/' + key)
                elif isinstance(value, list):
                    for index, item in enumerate(value): order(item, path + '/' + str(index))
            with open(sys.argv[2], 'rb') as f: root = plistlib.load(f)
            if sys.argv[1] == 'write':
                with open(sys.argv[2], 'wb') as f: plistlib.dump(reverse(root), f, fmt=plistlib.FMT_BINARY, sort_keys=False)
            else:
                order(root, '')
            """
        let result = try ExternalProgram.run(python, ["-c", script, mode, path])
        #expect(result.status == 0, "\(result.output)")
        return result.output
    }

    /// A binary Info.plist whose keys are not sorted (every dictionary's reversed) keeps that
    /// order when iconforge adds its array (last, since the keys are not sorted) and when it
    /// changes one item; three copies of the app, each built by its own process (each with
    /// its own hashing seed), end byte for byte the same.
    @Test(.enabled(if: WorkerIsolationTests.iconforge != nil, "build the iconforge product first"))
    func aBinaryInfoPlistKeepsItsKeyOrderAndTheSameBytesOnEveryRun() throws {
        let executable = try #require(WorkerIsolationTests.iconforge)
        var digests: [String] = []
        for _ in 0..<3 {
            let app = try AppFolder(binaryInfoPlist: true)
            _ = try Self.python("write", app.file(Self.plist))
            let order = try Self.python("order", app.file(Self.plist))
            #expect(
                order.hasPrefix("/ ['UISupportedInterfaceOrientations', 'UIRequiredDeviceCapabilities'"), "\(order)")
            let build = { () throws -> Void in
                let (status, output) = try runProgram(executable, ["build", "--info-plist", Self.plist], in: app.path)
                #expect(status == 0, "\(output)")
            }
            try build()
            let added = try Self.python("order", app.file(Self.plist)).split(separator: "\n").filter {
                !$0.hasPrefix("/\(InfoPlistUpdate.key)")
            }
            let root = order.split(separator: "\n").first.map { String($0.dropLast()) + ", '\(InfoPlistUpdate.key)']" }
            #expect(added.first.map(String.init) == root, "the array goes last, every other key where it was")
            #expect(
                Array(added.dropFirst()) == Array(order.split(separator: "\n").dropFirst()),
                "nested dictionaries keep their order")

            app.write(
                "Glyphs/quick-actions.json",
                AppFolder.definitions.replacingOccurrences(of: "\"en\": \"Search\"", with: "\"en\": \"Find\""))
            let before = try Self.python("order", app.file(Self.plist))
            try build()
            #expect(try Self.python("order", app.file(Self.plist)) == before, "a changed title changes no key's place")
            #expect(try app.infoPlistByPython().contains("item com.example.mosaic.search Find"))
            digests.append(SHA256Digest.hex(of: try app.bytes(Self.plist)))
        }
        #expect(Set(digests).count == 1, "\(digests)")
    }
}
