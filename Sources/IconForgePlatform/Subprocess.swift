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
    package static func run(_ program: String, _ arguments: [String], input: [UInt8] = [], outputLimit: Int = 1 << 30)
        throws(FileError) -> Result
    {
        let folder = try ScratchFolder.create(.run)
        defer { folder.remove() }
        let inputPath = folder.path + "/input"
        let outputPath = folder.path + "/output"
        let errorsPath = folder.path + "/errors"
        try folder.write(input, to: "input")
        let child: pid_t
        do {
            child = try ChildProcess.spawn(
                program, arguments: arguments,
                streams: [
                    .file(inputPath, flags: O_RDONLY),
                    .file(outputPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
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
