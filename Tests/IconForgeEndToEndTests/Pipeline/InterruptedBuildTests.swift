import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeCLI
@testable import IconForgePlatform

/// Builds that are killed or run at the same time never corrupt or lose output.
@Suite struct InterruptedBuildTests {
    /// `count` distinct glyphs: squares of slightly different sizes, so each has its own bytes.
    func makeGlyphs(_ folder: TemporaryFolder, count: Int, variant: Int) {
        for index in 0..<count {
            let inset = 4 + Double((index + variant) % 9) * 0.02
            let size = 35 - 2 * inset
            folder.write(
                "g\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"\(inset)\" y=\"\(inset)\" width=\"\(size)\" height=\"\(size)\" rx=\"\(Double(index % 7))\"/></svg>"
            )
        }
    }

    /// Everything a reader may rely on at any moment: a whole catalog whose files exist, and
    /// every PNG in the folder complete.
    func checkConsistent(_ output: TemporaryFolder, context: String = "") throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        if names.contains("catalog.json") {
            let catalog = try JSONDecoder().decode(
                Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json"))))
            for glyph in catalog.glyphs {
                for file in glyph.outputs {
                    #expect(
                        FileManager.default.fileExists(atPath: output.file(file.file)),
                        "catalog lists missing \(file.file) \(context)")
                }
            }
        }
        for name in names where name.hasSuffix(".png") && !name.hasPrefix(".") {
            let image = try decodePNG(output.file(name))
            #expect(image.width == 70 || image.width == 104, "\(name) is damaged \(context)")
        }
    }

    @Test func killedAtRandomMomentsTheFolderStaysWholeAndTheNextBuildConverges() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        // Seeded, and the seed said on failure: ICONFORGE_KILL_SEED=N replays a run's moments
        // (as near as a loaded machine's scheduling allows; every moment must pass).
        let seed = ProcessInfo.processInfo.environment["ICONFORGE_KILL_SEED"].flatMap { UInt64($0) } ?? 0x4B11_1ED5
        var generator = SplitMix64(seed: seed)
        for round in 0..<8 {
            makeGlyphs(glyphs, count: 80, variant: round)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["build", glyphs.path, "-o", output.path, "-q"]
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 2_000...150_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try checkConsistent(output, context: "ICONFORGE_KILL_SEED=\(seed), round \(round)")
        }
        // The next, uninterrupted build gives exactly what a build into an empty folder gives.
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        _ = try Builder.run(request)
        let fresh = TemporaryFolder()
        request.outputFolder = fresh.path
        _ = try Builder.run(request)
        let visible = { (folder: TemporaryFolder) in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        }
        #expect(try visible(output) == visible(fresh))
        for name in try visible(fresh) {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: output.file(name)))
                    == Data(contentsOf: URL(fileURLWithPath: fresh.file(name))), "\(name)")
        }
        let strays = try FileManager.default.contentsOfDirectory(atPath: output.path).filter {
            $0.hasPrefix(FileSystem.temporaryPrefix)
        }
        #expect(strays.isEmpty, "temporary files left: \(strays)")
    }

    @Test func concurrentBuildsIntoOneFolderTakeTurns() async throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 30, variant: 0)
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        let shared = request
        let reports = try await withThrowingTaskGroup(of: BuildReport.self) { group in
            for _ in 0..<3 { group.addTask { try Builder.run(shared) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(reports.allSatisfy { $0.errorCount == 0 && $0.glyphCount == 30 })
        try checkConsistent(output)
        #expect(
            reports.map(\.reusedCount).sorted() == [0, 30, 30], "one build rendered, the others found its work done")
    }

    @Test func unwritableOutputFailsClearlyAndKeepsThePreviousFiles() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 3, variant: 0)
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        _ = try Builder.run(request)
        let before = try Data(contentsOf: URL(fileURLWithPath: output.file("g0@2x.png")))
        // A folder where the next PNG must go makes its rename fail, as a full disk would.
        makeGlyphs(glyphs, count: 3, variant: 1)
        try FileManager.default.removeItem(atPath: output.file("g1@2x.png"))
        try FileManager.default.createDirectory(
            atPath: output.file("g1@2x.png") + "/blocker", withIntermediateDirectories: true)
        let error = #expect(throws: BuildError.self) { try Builder.run(request) }
        // Files it may list were replaced: the old catalog, which names other bytes, is gone
        // until a build completes, and the error says so.
        #expect(
            !FileManager.default.fileExists(atPath: output.file("catalog.json")), "a catalog that names replaced files")
        if case .output(let failure) = error { #expect(failure.leftOutput == .partlyReplaced) }
        let after = try Data(contentsOf: URL(fileURLWithPath: output.file("g0@2x.png")))
        #expect(after.count > 0 && (after == before || (try? PNGCodec.decode([UInt8](after))) != nil))
    }
}

