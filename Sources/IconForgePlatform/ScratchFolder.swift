import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A folder of iconforge's own under the system's temporary folder (`TMPDIR`, else /tmp),
/// made with `mkdtemp` (mode 0700, a name no one else holds) and removed with everything
/// in it when the work is done, or when a signal stops the process (`Interruption`). Its
/// name holds the process id (`iconforge-diff-4242-a1B2c3`), so that a later run can
/// remove the folders of a process that was killed (`sweep`).
package struct ScratchFolder: Sendable {
    /// What a folder is for, which names it.
    package enum Purpose: String, Sendable, CaseIterable {
        /// A git revision's configuration and glyphs, built for `iconforge diff`.
        case diff = "iconforge-diff"
        /// A program's standard streams (`Subprocess`).
        case run = "iconforge-run"
    }

    package var path: String

    /// Makes a new folder; the first one a process makes first removes those left by
    /// processes that no longer exist.
    package static func create(_ purpose: Purpose) throws(FileError) -> ScratchFolder {
        let environment = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let parent = environment.hasSuffix("/") ? String(environment.dropLast()) : environment
        if !swept.exchange(true, ordering: .relaxed) { sweep(parent) }
        // Registered inside the stop's critical section, so a stop removes it or it is never made.
        return try Interruption.whileCreating { () throws(FileError) -> ScratchFolder in
            var template = Array((parent + "/\(purpose.rawValue)-\(getpid())-XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) != nil }
            guard made else { throw FileError(path: parent, errno: errno, action: "create a temporary folder in") }
            let folder = ScratchFolder(
                path: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            Interruption.scratchFolderCreated(folder.path)
            return folder
        }
    }

    /// Writes a new file at `relative` inside the folder, creating the folders on its way.
    /// Not flushed: the folder is private and thrown away, so durability buys nothing, and
    /// a base of 1,000 glyphs would otherwise wait for 1,000 flushes. Resolved one name at
    /// a time from the folder's own descriptor, never through a symlink and never over a
    /// file that is there: whatever `relative` holds, nothing is written outside.
    package func write(_ bytes: [UInt8], to relative: String) throws(FileError) {
        var names = try Self.names(of: relative, in: path)
        let name = names.removeLast()
        try Interruption.whileCreating { () throws(FileError) in
            try withFolder(names) { (folder, folderPath) throws(FileError) in
                let target = folderPath + "/" + name
                let descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                guard descriptor >= 0 else { throw FileError(path: target, errno: errno, action: "create") }
                defer { close(descriptor) }
                try FileSystem.writeAll(bytes, to: descriptor, path: target, observer: nil)
            }
        }
    }

    /// Creates the folder `relative` inside the folder, and those on its way.
    package func createFolder(_ relative: String) throws(FileError) {
        let names = try Self.names(of: relative, in: path)
        try Interruption.whileCreating { () throws(FileError) in try withFolder(names) { _, _ in } }
    }

    /// Removes the folder and everything in it. Symlinks inside are removed, never followed.
    package func remove() {
        Self.removeTree(path)
        Interruption.scratchFolderRemoved(path)
    }

    /// `relative`'s names: none empty, `.`, `..` or holding a NUL, so each is an entry of
    /// the folder before it. Split at each "/" byte, as the kernel reads a path: a String
    /// splits by Character, and "/" followed by a combining mark (`../\u{301}x`) is none.
    package static func names(of relative: String, in path: String) throws(FileError) -> [String] {
        let names = relative.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        guard !names.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." || $0.utf8.contains(0) }) else {
            throw FileError(path: path + "/" + relative, message: "is not a path inside the temporary folder")
        }
        return names
    }

    /// Lends `body` a descriptor of the folder `names` lead to from this one, opened one
    /// name at a time with O_NOFOLLOW (a symlink on the way is refused, not followed),
    /// creating each missing one (mode 0700).
    private func withFolder(_ names: [String], _ body: (Int32, String) throws(FileError) -> Void) throws(FileError) {
        var descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno, action: "open folder") }
        defer { close(descriptor) }
        var reached = path
        for name in names {
            reached += "/" + name
            if mkdirat(descriptor, name, 0o700) != 0, errno != EEXIST {
                throw FileError(path: reached, errno: errno, action: "create folder")
            }
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw FileError(path: reached, errno: errno, action: "open folder") }
            close(descriptor)
            descriptor = next
        }
        try body(descriptor, reached)
    }

    /// Whether this process has looked for folders left by others.
    private static let swept = Atomic<Bool>(false)

    /// Removes from `parent` the folders named for a process that no longer exists (a
    /// build killed by SIGKILL, or one that crashed, had no time to remove its own): only
    /// real folders (not symlinks) of this user's, and never one of a live process.
    static func sweep(_ parent: String) {
        for name in (try? FileSystem.contents(ofFolder: parent)) ?? [] {
            guard let pid = process(named: name), pid != getpid() else { continue }
            // ESRCH: no such process. EPERM means one exists, someone else's.
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            guard lstat(parent + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid()
            else { continue }
            removeTree(parent + "/" + name)
        }
    }

    /// The process id in a folder's name (`iconforge-diff-4242-a1B2c3`); nil for any name
    /// `create` does not make.
    static func process(named name: String) -> pid_t? {
        guard let purpose = Purpose.allCases.first(where: { name.hasPrefix($0.rawValue + "-") }) else { return nil }
        let parts = name.dropFirst(purpose.rawValue.count + 1).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, parts[0].allSatisfy(\.isASCIIDigit), let pid = pid_t(parts[0]),
            pid > 0
        else { return nil }
        return pid
    }

    static func removeTree(_ path: String) {
        if case .directory = FileSystem.kind(of: path) {
            for name in (try? FileSystem.contents(ofFolder: path)) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
