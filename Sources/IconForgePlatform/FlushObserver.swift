import Synchronization

/// What the durable writes did, in order: a test seam that shows how often a build waits
/// for the disk, and that every file was flushed before it was renamed into place. Handed
/// to the writes as a value (`BuildProbes.writes`, then `StagedWrites`, `EarlyStaging` and
/// each `FileSystem` call), never found in the task or thread that writes.
package final class FlushObserver: Sendable {
    enum Event: Equatable, Sendable {
        /// One file's data flushed (`fsync`).
        case fileFlushed(String)
        /// Every file written so far on the file system holding this folder flushed at once.
        case fileSystemFlushed(String)
        /// A folder's entries (the renames into it) flushed.
        case folderFlushed(String)
        /// macOS: a file's data or a folder's entries handed to the drive (`fsync`), to be
        /// written by the one F_FULLFSYNC after it; the build does not wait for the disk.
        case handedOver(String)
        /// A temporary file renamed to this path.
        case renamed(String)
        /// A staged file exchanged with the file at this path.
        case exchanged(String)
        /// A file removed.
        case removed(String)
        /// A folder created, or removed once empty.
        case createdFolder(String)
        case removedFolder(String)
    }

    private let recorded = Lock<[Event]>([])

    /// A file name whose staged write fails as on a full disk: a test's stand-in for one.
    let failsWriting: String?

    /// A file name whose rename into place fails.
    let failsRenaming: String?

    /// A file name whose removal fails.
    let failsRemoving: String?

    /// Called after each event, on the thread that caused it, before the build goes on:
    /// what is on disk then is what a build killed at that moment leaves.
    let afterEach: (@Sendable (Event) -> Void)?

    init(
        failsWriting: String? = nil, failsRenaming: String? = nil, failsRemoving: String? = nil,
        afterEach: (@Sendable (Event) -> Void)? = nil
    ) {
        self.failsWriting = failsWriting
        self.failsRenaming = failsRenaming
        self.failsRemoving = failsRemoving
        self.afterEach = afterEach
    }

    func record(_ event: Event) {
        recorded.withLock { $0.append(event) }
        afterEach?(event)
    }

    var events: [Event] { recorded.withLock { $0 } }

    /// How many times the disk was waited for.
    var flushCount: Int {
        events.count {
            switch $0 {
            case .renamed, .exchanged, .removed, .createdFolder, .removedFolder, .handedOver: false
            case .fileFlushed, .fileSystemFlushed, .folderFlushed: true
            }
        }
    }
}
