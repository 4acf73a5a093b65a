/// The set-scale stage's result: under `--fit=set`, the one scale per artboard size that
/// every glyph was measured for before any is rendered (`Builder.planSetScales`). A value the
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
}
