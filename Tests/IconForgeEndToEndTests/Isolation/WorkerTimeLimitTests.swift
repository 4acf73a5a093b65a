import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeRender
@testable import IconForgeSVG

/// A render worker limits its own CPU time (RLIMIT_CPU), so that a render spinning while no
/// build watches it (the build stopped, or too starved to look) is ended by the kernel.
/// Neither test waits for time to pass: one reads the limit the worker runs with, the other
/// waits (within a generous bound) for an event that surely comes.
@Suite struct WorkerTimeLimitTests {
    /// A real worker started by this process, its requests and replies held here.
    struct StartedWorker {
        var process: Process
        var requests: Pipe
        var replies: Pipe
    }

    static func startWorker(limit: String) throws -> StartedWorker {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        var arguments = RenderWorker.arguments(options: PipelineOptions(), memoryBytes: 1 << 30, timeout: 600)
        arguments[arguments.count - 1] = limit
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: iconforge)
        worker.arguments = arguments
        let requests = Pipe()
        let replies = Pipe()
        worker.standardInput = requests
        worker.standardOutput = replies
        worker.standardError = FileHandle.nullDevice
        try worker.run()
        return StartedWorker(process: worker, requests: requests, replies: replies)
    }

    static func glyph(_ fixture: String) throws -> GlyphSource {
        GlyphSource(
            name: "glyph", displayPath: "glyph.svg", relativePath: "glyph.svg",
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture)))))
    }

    /// The soft "Max cpu time" of process `pid`, from /proc/PID/limits (nil: unlimited).
    static func cpuTimeLimit(of pid: Int32) throws -> Int? {
        let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max cpu time") })
        let soft = line.dropFirst("Max cpu time".count).split(separator: " ").first.map(String.init)
        return soft.flatMap { Int($0) }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/limits"), "reads /proc (Linux)"))
    func aWorkerRunsWithACPUTimeLimitALittleAboveTheRenderTimeout() throws {
        let worker = try Self.startWorker(limit: String(RenderWorker.ownTimeLimit(timeout: 600)))
        defer {
            try? worker.requests.fileHandleForWriting.close()
            worker.process.waitUntilExit()
        }
        // One glyph rendered and answered: the worker has set its limit (before the glyph).
        let source = try Self.glyph("pipeline/square-27pt.svg")
        #expect(
            WorkerProcess.writeFrame(
                OutcomeCodec.encodeRequest(source, encode: false),
                to: worker.requests.fileHandleForWriting.fileDescriptor))
        let reply = try #require(WorkerProcess.readFrame(from: worker.replies.fileHandleForReading.fileDescriptor))
        #expect(OutcomeCodec.decodeOutcome(reply, source: source) != nil)

        #expect(RenderWorker.ownTimeLimit(timeout: 600) == 902)
        let limit = try #require(
            try Self.cpuTimeLimit(of: worker.process.processIdentifier), "the worker's CPU time is unlimited")
        // 902 s from the CPU time the worker had used, rounded up to a whole second.
        #expect((902...904).contains(limit), "Max cpu time \(limit)")
    }

    @Test func aSpinningWorkerThatNobodyWatchesIsEndedByItsCPUTimeLimit() throws {
        // A one-second limit, and a glyph that keeps librsvg busy for hours. This test, the
        // worker's parent, sends it and then neither reads nor kills: no build is watching.
        let worker = try Self.startWorker(limit: "1")
        defer { try? worker.requests.fileHandleForWriting.close() }
        let source = try Self.glyph("isolation/spins-for-hours.svg")
        #expect(
            WorkerProcess.writeFrame(
                OutcomeCodec.encodeRequest(source, encode: false),
                to: worker.requests.fileHandleForWriting.fileDescriptor))
        let ended = WorkerLifetimeTests.waitUntil(120) { !worker.process.isRunning }
        if !ended { kill(worker.process.processIdentifier, SIGKILL) }
        #expect(ended, "the worker spun on past its CPU time limit")
        worker.process.waitUntilExit()
        #expect(worker.process.terminationReason == .uncaughtSignal)
        #expect(worker.process.terminationStatus == SIGXCPU)
    }

}
