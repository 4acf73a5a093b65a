/// A glyph's catalog entry, assembled in one place from what processing the glyph gave
/// (`GlyphOutcome`: its measurements, findings and its PNGs' entries, made where they were
/// encoded) and the vector forms written of it.
extension Catalog.Glyph {
    package init(_ outcome: GlyphOutcome, vector: Catalog.VectorOutputs? = nil) {
        self.init(
            name: outcome.source.name, source: outcome.source.relativePath, sourceSHA256: outcome.sourceSHA256,
            status: outcome.hasErrors ? .failed : .ok, shape: outcome.shape, artboard: outcome.artboard,
            inkBox: outcome.inkBox, color: outcome.color?.hex, weight: outcome.weight, outputs: outcome.outputs,
            diagnostics: outcome.diagnostics.map(Catalog.CatalogDiagnostic.init))
        self.vector = vector
    }
}

extension Catalog {
    /// The entries of `outcomes`' glyphs assembled again with the vector forms written of
    /// each (`vector`, by glyph name; none where none was written). Other glyphs' entries (a
    /// build of some glyphs keeps the rest) stay as they are.
    package mutating func assembleEntries(_ outcomes: [GlyphOutcome], vector: [String: VectorOutputs]) {
        let byName = Dictionary(outcomes.map { ($0.source.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in glyphs.indices {
            guard let outcome = byName[glyphs[index].name] else { continue }
            glyphs[index] = Glyph(outcome, vector: vector[glyphs[index].name])
        }
    }
}
