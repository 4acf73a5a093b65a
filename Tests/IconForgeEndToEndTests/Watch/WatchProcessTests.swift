import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The real executable, watching: a glyph saved by rename is rebuilt and said so, and
/// Ctrl-C ends the watch with status 130 and the output folder whole. Every wait is for
/// a line that surely comes; its bound only turns a regression into a failure.
@Suite struct WatchProcessTests {
    /// Starts `process`, its standard output discarded and its standard error collected as
    /// it comes (stop collecting with `errors.fileHandleForReading.readabilityHandler = nil`).
    static func run(_ process: Process) throws -> (errors: Pipe, stderr: Shared<String>) {
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let stderr = Shared("")
        errors.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            stderr.update { $0 += text }
        }
        try process.run()
        return (errors, stderr)
    }

    @Test(arguments: ["events", "poll"])
    func ctrlCEndsAWatchWithTheOutputWhole(_ method: String) throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", WatchCommandTests.square)
        project.write("Glyphs/b.svg", WatchCommandTests.square)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: iconforge)
        process.arguments = ["build", "--watch", "--jobs", "1"]
        process.currentDirectoryURL = URL(fileURLWithPath: project.path)
        var environment = ProcessInfo.processInfo.environment
        environment["ICONFORGE_WATCH"] = method == "poll" ? "poll" : nil
        process.environment = environment
        let (errors, stderr) = try Self.run(process)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        #expect(WorkerLifetimeTests.waitUntil { stderr.value.contains("press Ctrl-C to stop") }, "\(stderr.value)")
        #expect(stderr.value.contains(method == "poll" ? "(polling)" : "(folder events)"), "\(stderr.value)")
        // An editor's save: a new file renamed over the glyph.
        project.write("Glyphs/.a.svg.new", WatchCommandTests.wide)
        #expect(rename(project.file("Glyphs/.a.svg.new"), project.file("Glyphs/a.svg")) == 0)
        let rebuilt = "iconforge: Glyphs/a.svg changed\n2 glyphs (1 unchanged), 4 PNGs, 0 errors, 0 warnings"
        #expect(WorkerLifetimeTests.waitUntil { stderr.value.contains(rebuilt) }, "\(stderr.value)")

        kill(process.processIdentifier, SIGINT)
        #expect(WorkerLifetimeTests.waitUntil { !process.isRunning }, "the watch went on after Ctrl-C")
        process.waitUntilExit()
        // The last line may still be on its way through the pipe when the process is gone.
        #expect(WorkerLifetimeTests.waitUntil { stderr.value.contains("stopped by SIGINT") }, "\(stderr.value)")
        errors.fileHandleForReading.readabilityHandler = nil
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130, "\(stderr.value)")

        let output = project.file("Output")
        let names = try FileManager.default.contentsOfDirectory(atPath: output).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == ["a@2x.png", "a@3x.png", "b@2x.png", "b@3x.png", "catalog.json"])
        #expect(WorkerLifetimeTests.temporaryFiles(under: output).isEmpty)
        let catalog = try JSONDecoder().decode(
            Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: project.file("Output/catalog.json"))))
        #expect(catalog.glyphs.map(\.name) == ["a", "b"])
        #expect(catalog.glyphs.first?.shape == .wide)
        #expect(paintedPixelBox(try decodePNG(project.file("Output/a@2x.png")))?.width == 60)
    }
}
