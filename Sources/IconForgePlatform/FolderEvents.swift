internal import CPlatformShim

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// The operating system's word that something in a set of folders changed: inotify on
/// Linux, kqueue on macOS (see `cplatformshim_watch_open`). It wakes a watch, and on Linux
/// says which entries it saw a write of finish (`Activity`), so that a finished save need
/// not wait for the quiet period; what changed is still found by comparing snapshots
/// (`WatchSnapshot`), so an event this misses (a file rewritten in place on macOS, a folder
/// created after the watch began) is still seen at the next poll.
///
/// Watching folders, never files, is what survives editors that save by writing a new file
/// and renaming it over the old one: the old file's inode goes, the folder stays.
package final class FolderEvents {
    private let descriptor: Int32
    /// Folder → the handle `cplatformshim_watch_add` returned for it.
    private var handles: [String: Int32] = [:]

    /// Folders the system would not watch at the last `watch`, with why.
    package private(set) var refused: [String: Refusal] = [:]

    /// Why a folder is not watched for events (it is still looked at every poll).
    package enum Refusal: Equatable, Sendable {
        /// Out of descriptors (EMFILE, ENFILE): macOS holds one per folder watched.
        case tooManyOpenFiles
        /// Linux's limit on inotify watches (ENOSPC).
        case tooManyWatches
        /// Anything else, as the system describes it.
        case other(String)
    }

    /// The soft limit on open descriptors once raised to the hard limit (see
    /// `cplatformshim_raise_descriptor_limit`), nil when it cannot be read. Raised once, by
    /// the first watch.
    package static let descriptorLimit: Int? = {
        let limit = cplatformshim_raise_descriptor_limit()
        return limit < 0 ? nil : Int(clamping: limit)
    }()

    /// Nil when the system offers no events (too many inotify instances, say): the watch
    /// then polls.
    package init?() {
        _ = Self.descriptorLimit
        let descriptor = cplatformshim_watch_open()
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        for handle in handles.values { cplatformshim_watch_remove(descriptor, handle) }
        close(descriptor)
    }

    /// Watches exactly `folders` from now on (those that exist; one created later is
    /// watched from the next call, and seen by polling until then).
    package func watch(_ folders: Set<String>) {
        for (folder, handle) in handles where !folders.contains(folder) {
            cplatformshim_watch_remove(descriptor, handle)
            handles[folder] = nil
        }
        refused = [:]
        for folder in folders where handles[folder] == nil {
            let handle = cplatformshim_watch_add(descriptor, folder)
            if handle >= 0 {
                handles[folder] = handle
            } else {
                switch errno {
                case ENOENT, ENOTDIR: break  // not there (yet): polling sees it come
                case EMFILE, ENFILE: refused[folder] = .tooManyOpenFiles
                case ENOSPC: refused[folder] = .tooManyWatches
                case let code: refused[folder] = .other(String(cString: strerror(code)))
                }
            }
        }
    }

    /// What to tell the user when some folders are not watched for events, nil when all
    /// are: how many, why, and what to do about it.
    package var notice: String? {
        Self.notice(
            refused: refused.count, because: refused.values.sorted { "\($0)" < "\($1)" }.first,
            descriptorLimit: Self.descriptorLimit)
    }

    package static func notice(refused count: Int, because reason: Refusal?, descriptorLimit: Int?) -> String? {
        guard count > 0, let reason else { return nil }
        let folders = count == 1 ? "1 folder is" : "\(count) folders are"
        let why: String
        switch reason {
        case .tooManyOpenFiles:
            let limit =
                descriptorLimit.map { " (\($0), raised to the hard limit; macOS needs one per folder watched)" } ?? ""
            why =
                "too many open files\(limit); to watch them all, raise the hard limit (`ulimit -Hn 10240` as root, or `sudo launchctl limit maxfiles 10240 unlimited` on macOS) and start the watch again"
        case .tooManyWatches:
            why =
                "the system's limit on inotify watches is reached; raise it (`sudo sysctl fs.inotify.max_user_watches=524288`) and start the watch again"
        case .other(let description):
            why = description.prefix(1).lowercased() + description.dropFirst()
        }
        return "iconforge: \(folders) not watched for events, only looked at every second: \(why)"
    }

    /// The folders watched now.
    var watched: Set<String> { Set(handles.keys) }

    /// What a wait ended with.
    package enum Wake: Equatable {
        /// Something changed: `Activity` says what the system named, nil when it did not
        /// name every entry (macOS's kqueue never does).
        case changed(Activity?)
        case timedOut
        /// The system stopped delivering events: the caller should poll instead.
        case failed
    }

    /// What the events of one wait said of the entries they named, each as
    /// "folder/name" (the folder as given to `watch`), by its last event: whether a write
    /// of it was seen to finish. An entry whose events only changed its attributes (mode,
    /// times) is in neither set: that says nothing of its bytes.
    package struct Activity: Equatable, Sendable {
        /// Closed after being written (Linux's IN_CLOSE_WRITE), or renamed into place
        /// (IN_MOVED_TO): a finished save.
        package var finished: Set<String> = []
        /// Created, written to, moved away or removed, and not finished since.
        package var unfinished: Set<String> = []
        /// Whose attributes alone changed (IN_ATTRIB: a time set, a mode changed): no write,
        /// so neither finished nor not, but changed all the same.
        package var attributes: Set<String> = []

        package init(finished: Set<String> = [], unfinished: Set<String> = [], attributes: Set<String> = []) {
            self.finished = finished
            self.unfinished = unfinished
            self.attributes = attributes
        }

        /// Every entry named.
        package var named: Set<String> { finished.union(unfinished).union(attributes) }
    }

    /// Whether this system's events name the entries that changed and say which saves
    /// finished (`Activity`): Linux's inotify does, macOS's kqueue names only the folder.
    #if canImport(Darwin)
        package static let namesEntries = false
    #elseif canImport(Glibc) || canImport(Musl)
        package static let namesEntries = true
    #else
        #error("say whether this system's folder events name their entries")
    #endif

    /// Room for this many events per read of the queue; a wait that finds more reports
    /// them as not all named (`changed(nil)`), which only costs the watch its shortcut.
    private static let eventCapacity = 256
    private var events = [cplatformshim_watch_event](
        repeating: cplatformshim_watch_event(), count: FolderEvents.eventCapacity)

    /// Waits until something changes in a watched folder or `milliseconds` pass.
    package func wait(milliseconds: Int) -> Wake {
        var count: Int32 = 0
        let (result, _) = events.withUnsafeMutableBufferPointer { buffer in
            SystemCall.retryingInterrupts {
                cplatformshim_watch_wait(
                    descriptor, Int32(clamping: milliseconds), buffer.baseAddress, Int32(buffer.count), &count)
            }
        }
        guard result > 0 else { return result == 0 ? .timedOut : .failed }
        var folders: [Int32: [String]] = [:]
        for (folder, handle) in handles { folders[handle, default: []].append(folder) }
        var activity = Activity()
        for event in events.prefix(Int(count)) {
            // An entry of a folder no longer watched (its last events) is not named either.
            guard event.kind != CPLATFORMSHIM_WATCH_UNNAMED, let named = folders[event.handle] else {
                return .changed(nil)
            }
            let name = withUnsafeBytes(of: event.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // Two spellings of one folder share its handle.
            for folder in named {
                let entry = folder + "/" + name
                if event.kind == CPLATFORMSHIM_WATCH_ATTRIBUTES {
                    activity.attributes.insert(entry)
                } else if event.kind == CPLATFORMSHIM_WATCH_FINISHED {
                    activity.finished.insert(entry)
                    activity.unfinished.remove(entry)
                } else {
                    activity.unfinished.insert(entry)
                    activity.finished.remove(entry)
                }
            }
        }
        return .changed(activity)
    }
}
