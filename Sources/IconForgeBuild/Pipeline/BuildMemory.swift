/// What `--watch` keeps between the builds (or checks) of one session, so that saving one
/// glyph of a thousand costs about what that glyph costs (`BuildRequest.memory`).
///
/// Nothing here is trusted over the disk: a build's state is taken from memory only when
/// the state file still holds the bytes remembered with it (`StateMemory`), and a glyph is
/// reused only when its source's size and time, or its SHA-256, are as recorded, exactly
/// as a build reuses what the state file records.
package final class BuildMemory: Sendable {
    /// The last build state this session wrote or read, and each glyph entry's JSON.
    package let state = StateMemory()
    /// Render workers left idle by the last build, for the next to use.
    package let workers = WorkerPool()
    /// A check writes no state: its entries, kept here, are what lets the next check of the
    /// session check only the glyphs that changed.
    private let checked = Lock<BuildState?>(nil)
    /// The watch's snapshot taken just before the run it starts, for that run's first build.
    private let watched = Lock<WatchSnapshot?>(nil)

    package init() {}

    /// The last check's entries, as a previous build's state, when it ran with these options.
    func lastCheck(buildKey: String) -> BuildState? {
        checked.withLock { $0?.buildKey == buildKey ? $0 : nil }
    }

    /// What the watch saw just before the run it is about to start (`WatchLoop.willRun`).
    func watchSaw(_ snapshot: WatchSnapshot) {
        watched.withLock { $0 = snapshot }
    }

    /// The sources the watch saw just before this run, taken once (a later build of the
    /// same run looks for itself). A change made since is in no build's record yet: the
    /// watch compares its next snapshot with this one, and runs again.
    func takeWatchedSources() -> WatchSnapshot? {
        watched.withLock { snapshot in
            defer { snapshot = nil }
            return snapshot
        }
    }

    func rememberCheck(_ catalog: Catalog, outcomes: [GlyphOutcome]) {
        var signatures: [String: FileSignature] = [:]
        for outcome in outcomes { signatures[outcome.source.name] = outcome.sourceSignature }
        let state = BuildState(
            buildKey: catalog.buildKey, catalogSHA256: "", glyphs: catalog.glyphs, sourceSignatures: signatures)
        checked.withLock { $0 = state }
    }
}
