/// One glyph for `GlyphRenderer.render` to measure and render, and how: its bytes and export
/// mode, then what the caller knows already and wants back. The first four come with the
/// value; the others default to "nothing known, nothing kept" and are set by the callers
/// that have them (the processor, set mode's two passes, tests).
package struct RenderRequest {
    package var data: Data
    package var mode: ExportMode
    package var shapeThreshold: Double
    package var librsvgPath: String?
    /// `--fit=set`'s scale per artboard size; a glyph whose artboard has none is fitted on
    /// its own, as `--fit=glyph` does.
    package var setScales: [SetScale] = []
    /// In the fit modes, centre the artboard rather than the ink, so an optical offset (an
    /// `allowOffCenter` glyph) survives.
    package var keepingOffset = false
    /// The root's attribute, which decides how a viewBox of other proportions than the width
    /// and height maps onto the artboard.
    package var preserveAspectRatio = PreserveAspectRatio()
    /// Where to start measuring instead of cairo's recording (tests: the same bytes come out
    /// whichever estimate measuring starts from).
    package var firstEstimate: Rect?
    /// Measure the artboard, ink box and shape, and render nothing (set mode's planning
    /// pass): the box is the drawing's geometry, which the render pass judges by its @3x
    /// output (`InkMeasurement.judge`).
    package var measuringOnly = false
    /// What measuring these very bytes gave before (`--fit=set`'s planning pass), which
    /// stands in for measuring them again: measuring is deterministic, so the bytes that come
    /// out are the same either way.
    package var measured: InkMeasurement.Measured?
    /// librsvg's document of these very bytes, parsed before (`GlyphMemo`), to draw instead
    /// of parsing them again; drawing leaves a document as it was.
    package var parsed: SVGHandle?
    /// Given the document drawn, once measuring and rendering are done with it.
    package var keep: ((SVGHandle) -> Void)?
    /// The counts a test reads (`renders`, `parses`, `outputDraws`, `measuringDraws`).
    package var probes = BuildProbes()

    package init(_ data: Data, mode: ExportMode, shapeThreshold: Double, librsvgPath: String? = nil) {
        self.data = data
        self.mode = mode
        self.shapeThreshold = shapeThreshold
        self.librsvgPath = librsvgPath
    }
}

extension RenderRequest {
    /// The request with `change` made to it: a request written in one expression.
    package func with(_ change: (inout RenderRequest) -> Void) -> RenderRequest {
        var changed = self
        change(&changed)
        return changed
    }
}