/// An output folder the build may not write into is named as such, not as a lock file.
@Suite struct ReadOnlyOutputTests {
    @Test func aFolderThatCannotBeWrittenIsSaidToBeNotWritable() throws {
        for code in [EACCES, EPERM, EROFS] {
            let error = FolderLock.openError(folder: "App/Output", errno: code)
            #expect(
                error.path == "App/Output"
                    && error.message.hasPrefix(
                        "the output folder is not writable: cannot create .iconforge-lock in it ("),
                "\(error)")
            #expect(
                error.message.contains(String(cString: strerror(code)))
                    && error.message.hasSuffix("build into another folder with -o"))
        }
        // Anything else is about the lock file, as it was.
        let full = FolderLock.openError(folder: "App/Output", errno: ENOSPC)
        #expect(
            full.path == "App/Output/.iconforge-lock" && full.message.hasPrefix("cannot open the lock file: "),
            "\(full)")
    }

    // For real where permissions bind: root may write into any folder.
    @Test(.enabled(if: getuid() != 0, "as root, the kernel lets any folder be written"))
    func aBuildIntoAFolderThatCannotBeWrittenSaysSo() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        InterruptedBuildTests().makeGlyphs(glyphs, count: 1, variant: 0)
        try FileManager.default.createDirectory(atPath: output.path, withIntermediateDirectories: true)
        chmod(output.path, 0o555)
        defer { chmod(output.path, 0o755) }
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        let error = #expect(throws: BuildError.self) { try Builder.run(request) }
        guard case .output(let failure) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(
            failure.path == output.path && failure.message.hasPrefix("the output folder is not writable"), "\(failure)")
    }
}

/// A build that finds its output folder locked by another says so, once, and then waits.
@Suite struct LockWaitTests {
    @Test func aBuildWaitingForTheOutputFolderSaysSoOnceAndThenRuns() throws {
        let output = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: output.path, withIntermediateDirectories: true)
        // The lock is another build's: held on a descriptor of its own.
        var held: FolderLock? = try FolderLock(output.path)
        let lines = Mutex<[ToolRun.Line]>([])
        var environment = ToolEnvironment()
        environment.progress = { line in lines.withLock { $0.append(line) } }
        let finished = Mutex<ToolRun?>(nil)
        let shared = environment
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let path = output.path
        DispatchQueue.global().async {
            let run = ToolCommand.run(["build", glyph, "-o", path, "--isolation", "none"], environment: shared)
            finished.withLock { $0 = run }
        }
        // The message is the event waited for: the build cannot get past the lock without it.
        #expect(WorkerLifetimeTests.waitUntil { !lines.withLock { $0 }.isEmpty }, "the waiting build said nothing")
        #expect(finished.withLock { $0 } == nil, "it did not wait for the lock")
        held = nil
        #expect(WorkerLifetimeTests.waitUntil { finished.withLock { $0 } != nil })
        #expect(lines.withLock { $0 } == [.err("waiting for another iconforge build of \(path)/ to finish…")])
        #expect(finished.withLock { $0?.status } == .clean)
        _ = held
    }

    @Test func aBuildThatGetsTheLockAtOnceSaysNothingAboutIt() throws {
        let output = TemporaryFolder()
        let lines = Mutex<[ToolRun.Line]>([])
        var environment = ToolEnvironment()
        environment.progress = { line in lines.withLock { $0.append(line) } }
        let run = ToolCommand.run(
            ["build", Fixtures.path("pipeline/square-27pt.svg"), "-o", output.path, "--isolation", "none"],
            environment: environment)
        #expect(run.status == .clean)
        #expect(lines.withLock { $0 }.isEmpty)
    }
}
