import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system operations iconforge needs done exactly: reads that never block on
/// a FIFO or follow a device, and writes that are atomic and durable.
enum FileSystem {
    /// What kind of thing a path names, without following a final symlink.
    enum Kind: Equatable, Sendable {
        case regular(size: Int)
        case directory
        case symlink
        case other(String)
        case missing
    }

    static func kind(of path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int(info.st_size))
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        case S_IFIFO: return .other("a FIFO")
        case S_IFCHR, S_IFBLK: return .other("a device")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a regular file")
        }
    }

    /// The canonical absolute path with every symlink resolved, or nil if it does not exist.
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads a regular file of at most `limit` bytes. Opens without blocking, so a FIFO
    /// that was swapped in after `kind(of:)` cannot hang the build, and re-checks the
    /// opened file's type.
    static func readRegularFile(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno, action: "open") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError(path: path, errno: errno, action: "stat") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw FileError(path: path, message: "not a regular file") }
        guard Int(info.st_size) <= limit else { throw FileError(path: path, message: "file is \(info.st_size) bytes, over the \(limit)-byte limit", isLimit: true) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, errno: errno, action: "read")
            }
            if got == 0 { break }
            count += got
            // The file grew while being read: keep reading, within the limit.
            if count == bytes.count {
                guard bytes.count <= limit else { throw FileError(path: path, message: "file grew past the \(limit)-byte limit", isLimit: true) }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Writes `bytes` to `path` atomically: into a temporary file in the same folder,
    /// flushed to disk, then renamed over `path`, so a reader sees the old file or the
    /// new one and never a partial one.
    static func writeAtomically(_ bytes: some Collection<UInt8>, to path: String) throws(FileError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/" + temporaryPrefix + "\(getpid())-" + name
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno, action: "create") }
        var written = 0
        let contiguous = Array(bytes)
        while written < contiguous.count {
            let result = contiguous.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                close(descriptor)
                unlink(temporary)
                throw FileError(path: path, errno: code, action: "write")
            }
            written += result
        }
        if fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            unlink(temporary)
            throw FileError(path: path, errno: code, action: "flush")
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileError(path: path, errno: code, action: "rename into place")
        }
    }

    /// The prefix of every temporary file iconforge writes; the next build removes strays.
    static let temporaryPrefix = ".iconforge-tmp-"

    /// Flushes a folder's entries (the renames into it) to disk.
    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Creates `path` and its parents as needed.
    static func createFolder(_ path: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: path, message: "cannot create folder: \((error as NSError).localizedDescription)")
        }
    }

    /// Removes a file; a file already gone is not an error.
    static func remove(_ path: String) throws(FileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileError(path: path, errno: errno, action: "remove") }
    }

    /// The names in a folder, unsorted.
    static func contents(ofFolder path: String) throws(FileError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FileError(path: path, message: "cannot list folder: \((error as NSError).localizedDescription)")
        }
    }
}

/// A file-system failure, with the path it concerns.
public struct FileError: Error, Equatable, Sendable {
    public var path: String
    public var message: String
    /// True when the failure is a configured size limit rather than an I/O error.
    public var isLimit = false

    init(path: String, message: String, isLimit: Bool = false) {
        self.path = path
        self.message = message
        self.isLimit = isLimit
    }

    init(path: String, errno code: Int32, action: String) {
        self.path = path
        self.message = "cannot \(action): \(String(cString: strerror(code)))"
    }
}
