import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeCLI
@testable import IconForgeRender
@testable import IconForgeSVG

/// A build that is stopped or killed leaves no render worker running and nothing half-written.
/// Every wait below is for an event that surely comes (a file appearing, a process ending);
/// the bounds are only there so that a regression fails instead of hanging.
@Suite struct WorkerLifetimeTests {
    /// Far longer than any of these events takes on a busy machine.
    static let generousBound = IconForgeTestSupport.generousBound

    /// Polls `condition` until it holds or `seconds` pass; whether it held.
    static func waitUntil(_ seconds: Double = generousBound, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Whether process `pid` has ended: it does not exist, or it is a zombie its new parent
    /// has not reaped yet (it runs no code either way).
    static func hasEnded(_ pid: Int32) -> Bool {
        if kill(pid, 0) != 0 { return errno == ESRCH }
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-o", "stat=", "-p", String(pid)]
        let out = Pipe()
        ps.standardOutput = out
        ps.standardError = FileHandle.nullDevice
        guard (try? ps.run()) != nil else { return false }
        let state = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ps.waitUntilExit()
        let trimmed = state.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed.hasPrefix("Z")
    }

    /// The pids the `announces-never-replies` workers run from `folder` have written so far.
    static func announcedWorkers(in folder: TemporaryFolder) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("started-") }.compactMap { Int32($0.dropFirst("started-".count)) }
    }

    /// Every temporary file under `folder`, at any depth.
    static func temporaryFiles(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { ($0 as NSString).lastPathComponent.hasPrefix(FileSystem.temporaryPrefix) }
    }

    @Test func aWorkerEndsWhenItsParentIsKilledEvenWithItsInputStillOpen() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        // A shell starts a real worker as its child and is then killed. The worker's requests
        // come from this test, which keeps them open: only the worker's tie to its parent can
        // end it (a worker busy on a slow glyph is in the same position).
        var arguments = RenderWorker.arguments(options: PipelineOptions(), memoryBytes: 1 << 30, timeout: 600)
        let limit = arguments.removeLast()
        arguments.removeLast()  // the parent: the shell fills in its own pid
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"exec 3<&0; "$0" "$@" $$ "$LIMIT" <&3 3<&- & echo $!; wait"#, iconforge] + arguments
        shell.environment = ProcessInfo.processInfo.environment.merging(["LIMIT": limit]) { _, new in new }
        let requests = Pipe()
        let replies = Pipe()
        shell.standardInput = requests
        shell.standardOutput = replies
        // Not the test runner's: a worker left over would keep its output open.
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        // Whatever happens, this test's requests end, and with them a worker that outlived.
        defer { try? requests.fileHandleForWriting.close() }
        var pidLine = ""
        while case let byte = replies.fileHandleForReading.readData(ofLength: 1), let character = byte.first,
            character != 10
        {
            pidLine.append(Character(UnicodeScalar(character)))
        }
        let worker = try #require(Int32(pidLine), "the shell printed '\(pidLine)'")
        // It is a working worker, idle between glyphs: it renders one and answers.
        let source = GlyphSource(
            name: "square", displayPath: "square.svg", relativePath: "square.svg",
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("pipeline/square-27pt.svg")))))
        #expect(
            WorkerProcess.writeFrame(
                OutcomeCodec.encodeRequest(source, encode: false), to: requests.fileHandleForWriting.fileDescriptor))
        let reply = try #require(WorkerProcess.readFrame(from: replies.fileHandleForReading.fileDescriptor))
        #expect(OutcomeCodec.decodeOutcome(reply, source: source) != nil)
        #expect(!Self.hasEnded(worker))

        // Not waited for with Process: it counts the shell as running while a descriptor
        // the shell passed on is open, and a worker that outlived would hold one.
        kill(shell.processIdentifier, SIGKILL)
        #expect(Self.waitUntil { Self.hasEnded(worker) }, "worker \(worker) outlived its parent")
    }

    @Test func aWorkerWhoseParentIsAlreadyGoneExitsAtOnce() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        // The parent named is not this process (its real parent): as if the build died
        // between starting the worker and the worker tying itself to it.
        var arguments = RenderWorker.arguments(options: PipelineOptions(), memoryBytes: 1 << 30, timeout: 600)
        arguments[3] = "1"
        let worker = Process()
        worker.executableURL = URL(fileURLWithPath: iconforge)
        worker.arguments = arguments
        let requests = Pipe()
        worker.standardInput = requests  // held open: end of input is not what ends it
        worker.standardOutput = FileHandle.nullDevice
        worker.standardError = FileHandle.nullDevice
        try worker.run()
        #expect(Self.waitUntil { !worker.isRunning }, "the worker waited for work from a parent that is gone")
        try? requests.fileHandleForWriting.close()
        worker.waitUntilExit()
        #expect(worker.terminationReason == .exit && worker.terminationStatus == 3)
    }

    /// Runs iconforge with `arguments` (in `folder`, with `environment` added to this
    /// process's), waits until `ready` holds, sends it `signal`, and checks that it stops
    /// as a stop should: exit status 128 + the signal, saying so. Returns its standard error.
    @discardableResult
    static func stop(
        _ arguments: [String], in folder: String? = nil, environment: [String: String], signal: Int32, ready: () -> Bool
    ) throws -> String {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: iconforge)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        #expect(waitUntil { ready() }, "the run never got to the point where it is stopped")
        kill(process.processIdentifier, signal)
        // A run that ignores the signal would wait out a 600 s render limit, or a git that never ends.
        let stopped = waitUntil { !process.isRunning }
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        #expect(stopped, "the run went on after the signal")
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit, "killed by the signal instead of stopping: \(stderr)")
        #expect(process.terminationStatus == 128 + signal, "\(stderr)")
        #expect(stderr.contains("stopped by " + (signal == SIGINT ? "SIGINT" : "SIGTERM")), "\(stderr)")
        return stderr
    }

    /// Runs `iconforge build` with the render worker `worker` (a link in `scratch`), waits
    /// until `ready` holds (the build is surely mid-render), sends it `signal`, and checks that
    /// it stops: exit status 128 + the signal, every worker ended, no temporary file left.
    func stopBuild(
        _ arguments: [String], worker: String, scratch: TemporaryFolder, output: TemporaryFolder, signal: Int32,
        ready: () -> Bool
    ) throws {
        try Self.stop(
            ["build"] + arguments + ["-o", output.path, "--jobs", "2", "--render-timeout", "600"],
            environment: ["ICONFORGE_RENDER_WORKER": worker],
            signal: signal, ready: ready)
        for pid in Self.announcedWorkers(in: scratch) {
            #expect(Self.waitUntil { Self.hasEnded(pid) }, "worker \(pid) outlived the build")
        }
        #expect(Self.temporaryFiles(under: output.path).isEmpty)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalToTheBuildStopsItsWorkersAndExitsWith128PlusTheSignal(_ signal: Int32) throws {
        let scratch = TemporaryFolder()
        let output = TemporaryFolder()
        let worker = scratch.file("worker")
        try FileManager.default.createSymbolicLink(
            atPath: worker, withDestinationPath: Fixtures.worker("announces-never-replies"))
        // The output folder already holds a finished build, which must survive.
        #expect(try build([Fixtures.path("pipeline/square-27pt.svg")], into: output.path).errorCount == 0)
        let catalogBefore = try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json")))
        // A worker has started and will never answer: the build is surely mid-render.
        try stopBuild(
            [Fixtures.path("pipeline/tall-30pt.svg"), Fixtures.path("pipeline/wide-30pt.svg")], worker: worker,
            scratch: scratch,
            output: output, signal: signal
        ) { !Self.announcedWorkers(in: scratch).isEmpty }
        #expect(try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json"))) == catalogBefore)
    }

    /// Each glyph's PNGs are written to temporary files as the glyph finishes (see
    /// `EarlyStagingTests`): a build stopped while another glyph renders removes those too.
    @Test func aStoppedBuildRemovesTheTemporaryFilesOfTheGlyphsItHadFinished() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let scratch = TemporaryFolder()
        let output = TemporaryFolder()
        let worker = scratch.file("worker")
        try FileManager.default.createSymbolicLink(
            atPath: worker, withDestinationPath: Fixtures.worker("first-real-then-never-replies"))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("iconforge"), withDestinationPath: iconforge)
        // One glyph's two PNGs are staged, and the other glyph's worker will never answer.
        try stopBuild(
            [Fixtures.path("pipeline/tall-30pt.svg"), Fixtures.path("pipeline/wide-30pt.svg")], worker: worker,
            scratch: scratch,
            output: output, signal: SIGTERM
        ) { Self.temporaryFiles(under: output.path).count == 2 && !Self.announcedWorkers(in: scratch).isEmpty }
        #expect(!FileManager.default.fileExists(atPath: output.file("catalog.json")))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") }.isEmpty)
    }
}

