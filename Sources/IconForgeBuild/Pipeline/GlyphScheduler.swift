import Synchronization

/// The build's glyph stage: each glyph read, checked, measured, rendered and encoded, or
/// its previous outcome reused (see `GlyphScheduler+Reuse.swift`), on `request.jobs`
/// threads, each with its own render worker. Results come back in input order, so nothing
/// downstream depends on scheduling. `--fit=set`'s measuring pass runs the same scheduler
/// (`SetScalePlan.plan`), as does `iconforge render` for its one glyph.
struct GlyphScheduler: Sendable {
    var files: [GlyphFile]
    /// Name findings by file index (from `Discovered`): a glyph with one is never reused.
    var nameFindings: [Int: [Diagnostic]]
    /// The previous build's state, when made with these options (`IncrementalPlan.reusable`).
    var previous: BuildState?
    var onDisk: OnDiskSignatures
    var request: BuildRequest
    /// `--fit=set`: what the measuring pass found, by file index (`SetScalePlan.measurements`),
    /// so that the render pass does not measure those glyphs again.
    var measured: [Int: SetScalePlan.Measurement] = [:]
    /// The runners to process with, one per thread, when they outlive this run (set mode's
    /// two passes share them); nil: this run starts its own.
    var runners: GlyphRunners?

    /// Processes every glyph. With `encode`, each gets its PNGs; with `staging`, each new
    /// PNG is written to its temporary name by the thread that rendered it, while the
    /// others still render. A glyph `measured` names the worker of goes to that worker's
    /// thread first (`GlyphQueues`).
    func run(encode: Bool, staging: EarlyStaging? = nil) -> [GlyphOutcome] {
        runRecordingSlots(encode: encode, staging: staging).map(\.outcome)
    }

    /// `run`, with the slot (thread and runner) that processed each glyph.
    func runRecordingSlots(encode: Bool, staging: EarlyStaging? = nil) -> [(outcome: GlyphOutcome, slot: Int)] {
        let previousByName = Dictionary((previous?.glyphs ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let done = Atomic<Int>(0)
        let results = Lock<[(outcome: GlyphOutcome, slot: Int)?]>(Array(repeating: nil, count: files.count))
        let onGlyphDone = request.onGlyphDone
        let runners = runners ?? GlyphRunners(
            count: min(request.jobs, files.count), isolation: request.isolation, options: request.options, pool: request.memory?.workers)
        let workers = runners.count
        let owners = measured.mapValues(\.slot)
        let queues = Lock(GlyphQueues(count: files.count, slots: workers, owners: owners))
        // The writes the threads stage belong to this task's observer, and the work to its
        // counts (tests).
        let observer = FlushObserver.current
        let (renders, parses, markupChecks) = (GlyphRenderer.renders, GlyphRenderer.parses, GlyphProcessor.markupChecks)
        // Threads of our own: concurrentPerform would run no more jobs than cores.
        Threads.run(workers) { slot in FlushObserver.$current.withValue(observer) { GlyphRenderer.$renders.withValue(renders) {
            GlyphRenderer.$parses.withValue(parses) { GlyphProcessor.$markupChecks.withValue(markupChecks) {
            @Sendable func store(_ index: Int, _ outcome: GlyphOutcome) {
                results.withLock { $0[index] = (outcome, slot) }
                if let onGlyphDone { onGlyphDone(done.wrappingAdd(1, ordering: .relaxed).newValue, files.count) }
            }
            let runner = runners[slot]
            runner.use(request.options)
            while true {
                guard let index = queues.withLock({ $0.take(for: slot) }) else { return }
                let file = files[index]
                let names = nameFindings[index] ?? []
                let entry = names.isEmpty ? previousByName[file.name] : nil
                // A source whose size and time are as the last build recorded is unchanged:
                // no need to read and hash it.
                let signature = onDisk.sources[index]
                let outputSignatures = onDisk.outputs.isEmpty ? [] : onDisk.outputs[index]
                if let entry, let signature, previous?.sourceSignatures[file.name] == signature,
                    var kept = Self.reuse(
                        entry, for: GlyphSource(name: file.name, displayPath: file.displayPath, relativePath: file.relativePath, bytes: []),
                        options: request.options, showing: request.keepsImages, knownUnchanged: true, keepingFiles: encode, outputFolder: request.outputFolder,
                        outputSignatures: outputSignatures, modificationTimes: previous?.modificationTimes ?? [:])
                {
                    kept.sourceSignature = signature
                    store(index, kept)
                    continue
                }
                // Reading happens here, in parallel: on a no-op build it is most of the work.
                let source: GlyphSource
                switch GlyphDiscovery.read(file, limits: request.options.limits) {
                case .source(let read):
                    source = read
                case .failure(let diagnostic):
                    // Still a glyph, if one that could not be read: the catalog records why.
                    let unread = GlyphOutcome(
                        source: GlyphSource(name: file.name, displayPath: file.displayPath, relativePath: file.relativePath, bytes: []),
                        sourceSHA256: "", diagnostics: (names + [diagnostic]).sorted(by: Diagnostic.sortOrder),
                        artboard: nil, inkBox: nil, shape: nil, color: nil, pngs: [])
                    store(index, unread)
                    continue
                }
                var outcome: GlyphOutcome
                if let entry,
                    let kept = Self.reuse(
                        entry, for: source, options: request.options, showing: request.keepsImages, knownUnchanged: false, keepingFiles: encode, outputFolder: request.outputFolder,
                        outputSignatures: outputSignatures, modificationTimes: previous?.modificationTimes ?? [:])
                {
                    outcome = kept
                } else if names.isEmpty, let known = request.knownResults?.outcome(for: source, options: request.options, encode: encode) {
                    outcome = known
                } else {
                    let planned = measured[index]?.matching(source)
                    outcome = runner.process(
                        source, encode: encode && !names.contains { $0.severity == .error }, showingFailures: request.keepsImages,
                        measured: planned?.ink, sourceSHA256: planned?.sourceSHA256)
                }
                // Settled sources only: a file changed within the last second could change
                // again without its time showing it.
                if let signature, onDisk.takenAt - signature.modified > 1_000_000_000 {
                    outcome.sourceSignature = signature
                }
                outcome.diagnostics = (names + outcome.diagnostics).sorted(by: Diagnostic.sortOrder)
                if let staging {
                    for (output, png) in zip(outcome.outputs, outcome.pngs) {
                        staging.stage(png.bytes, to: request.outputFolder + "/" + output.file)
                    }
                }
                store(index, outcome)
            }
            } }
        } } }
        // Every index is filled: each iteration stores before it continues.
        return results.withLock { $0.compactMap { $0 } }
    }
}
