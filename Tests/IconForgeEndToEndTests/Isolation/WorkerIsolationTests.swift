import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeRender

/// Rendering in worker processes: a crash or hang costs one glyph, never the build.
@Suite struct WorkerIsolationTests {
    /// The iconforge executable built beside this test bundle.
    /// The iconforge executable next to the tests. On Linux the test runner is the test
    /// binary in the build folder; on macOS it is Xcode's xctest (or SwiftPM's helper), and
    /// the build folder is where the .xctest bundle is.
    static var iconforge: String? {
        let folders =
            [(WorkerProcess.currentExecutable as NSString).deletingLastPathComponent]
            + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }.map {
                ($0 as NSString).deletingLastPathComponent
            }
        return folders.map { $0 + "/iconforge" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func build(_ inputs: [String], into output: String, isolation: Isolation, jobs: Int = 1) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = inputs
        request.outputFolder = output
        request.isolation = isolation
        request.jobs = jobs
        return try Builder.run(request)
    }

    @Test func workersProduceExactlyWhatInProcessRenderingDoes() throws {
        let iconforge = try #require(Self.iconforge, "build the iconforge product first")
        let inProcess = TemporaryFolder()
        let isolated = TemporaryFolder()
        let glyphs = Fixtures.path("pipeline")
        let a = try build([glyphs], into: inProcess.path, isolation: .inProcess)
        let b = try build(
            [glyphs], into: isolated.path,
            isolation: .workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 1 << 30), jobs: 2)
        #expect(a.catalog == b.catalog)
        #expect(a.diagnostics == b.diagnostics)
        for name in try FileManager.default.contentsOfDirectory(atPath: inProcess.path)
        where name.hasSuffix(".png") || name.hasSuffix(".json") {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: inProcess.file(name)))
                    == Data(contentsOf: URL(fileURLWithPath: isolated.file(name))), "\(name)")
        }
    }

    @Test func crashedWorkerCostsOneGlyphAndIsReplaced() throws {
        let iconforge = try #require(Self.iconforge)
        let scratch = TemporaryFolder()
        let output = TemporaryFolder()
        // The first worker dies of SIGSEGV on its first glyph; its replacement is the real one
        // (the fixture runs through a link, beside a link to iconforge).
        let worker = scratch.file("worker")
        try FileManager.default.createSymbolicLink(
            atPath: worker, withDestinationPath: Fixtures.worker("crash-first-glyph"))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("iconforge"), withDestinationPath: iconforge)
        let report = try build(
            [Fixtures.path("pipeline")], into: output.path,
            isolation: .workers(executable: worker, timeout: ampleRenderTimeout, memoryBytes: 1 << 30))
        let crashed = report.diagnostics.filter { $0.rule == .renderCrashed }
        #expect(crashed.count == 1)
        #expect(crashed.first?.message.contains("signal 11") == true)
        // Every other glyph came out exactly as an in-process build makes it.
        let referenceOutput = TemporaryFolder()
        let reference = try build([Fixtures.path("pipeline")], into: referenceOutput.path, isolation: .inProcess)
        let crashedName = try #require(crashed.first).file.lastPathComponent.replacing(".svg", with: "")
        let others = report.catalog.glyphs.filter { $0.name != crashedName }
        #expect(others.count == 6)
        #expect(others == reference.catalog.glyphs.filter { $0.name != crashedName })
    }

    @Test func hungWorkerIsStoppedAtTheTimeLimit() throws {
        let output = TemporaryFolder()
        // A worker that never answers nor exits: the build returns only because each glyph's
        // worker is stopped at the limit, however long that takes on a busy machine.
        let worker = Fixtures.worker("never-replies")
        let report = try build(
            [Fixtures.path("pipeline/square-27pt.svg"), Fixtures.path("pipeline/tall-30pt.svg")], into: output.path,
            isolation: .workers(executable: worker, timeout: 0.5, memoryBytes: 1 << 30))
        #expect(report.diagnostics.map(\.rule) == [.renderTimeout, .renderTimeout])
        #expect(report.diagnostics.first?.message.contains("--render-timeout") == true)
        // A timed-out glyph is tried again by the next build, not remembered as failed.
        let again = try build([Fixtures.path("pipeline/square-27pt.svg")], into: output.path, isolation: .inProcess)
        #expect(again.errorCount == 0 && again.reusedCount == 0)
    }

    @Test func workerThatClosesItsRepliesAndRunsOnIsStoppedNotWaitedFor() throws {
        let output = TemporaryFolder()
        // The render time limit is far away: only the grace after the replies end can stop it.
        let worker = Fixtures.worker("closes-replies")
        let report = try build(
            [Fixtures.path("pipeline/square-27pt.svg")], into: output.path,
            isolation: .workers(executable: worker, timeout: 600, memoryBytes: 1 << 30))
        #expect(report.diagnostics.map(\.rule) == [.renderCrashed])
        #expect(
            report.diagnostics.first?.message.contains("closed its output without exiting") == true,
            "\(report.diagnostics.map(\.message))")
    }

    @Test func workerThatCannotStartIsReportedNotFatal() throws {
        let output = TemporaryFolder()
        let report = try build(
            [Fixtures.path("pipeline/square-27pt.svg")], into: output.path,
            isolation: .workers(executable: "/nonexistent/iconforge", timeout: 5, memoryBytes: 1 << 30))
        #expect(report.diagnostics.map(\.rule) == [.renderCrashed] || report.diagnostics.map(\.rule) == [.renderFailed])
    }

    /// A size fix in millimetres too: its transform, written in the file's user units, must
    /// not come back in points.
    @Test(arguments: ["rules/color-monochrome-two-fills.svg", "units/inkscape-mm-layer-translate-small.svg"])
    func outcomesSurviveTheWireExactly(fixture: String) throws {
        let source = GlyphSource(
            name: "a", displayPath: "dir/a.svg", relativePath: "a.svg",
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture)))))
        let request = OutcomeCodec.encodeRequest(source, encode: true)
        let decoded = try #require(OutcomeCodec.decodeRequest(request))
        #expect(decoded.source == source && decoded.encode)
        let outcome = GlyphProcessor.process(source, options: PipelineOptions(), encode: true)
        let back = try #require(OutcomeCodec.decodeOutcome(OutcomeCodec.encodeOutcome(outcome), source: source))
        #expect(back.diagnostics == outcome.diagnostics && back.inkBox == outcome.inkBox && back.pngs == outcome.pngs)
        #expect(back.diagnostics.compactMap(\.fix?.transform) == outcome.diagnostics.compactMap(\.fix?.transform))
        // Truncated replies are rejected, never trusted or trapped on.
        let wire = OutcomeCodec.encodeOutcome(outcome)
        for cut in [0, 1, 8, wire.count / 2, wire.count - 1] {
            #expect(OutcomeCodec.decodeOutcome(Array(wire.prefix(cut)), source: source) == nil)
        }
    }
}

