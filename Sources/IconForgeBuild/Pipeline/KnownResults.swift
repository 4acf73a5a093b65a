/// Another build's results, made with the same options (the same build key), for a build to
/// take for each glyph whose source is byte for byte the one that build had, instead of
/// rendering it again: what `iconforge diff --base REV` builds the base with, from the
/// current build. A glyph's outcome follows from its bytes and the options alone, except for
/// what depends on the other glyphs: name findings (a glyph with any is processed as usual)
/// and the set's findings, which are judged again over this build's glyphs from the weights
/// taken (`FamilyChecks`).
package struct KnownResults: Sendable {
    /// The other build's catalog entries, by glyph name.
    var entries: [String: Catalog.Glyph]
    /// The PNGs it made, by glyph name (`BuildRequest.keepsImages`).
    var images: [String: GlyphImages]

    /// The results of `report`, a build that kept its images.
    package init(_ report: BuildReport) {
        entries = Dictionary(report.catalog.glyphs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        images = report.images
    }

    /// The other build's outcome for `source` as this build would make it, if its bytes are
    /// the ones that build had (see `GlyphScheduler.reuse`), it passed, and its PNGs are
    /// known (or, with `encode` off, none are needed).
    func outcome(for source: GlyphSource, options: PipelineOptions, encode: Bool) -> GlyphOutcome? {
        guard let entry = entries[source.name], entry.status != .failed,
            GlyphScheduler.placedAsPlanned(entry, options: options),
            var outcome = GlyphScheduler.reuse(
                entry, for: source, options: options, knownUnchanged: false, keepingFiles: false, outputFolder: "",
                outputSignatures: [],
                modificationTimes: [:])
        else { return nil }
        // As if rendered here: the PNGs travel with the outcome, none is kept on disk.
        outcome.reused = false
        guard encode else { return outcome }
        guard let images = images[source.name], images.areOutputs, images.pngs.count == entry.outputs.count else {
            return nil
        }
        outcome.pngs = images.pngs
        outcome.plans = images.plans
        return outcome
    }
}
