internal import CPlatformShim
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

/// The few file-system operations iconforge needs done exactly: reads that never block on
/// a FIFO or follow a device, and writes that are atomic and durable.
package enum FileSystem {
    /// What kind of thing a path names, without following a final symlink.
    package enum Kind: Equatable, Sendable {
        case regular(size: Int)
        case directory
        case symlink
        case other(String)
        case missing
    }

    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        return Kind(mode: info.st_mode, size: Int(info.st_size))
    }

    /// What a path names, following symlinks.
    package static func kind(followingSymlinksOf path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : kind(of: path)
    }

    /// A regular file's size and modification time, or nil if the path is not a regular
    /// file (with `followingSymlinks` false, a symlink is not one).
    package static func signature(of path: String, followingSymlinks: Bool = true) -> FileSignature? {
        var info = stat()
        let status = followingSymlinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 ? FileSignature(info) : nil
    }

    /// The device (file system) that holds a path.
    static func device(of path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_dev) : nil
    }

    /// Nanoseconds since the epoch, by the wall clock (for comparing with file times).
    package static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time.nanoseconds
    }

    /// Whether the resolved path `target` lies inside the resolved folder `root`.
    package static func isPath(_ target: String, inside root: String) -> Bool {
        target.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The canonical absolute path with every symlink resolved, or nil if it does not exist.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads a regular file of at most `limit` bytes. Opens without blocking, so a FIFO
    /// cannot hang the build, and checks the type of what was opened (not of what the
    /// path named a moment before). With `followingSymlinks` false, a symlink is refused
    /// with `FileError.isSymlink`, so the caller can decide whether to follow it.
    package static func readRegularFile(_ path: String, limit: Int, followingSymlinks: Bool = true) throws(FileError)
        -> [UInt8]
    {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingSymlinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else {
            var failure = FileError(path: path, errno: errno, action: "open")
            failure.isSymlink = errno == ELOOP && !followingSymlinks
            throw failure
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, errno: errno, action: "stat") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            var failure = FileError(path: path, message: "not a regular file")
            failure.notRegular = Kind(mode: info.st_mode)
            throw failure
        }
        guard Int(info.st_size) <= limit else {
            throw FileError(
                path: path, message: "file is \(info.st_size) bytes, over the \(limit)-byte limit", isLimit: true)
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let (got, error) = SystemCall.retryingInterrupts {
                bytes.withUnsafeMutableBytes { buffer in
                    read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                }
            }
            if got < 0 { throw FileError(path: path, errno: error, action: "read") }
            if got == 0 { break }
            count += got
            // The file grew while being read: keep reading, within the limit.
            if count == bytes.count {
                guard bytes.count <= limit else {
                    throw FileError(path: path, message: "file grew past the \(limit)-byte limit", isLimit: true)
                }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Writes `bytes` to `path` atomically: into a temporary file in the same folder,
    /// flushed to disk, then renamed over `path`, so a reader sees the old file or the
    /// new one and never a partial one. (Many files at once: `StagedWrites`, which pays for
    /// one flush of the file system instead of one per file.)
    /// Returns the written file's size and time, as they were when the bytes were flushed
    /// (a later change by anyone else shows as a different signature).
    @discardableResult
    /// `mode`: permissions to give the file instead of those the umask gives. `observer`:
    /// a test's (`BuildProbes.writes`), told of each step, which may fail it; nil otherwise,
    /// as for every write here.
    package static func writeAtomically(
        _ bytes: some Collection<UInt8>, to path: String, mode: UInt32? = nil, observer: FlushObserver? = nil
    ) throws(FileError) -> FileSignature? {
        if isStream(path) {
            try writeThrough(bytes, to: path)
            return nil
        }
        let (temporary, descriptor) = try createTemporaryFile(for: path)
        let flushed: FileSignature?
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: path, observer: observer)
            if let mode, fchmod(descriptor, mode_t(mode)) != 0 {
                throw FileError(path: path, errno: errno, action: "keep the permissions of")
            }
            guard fsync(descriptor) == 0 else { throw FileError(path: path, errno: errno, action: "flush") }
            observer?.record(.fileFlushed(path))
            var info = stat()
            flushed = fstat(descriptor, &info) == 0 ? FileSignature(info) : nil
            close(descriptor)
        } catch {
            close(descriptor)
            removeTemporary(temporary)
            throw error
        }
        try renameIntoPlace(temporary, path, observer: observer)
        return flushed
    }

    /// A fresh temporary file beside `path`, open for writing, created with the mode
    /// 0666 that the process's umask then narrows (as `cp` and `touch` do: a group-writable
    /// umask gives group-writable outputs).
    static func createTemporaryFile(for path: String) throws(FileError) -> (path: String, descriptor: Int32) {
        // A fresh, unguessable name, created exclusively and never through a symlink: a
        // link planted under a predictable name must not redirect the write elsewhere.
        // None after the work was stopped: its clean-up may already have run.
        try Interruption.creatingTemporaryFile { () throws(FileError) in
            var temporary = ""
            var descriptor: Int32 = -1
            for _ in 0..<8 {
                temporary =
                    path.parentPath + "/" + temporaryPrefix + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))-"
                    + path.lastPathComponent
                descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                if descriptor >= 0 || errno != EEXIST { break }
            }
            guard descriptor >= 0 else { throw FileError(path: path, errno: errno, action: "create") }
            return (temporary, descriptor)
        }
    }

    /// Writes `bytes` to a new temporary file beside `path`, not flushed, and returns its
    /// name and signature; on failure nothing is left behind.
    static func writeTemporaryFile(
        _ bytes: some Collection<UInt8>, for path: String, observer: FlushObserver?
    ) throws(FileError) -> (path: String, signature: FileSignature?) {
        let (temporary, descriptor) = try createTemporaryFile(for: path)
        defer { close(descriptor) }
        do throws(FileError) {
            try writeAll(bytes, to: descriptor, path: path, observer: observer)
        } catch {
            removeTemporary(temporary)
            throw error
        }
        var info = stat()
        return (temporary, fstat(descriptor, &info) == 0 ? FileSignature(info) : nil)
    }

    /// `observer`: a test's, whose `failsWriting` names a file that fails as on a full disk.
    static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32, path: String, observer: FlushObserver?)
        throws(FileError)
    {
        if let observer, observer.failsWriting == path.lastPathComponent {
            throw FileError(path: path, errno: ENOSPC, action: "write")
        }
        if let error = SystemCall.writeAll(Array(bytes), to: descriptor) {
            throw FileError(path: path, errno: error, action: "write")
        }
    }

    /// Whether `path` is (or links to) a character device or a pipe, such as /dev/null,
    /// /dev/stdout or a named pipe: a place bytes are sent to, not a file to replace.
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFCHR || info.st_mode & S_IFMT == S_IFIFO
    }

    /// Sends `bytes` to a device or pipe the person named (`-o /dev/null`, `-o /dev/stdout`):
    /// renaming a file over it would replace the system's device with a file. A pipe nobody
    /// reads is refused at once rather than waited on.
    static func writeThrough(_ bytes: some Collection<UInt8>, to path: String) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENXIO {
                throw FileError(path: path, message: "is a pipe that nothing reads; start its reader first")
            }
            throw FileError(path: path, errno: errno, action: "open for writing")
        }
        defer { close(descriptor) }
        // Blocking again: a full pipe waits for its reader instead of failing the write.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        try writeAll(bytes, to: descriptor, path: path, observer: nil)
    }

    /// Refuses to rename or exchange onto anything but a file or a symlink (or nothing): a
    /// device, pipe, socket or folder at an output's path is never replaced.
    static func checkReplaceable(_ path: String) throws(FileError) {
        switch kind(of: path) {
        case .missing, .regular, .symlink: return
        case .directory:
            throw FileError(
                path: path, message: "is a folder; iconforge writes a file there only where there is none or a file")
        case .other(let what):
            throw FileError(
                path: path, message: "is \(what); iconforge replaces only files, never this: name a file instead")
        }
    }

    static func renameIntoPlace(_ temporary: String, _ path: String, observer: FlushObserver?) throws(FileError) {
        do throws(FileError) { try checkReplaceable(path) } catch {
            removeTemporary(temporary)
            throw error
        }
        if let observer, observer.failsRenaming == path.lastPathComponent {
            removeTemporary(temporary)
            throw FileError(path: path, errno: EIO, action: "rename into place")
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            removeTemporary(temporary)
            throw FileError(path: path, errno: code, action: "rename into place")
        }
        Interruption.settled(temporary)
        observer?.record(.renamed(path))
    }

    /// Whether two paths name one file or folder, as two names differing only by case (or
    /// Unicode normalisation) do on a case-insensitive file system (APFS, HFS+, FAT): what
    /// decides whether removing one would remove the other. The same device and inode; or,
    /// where the file system numbers each name apart (FUSE's FAT), both names open while
    /// their folder lists only one of them. Links are not followed.
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var one = stat()
        var two = stat()
        guard lstat(first, &one) == 0, lstat(second, &two) == 0 else { return false }
        if one.st_dev == two.st_dev && one.st_ino == two.st_ino { return true }
        guard first.parentPath == second.parentPath, let listed = try? contents(ofFolder: first.parentPath) else {
            return false
        }
        let names = Set(listed.map { Array($0.utf8) })
        return
            !(names.contains(Array(first.lastPathComponent.utf8))
            && names.contains(Array(second.lastPathComponent.utf8)))
    }

    /// Gives a file or folder the name `new` that differs from `old` by case alone (on a
    /// case-insensitive file system, where both name one entry). macOS's rename changes the
    /// stored case itself; where the file system refuses (or Linux's VFS, seeing one entry,
    /// does nothing), the entry goes by way of a temporary name.
    package static func renameCase(_ old: String, to new: String, observer: FlushObserver? = nil) throws(FileError) {
        let listed = (try? contents(ofFolder: new.parentPath)) ?? []
        if rename(old, new) == 0,
            listed.contains(new.lastPathComponent)
                || (try? contents(ofFolder: new.parentPath))?.contains(new.lastPathComponent) == true
        {
            observer?.record(.renamed(new))
            return
        }
        let between = new.parentPath + "/" + temporaryPrefix + "case-" + new.lastPathComponent
        guard rename(old, between) == 0 else { throw FileError(path: old, errno: errno, action: "rename") }
        observer?.record(.renamed(between))
        guard rename(between, new) == 0 else { throw FileError(path: new, errno: errno, action: "rename") }
        observer?.record(.renamed(new))
    }

    /// Swaps the files at `temporary` and `path` in one step (each then holds what the other
    /// held), so that a file someone else may edit is replaced without a moment where a
    /// save could land and then be overwritten: what was swapped out can be compared with
    /// what was read. False when this file system cannot exchange (FAT, some network
    /// shares); nothing changed then.
    static func exchange(_ temporary: String, _ path: String, observer: FlushObserver?) throws(FileError) -> Bool {
        try checkReplaceable(path)
        guard cplatformshim_exchange(temporary, path) == 0 else {
            let code = errno
            if code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP { return false }
            throw FileError(path: path, errno: code, action: "exchange")
        }
        observer?.record(.exchanged(path))
        return true
    }

    /// Removes a temporary file this process created, which a stop then need not remove.
    private static func removeTemporary(_ temporary: String) {
        unlink(temporary)
        Interruption.settled(temporary)
    }

    /// Flushes to disk the data of every file in `temporaries` (all written and closed), with
    /// one barrier for the file system that holds `folder` rather than one per file.
    static func flushFileSystem(holding folder: String, temporaries: [String], observer: FlushObserver?)
        throws(FileError)
    {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: folder, errno: errno, action: "open to flush") }
        defer { close(descriptor) }
        #if canImport(Darwin)
            // macOS has no syncfs, and its fsync hands data to the drive without asking the
            // drive to write its cache: each file is handed over (cheap), then one
            // F_FULLFSYNC makes the drive write everything it holds.
            for temporary in temporaries {
                let file = open(temporary, O_RDONLY | O_CLOEXEC)
                guard file >= 0 else { throw FileError(path: temporary, errno: errno, action: "open to flush") }
                let status = fsync(file)
                close(file)
                guard status == 0 else { throw FileError(path: temporary, errno: errno, action: "flush") }
                observer?.record(.handedOver(temporary))
            }
            guard fcntl(descriptor, F_FULLFSYNC) == 0 || fsync(descriptor) == 0 else {
                throw FileError(path: folder, errno: errno, action: "flush")
            }
        #elseif canImport(Glibc) || canImport(Musl)
            // One syncfs writes every dirty page of the file system, with one journal commit:
            // for 2,000 small PNGs on ext4, a fraction of what 2,000 fsyncs cost. Swift's
            // Glibc module does not declare it (it is a _GNU_SOURCE name), so it is looked up;
            // sync(), the whole machine, stands in where it is missing.
            if let syncfs = linuxSyncfs {
                guard syncfs(descriptor) == 0 else { throw FileError(path: folder, errno: errno, action: "flush") }
            } else {
                sync()
            }
        #else
            #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
        #endif
        observer?.record(.fileSystemFlushed(folder))
    }

    /// The disk made to start writing what is staged on the file system holding a folder, on
    /// a thread of its own, while the build goes on (Linux: a `syncfs` nobody waits for
    /// until `wait`). What the commit then flushes has mostly been written, so the flush it
    /// waits for is short: for 300 glyphs on ext4, the build's one `syncfs` took 7–13 ms
    /// after the catalog was made. Nothing depends on it for durability: the commit flushes
    /// as before. On macOS, whose commit hands each file over itself, it does nothing.
    package final class Writeback: Sendable {
        private let thread: Threads.Background?

        package init(startingOn folder: String) {
            #if canImport(Glibc) || canImport(Musl)
                guard let syncfs = FileSystem.linuxSyncfs else {
                    thread = nil
                    return
                }
                thread = Threads.Background {
                    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard descriptor >= 0 else { return }
                    _ = syncfs(descriptor)
                    close(descriptor)
                }
            #else
                thread = nil
            #endif
        }

        /// Returns once the writing asked for is done (so that no thread outlives the build).
        package func wait() {
            thread?.join()
        }
    }

    /// Flushes the entries (the renames) of every folder in `folders`: one `fsync` for a
    /// single folder; for many (an asset catalog's image sets), one flush per file system
    /// (see FolderFlushPlan).
    static func flushFolders(_ folders: [String], observer: FlushObserver?) throws(FileError) {
        #if canImport(Darwin)
            let darwin = true
        #else
            let darwin = false
        #endif
        for step in FolderFlushPlan.steps(for: folders, darwin: darwin, device: device(of:)) {
            switch step {
            case .syncFolder(let folder): syncFolder(folder, observer: observer)
            case .handOverFolder(let folder): handOver(folder, observer: observer)
            case .flushFileSystem(let folder): try flushFileSystem(holding: folder, temporaries: [], observer: observer)
            }
        }
    }

    /// `fsync` of a folder or file without the drive's cache (macOS), which the one
    /// F_FULLFSYNC after it covers: the build does not wait for the disk here.
    private static func handOver(_ path: String, observer: FlushObserver?) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
        observer?.record(.handedOver(path))
    }

    #if canImport(Glibc) || canImport(Musl)
        private static let linuxSyncfs: (@convention(c) (Int32) -> Int32)? = {
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syncfs") else { return nil }
            return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
        }()
    #endif

    /// Sets the process's file-creation mask and returns the one it replaces.
    @discardableResult
    static func exchangeUmask(_ mask: UInt32) -> UInt32 {
        UInt32(umask(mode_t(mask)))
    }

    /// Sets a file's permission bits (a temporary file of this process's, never a link).
    package static func setPermissions(of path: String, to mode: UInt32) {
        chmod(path, mode_t(mode))
    }

    /// A file's permission bits, or nil if it does not exist.
    package static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & 0o7777
    }

    /// Writes `bytes` atomically unless the file already holds exactly them, so unchanged
    /// outputs keep their modification times; returns whether it wrote.
    @discardableResult
    package static func writeIfChanged(_ bytes: [UInt8], to path: String, observer: FlushObserver? = nil)
        throws(FileError) -> Bool
    {
        try writeIfChangedRecording(bytes, to: path, observer: observer).changed
    }

    /// `writeIfChanged`, also returning the signature of the file known to hold `bytes`:
    /// from when it was written, or, for a file left alone, from before it was compared
    /// (nil if it changed while being compared). A build records these, never a later
    /// `stat`, so that a file someone changes while the build runs is not taken for its own.
    static func writeIfChangedRecording(
        _ bytes: [UInt8], to path: String, observer: FlushObserver?
    ) throws(FileError) -> (changed: Bool, signature: FileSignature?) {
        let before = signature(of: path, followingSymlinks: false)
        if let before, before.size == bytes.count, let existing = try? readRegularFile(path, limit: before.size),
            existing == bytes
        {
            return (false, signature(of: path, followingSymlinks: false) == before ? before : nil)
        }
        return (true, try writeAtomically(bytes, to: path, observer: observer))
    }

    /// Now, by the clock the kernel stamps file times with (coarser than the wall clock
    /// `now()` reads): a file written after this call gets this time or a later one.
    package static func fileTimeNow() -> Int64 {
        // Which clock that is differs by system; see cplatformshim_file_time_now.
        cplatformshim_file_time_now()
    }

    /// Any file's or folder's modification time (ns since the epoch), following symlinks as
    /// Make does; nil when it does not exist.
    package static func modificationTime(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.modificationTime
    }

    /// Sets a file's modification (and access) time, in nanoseconds since the epoch.
    package static func setModificationTime(of path: String, to nanoseconds: Int64) {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]
        utimensat(AT_FDCWD, path, &times, 0)
    }

    /// The prefix of every temporary file iconforge writes; the next build removes strays.
    package static let temporaryPrefix = ".iconforge-tmp-"

    /// Removes the temporary files a killed build left in `folder` (not those in `except`,
    /// by name, which this build is writing); with `forFile`, only those for that file name
    /// (in a folder of the app's, where other files are not iconforge's business). The
    /// caller holds the lock that keeps other builds from writing there.
    package static func removeStrayTemporaryFiles(
        in folder: String, forFile name: String? = nil, except: Set<String> = [], observer: FlushObserver? = nil
    ) {
        for entry in (try? contents(ofFolder: folder)) ?? []
        where entry.hasPrefix(temporaryPrefix) && !except.contains(entry) {
            if let name, !entry.hasSuffix("-" + name) { continue }
            try? remove(folder + "/" + entry, observer: observer)
        }
    }

    /// Flushes a folder's entries (the renames into it) to disk.
    package static func syncFolder(_ path: String, observer: FlushObserver? = nil) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
        observer?.record(.folderFlushed(path))
    }

    /// Removes a folder if it is empty; one that is not empty or already gone is no error.
    package static func removeFolderIfEmpty(_ path: String, observer: FlushObserver? = nil) throws(FileError) {
        if rmdir(path) == 0 {
            observer?.record(.removedFolder(path))
            return
        }
        guard errno == ENOTEMPTY || errno == EEXIST || errno == ENOENT else {
            throw FileError(path: path, errno: errno, action: "remove folder")
        }
    }

    /// Creates `path` and its parents as needed.
    package static func createFolder(_ path: String, observer: FlushObserver? = nil) throws(FileError) {
        if case .directory = kind(followingSymlinksOf: path) { return }
        let parent = path.parentPath
        if parent != path, parent != ".", parent != "/", kind(followingSymlinksOf: parent) == .missing {
            try createFolder(parent, observer: observer)
        }
        if mkdir(path, 0o777) == 0 {
            observer?.record(.createdFolder(path))
        } else if errno != EEXIST {
            throw FileError(path: path, errno: errno, action: "create folder")
        }
        guard case .directory = kind(followingSymlinksOf: path) else {
            throw FileError(path: path, message: "exists and is not a folder")
        }
    }

    /// Removes a file; a file already gone is not an error.
    package static func remove(_ path: String, observer: FlushObserver? = nil) throws(FileError) {
        if let observer, observer.failsRemoving == path.lastPathComponent {
            throw FileError(path: path, errno: EIO, action: "remove")
        }
        guard unlink(path) == 0 || errno == ENOENT else { throw FileError(path: path, errno: errno, action: "remove") }
        if path.lastPathComponent.hasPrefix(temporaryPrefix) { Interruption.settled(path) }
        observer?.record(.removed(path))
    }

    /// The names in a folder, unsorted.
    package static func contents(ofFolder path: String) throws(FileError) -> [String] {
        guard let folder = opendir(path) else { throw FileError(path: path, errno: errno, action: "list folder") }
        defer { closedir(folder) }
        var names: [String] = []
        // The name is read in place, up to its NUL: a dirent at the end of readdir's buffer
        // can be shorter than the struct (its d_reclen), so copying the whole 256-byte
        // d_name would read past it (AddressSanitizer: heap-buffer-overflow).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        while let entry = readdir(folder) {
            let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

extension FileSystem.Kind {
    init(mode: mode_t, size: Int = 0) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular(size: size)
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symlink
        case S_IFIFO: self = .other("a FIFO")
        case S_IFCHR, S_IFBLK: self = .other("a device")
        case S_IFSOCK: self = .other("a socket")
        default: self = .other("not a regular file")
        }
    }
}

