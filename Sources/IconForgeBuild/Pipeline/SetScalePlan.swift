/// The set-scale stage's result: under `--fit=set`, the one scale per artboard size that
/// every glyph was measured for before any is rendered (`SetScalePlan.plan`). A value the
/// build renders with, handed on explicitly, not a rewrite of its request.
struct SetScalePlan: Sendable, Equatable {
    /// The scale per artboard size; nil outside `--fit=set`.
    var scales: [SetScale]?
    /// What measuring each glyph gave, by its index among the files planned over, with the
    /// source it was measured from: the render pass measures none of them again.
    var measurements: [Int: Measurement] = [:]

    /// One glyph's measurement, the SHA-256 of the bytes it was made from, and the slot
    /// (`GlyphRunners`) whose worker made it and remembers the glyph.
    struct Measurement: Sendable, Equatable {
        var sourceSHA256: String
        var ink: InkMeasurement.Measured
        var slot = 0

        /// The measurement, if `source` holds the bytes it was made from (a file edited between
        /// the two passes is measured again); its `sourceSHA256` is then `source`'s, which the
        /// render pass need not compute again.
        func matching(_ source: GlyphSource) -> Measurement? {
            SHA256Digest.hex(of: source.bytes) == sourceSHA256 ? self : nil
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

    /// `--fit=set`: measures every glyph as `--fit=glyph` does (its markup checked, its ink
    /// measured, nothing rendered: `PipelineOptions.measuresOnly`), save that its box is the
    /// drawing's geometry, which the render pass then judges by the @3x output it ships
    /// (`InkMeasurement.judge`), and
    /// returns the plan of the set's scale per artboard size. Every glyph counts,
    /// changed or not: one glyph's change can move the typical glyph. A glyph `previous`
    /// would be reused for (its source unchanged, see `GlyphScheduler.reuse`) counts with the artboard, ink
    /// box and shape it recorded, without being rendered: both fit modes measure the same
    /// way, and the ink box the planner sees is the catalog's rounded one either way (see
    /// `FitSetPlanner`), so the scale is a cold build's. Other modes plan nothing, nor do
    /// scales already given (`Builder.render`: settled over the glyph's set).
    ///
    /// `runners`: the build's runners, which its render pass then uses too, so that each
    /// glyph goes back to the worker that measured it (nil: the pass starts its own).
    static func plan(
        _ files: [GlyphFile], nameFindings: [Int: [Diagnostic]], previous: BuildState?, onDisk: OnDiskSignatures,
        request: BuildRequest,
        runners: GlyphRunners? = nil
    ) -> SetScalePlan {
        guard request.options.mode == .fitSet, request.options.setScales == nil else {
            return SetScalePlan(scales: nil)
        }
        var measuring = request
        measuring.keepsImages = false
        measuring.options.mode = .fitGlyph
        measuring.options.allowOffCenter = []
        measuring.options.measuresOnly = true
        let processed = GlyphScheduler(
            files: files, nameFindings: nameFindings, previous: previous, onDisk: onDisk, request: measuring,
            runners: runners
        )
        .runRecordingSlots(encode: false)
        let measured = processed.map(\.outcome)
        var measurements: [Int: Measurement] = [:]
        for (index, (outcome, slot)) in processed.enumerated() {
            if let ink = outcome.measured {
                measurements[index] = Measurement(sourceSHA256: outcome.sourceSHA256, ink: ink, slot: slot)
            }
        }
        // A reused glyph counts with the box its outputs judged (`replanned`).
        let scales = FitSetPlanner.plan(measured.compactMap(Self.counted))
        return SetScalePlan(scales: scales, measurements: measurements)
    }

    /// After the render pass: the plan of the set's scales from the boxes the outputs judged
    /// (`InkMeasurement.judge`), with every glyph's judged measurement to render by, when
    /// it is not this plan; nil when it is (nearly always: judging changed no box in 1,800
    /// files of six libraries) or outside `--fit=set`. The glyphs are then rendered again at
    /// those scales, and judged no more, so a build ends after at most two render passes,
    /// at the scales of the boxes its outputs show: those a later build's reused glyphs
    /// count with, so that it plans what this one ended with.
    func replanned(after outcomes: [GlyphOutcome]) -> SetScalePlan? {
        guard let scales, outcomes.contains(where: { $0.plannedBox != nil }) else { return nil }
        let judged = FitSetPlanner.plan(outcomes.compactMap(Self.counted))
        // The same scales, whatever number of glyphs each now counts (a glyph whose output
        // shows nothing has no box to count), render the same bytes.
        func placements(_ scales: [SetScale]) -> [[Double]] {
            scales.map { [$0.artboard.width, $0.artboard.height] + $0.pixelsPerUnit }
        }
        guard placements(judged) != placements(scales) else { return nil }
        var again = SetScalePlan(scales: judged)
        for (index, outcome) in outcomes.enumerated() where !outcome.reused {
            if let ink = outcome.measured, ink.judgingSlack == nil {
                again.measurements[index] = Measurement(
                    sourceSHA256: outcome.sourceSHA256, ink: ink, slot: measurements[index]?.slot ?? 0)
            }
        }
        return again
    }

    /// What the planner counts a glyph as: its artboard, box and shape.
    private static func counted(_ outcome: GlyphOutcome) -> FitSetPlanner.Measured? {
        guard let artboard = outcome.artboard, let inkBox = outcome.inkBox, let shape = outcome.shape else {
            return nil
        }
        return FitSetPlanner.Measured(artboard: artboard, inkBox: inkBox, shape: shape)
    }
}
