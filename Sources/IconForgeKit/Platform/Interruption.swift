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
public enum Interruption {
    /// Kills every render worker, starts no more, and removes this process's temporary
    /// files from the folders its builds hold locked. Whatever was already committed
    /// stays: every output file is renamed into place whole, and `catalog.json` last.
    /// The caller is expected to exit right after; the build's threads are not stopped.
    public static func stopWork() {
        // First: a build thread that finds its worker killed must not go on to commit a
        // catalog of "crashed" glyphs over the good one before the process exits.
        stopping.store(true, ordering: .sequentiallyConsistent)
        WorkerProcess.stopAll()
        // A thread between its check and its `open` finishes creating its file first, so
        // that the removal below sees it; any later one sees `stopping` and creates none.
        while creating.load(ordering: .sequentiallyConsistent) > 0 { sched_yield() }
        let folders = lockedFolders.withLock { Array($0.counts.keys) }
        let ownPrefix = FileSystem.temporaryPrefix + "\(getpid())-"
        for folder in folders { removeTemporaryFiles(under: folder, prefix: ownPrefix, depth: 4) }
    }

    private static let stopping = Atomic<Bool>(false)
    /// Threads creating a temporary file right now.
    private static let creating = Atomic<Int>(0)

    /// Runs `create` (the creation of a temporary file) unless the work was stopped, in
    /// which case it never returns: a file created after `stopWork` listed the folder
    /// would be left behind.
    static func creatingFile<Result, Failure: Error>(_ create: () throws(Failure) -> Result) throws(Failure) -> Result {
        creating.wrappingAdd(1, ordering: .sequentiallyConsistent)
        defer { creating.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        if stopping.load(ordering: .sequentiallyConsistent) {
            creating.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            waitForExitIfStopped()
        }
        return try create()
    }

    /// Never returns once `stopWork` has run: the process is about to exit, and nothing
    /// may be written or committed after the work was stopped (`make sanitize` found a stopped build
    /// replacing the catalog while ThreadSanitizer slowed the exit down).
    static func waitForExitIfStopped() {
        guard stopping.load(ordering: .acquiring) else { return }
        while true { pause() }
    }

    private struct LockedFolders {
        var counts: [String: Int] = [:]
    }

    /// The folders this process's builds hold a `FolderLock` on: where their temporary
    /// files are (an asset catalog's may be in its subfolders).
    private static let lockedFolders = Lock(LockedFolders())

    static func locked(_ folder: String) {
        lockedFolders.withLock { $0.counts[folder, default: 0] += 1 }
    }

    static func unlocked(_ folder: String) {
        lockedFolders.withLock { state in
            let count = (state.counts[folder] ?? 1) - 1
            state.counts[folder] = count > 0 ? count : nil
        }
    }

    private static func removeTemporaryFiles(under folder: String, prefix: String, depth: Int) {
        guard let names = try? FileSystem.contents(ofFolder: folder) else { return }
        for name in names {
            let path = folder + "/" + name
            if name.hasPrefix(prefix) {
                unlink(path)
            } else if depth > 0, FileSystem.kind(of: path) == .directory {
                removeTemporaryFiles(under: path, prefix: prefix, depth: depth - 1)
            }
        }
    }
}
