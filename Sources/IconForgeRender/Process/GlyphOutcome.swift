/// Everything iconforge learned and produced for one glyph.
package struct GlyphOutcome: Sendable {
    package var source: GlyphSource
    package var sourceSHA256: String
    package var diagnostics: [Diagnostic]
    package var artboard: Size?
    package var inkBox: Rect?
    package var shape: Shape?
    package var color: PixelColor?
    /// One PNG per template scale, in `Template.scales` order; empty when the glyph failed
    /// or its files were reused from the previous build.
    package var pngs: [PNGEncoder.Encoded] = []
    /// The output files as the catalog lists them (for new and reused PNGs alike).
    package var outputs: [Catalog.Output] = []
    /// True when nothing changed since the previous build and its files were kept.
    package var reused = false
    /// The source's size and modification time when it was read, if it was settled (see
    /// `BuildState.sourceSignatures`).
    package var sourceSignature: FileSignature?
    /// For a reused glyph, the size and time of each output file as checked against the
    /// previous build's record, by file name: what the next build's state records for them.
    package var verifiedOutputs: [String: FileSignature] = [:]
    package var timings = GlyphTimings()
    /// Where the artboard was placed at each scale, in `Template.scales` order; empty when
    /// the glyph was not rendered (or was reused).
    package var plans: [RenderPlan] = []
    /// A failed glyph's renders, for the preview page only (never written, never in the
    /// catalog): encoded as its PNGs would have been, or in RGBA when a second colour shows.
    /// Only when asked for (`showingFailures`).
    package var failedRenders: [PNGEncoder.Encoded] = []
    /// What measuring the ink gave, unrounded (`inkBox` is rounded for the catalog): what
    /// `--fit=set`'s planning pass hands to the render pass, so that it is measured once.
    package var measured: InkMeasurement.Measured?
    /// Set mode's render pass: the box (rounded for the catalog) the set's scale was planned
    /// from, where the outputs' judgement made it another `inkBox` (`RenderedGlyph.plannedBox`),
    /// so that the build plans again (`SetScalePlan.replanned`).
    package var plannedBox: Rect?
    /// How heavy the glyph looks (`InkWeight`, from its @3x render), for the family checks;
    /// nil when it was not rendered or the checks are off.
    package var weight: GlyphWeight?

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// An outcome with nothing found yet but `diagnostics`: what each step learns after this
    /// (the geometry, the colour, the PNGs, the files kept) is set on it by that step.
    package init(source: GlyphSource, sourceSHA256: String, diagnostics: [Diagnostic] = []) {
        self.source = source
        self.sourceSHA256 = sourceSHA256
        self.diagnostics = diagnostics
    }
}

/// Seconds one glyph spent in each stage.
package struct GlyphTimings: Sendable {
    var check = 0.0
    var render = 0.0
    var encode = 0.0

    package static let stageNames = ["check", "render", "encode"]

    package subscript(stage: String) -> Double {
        switch stage {
        case "check": check
        case "render": render
        case "encode": encode
        default: 0
        }
    }

    package init(check: Double = 0.0, render: Double = 0.0, encode: Double = 0.0) {
        self.check = check
        self.render = render
        self.encode = encode
    }
}
