import Foundation

/// Runs a program to its end with standard output and error in one pipe: its status and
/// what it printed.
func runProgram(_ executable: String, _ arguments: [String], in folder: String? = nil, environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// Runs GNU make in `folder`; nil when there is no make on this machine.
func runMake(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String)? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else { return nil }
    return try runProgram("/usr/bin/make", ["-C", folder] + arguments)
}
