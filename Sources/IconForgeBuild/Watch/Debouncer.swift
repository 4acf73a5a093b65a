/// Gathers the changes of a burst of saves into one run: a run starts once nothing has
/// changed for `quiet` nanoseconds, or `longest` after the first change of the burst,
/// whichever is sooner (an editor that saves continuously still gets a run every so often).
/// A burst whose every change the system saw finish (a file closed after writing, or
/// renamed into place: `FolderEvents.Activity`) is due at once: nothing of it is still
/// being written, so waiting would only delay the PNG.
/// Time is whatever the caller says it is, so tests decide it.
struct Debouncer: Sendable {
    var quiet: Int64
    var longest: Int64
    private var pending: [String: WatchChange.Kind] = [:]
    private var first: Int64?
    private var last: Int64?
    /// Whether each pending file's last write event finished it, by its path. A file
    /// with none (a change found by polling, an event that changed only its attributes)
    /// waits for the quiet period.
    private var finished: [String: Bool] = [:]
    /// Some wake of this burst said something changed without naming what: every change
    /// then waits for the quiet period.
    private var unnamed = false

    init(quiet: Int64, longest: Int64) {
        self.quiet = quiet
        self.longest = longest
    }

    /// Records `changes` seen at `now`, with what the system said at the wake that found
    /// them (`wake`; a poll says nothing). A file added then changed is added; added then
    /// removed is nothing; removed then added is changed.
    mutating func record(_ changes: [WatchChange], at now: Int64, wake: WatchDriver.Wake = .timedOut) {
        for change in changes {
            switch (pending[change.path], change.kind) {
            case (.added?, .changed): break
            case (.added?, .removed): pending[change.path] = nil
            case (.removed?, .added): pending[change.path] = .changed
            default: pending[change.path] = change.kind
            }
        }
        // Events are read before the snapshot: a file's write may finish at a later wake
        // than the one whose snapshot saw it change.
        switch wake {
        case .changed: unnamed = unnamed || !pending.isEmpty || !changes.isEmpty
        case .entries(let activity):
            for path in pending.keys {
                let entry = WatchTargets.eventEntry(path)
                if activity.finished.contains(entry) {
                    finished[path] = true
                } else if activity.unfinished.contains(entry) {
                    finished[path] = false
                }
            }
        case .timedOut, .stop: break
        }
        guard !changes.isEmpty else { return }
        first = first ?? now
        last = now
    }

    /// Whether every pending change is a save the system saw finish.
    var isFinished: Bool {
        !unnamed && !pending.isEmpty && pending.keys.allSatisfy { finished[$0] == true }
    }

    /// When the pending changes are due, or nil when none are pending.
    var deadline: Int64? {
        guard let first, let last else { return nil }
        return isFinished ? last : min(last + quiet, first + longest)
    }

    /// The pending changes, sorted by path, if they are due at `now` (and then forgets
    /// them); nil otherwise. Changes that cancelled out are due as an empty list.
    mutating func takeIfDue(at now: Int64) -> [WatchChange]? {
        guard let deadline, now >= deadline else { return nil }
        let due = pending.map { WatchChange($0.key, $0.value) }.sorted {
            $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }
        pending = [:]
        first = nil
        last = nil
        finished = [:]
        unnamed = false
        return due
    }
}