/// A file's size and modification time (nanoseconds since the epoch).
package struct FileSignature: Equatable, Sendable, Codable {
    package var size: Int
    package var modified: Int64
    /// The file's inode: another file moved into its place (`mv` keeps sizes and times, so
    /// two glyphs swapped by name could look unchanged) has another one, as git's index
    /// notices too.
    package var inode: UInt64 = 0

    package init(size: Int, modified: Int64, inode: UInt64 = 0) {
        self.size = size
        self.modified = modified
        self.inode = inode
    }
}

extension FileSignature {
    /// A regular file's signature; nil for anything else.
    fileprivate init?(_ info: stat) {
        guard info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(size: Int(info.st_size), modified: info.modificationTime, inode: UInt64(info.st_ino))
    }
}

/// An exclusive lock on a folder, held until the value is released. Two builds into the
/// same output folder take turns instead of interleaving their writes; the lock goes away
/// with the process that holds it, so a killed build never leaves the folder locked.
package final class FolderLock {
    private let descriptor: Int32

    package static let fileName = ".iconforge-lock"

    /// Why the lock file in `folder` could not be made: a folder that cannot be written
    /// (permissions, a read-only file system) is named as the output folder it is.
    static func openError(folder: String, errno code: Int32, lockExists: Bool = false) -> FileError {
        let reason = String(cString: strerror(code))
        if code == ELOOP {
            return FileError(
                path: folder + "/" + fileName,
                message:
                    "is a symbolic link; iconforge never opens its lock file through a link (it would create or lock the file the link names): remove the link"
            )
        }
        guard [EACCES, EPERM, EROFS].contains(code) else {
            return FileError(path: folder + "/" + fileName, errno: code, action: "open the lock file")
        }
        return FileError(
            path: folder,
            message: lockExists
                ? "the output folder is not writable (\(reason)); make it writable, or build into another folder with -o"
                : "the output folder is not writable: cannot create \(fileName) in it (\(reason)); make it writable, or build into another folder with -o"
        )
    }

    /// Waits until no other process holds the lock on `folder`, then takes it; `onWait` is
    /// called once, before waiting, when the lock is not free at once. Without `lockFile`
    /// the folder itself is locked (`flock` takes a folder's descriptor on Linux and macOS)
    /// and no file is made in it: for a folder that is the app's, such as an asset catalog.
    package init(_ folder: String, lockFile: Bool = true, onWait: () -> Void = {}) throws(FileError) {
        let path = lockFile ? folder + "/" + Self.fileName : folder
        // Never through a symlink: a committed `Output/.iconforge-lock -> /any/path` would make
        // the build create (or lock) the file it names.
        descriptor =
            lockFile
            ? open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            : open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw lockFile
                ? Self.openError(folder: folder, errno: code, lockExists: Self.exists(path))
                : FileError(path: path, errno: code, action: "open")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK { onWait() }
        let (locked, error) = SystemCall.retryingInterrupts { flock(descriptor, LOCK_EX) }
        if locked != 0 {
            close(descriptor)
            throw FileError(path: path, errno: error, action: "lock")
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

/// Folders held open, so that a `stat` of a file in one looks up only the file's name
/// instead of walking its whole path: on a no-op build, which stats every source and
/// output, path walking was a sixth of the work.
package final class OpenFolders: Sendable {
    private let descriptors: [String: Int32]

    /// Opens each folder that can be opened, up to `limit` of them (many single files from
    /// many folders must not use up the process's descriptors); files elsewhere are looked
    /// up by path.
    package init(_ folders: some Sequence<String>, limit: Int = 64) {
        var descriptors: [String: Int32] = [:]
        for folder in folders where descriptors[folder] == nil && descriptors.count < limit {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 { descriptors[folder] = descriptor }
        }
        self.descriptors = descriptors
    }

    deinit {
        for descriptor in descriptors.values { close(descriptor) }
    }

    /// The signature of `name` in `folder` through a symbolic link (what a watch compares,
    /// to see a link's target edited), and whether it is one: for any other file, the
    /// signature `followingSymlinks: false` gives too, in one call.
    package func signatureAndLink(of name: String, in folder: String) -> (signature: FileSignature, isLink: Bool)? {
        guard let descriptor = descriptors[folder], !name.utf8.contains(UInt8(ascii: "/")) else {
            let path = folder + "/" + name
            return FileSystem.signature(of: path).map { ($0, FileSystem.kind(of: path) == .symlink) }
        }
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFLNK else { return FileSignature(info).map { ($0, false) } }
        return fstatat(descriptor, name, &info, 0) == 0 ? FileSignature(info).map { ($0, true) } : nil
    }

    /// `FileSystem.signature(of:followingSymlinks:)` for `name` in `folder`.
    package func signature(of name: String, in folder: String, followingSymlinks: Bool = true) -> FileSignature? {
        guard let descriptor = descriptors[folder], !name.utf8.contains(UInt8(ascii: "/")) else {
            return FileSystem.signature(of: folder + "/" + name, followingSymlinks: followingSymlinks)
        }
        var info = stat()
        return fstatat(descriptor, name, &info, followingSymlinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0
            ? FileSignature(info) : nil
    }
}

/// A file-system failure, with the path it concerns.
package struct FileError: Error, Equatable, Sendable {
    package var path: String
    package var message: String
    /// True when the failure is a configured size limit rather than an I/O error.
    package var isLimit = false
    /// True when the path is a symlink that the read was told not to follow.
    package var isSymlink = false
    /// What the path turned out to be, when it opened but is not a regular file.
    package var notRegular: FileSystem.Kind?
    /// When the failure stopped a transaction (`StagedWrites.commit`): what it left.
    package var leftOutput: LeftOutput?
    /// When the failure stopped a build after its glyphs were checked: how many there were,
    /// and the findings (a summary line and a JSON summary still count them).
    package var checked: Checked?

    /// What a build had checked when a write stopped it.
    package struct Checked: Equatable, Sendable {
        package var glyphs: Int
        package var errors: Int
        package var warnings: Int

        package init(glyphs: Int, errors: Int, warnings: Int) {
            self.glyphs = glyphs
            self.errors = errors
            self.warnings = warnings
        }
    }

    /// What a transaction that failed while writing left (its commit point is iconforge's
    /// catalog: the messages that name it are the command line's).
    package enum LeftOutput: Equatable, Sendable {
        /// Nothing was replaced: the previous commit point and the files it describes.
        case unchanged
        /// No file was replaced, but the previous commit point was removed (it was about to be).
        case commitPointRemoved
        /// Some files were replaced, and the previous commit point was removed before them.
        case partlyReplaced
        /// Some new files were added (none replaced) beside the previous commit point, which
        /// does not describe them.
        case partlyAdded
        /// The new files and commit point are all in place; what failed came after (removing
        /// files no longer wanted, which the next run finishes).
        case committed
    }

    package init(path: String, message: String, isLimit: Bool = false) {
        self.path = path
        self.message = message
        self.isLimit = isLimit
    }

    init(path: String, errno code: Int32, action: String) {
        self.path = path
        self.message = "cannot \(action): \(String(cString: strerror(code)))"
    }
}

extension timespec {
    /// Nanoseconds since the epoch, the unit iconforge keeps times in.
    fileprivate var nanoseconds: Int64 { Int64(tv_sec) * 1_000_000_000 + Int64(tv_nsec) }
}

extension stat {
    /// The modification time in nanoseconds since the epoch. The field's name differs:
    /// Darwin's `st_mtimespec`, POSIX.1-2008's `st_mtim` on Linux.
    fileprivate var modificationTime: Int64 {
        #if canImport(Darwin)
            st_mtimespec.nanoseconds
        #else
            st_mtim.nanoseconds
        #endif
    }
}
