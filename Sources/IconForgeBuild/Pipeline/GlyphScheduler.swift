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
        let previousByName = Dictionary(
            (previous?.glyphs ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let done = Atomic<Int>(0)
        let results = Lock<[(outcome: GlyphOutcome, slot: Int)?]>(Array(repeating: nil, count: files.count))
        let runners =
            runners
            ?? GlyphRunners(
                count: min(request.jobs, files.count), isolation: request.isolation, options: request.options,
                pool: request.memory?.workers,
                probes: request.probes)
        let queues = Lock(GlyphQueues(count: files.count, slots: runners.count, owners: measured.mapValues(\.slot)))
        // Threads of our own: concurrentPerform would run no more jobs than cores. Each is
        // handed what it needs (the request's probes come with `runners`), nothing re-bound.
        Threads.run(runners.count) { slot in
            let runner = runners[slot]
            runner.use(request.options)
            while let index = queues.withLock({ $0.take(for: slot) }) {
                let outcome = outcome(
                    of: index, recorded: previousByName[files[index].name], runner: runner, encode: encode,
                    staging: staging)
                results.withLock { $0[index] = (outcome, slot) }
                if let onGlyphDone = request.onGlyphDone {
                    onGlyphDone(done.wrappingAdd(1, ordering: .relaxed).newValue, files.count)
                }
            }
        }
        // Every index is filled: each glyph taken is stored.
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Glyph `index`'s outcome: the previous build's (`recorded`, its catalog entry) when
    /// its source is unchanged, else the glyph read and processed; with `staging`, its new
    /// PNGs are written to their temporary names.
    private func outcome(
        of index: Int, recorded: Catalog.Glyph?, runner: GlyphRunner, encode: Bool, staging: EarlyStaging?
    ) -> GlyphOutcome {
        let file = files[index]
        let names = nameFindings[index] ?? []
        let entry = names.isEmpty ? recorded : nil
        // A source whose size and time are as the last build recorded is unchanged: no need
        // to read and hash it.
        let signature = onDisk.sources[index]
        let outputSignatures = onDisk.outputs.isEmpty ? [] : onDisk.outputs[index]
        if let entry, let signature, previous?.sourceSignatures[file.name] == signature,
            var kept = reused(
                entry, for: Self.unread(file), knownUnchanged: true, encode: encode, outputSignatures: outputSignatures)
        {
            kept.sourceSignature = signature
            return kept
        }
        // Reading happens here, in parallel: on a no-op build it is most of the work.
        let source: GlyphSource
        switch GlyphDiscovery.read(file, limits: request.options.limits) {
        case .source(let read):
            source = read
        case .failure(let diagnostic):
            // Still a glyph, if one that could not be read: the catalog records why.
            return GlyphOutcome(
                source: Self.unread(file), sourceSHA256: "",
                diagnostics: (names + [diagnostic]).sorted(by: Diagnostic.sortOrder))
        }
        var outcome =
            entry.flatMap {
                reused($0, for: source, knownUnchanged: false, encode: encode, outputSignatures: outputSignatures)
            }
            ?? processed(source, index: index, names: names, runner: runner, encode: encode)
        // Settled sources only: a file changed within the last second could change again
        // without its time showing it.
        if let signature, onDisk.takenAt - signature.modified > 1_000_000_000 {
            outcome.sourceSignature = signature
        }
        outcome.diagnostics = (names + outcome.diagnostics).sorted(by: Diagnostic.sortOrder)
        if let staging {
            for (output, png) in zip(outcome.outputs, outcome.pngs) {
                staging.stage(png.bytes, to: request.outputFolder + "/" + output.file)
            }
        }
        return outcome
    }

    /// A source read anew: another build's result for the same bytes (`KnownResults`), or
    /// the glyph processed by this thread's runner, measured already when `measured` says so.
    private func processed(_ source: GlyphSource, index: Int, names: [Diagnostic], runner: GlyphRunner, encode: Bool)
        -> GlyphOutcome
    {
        if names.isEmpty,
            let known = request.knownResults?.outcome(for: source, options: request.options, encode: encode)
        {
            return known
        }
        let planned = measured[index]?.matching(source)
        return runner.process(
            source, encode: encode && !names.contains { $0.severity == .error }, showingFailures: request.keepsImages,
            measured: planned?.ink,
            sourceSHA256: planned?.sourceSHA256)
    }

    /// `reuse` with this build's options and files.
    private func reused(
        _ entry: Catalog.Glyph, for source: GlyphSource, knownUnchanged: Bool, encode: Bool,
        outputSignatures: [FileSignature?]
    ) -> GlyphOutcome? {
        Self.reuse(
            entry, for: source, options: request.options, showing: request.keepsImages, knownUnchanged: knownUnchanged,
            keepingFiles: encode,
            outputFolder: request.outputFolder, outputSignatures: outputSignatures,
            modificationTimes: previous?.modificationTimes ?? [:])
    }

    /// The source of a glyph file not read (yet, or at all): its names without its bytes.
    private static func unread(_ file: GlyphFile) -> GlyphSource {
        GlyphSource(name: file.name, displayPath: file.displayPath, relativePath: file.relativePath, bytes: [])
    }
}
