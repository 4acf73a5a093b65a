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
/// Linux, kqueue on macOS (see `cplatformshim_watch_open`). It only wakes a watch; what
/// changed is found by comparing snapshots (`WatchSnapshot`), so an event this misses (a
/// file rewritten in place on macOS, a folder created after the watch began) is still seen
/// at the next poll.
///
/// Watching folders, never files, is what survives editors that save by writing a new file
/// and renaming it over the old one: the old file's inode goes, the folder stays.
package final class FolderEvents {
    private let descriptor: Int32
    /// Folder → the handle `cplatformshim_watch_add` returned for it.
    private var handles: [String: Int32] = [:]

    /// Nil when the system offers no events (too many inotify instances, say): the watch
    /// then polls.
    package init?() {
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
        for folder in folders where handles[folder] == nil {
            let handle = cplatformshim_watch_add(descriptor, folder)
            if handle >= 0 { handles[folder] = handle }
        }
    }

    /// The folders watched now.
    var watched: Set<String> { Set(handles.keys) }

    /// What a wait ended with.
    package enum Wake: Equatable {
        case changed, timedOut
        /// The system stopped delivering events: the caller should poll instead.
        case failed
    }

    /// Waits until something changes in a watched folder or `milliseconds` pass.
    package func wait(milliseconds: Int) -> Wake {
        while true {
            let result = cplatformshim_watch_wait(descriptor, Int32(clamping: milliseconds))
            if result < 0, errno == EINTR { continue }
            return result > 0 ? .changed : result == 0 ? .timedOut : .failed
        }
    }
}
