/// The set-scale stage's result: under `--fit=set`, the one scale per artboard size that
/// every glyph was measured for before any is rendered (`SetScalePlan.plan`). A value the
/// build renders with, handed on explicitly, not a rewrite of its request.
struct SetScalePlan: Sendable, Equatable {
    /// The scale per artboard size; nil outside `--fit=set`.
    var scales: [SetScale]?

    /// `options` as the glyphs are rendered under this plan: with its scales, nothing else
    /// changed (as they were, outside `--fit=set`).
    func applied(to options: PipelineOptions) -> PipelineOptions {
        guard let scales else { return options }
        var planned = options
        planned.setScales = scales
        return planned
    }

    /// `--fit=set`: measures every glyph as `--fit=glyph` does (its markup checked, its ink
    /// measured, nothing rendered: `PipelineOptions.measuresOnly`), and
    /// returns the plan of the set's scale per artboard size. Every glyph counts,
    /// changed or not: one glyph's change can move the typical glyph. A glyph `previous`
    /// would be reused for (its source unchanged, see `GlyphScheduler.reuse`) counts with the artboard, ink
    /// box and shape it recorded, without being rendered: both fit modes measure the same
    /// way, and the ink box the planner sees is the catalog's rounded one either way (see
    /// `FitSetPlanner`), so the scale is a cold build's. Other modes plan nothing.
    static func plan(
        _ files: [GlyphFile], nameFindings: [Int: [Diagnostic]], previous: BuildState?, onDisk: OnDiskSignatures, request: BuildRequest
    ) -> SetScalePlan {
        guard request.options.mode == .fitSet else { return SetScalePlan(scales: nil) }
        var measuring = request
        measuring.keepsImages = false
        measuring.options.mode = .fitGlyph
        measuring.options.allowOffCenter = []
        measuring.options.measuresOnly = true
        let measured = GlyphScheduler(files: files, nameFindings: nameFindings, previous: previous, onDisk: onDisk, request: measuring).run(encode: false)
        return SetScalePlan(scales: FitSetPlanner.plan(measured.compactMap { outcome in
            guard let artboard = outcome.artboard, let inkBox = outcome.inkBox, let shape = outcome.shape else { return nil }
            return FitSetPlanner.Measured(artboard: artboard, inkBox: inkBox, shape: shape)
        }))
    }
}