/// `--jobs N` runs N glyphs at once, even above the number of cores.
@Suite struct JobsTests {
    @Test func jobsAboveTheCoreCountAllRunAtOnce() throws {
        let jobs = ProcessInfo.processInfo.activeProcessorCount + 2
        let scratch = TemporaryFolder()
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        let worker = scratch.file("worker")
        try FileManager.default.createSymbolicLink(
            atPath: worker, withDestinationPath: Fixtures.worker("announces-never-replies"))
        for index in 0..<jobs {
            glyphs.write(
                "g\(index).svg",
                #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#
            )
        }
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        request.jobs = jobs
        // The workers never answer: only this test ends them, after counting them.
        request.isolation = .workers(executable: worker, timeout: 600, memoryBytes: 1 << 30)
        let shared = request
        let report = Mutex<BuildReport?>(nil)
        DispatchQueue.global().async {
            let result = try? Builder.run(shared)
            report.withLock { $0 = result }
        }
        #expect(
            WorkerLifetimeTests.waitUntil { WorkerLifetimeTests.announcedWorkers(in: scratch).count >= jobs },
            "only \(WorkerLifetimeTests.announcedWorkers(in: scratch).count) of \(jobs) workers ran at once")
        // Killing each worker costs its glyph (render.crashed) and ends the build.
        let ended = WorkerLifetimeTests.waitUntil {
            for pid in WorkerLifetimeTests.announcedWorkers(in: scratch) { kill(pid, SIGKILL) }
            return report.withLock { $0 } != nil
        }
        #expect(ended)
        #expect(report.withLock { $0?.diagnostics.count } == jobs)
    }
}
