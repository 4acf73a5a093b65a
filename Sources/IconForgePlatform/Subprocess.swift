internal import CPlatformShim

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs another program to its end (`git`, for `iconforge diff`), its standard input given
/// and its standard output and error kept. The three streams are files in a private
/// temporary folder, not pipes: nothing can fill a pipe and stall the two processes
/// waiting on each other, whatever the program prints.
package enum Subprocess {
    /// What the program did.
    package struct Result: Sendable {
        /// Its exit status; 128 + the signal for a program a signal ended.
        package var status: Int32
        package var output: [UInt8]
        package var errors: [UInt8]
    }

    /// Runs `program` (found on `PATH` unless it holds a `/`) with `arguments`, feeding it
    /// `input`, and waits for it. Fails when it cannot start (not installed) or its output
    /// is larger than `outputLimit` bytes.
    package static func run(_ program: String, _ arguments: [String], input: [UInt8] = [], outputLimit: Int = 1 << 30) throws(FileError) -> Result {
        let folder = try ScratchFolder.create(prefix: "iconforge-run")
        defer { folder.remove() }
        let inputPath = folder.path + "/input", outputPath = folder.path + "/output", errorsPath = folder.path + "/errors"
        try folder.write(input, to: "input")
        let child: pid_t
        do {
            child = try ChildProcess.spawn(
                program, arguments: arguments,
                streams: [
                    .file(inputPath, flags: O_RDONLY), .file(outputPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
                    .file(errorsPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
                ], searchingPath: true)
        } catch {
            throw FileError(path: program, errno: error.code, action: "start")
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 {
            guard errno == EINTR else { throw FileError(path: program, errno: errno, action: "wait for") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(
            status: exit, output: try FileSystem.readRegularFile(outputPath, limit: outputLimit),
            errors: (try? FileSystem.readRegularFile(errorsPath, limit: 1 << 20)) ?? [])
    }
}

/// A folder of iconforge's own under the system's temporary folder (`TMPDIR`, else /tmp),
/// made with `mkdtemp` (mode 0700, a name no one else holds) and removed with everything
/// in it when the work is done.
package struct ScratchFolder: Sendable {
    package var path: String

    package static func create(prefix: String) throws(FileError) -> ScratchFolder {
        let environment = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(((environment.hasSuffix("/") ? String(environment.dropLast()) : environment) + "/\(prefix)-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) != nil }
        guard made else { throw FileError(path: environment, errno: errno, action: "create a temporary folder in") }
        return ScratchFolder(path: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Writes a new file at `relative` inside the folder, creating the folders on its way.
    /// Not flushed: the folder is private and thrown away, so durability buys nothing, and
    /// a base of 1,000 glyphs would otherwise wait for 1,000 flushes. Never through a
    /// symlink, never over a file that is there.
    package func write(_ bytes: [UInt8], to relative: String) throws(FileError) {
        let target = path + "/" + relative
        if relative.contains("/") { try FileSystem.createFolder(target.parentPath) }
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileError(path: target, errno: errno, action: "create") }
        defer { close(descriptor) }
        try FileSystem.writeAll(bytes, to: descriptor, path: target)
    }

    /// Removes the folder and everything in it. Symlinks inside are removed, never followed.
    package func remove() {
        Self.removeTree(path)
    }

    private static func removeTree(_ path: String) {
        if case .directory = FileSystem.kind(of: path) {
            for name in (try? FileSystem.contents(ofFolder: path)) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
