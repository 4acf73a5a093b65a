/// The set-scale stage's result: under `--fit=set`, the one scale per artboard size that
/// every glyph was measured for before any is rendered (`Builder.planSetScales`). A value the
/// build renders with, handed on explicitly, not a rewrite of its request.
struct SetScalePlan: Sendable, Equatable {
    /// The scale per artboard size; nil outside `--fit=set`.
    var scales: [SetScale]?
    /// What measuring each glyph gave, by its index among the files planned over, with the
    /// source it was measured from: the render pass measures none of them again.
    var measurements: [Int: Measurement] = [:]

    /// One glyph's measurement, and the SHA-256 of the bytes it was made from.
    struct Measurement: Sendable, Equatable {
        var sourceSHA256: String
        var ink: InkMeasurement.Measured

        /// The measurement, if `source` holds the bytes it was made from (a file edited between
        /// the two passes is measured again).
        func ink(for source: GlyphSource) -> InkMeasurement.Measured? {
            SHA256Digest.hex(of: source.bytes) == sourceSHA256 ? ink : nil
        }
    }

    /// `options` as the glyphs are rendered under this plan: with its scales, nothing else
    /// changed (as they were, outside `--fit=set`).
    func applied(to options: PipelineOptions) -> PipelineOptions {
        guard let scales else { return options }
        var planned = options
        planned.setScales = scales
        return planned
    }
}
