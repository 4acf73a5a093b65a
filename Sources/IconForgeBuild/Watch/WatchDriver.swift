/// How a watch waits and what time it is: the system's (folder events where there are
/// any, polling otherwise), or a test's script, which decides when files change and what
/// the clock says, so that nothing in a test of the loop depends on timing.
package struct WatchDriver {
    /// What a wait ended with.
    package enum Wake: Equatable, Sendable {
        /// The system says something changed (the snapshot says what, if anything), not
        /// which files: macOS's kqueue, or an inotify queue that overflowed.
        case changed
        /// The system says which entries of the watched folders changed, and which of them
        /// it saw a write of finish (Linux's inotify); the snapshot still says what changed.
        case entries(FolderEvents.Activity)
        case timedOut
        /// End the watch (a test's script has run out; the system never says it).
        case stop
    }

    /// Nanoseconds on a clock that only moves forward.
    var now: () -> Int64
    /// Waits until the system says something under the targets changed, or the
    /// nanoseconds given pass.
    var wait: (_ targets: WatchTargets, _ nanoseconds: Int64) -> Wake
    /// The targets as they are now.
    var snapshot: (WatchTargets) -> WatchSnapshot
    /// A snapshot brought up to date by looking again at only the entries a wake's events
    /// named (`WatchSnapshot.refreshing`), where the events name every entry that changed;
    /// nil: every look is a whole snapshot.
    var refresh: ((WatchSnapshot, FolderEvents.Activity, WatchTargets) -> WatchSnapshot)?
    /// Nanoseconds between looks when no event comes: what finds a change the events
    /// missed (a file rewritten in place on macOS, a folder created after the watch began).
    var pollInterval: Int64
    /// How the watch learns of changes, for its first line: "folder events" or "polling".
    package var method: String
    /// Starts watching the targets' folders and says what the user should know about it
    /// (folders the system would not watch, and what to do), nil when there is nothing.
    package var notice: (WatchTargets) -> String? = { _ in nil }

    init(
        now: @escaping () -> Int64, wait: @escaping (WatchTargets, Int64) -> Wake,
        snapshot: @escaping (WatchTargets) -> WatchSnapshot = WatchSnapshot.take,
        refresh: ((WatchSnapshot, FolderEvents.Activity, WatchTargets) -> WatchSnapshot)? = nil, pollInterval: Int64,
        method: String
    ) {
        self.now = now
        self.wait = wait
        self.snapshot = snapshot
        self.refresh = refresh
        self.pollInterval = pollInterval
        self.method = method
    }

    /// The system's: folder events (inotify, kqueue) with a look every second besides, or,
    /// when events are unavailable or `polling` is asked for, a look every half second.
    package static func system(polling: Bool = false) -> WatchDriver {
        let now = MonotonicClock.now
        if !polling, let events = FolderEvents() {
            var failed = false
            var driver = WatchDriver(
                now: now,
                wait: { targets, nanoseconds in
                    let milliseconds = Int((nanoseconds + 999_999) / 1_000_000)
                    if failed {
                        Threads.sleep(milliseconds: milliseconds)
                        return .timedOut
                    }
                    events.watch(targets.eventFolders)
                    switch events.wait(milliseconds: milliseconds) {
                    case .changed(let activity?): return .entries(activity)
                    case .changed(nil): return .changed
                    case .timedOut: return .timedOut
                    case .failed:
                        failed = true
                        return .changed
                    }
                },
                // inotify names every entry (an overflow wakes as `.changed`, and looks at all).
                refresh: FolderEvents.namesEntries
                    ? { seen, activity, targets in seen.refreshing(activity.named, in: targets) } : nil,
                pollInterval: 1_000_000_000, method: "folder events")
            driver.notice = { targets in
                events.watch(targets.eventFolders)
                return events.notice
            }
            return driver
        }
        return WatchDriver(
            now: now,
            wait: { _, nanoseconds in
                Threads.sleep(milliseconds: Int((nanoseconds + 999_999) / 1_000_000))
                return .timedOut
            }, pollInterval: 500_000_000, method: "polling")
    }
}