/// The per-worker memory limit is really applied: a worker squeezed below what rendering
/// needs fails its glyph (it cannot map librsvg, or it dies), and the build goes on.
@Suite struct WorkerMemoryLimitTests {
    @Test func aWorkerOutOfAddressSpaceCostsItsGlyphOnly() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let output = TemporaryFolder()
        var request = BuildRequest()
        request.inputs = [Fixtures.path("pipeline/square-27pt.svg")]
        request.outputFolder = output.path
        request.isolation = .workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 16 << 20)
        let report = try Builder.run(request)
        let rules = report.diagnostics.map(\.rule)
        #expect(rules == [.renderCrashed] || rules == [.renderFailed], "\(report.diagnostics)")
        if rules == [.renderFailed] {
            // Squeezed before librsvg could be mapped: the message says so, and what is needed.
            #expect(report.diagnostics[0].message.contains("cannot load librsvg"), "\(report.diagnostics)")
        }
        #expect(report.catalog.glyphs.first?.status == .failed)
        // The same glyph builds with the default limit: the limit, not the glyph, failed it.
        request.isolation = .workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 1 << 30)
        #expect(try Builder.run(request).errorCount == 0)
    }

    /// librsvg says only "NoMemory" when a drawing runs out of the worker's address space
    /// (a 5 MB path of 150,000 subpaths did, in a new user's trial): the finding says which
    /// limit it met and what to do; other failures are left as librsvg put them.
    @Test func aRenderOutOfMemorySaysItMetTheWorkersLimit() {
        let source = GlyphSource(name: "big", displayPath: "Glyphs/big.svg", relativePath: "big.svg", bytes: [])
        func outcome(_ message: String) -> GlyphOutcome {
            GlyphOutcome(
                source: source, sourceSHA256: "",
                diagnostics: [Diagnostic(.renderFailed, file: source.displayPath, message)])
        }
        let explained = RenderWorker.explainingMemory(
            outcome("librsvg failed: rendering error: NoMemory"), limit: 1 << 30)
        let message = explained.diagnostics.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "librsvg failed: rendering error: NoMemory; it ran out of the 1024 MiB a render worker may use"),
            "\(message)")
        #expect(message.contains("--isolation none"))
        let other = RenderWorker.explainingMemory(
            outcome("librsvg failed: rendering error: invalid path data"), limit: 1 << 30)
        #expect(other.diagnostics.first?.message == "librsvg failed: rendering error: invalid path data")
    }
}
