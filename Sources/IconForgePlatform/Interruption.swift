import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// Stopping a build from outside: what the executable does when SIGTERM or SIGINT arrives,
/// before it exits. The library never catches a signal itself (that is process-wide, and
/// the executable's); it only knows what a build has running and half-written.
package enum Interruption {
    /// Kills every render worker, starts no more, and removes every temporary file this
    /// process created and has not yet renamed or removed, and its private folders
    /// (`ScratchFolder`). Whatever was already committed stays: every output file is
    /// renamed into place whole, and a transaction's commit point last.
    /// The caller is expected to exit right after; the build's threads are not stopped.
    package static func stopWork() {
        // First: a build thread that finds its worker killed must not go on to commit a
        // catalog of "crashed" glyphs over the good one before the process exits.
        stopping.store(true, ordering: .sequentiallyConsistent)
        WorkerProcess.stopAll()
        // A thread between its check and its `open` finishes creating (and registering) its
        // file first, so that the removal below sees it; any later one sees `stopping` and
        // creates none.
        while creating.load(ordering: .sequentiallyConsistent) > 0 { sched_yield() }
        for temporary in temporaries.withLock({ $0 }) { unlink(temporary) }
        for folder in scratchFolders.withLock({ $0 }) { ScratchFolder.removeTree(folder) }
    }

    /// The commit points (`StagedWrites`) that a transaction of this process removed, before
    /// replacing files they describe, and has not yet put back: what a stop leaves missing,
    /// for the stop's message. Asked of the disk, for the transactions under way: each is
    /// marked before its commit point is removed and cleared once the new one is in place.
    package static var missingCommitPoints: [String] {
        removedCommitPoints.withLock { $0 }.filter { FileSystem.kind(of: $0) == .missing }.sorted()
    }

    /// A transaction is about to remove the commit point at `path` before replacing files it describes.
    static func commitPointRemoved(_ path: String) {
        removedCommitPoints.withLock { _ = $0.insert(path) }
    }

    /// A transaction renamed its new commit point into place at `path`.
    static func commitPointPlaced(_ path: String) {
        removedCommitPoints.withLock { _ = $0.remove(path) }
    }

    private static let removedCommitPoints = Lock(Set<String>())

    private static let stopping = Atomic<Bool>(false)
    /// Threads creating a temporary file right now.
    private static let creating = Atomic<Int>(0)
    /// This process's temporary files not yet renamed into place or removed, wherever they
    /// are (an output folder, an asset catalog's groups, the app's own folders).
    private static let temporaries = Lock(Set<String>())

    /// Runs `create` (the creation of a temporary file) and registers the file for a stop to
    /// remove; once the work was stopped, it never returns instead: a file created after
    /// `stopWork` took the list would be left behind.
    static func creatingTemporaryFile<Failure: Error>(
        _ create: () throws(Failure) -> (path: String, descriptor: Int32)
    ) throws(Failure) -> (path: String, descriptor: Int32) {
        try whileCreating { () throws(Failure) in
            let created = try create()
            temporaries.withLock { _ = $0.insert(created.path) }
            return created
        }
    }

    /// Runs `create`, which creates something a stop removes (a temporary file, a private
    /// folder or a file in one), so that a stop waits for it to finish before it removes
    /// anything; once the work was stopped, it never returns instead.
    static func whileCreating<Value, Failure: Error>(_ create: () throws(Failure) -> Value) throws(Failure) -> Value {
        creating.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { creating.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        if stopping.load(ordering: .sequentiallyConsistent) {
            creating.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            waitForExitIfStopped()
        }
        return try create()
    }

    /// This process's private folders (`ScratchFolder`) not yet removed.
    private static let scratchFolders = Lock(Set<String>())

    static func scratchFolderCreated(_ path: String) {
        scratchFolders.withLock { _ = $0.insert(path) }
    }

    static func scratchFolderRemoved(_ path: String) {
        scratchFolders.withLock { _ = $0.remove(path) }
    }

    /// A temporary file renamed into place or removed: no longer a stop's to remove.
    static func settled(_ temporary: String) {
        temporaries.withLock { _ = $0.remove(temporary) }
    }

    /// The registered temporary files in `folder` (for tests: a long watch session must not
    /// accumulate names of files long renamed).
    static func registeredTemporaries(in folder: String) -> [String] {
        temporaries.withLock { $0.filter { $0.parentPath == folder } }
    }

    /// Never returns once `stopWork` has run: the process is about to exit, and nothing
    /// may be written or committed after the work was stopped (`make sanitize` found a stopped build
    /// replacing the catalog while ThreadSanitizer slowed the exit down), nor reported: a
    /// failure a build meets after the stop removed its temporary files (a rename that finds
    /// its file gone) is the stop's doing, which the stopping thread reports as it exits.
    package static func waitForExitIfStopped() {
        guard stopping.load(ordering: .acquiring) else { return }
        while true { pause() }
    }
}
