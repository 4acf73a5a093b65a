/// Runs the pipeline over every glyph, in one direction, each stage a value handed to the
/// next: discover (`Discovered`) → plan what the last build left (`IncrementalPlan`) →
/// plan the set's scales (`SetScalePlan`) → process the glyphs (`GlyphScheduler`) → judge
/// the set (`FamilyChecks`) → resolve (`Resolution`) → draw the vector forms
/// (`VectorDrawing`) → commit (`OutputCommit`) → report. Nothing is written before every
/// refusal is known. The commit adds what it finds in the app's files (read only then, under
/// their locks: an edit by someone else, kept), which can fail the build, but changes
/// nothing decided about a glyph.
public enum Builder {
    public static let toolVersion = "0.1.0"

    public static func run(_ request: BuildRequest) throws(BuildError) -> BuildReport {
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
        let processed: [GlyphOutcome]
        do {
            // One set of render workers for both of --fit=set's passes. A worker ends with the
            // thread that started it (Linux's parent-death signal follows the thread), so they
            // are started here, on the build's own thread: to outlive the planning pass's
            // threads, and a watch's to live on in its pool for the next build (else every
            // save started the second job's worker again). They end (or are parked) with this
            // block, before anything is resolved and written: the commit's memory is not added
            // to theirs.
            let runners = GlyphRunners(
                count: min(request.jobs, discovered.files.count), isolation: request.isolation, options: request.options, pool: request.memory?.workers,
                probes: request.probes)
            if request.options.mode == .fitSet || request.memory != nil { runners.startWorkers() }
            let setScales = SetScalePlan.plan(
                discovered.files, nameFindings: discovered.nameFindings, previous: plan.reusable, onDisk: plan.onDisk, request: request, runners: runners)
            request.options = setScales.applied(to: request.options)
            func render(measured: [Int: SetScalePlan.Measurement]) -> [GlyphOutcome] {
                GlyphScheduler(
                    files: discovered.files, nameFindings: discovered.nameFindings, previous: plan.reusable, onDisk: plan.onDisk, request: request,
                    measured: measured, runners: runners
                ).run(encode: request.writesOutput || request.keepsImages, staging: early)
            }
            var rendered = render(measured: setScales.measurements)
            // Where the outputs' judgement of what shows moved the typical glyph (rare: a
            // sliver that paints no pixel), rendered again at the scale of the boxes judged.
            if let again = setScales.replanned(after: rendered) {
                request.options = again.applied(to: request.options)
                rendered = render(measured: again.measurements)
            }
            processed = rendered
        }
        // Every new PNG is staged: the disk starts writing them while the catalog is made.
        let writeback = early.map { _ in FileSystem.Writeback(startingOn: request.outputFolder) }
        defer { writeback?.wait() }
        // The set is judged once every glyph is processed, reused ones by their recorded weights.
        let (outcomes, family) = FamilyChecks.judge(processed, options: request.options.family, mode: request.options.mode)
        let resolution = try Resolution.settle(outcomes, family: family, discovered: discovered, plan: plan, request: request)
        // Drawn before the commit starts, as everything drawn or measured is.
        let drawing = VectorDrawing.draw(resolution, previous: plan.reusable?.glyphs ?? [], record: plan.appRecord, request: request)
        let writeStart = clock.now
        let committed = try OutputCommit.commit(resolution, drawing: drawing, files: discovered.files, plan: plan, request: request, startedAt: startedAt, early: early)
        if !request.writesOutput { request.memory?.rememberCheck(committed.catalog, outcomes: committed.outcomes) }
        return BuildReport(committed, keepsImages: request.keepsImages, loadSeconds: loadSeconds, writeSeconds: (clock.now - writeStart).seconds)
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
        let header = "iconforge \(toolVersion)\ngeometry \(RenderPlan.geometryRevision)\n" + (options.family.weighs ? "weight \(InkWeight.revision)\n" : "")
        return SHA256Digest.hex(of: Array(header.utf8) + Array(optionsJSON))
    }
}
