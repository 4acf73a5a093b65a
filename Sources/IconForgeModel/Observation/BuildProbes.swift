/// What a test watches a build do, and the faults it injects into its writes: a value the
/// request carries down to the code that does the work (the scheduler, the processor, the
/// renderer, the vector drawing, the writes), as SwiftPM hands down its `FileSystem` and
/// `ObservabilityScope`, so that every thread of a build sees the same probes without
/// binding anything. Outside tests every probe is nil, and observing costs a nil check.
package struct BuildProbes: Sendable {
    /// Glyphs loaded, measured and drawn (`GlyphRenderer.render`); a render worker, another
    /// process, counts in its own, so these count only glyphs rendered in this process.
    package var renders: WorkCount?
    /// Glyph documents librsvg parsed for a render (not those a memo lent it): set mode's
    /// render pass parses nothing again.
    package var parses: WorkCount?
    /// Outputs drawn (not those measuring had drawn already): `--fit=glyph` does not draw a
    /// square glyph's @3x twice.
    package var outputDraws: WorkCount?
    /// Draws made measuring a filtered drawing: it is measured at the output's resolution,
    /// not on bands.
    package var measuringDraws: WorkCount?
    /// Draws of a filtered drawing made through its copy cut to the canvas (`CanvasCrop`):
    /// librsvg's filter images are then the canvas's size, not the artboard's.
    package var croppedDraws: WorkCount?
    /// Markup checks run (not those a memo answered): set mode's render pass checks nothing again.
    package var markupChecks: WorkCount?
    /// Vector drawings made (one per vector file or symbol variant).
    package var vectorDrawings: WorkCount?
    /// What the durable writes did, and which of them fail as a full disk would.
    package var writes: FlushObserver?

    package init(
        renders: WorkCount? = nil, parses: WorkCount? = nil, outputDraws: WorkCount? = nil,
        measuringDraws: WorkCount? = nil, croppedDraws: WorkCount? = nil,
        markupChecks: WorkCount? = nil, vectorDrawings: WorkCount? = nil, writes: FlushObserver? = nil
    ) {
        self.renders = renders
        self.parses = parses
        self.outputDraws = outputDraws
        self.measuringDraws = measuringDraws
        self.croppedDraws = croppedDraws
        self.markupChecks = markupChecks
        self.vectorDrawings = vectorDrawings
        self.writes = writes
    }
}
