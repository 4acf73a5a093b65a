/// Gathers the changes of a burst of saves into one run: a run starts once nothing has
/// changed for `quiet` nanoseconds, or `longest` after the first change of the burst,
/// whichever is sooner (an editor that saves continuously still gets a run every so often).
/// Time is whatever the caller says it is, so tests decide it.
struct Debouncer: Sendable {
    var quiet: Int64
    var longest: Int64
    private var pending: [String: WatchChange.Kind] = [:]
    private var first: Int64?
    private var last: Int64?

    init(quiet: Int64, longest: Int64) {
        self.quiet = quiet
        self.longest = longest
    }

    /// Records `changes` seen at `now`. A file added then changed is added; added then
    /// removed is nothing; removed then added is changed.
    mutating func record(_ changes: [WatchChange], at now: Int64) {
        guard !changes.isEmpty else { return }
        for change in changes {
            switch (pending[change.path], change.kind) {
            case (.added?, .changed): break
            case (.added?, .removed): pending[change.path] = nil
            case (.removed?, .added): pending[change.path] = .changed
            default: pending[change.path] = change.kind
            }
        }
        first = first ?? now
        last = now
    }

    /// When the pending changes are due, or nil when none are pending.
    var deadline: Int64? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + longest)
    }

    /// The pending changes, sorted by path, if they are due at `now` (and then forgets
    /// them); nil otherwise. Changes that cancelled out are due as an empty list.
    mutating func takeIfDue(at now: Int64) -> [WatchChange]? {
        guard let deadline, now >= deadline else { return nil }
        let due = pending.map { WatchChange($0.key, $0.value) }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        pending = [:]
        first = nil
        last = nil
        return due
    }
}
