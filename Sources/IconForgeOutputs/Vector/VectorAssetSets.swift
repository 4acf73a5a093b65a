/// The asset-catalog forms of a glyph's vector outputs: a single-scale vector image set
/// (`--vector pdf|svg`) and a custom symbol set (`--symbols`), with their Contents.json in
/// Xcode's formatting (`AssetCatalogWriter.contentsFile`).
package enum VectorAssetSets {
    /// The group of the asset catalog the vector image sets go in. It provides a namespace,
    /// so `Vector/compose` does not clash with the PNG image set `compose`.
    package static let groupName = "Vector"
    package static let imageSetExtension = ".imageset"
    package static let symbolSetExtension = ".symbolset"

    /// The group's Contents.json, written only when the group has none.
    static let groupContentsJSON = AssetCatalogWriter.contentsFile(
        .object([AssetCatalogWriter.info, ("properties", .object([("provides-namespace", .bool(true))]))]))

    /// A vector image set: one file for every scale, its vector data kept (Xcode's
    /// "Preserve Vector Data"), drawn as a template image; `drawings` counts the drawing.
    package static func imageSet(
        _ artwork: VectorArtwork, format: VectorFormat, librsvgPath: String? = nil, drawings: WorkCount? = nil
    ) throws(VectorError) -> OwnedSetWriter.AssetSet {
        let file = imageFile(glyph: artwork.name, format: format)
        let contents = AssetCatalogWriter.contentsFile(
            .object([
                ("images", .array([.object([("filename", .string(file)), ("idiom", .string("universal"))])])),
                AssetCatalogWriter.info,
                (
                    "properties",
                    .object([
                        ("preserves-vector-representation", .bool(true)),
                        ("template-rendering-intent", .string("template")),
                    ])
                ),
            ]))
        return OwnedSetWriter.AssetSet(
            name: artwork.name, glyph: artwork.name,
            files: [
                AssetCatalogWriter.contentsFileName: Array(contents.utf8),
                file: try artwork.file(format, librsvgPath: librsvgPath, drawings: drawings),
            ])
    }

    /// The file of a glyph's vector image set.
    package static func imageFile(glyph: String, format: VectorFormat) -> String { glyph + "." + format.rawValue }

    /// A symbol set: the template SVG and its Contents.json.
    package static func symbolSet(_ template: SymbolTemplate, glyph: String) -> OwnedSetWriter.AssetSet {
        let file = template.symbolName + ".svg"
        let contents = AssetCatalogWriter.contentsFile(
            .object([
                AssetCatalogWriter.info,
                ("symbols", .array([.object([("filename", .string(file)), ("idiom", .string("universal"))])])),
            ]))
        return OwnedSetWriter.AssetSet(
            name: template.symbolName, glyph: glyph,
            files: [AssetCatalogWriter.contentsFileName: Array(contents.utf8), file: template.svg])
    }

    /// The custom symbol name for a glyph: `custom.` and the glyph's name in lower-case
    /// words joined by periods (`Compose-Draft` → `custom.compose.draft`), the form the SF
    /// Symbols app gives custom symbols (lower-case ASCII letters and digits, components
    /// separated by periods, Apple's own names unprefixed). Nil when nothing of the name is
    /// left (a name in another script).
    package static func symbolName(for glyph: String) -> String? {
        var words: [String] = []
        var word = ""
        for character in glyph.lowercased().unicodeScalars {
            if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
                word.unicodeScalars.append(character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return nil }
        return (["custom"] + words).joined(separator: ".")
    }

    /// The Vector group's folder in the asset catalog at `catalogFolder`.
    package static func groupPath(in catalogFolder: String) -> String {
        catalogFolder + "/" + groupName
    }

    /// Creates the vector group in `catalogFolder` with its Contents.json if it has none
    /// (an existing group's Contents.json is the app's). `observer`: a test's.
    package static func createGroup(in catalogFolder: String, observer: FlushObserver? = nil) throws(FileError)
        -> String
    {
        let group = groupPath(in: catalogFolder)
        try FileSystem.createFolder(group, observer: observer)
        let contents = group + "/" + AssetCatalogWriter.contentsFileName
        if FileSystem.kind(of: contents) == .missing {
            try FileSystem.writeAtomically(Array(groupContentsJSON.utf8), to: contents, observer: observer)
        }
        return group
    }
}
