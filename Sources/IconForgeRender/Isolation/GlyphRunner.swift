/// Runs glyphs through `GlyphProcessor`, in this process or in a worker process it owns.
/// One runner per build thread: it is not shared, so it needs no locking. A runner may
/// serve several passes with different options (`use`): its worker, and what the worker
/// remembers of the glyphs it measured (`GlyphMemo`), carry over.
package final class GlyphRunner {
    private let isolation: Isolation
    private var options: PipelineOptions
    private var worker: WorkerProcess?
    /// Whether `worker` was started with, or last sent, options other than `options`.
    private var workerOptionsStale = false
    /// Whether `worker` has waited idle since it last answered (taken from the pool, or
    /// kept between passes): it may have died meanwhile, not of the glyph it is sent next.
    private var workerMayHaveDiedIdle = false
    /// In process, the memo a worker would keep.
    private let memo = GlyphMemo()
    /// Where idle workers wait between builds (a watch's); nil: each runner starts its own.
    private let pool: WorkerPool?
    /// The program and limits of this runner's worker: what the pool matches on.
    private var poolKey = ""
    /// The work counts of glyphs processed in this process (a worker counts in its own).
    private let probes: BuildProbes

    package init(
        isolation: Isolation, options: PipelineOptions, pool: WorkerPool? = nil, probes: BuildProbes = BuildProbes()
    ) {
        self.isolation = isolation
        self.options = options
        self.pool = pool
        self.probes = probes
    }

    deinit {
        // Only a worker that answered its last glyph is kept: one that crashed or timed out
        // was dropped (set to nil) where that was found.
        if let pool, let worker { pool.park(worker, key: poolKey) }
    }

    /// Processes the glyphs after this with `options` (set mode's render pass, after its
    /// planning pass); a running worker is told so before its next glyph.
    package func use(_ options: PipelineOptions) {
        guard options != self.options else { return }
        self.options = options
        if worker != nil { workerOptionsStale = true }
    }

    /// One glyph through `GlyphProcessor.process` (see there for `encode`, `showingFailures`,
    /// `measured` and `sourceSHA256`).
    package func process(
        _ source: GlyphSource, encode: Bool, showingFailures: Bool = false, measured: InkMeasurement.Measured? = nil,
        sourceSHA256: String? = nil
    ) -> GlyphOutcome {
        guard case .workers(let executable, let timeout, let memory) = isolation else {
            return GlyphProcessor.process(
                source, options: options, encode: encode, showingFailures: showingFailures, measured: measured,
                sourceSHA256: sourceSHA256, memo: memo,
                probes: probes)
        }
        if workerOptionsStale, let current = worker {
            workerOptionsStale = false
            // It waited between the passes, and now works as one started with these options
            // would, and is parked as one.
            workerMayHaveDiedIdle = true
            if !current.send(OutcomeCodec.encodeOptions(options)) { worker = nil }
        }
        let request = OutcomeCodec.encodeRequest(
            source, encode: encode, showingFailures: showingFailures, measured: measured, sourceSHA256: sourceSHA256)
        // A worker found dead when sending is replaced once: it died idle, not on this glyph.
        // A worker from the pool may have been idle for hours; should it die on this glyph,
        // it may have died before it (killed, or out of memory): the glyph is tried once
        // more in a new worker, which a glyph that does crash librsvg crashes as well.
        for attempt in 0..<2 {
            if worker == nil {
                // A parked worker is tried once: one that died idle fails the send below.
                if case .failure(let error) = startWorker(
                    executable: executable, timeout: timeout, memory: memory, fromPool: attempt == 0)
                {
                    return failed(source, .renderFailed, "could not start a render worker (\(error.message))")
                }
            }
            guard let current = worker, current.send(request) else {
                worker = nil
                if attempt == 0 { continue }
                return failed(source, .renderCrashed, "the render worker stopped before taking this glyph")
            }
            let mayHaveDiedIdle = workerMayHaveDiedIdle
            workerMayHaveDiedIdle = false
            switch current.receive(timeout: timeout) {
            case .frame(let reply):
                if let outcome = OutcomeCodec.decodeOutcome(reply, source: source) { return outcome }
                worker = nil
                return failed(source, .renderCrashed, "the render worker sent back a malformed result")
            case .died(let how):
                worker = nil
                if mayHaveDiedIdle, attempt == 0 { continue }
                return failed(
                    source, .renderCrashed,
                    "librsvg crashed on this glyph (its worker process \(how)); the other glyphs are unaffected; simplify the file or report it"
                )
            case .timedOut:
                worker = nil
                return failed(
                    source, .renderTimeout,
                    "rendering took longer than \(timeout.pt) s and was stopped (raise the limit with --render-timeout); look for deeply nested patterns, <use> fan-out or huge filters"
                )
            }
        }
        return failed(source, .renderCrashed, "the render worker could not be started")
    }

    /// Starts this runner's worker now, on the calling thread, unless it has one. On Linux a
    /// worker ends with the thread that started it (its parent-death signal follows the
    /// thread), so a worker that is to serve set mode's two passes, each on threads of its
    /// own, is started by the thread that runs both.
    package func startWorker() {
        guard worker == nil, case .workers(let executable, let timeout, let memory) = isolation else { return }
        // A worker that cannot start is reported by the first glyph that needs it.
        _ = startWorker(executable: executable, timeout: timeout, memory: memory, fromPool: true)
    }

    /// Takes a parked worker (when `fromPool`) or starts one.
    private func startWorker(executable: String, timeout: Double, memory: Int, fromPool: Bool) -> Result<
        Void, FileError
    > {
        poolKey = RenderWorker.poolKey(executable: executable, memoryBytes: memory, timeout: timeout)
        if fromPool, let parked = pool?.take(poolKey) {
            worker = parked
            workerMayHaveDiedIdle = true
            // Its last build's options may not be these (a set's scales change with its
            // glyphs): it is told them before its first glyph, as between set mode's passes.
            workerOptionsStale = true
            return .success(())
        }
        workerOptionsStale = false
        do {
            worker = try WorkerProcess(
                executable: executable,
                arguments: RenderWorker.arguments(options: options, memoryBytes: memory, timeout: timeout))
            workerMayHaveDiedIdle = false
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// The process id of this runner's worker, if it has one (tests).
    package var workerProcessID: Int32? { worker?.processID }

    private func failed(_ source: GlyphSource, _ rule: RuleID, _ message: String) -> GlyphOutcome {
        GlyphOutcome(
            source: source, sourceSHA256: SHA256Digest.hex(of: source.bytes),
            diagnostics: [Diagnostic(rule, file: source.displayPath, message)])
    }
}
