import Foundation
import Testing

/// Runs a program to its end with standard output and error in one pipe: its status and
/// what it printed.
package func runProgram(
    _ executable: String, _ arguments: [String], in folder: String? = nil, environment: [String: String]? = nil
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let text = String(decoding: readToEnd(pipe.fileHandleForReading.fileDescriptor), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// Everything until end of file, read with a loop that retries a read a signal interrupted
/// (Foundation's `readDataToEndOfFile` stops the process on EINTR, which a signal to the
/// test process, a child's SIGCHLD say, can cause on Linux).
private func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[..<count]
        } else if count == 0 || errno != EINTR {
            return bytes
        }
    }
}

/// The programs some tests drive, and why such a test is skipped where one is missing
/// (Swift Testing shows the reason; a test never passes without running).
package enum ExternalTools {
    package static let hasMake = FileManager.default.isExecutableFile(atPath: "/usr/bin/make")
    package static let hasGit = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
    package static let makeMissing: Comment = "needs GNU make at /usr/bin/make (Debian's make package)"
    package static let gitMissing: Comment = "needs git at /usr/bin/git (Debian's git package)"
}

/// Runs GNU make in `folder`; nil when there is no make on this machine.
package func runMake(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String)? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else { return nil }
    return try runProgram("/usr/bin/make", ["-C", folder] + arguments)
}

/// Runs a program, killing it (SIGKILL) if it has not ended after `limit` seconds of the wall
/// clock: for inputs that once made iconforge run for minutes or for ever. The limit is far
/// beyond what the run takes (a bound on a hang, not a measure of speed), so a busy machine
/// never trips it; `timedOut` says whether it was killed.
package func runProgram(
    _ executable: String, _ arguments: [String], in folder: String? = nil, killedAfter limit: Double
) throws -> (status: Int32, output: String, timedOut: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("iconforge-run-\(UUID().uuidString).txt")
    FileManager.default.createFile(atPath: file.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    process.standardOutput = handle
    process.standardError = handle
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    let timedOut = ended.wait(timeout: .now() + limit) == .timedOut
    if timedOut {
        kill(process.processIdentifier, SIGKILL)
        ended.wait()
    }
    try handle.close()
    let text = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
    return (process.terminationStatus, text, timedOut)
}
