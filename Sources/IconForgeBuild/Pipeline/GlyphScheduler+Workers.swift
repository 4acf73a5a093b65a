/// The runners (and so the render workers) of one build, one per scheduler thread, shared
/// by `--fit=set`'s two passes: the worker that measured a glyph in the planning pass
/// still holds its markup check and parsed document (`GlyphMemo`) when the render pass
/// sends it that glyph again, and no worker is started twice.
///
/// Safe to send (`@unchecked`): a `GlyphRunner` is not thread-safe, and is only ever used
/// by one thread. `GlyphScheduler.run` gives slot `t` to its thread `t` alone, and its
/// threads are joined (`Threads.run` returns only when every one has) before a later pass
/// starts; nothing else reaches `slots`.
final class GlyphRunners: @unchecked Sendable {
    private let slots: [GlyphRunner]

    init(count: Int, isolation: Isolation, options: PipelineOptions, pool: WorkerPool?, probes: BuildProbes) {
        slots = (0..<max(1, count)).map { _ in
            GlyphRunner(isolation: isolation, options: options, pool: pool, probes: probes)
        }
    }

    var count: Int { slots.count }

    /// Starts every slot's worker on the calling thread (see `GlyphRunner.startWorker`), so
    /// that they outlive the threads of one pass.
    func startWorkers() {
        for runner in slots { runner.startWorker() }
    }

    /// Slot `index`'s runner, for that slot's thread only.
    subscript(index: Int) -> GlyphRunner { slots[index] }
}

/// The order the render pass's threads take glyphs in: each first those its own worker
/// measured (in input order), then, once they are done, the last of whichever other
/// thread has the most left, which is then simply processed anew.
struct GlyphQueues: Sendable {
    private var queues: [[Int]]
    private var next: [Int]

    /// `owners[i]`: the slot whose worker measured glyph `i`, when there is one (else it
    /// goes to slot `i % slots`).
    init(count: Int, slots: Int, owners: [Int: Int]) {
        var queues = Array(repeating: [Int](), count: slots)
        for index in 0..<count {
            queues[owners[index].map { min(max($0, 0), slots - 1) } ?? index % slots].append(index)
        }
        self.queues = queues
        next = Array(repeating: 0, count: slots)
    }

    /// The next glyph for `slot`'s thread, nil when every one is taken.
    mutating func take(for slot: Int) -> Int? {
        if next[slot] < queues[slot].count {
            defer { next[slot] += 1 }
            return queues[slot][next[slot]]
        }
        // Stolen from the end, away from where the queue's own thread takes.
        guard let victim = queues.indices.max(by: { queues[$0].count - next[$0] < queues[$1].count - next[$1] }),
            next[victim] < queues[victim].count
        else { return nil }
        return queues[victim].removeLast()
    }
}
