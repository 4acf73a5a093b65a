/// Runs the pipeline over every glyph, in one direction, each stage a value handed to the
/// next: discover (`Discovered`) → plan what the last build left (`IncrementalPlan`) →
/// process the glyphs (`GlyphPasses`: plan the set's scales, `SetScalePlan`; process every
/// glyph, `GlyphScheduler`; plan and process again where the outputs moved the plan) →
/// judge the set (`FamilyChecks`) → resolve (`Resolution`) → draw the vector forms
/// (`VectorDrawing`) → commit (`OutputCommit`) → report. Nothing is written before every
/// refusal of a glyph's PNGs is known, and what the catalog says of them (each glyph's
/// status, outputs and findings) is settled by `Resolution`. The commit adds only what
/// writing alone can find: edits someone made to the app's files or to the sets iconforge
/// wrote (kept, and warned about), and a folder in the way of a vector or symbol set (that
/// glyph gets none). Those findings can fail the build, and the catalog records which
/// vector forms were written.
package enum Builder {
    package static let toolVersion = "0.1.0"

    package static func run(_ request: BuildRequest) throws(BuildError) -> BuildReport {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let startedAt = request.clock.fileTimeNow()
        let discovered = try Discovered.discover(request)
        defer { withExtendedLifetime(discovered.lock) {} }
        let plan: IncrementalPlan
        switch IncrementalPlan.plan(discovered, request: request, loadSeconds: { (clock.now - loadStart).seconds }) {
        case .unchanged(let report): return report
        case .build(let planned): plan = planned
        }
        let loadSeconds = (clock.now - loadStart).seconds
        var request = request
        let early = request.writesOutput ? EarlyStaging(observer: request.probes.writes) : nil
        let processed = GlyphPasses(
            files: discovered.files, nameFindings: discovered.nameFindings, previous: plan.reusable,
            onDisk: plan.onDisk, request: request
        ).run(encode: request.writesOutput || request.keepsImages, staging: early)
        request.options = processed.options
        // Every new PNG is staged: the disk starts writing them while the catalog is made.
        let writeback = early.map { _ in FileSystem.Writeback(startingOn: request.outputFolder) }
        defer { writeback?.wait() }
        // The set is judged once every glyph is processed, reused ones by their recorded weights.
        let (outcomes, family) = FamilyChecks.judge(
            processed.outcomes, options: request.options.family, mode: request.options.mode)
        let resolution = try Resolution.settle(
            outcomes, family: family, discovered: discovered, plan: plan, request: request)
        // Drawn before the commit starts, as everything drawn or measured is.
        let drawing = VectorDrawing.draw(
            resolution, previous: plan.reusable?.glyphs ?? [], record: plan.appRecord, request: request)
        let writeStart = clock.now
        let committed = try OutputCommit.commit(
            resolution, drawing: drawing, files: discovered.files, plan: plan, request: request, startedAt: startedAt,
            early: early)
        if !request.writesOutput { request.memory?.rememberCheck(committed.catalog, outcomes: committed.outcomes) }
        return BuildReport(
            committed, keepsImages: request.keepsImages, loadSeconds: loadSeconds,
            writeSeconds: (clock.now - writeStart).seconds)
    }

    /// Whether these findings fail a build: an error, or a warning under `--werror`
    /// (decided by `SeverityPolicy`).
    static func fails(_ diagnostics: [Diagnostic], warningsAreErrors: Bool) -> Bool {
        SeverityPolicy(warningsAreErrors: warningsAreErrors).fails(diagnostics)
    }

    static func templateInfo(_ options: PipelineOptions) -> Catalog.TemplateInfo {
        Catalog.TemplateInfo(
            canvasPoints: Template.canvasPoints, squareTargetPoints: Template.squareTargetPoints,
            wideTallTargetPoints: Template.wideTallTargetPoints, shapeThreshold: options.shapeThreshold,
            sizeTolerancePoints: options.sizeTolerance, scales: Template.scales, setScales: options.setScales)
    }

    /// Identifies the tool version, the placement rules, and every option that affects what
    /// a build writes.
    package static func buildKey(_ options: PipelineOptions) -> String {
        var keyed = options
        keyed.setScales = nil  // follows from the glyphs; each output records its scale
        // The set is judged afresh by every build (the fingerprint covers the share): only
        // whether glyphs are weighed changes what a glyph's entry records.
        keyed.family.share = FamilyOptions().share
        let optionsJSON = (try? JSONText.encode(keyed, formatting: [.sortedKeys])) ?? []
        let header =
            "iconforge \(toolVersion)\ngeometry \(RenderPlan.geometryRevision)\npng \(PNGEncoder.revision)\n"
            + (options.family.weighs ? "weight \(InkWeight.revision)\n" : "")
        return SHA256Digest.hex(of: Array(header.utf8) + Array(optionsJSON))
    }
}
