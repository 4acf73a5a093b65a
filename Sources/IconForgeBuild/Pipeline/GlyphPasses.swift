/// The build's glyph stage, as `build` and `render` both run it: under `--fit=set` the set's
/// scales planned from a measuring pass (`SetScalePlan`), every glyph processed
/// (`GlyphScheduler`), and, where the outputs' judgement of what shows moved the set's
/// typical glyph, the scales planned again from what the outputs show and every glyph
/// processed once more at them. Outside `--fit=set` it is the one pass.
struct GlyphPasses {
    var files: [GlyphFile]
    /// Name findings by file index (from `Discovered`).
    var nameFindings: [Int: [Diagnostic]]
    /// The previous build's state, when made with these options (`IncrementalPlan.reusable`).
    var previous: BuildState?
    var onDisk: OnDiskSignatures
    var request: BuildRequest

    /// The processed glyphs, in input order, and the options they were rendered with (with
    /// the set's scales as last planned).
    struct Result {
        var outcomes: [GlyphOutcome]
        var options: PipelineOptions
    }

    /// Runs the passes; `encode` and `staging` as `GlyphScheduler.run` takes them.
    func run(encode: Bool, staging: EarlyStaging? = nil) -> Result {
        var request = request
        // One set of render workers for both of --fit=set's passes. A worker ends with the
        // thread that started it (Linux's parent-death signal follows the thread), so they
        // are started here, on the caller's own thread: to outlive the planning pass's
        // threads, and a watch's to live on in its pool for the next build (else every
        // save started the second job's worker again). They end (or are parked) when this
        // returns, before anything is resolved and written: the commit's memory is not added
        // to theirs.
        let runners = GlyphRunners(
            count: min(request.jobs, files.count), isolation: request.isolation, options: request.options,
            pool: request.memory?.workers,
            probes: request.probes)
        if request.options.mode == .fitSet || request.memory != nil { runners.startWorkers() }
        let setScales = SetScalePlan.plan(
            files, nameFindings: nameFindings, previous: previous, onDisk: onDisk, request: request, runners: runners)
        request.options = setScales.applied(to: request.options)
        func process(measured: [Int: SetScalePlan.Measurement]) -> [GlyphOutcome] {
            GlyphScheduler(
                files: files, nameFindings: nameFindings, previous: previous, onDisk: onDisk, request: request,
                measured: measured, runners: runners
            ).run(encode: encode, staging: staging)
        }
        var outcomes = process(measured: setScales.measurements)
        // Where the outputs' judgement of what shows moved the typical glyph (rare: a
        // sliver that paints no pixel), rendered again at the scale of the boxes judged.
        if let again = setScales.replanned(after: outcomes) {
            request.options = again.applied(to: request.options)
            outcomes = process(measured: again.measurements)
        }
        return Result(outcomes: outcomes, options: request.options)
    }
}
