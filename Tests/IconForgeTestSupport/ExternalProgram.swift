import Foundation

/// A program outside the package that a test drives (make, bash, zsh, python3), run to its
/// end with its output collected.
package struct ExternalProgram {
    package struct Result {
        package var status: Int32
        package var output: String
    }

    /// The repository's root folder (where Package.swift and the Makefile are).
    package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The full path of `name` on PATH, or nil when it is not installed.
    package static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"]).map {
            $0 + "/" + name
        }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments` in `folder`, standard input empty, output and
    /// error together.
    package static func run(
        _ executable: String, _ arguments: [String], in folder: String = repositoryRoot,
        environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
