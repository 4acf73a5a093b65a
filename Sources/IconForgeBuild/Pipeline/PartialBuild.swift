/// A build of some glyphs (`build FILE…`: an input names an SVG file, not a folder) is
/// about those glyphs alone: their outputs, image sets, vector and symbol sets and catalog
/// entries are updated, and everything else the previous build wrote stays as it is: the
/// other glyphs' files and entries, the generated quick-action files and the app's files.
/// Stale outputs are removed only by a build of a whole glyph folder, the one build that
/// knows which glyphs are gone.
struct PartialBuild {
    /// The glyphs this build processes (failed ones too): only theirs change.
    var scope: Set<String>
    /// The previous build's entries for every other glyph, unchanged.
    var keptGlyphs: [Catalog.Glyph]
    /// The previous catalog, when it reads: its quick actions, family and summary stand.
    var previousCatalog: Catalog?
    /// What the state keeps of the previous one (`OutputWriter.writeCatalog`).
    var kept: OutputWriter.KeptEntries

    /// Whether `request` builds some glyphs rather than whole folders: it writes, and one of
    /// its inputs is not a folder.
    static func isPartial(_ request: BuildRequest) -> Bool {
        request.writesOutput && request.inputs.contains { FileSystem.kind(followingSymlinksOf: $0) != .directory }
    }

    static func plan(_ files: [GlyphFile], previous: BuildState?, buildKey: String, outputFolder: String)
        -> PartialBuild
    {
        let scope = Set(files.map(\.name))
        let keptGlyphs = (previous?.glyphs ?? []).filter { !scope.contains($0.name) }
        let catalogBytes = try? FileSystem.readRegularFile(
            outputFolder + "/" + OutputNaming.catalogFileName, limit: 256 << 20)
        let catalog = catalogBytes.flatMap { try? JSONDecoder().decode(Catalog.self, from: Data($0)) }
        // With no other glyph kept, nothing of other options is mixed in.
        let sameOptions = previous?.buildKey == buildKey || keptGlyphs.isEmpty
        return PartialBuild(
            scope: scope, keptGlyphs: keptGlyphs, previousCatalog: catalog,
            kept: OutputWriter.KeptEntries(
                names: Set(keptGlyphs.map(\.name)), previous: previous, sameOptions: sameOptions))
    }

    /// The catalog's glyphs: the kept entries and this build's, sorted as a whole build sorts them.
    func glyphs(adding built: [Catalog.Glyph]) -> [Catalog.Glyph] {
        (keptGlyphs + built).sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// The summary of the catalog `glyphs`: the previous catalog's counts, with the entries
    /// this build replaced counted out and its own counted in, so that findings about
    /// anything but a glyph (the quick actions, say) stay counted as the last whole build
    /// counted them.
    func summary(of glyphs: [Catalog.Glyph]) -> Catalog.Summary {
        func count(_ entries: [Catalog.Glyph], _ severity: Severity) -> Int {
            entries.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == severity }.count }
        }
        let pngs = glyphs.reduce(0) { $0 + $1.outputs.count }
        let built = glyphs.filter { scope.contains($0.name) }
        guard let previous = previousCatalog else {
            return Catalog.Summary(
                glyphs: glyphs.count, pngs: pngs, errors: count(glyphs, .error), warnings: count(glyphs, .warning))
        }
        let replaced = previous.glyphs.filter { scope.contains($0.name) }
        return Catalog.Summary(
            glyphs: glyphs.count, pngs: pngs,
            errors: max(0, previous.summary.errors - count(replaced, .error) + count(built, .error)),
            warnings: max(0, previous.summary.warnings - count(replaced, .warning) + count(built, .warning)))
    }
}
