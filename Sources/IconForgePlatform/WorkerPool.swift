/// Render workers kept alive between the builds of one long-running process (a watch), so
/// that a build after one saved glyph does not start a process, load librsvg and set up
/// its limits again: a tenth to a fifth of what that build costs.
///
/// Only workers of the same key (the program and its limits, see `RenderWorker.poolKey`;
/// the runner that takes one sends it its build's options) are handed out again, and only
/// idle ones: a runner parks its worker when it is
/// done with it and after a reply, never after a crash or a timeout. A parked worker that
/// died meanwhile is found dead at the first send and replaced (`GlyphRunner`). Parked
/// workers stay on `WorkerProcess`'s live list, so Ctrl-C stops them with the rest.
package final class WorkerPool: Sendable {
    private let idle = Lock<[Parked]>([])

    /// At most this many idle workers are kept (a build uses one per job).
    private let capacity: Int

    package init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// An idle worker started with `key`'s program and arguments, taken out of the pool.
    package func take(_ key: String) -> WorkerProcess? {
        idle.withLock { parked in
            guard let index = parked.lastIndex(where: { $0.key == key }) else { return nil }
            return parked.remove(at: index).worker
        }
    }

    /// Keeps `worker`, whose caller holds no other reference to it, for a later `take`.
    /// Workers of other keys go: their limits are no longer the session's.
    package func park(_ worker: WorkerProcess, key: String) {
        let dropped: [Parked] = idle.withLock { parked in
            let other = parked.filter { $0.key != key }
            parked.removeAll { $0.key != key }
            if parked.count < capacity { parked.append(Parked(key: key, worker: worker)) }
            return other
        }
        // Released outside the lock: a worker's deinit kills and reaps its process.
        withExtendedLifetime(dropped) {}
    }

    /// The process ids of the idle workers (for tests).
    package var idleProcessIDs: [Int32] { idle.withLock { $0.map(\.worker.processID) } }
}

/// A worker held by the pool alone.
///
/// Safe to send: `WorkerProcess` is not thread-safe, but a parked worker is used by no one.
/// `park` is only given a worker its caller is letting go of (the runner's last reference,
/// from its deinit), and `take` removes it from the pool under the lock before handing it
/// to exactly one runner; so at any moment a worker is reachable from one thread at most.
private struct Parked: @unchecked Sendable {
    var key: String
    var worker: WorkerProcess
}
