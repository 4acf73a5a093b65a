/// Runs a command once, then again whenever what it reads changes: `build --watch`,
/// `check --watch`. Any command's single run plugs in as `once`; the loop decides when.
///
/// A change is seen by comparing snapshots of the targets (the driver's events only say
/// when to look), gathered by a `Debouncer` over a burst of saves, and handed to the next
/// run. The snapshot a run is compared with is taken just before it starts, so a change
/// made while it runs starts the next one.
package struct WatchLoop {
    /// Nothing changed for this long: the burst is over (20 ms). An editor's save (write,
    /// or write and rename, and a second write for its metadata) lands within a few
    /// milliseconds; waiting longer would be most of the time from save to PNG, which the
    /// benchmark holds to 50 ms. A burst cut short costs one more run, never a wrong one:
    /// the next run sees the rest. A burst of saves the system saw finish (Linux: a file
    /// closed after writing, or renamed into place) does not wait for it (`Debouncer`).
    package var quiet: Int64 = 20_000_000
    /// A run starts at most this long after the first change of a burst (1 s).
    package var longest: Int64 = 1_000_000_000
    /// The session's memory, told the snapshot each run is compared with just before the
    /// run: what the run's build may take its sources' signatures from (`BuildMemory.watchSaw`).
    package var memory: BuildMemory?

    package init() {}

    /// Runs `once([])`, then `once(changes)` after each burst of changes, until the driver
    /// says stop (the system's never does: Ctrl-C ends the process). `targets` is asked
    /// after every run, since a run may find a new configuration naming other folders;
    /// nil keeps the previous targets. After every run each page in the targets gets its
    /// `LiveReload` stamp brought up to date.
    package func run(driver: WatchDriver, targets: () -> WatchTargets?, once: ([WatchChange]) -> Void) {
        var current = targets() ?? WatchTargets()
        var seen = driver.snapshot(current)
        var stamps = LiveReload.Stamps()
        memory?.watchSaw(seen)
        once([])
        (current, seen) = refreshed(current, seen: seen, driver: driver, targets: targets)
        stamps.update(current.pages)
        var debouncer = Debouncer(quiet: quiet, longest: longest)
        // Whether `seen` was last brought up to date from named entries alone.
        var partlySeen = false
        while true {
            let timeout =
                debouncer.deadline.map { max(0, min($0 - driver.now(), driver.pollInterval)) } ?? driver.pollInterval
            var wake = driver.wait(current, timeout)
            if wake == .stop { return }
            var now: Int64
            var looks = 0
            while true {
                now = driver.now()
                // Where the events named what changed, only that is looked at (a save is
                // two or three wakes; each whole snapshot stats every glyph).
                let snapshot: WatchSnapshot
                if case .entries(let activity) = wake, let refresh = driver.refresh {
                    snapshot = refresh(seen, activity, current)
                    partlySeen = true
                } else {
                    snapshot = driver.snapshot(current)
                    partlySeen = false
                }
                debouncer.record(snapshot.changes(since: seen), at: now, wake: wake)
                seen = snapshot
                looks += 1
                // Saves seen to finish run at once, unless events came meanwhile (a file
                // written again after its snapshot was taken): those are looked at first,
                // a few times at most (events of files not watched need not hold a run up).
                guard debouncer.isFinished, looks < 4 else { break }
                wake = driver.wait(current, 0)
                guard wake != .timedOut, wake != .stop else { break }
            }
            // A run starts from a whole snapshot: what the events did not name (a link's
            // target rewritten) is a change too, and, like one found by polling, waits for
            // the quiet period.
            if partlySeen, let deadline = debouncer.deadline, now >= deadline {
                let snapshot = driver.snapshot(current)
                debouncer.record(snapshot.changes(since: seen), at: now)
                seen = snapshot
                partlySeen = false
            }
            guard let due = debouncer.takeIfDue(at: now) else { continue }
            // Changes that cancelled out (a file added and removed again) call for no run.
            guard !due.isEmpty else { continue }
            memory?.watchSaw(seen)
            once(due)
            (current, seen) = refreshed(current, seen: seen, driver: driver, targets: targets)
            stamps.update(current.pages)
        }
    }

    /// The targets after a run, and the snapshot to compare with next: when the targets
    /// changed (a new configuration), a fresh one of them, whose files the run just read.
    private func refreshed(
        _ current: WatchTargets, seen: WatchSnapshot, driver: WatchDriver, targets: () -> WatchTargets?
    ) -> (WatchTargets, WatchSnapshot) {
        guard let next = targets(), next != current else { return (current, seen) }
        return (next, driver.snapshot(next))
    }
}
