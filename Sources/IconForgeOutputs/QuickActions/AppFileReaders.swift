/// What reads and updates the app's own files, run on any bytes: the fuzz targets `plist`
/// and `appfiles` (`FuzzEntryPoints`) and their regression tests. Each must return without
/// crashing, hanging or leaking, whatever the bytes hold.
package enum AppFileReaders {
    /// The bytes as an app's Info.plist: XML (measured against the depth and value limits,
    /// then Foundation's parser) or binary (`BinaryPropertyListReader`), and the layout scan
    /// that finds where its entries are.
    package static func read(_ bytes: [UInt8]) {
        _ = PropertyListLimits.xmlProblem(bytes, what: "it")
        _ = try? InfoPlistUpdate.parse(bytes, what: "it")
        _ = try? PropertyListLayout.scan(bytes)
    }

    /// The bytes as the Info.plist whose array is replaced, the String Catalog merged into
    /// and the `InfoPlist.strings` whose marked lines are replaced, with the example app's
    /// quick actions.
    package static func update(_ bytes: [UInt8]) {
        let example = Example.shared
        _ = try? InfoPlistUpdate.updated(bytes, generated: example.propertyList)
        if let definitions = example.definitions {
            _ = try? StringCatalogUpdate.updated(bytes, definitions: definitions, sourceName: QuickActions.fileName)
        }
        _ = try? StringsFileUpdate.updated(bytes, block: example.stringsBlock)
    }

    /// What the updaters are given besides the bytes.
    struct Example: Sendable {
        var propertyList: [UInt8]
        var definitions: QuickActionDefinitions?
        var stringsBlock: [String]

        static let shared: Example = {
            let json = """
                {"appName": "Mosaic", "locales": ["en", "fr"], "actions": [
                  {"type": "com.example.compose", "title": {"en": "New Note", "fr": "Nouvelle note"},
                   "subtitle": {"en": "Start writing", "fr": "Commencer"}, "icon": {"glyph": "compose"}, "userInfo": {"screen": "editor"}},
                  {"type": "com.example.search", "title": {"en": "Search", "fr": "Rechercher"}, "icon": {"system": "search"}}]}
                """
            let result = QuickActions.check(
                fileBytes: Array(json.utf8), displayPath: QuickActions.fileName, glyphs: ["compose": true], appName: nil
            )
            let lines = result.definitions.map { InfoPlistStrings.lines(for: $0, locale: "fr") } ?? []
            return Example(
                propertyList: result.files.first { $0.relativePath == QuickActions.propertyListPath }?.bytes ?? [],
                definitions: result.definitions,
                stringsBlock: StringsFileUpdate.block(lines, sourceName: QuickActions.fileName))
        }()
    }
}
