import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// `--fit=set`'s two passes share their workers: what the planning pass learnt of a glyph
/// (its markup check, librsvg's document) is not redone by the render pass, and nothing
/// about that changes a byte of the output.
@Suite struct SetModeSharedWorkTests {
    static func source(_ fixture: String, bytes: [UInt8]? = nil) throws -> GlyphSource {
        let path = Fixtures.path("pipeline/\(fixture)")
        return GlyphSource(
            name: (fixture as NSString).deletingPathExtension, displayPath: path, relativePath: fixture,
            bytes: try bytes ?? Array(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static var measuring: PipelineOptions {
        var options = PipelineOptions()
        options.mode = .fitGlyph
        options.measuresOnly = true
        return options
    }

    static var rendering: PipelineOptions {
        var options = PipelineOptions()
        options.mode = .fitSet
        options.setScales = []
        return options
    }

    /// Probes that count the markup checks and the glyph documents parsed.
    static func counting() -> BuildProbes { BuildProbes(parses: WorkCount(), markupChecks: WorkCount()) }

    /// What `body` made, and how many markup checks and parses `probes` counted while it ran.
    static func counted<T>(by probes: BuildProbes, _ body: () throws -> T) rethrows -> (
        value: T, checks: Int, parses: Int
    ) {
        let (checks, parses) = (probes.markupChecks?.value ?? 0, probes.parses?.value ?? 0)
        let value = try body()
        return (value, (probes.markupChecks?.value ?? 0) - checks, (probes.parses?.value ?? 0) - parses)
    }

    /// A build of the pipeline fixtures in `mode`, in process on `jobs` threads, with `probes`.
    static func build(_ mode: ExportMode, jobs: Int, probes: BuildProbes) throws -> BuildReport {
        let output = TemporaryFolder()
        var request = BuildRequest()
        request.inputs = [Fixtures.path("pipeline")]
        request.outputFolder = output.path
        request.isolation = .inProcess
        request.jobs = jobs
        request.options.mode = mode
        request.probes = probes
        return try Builder.run(request)
    }

    @Test func aSetBuildChecksAndParsesEachGlyphOnceAsAGlyphBuildDoes() throws {
        // One thread: a glyph another thread steals is checked again there, by design.
        let probes = Self.counting()
        let set = try Self.counted(by: probes) { try Self.build(.fitSet, jobs: 1, probes: probes) }
        let glyph = try Self.counted(by: probes) { try Self.build(.fitGlyph, jobs: 1, probes: probes) }
        let glyphs = set.value.catalog.glyphs.count
        #expect(glyphs == 7)
        #expect(set.checks == glyphs, "each glyph's markup checked once, in the planning pass")
        #expect(
            set.checks == glyph.checks && set.parses == glyph.parses, "set \(set.parses) parses, glyph \(glyph.parses)")
        #expect(set.value.catalog.glyphs.allSatisfy { !$0.outputs.isEmpty })
    }

    @Test func aSetBuildOnSeveralThreadsDrawsOnlyEachGlyphsTwoTimesOutput() throws {
        // Every thread counts into the request's probes, whichever glyphs it takes.
        let draws = WorkCount()
        let set = try Self.build(.fitSet, jobs: 4, probes: BuildProbes(outputDraws: draws))
        let glyphs = set.catalog.glyphs.count
        #expect(glyphs == 7 && set.catalog.glyphs.allSatisfy { !$0.outputs.isEmpty })
        // Each glyph's @3x output is the render that judged its box: only the @2x is drawn.
        #expect(draws.value == glyphs * (Template.scales.count - 1), "\(draws.value) outputs drawn")
    }

    @Test func theRenderPassDrawsWhatItWouldHaveParsedItself() throws {
        let probes = Self.counting()
        let runner = GlyphRunner(isolation: .inProcess, options: Self.measuring, probes: probes)
        for fixture in ["square-27pt.svg", "stroke-24px.svg", "half-covered-edge.svg", "wide-pt-units.svg"] {
            let source = try Self.source(fixture)
            runner.use(Self.measuring)
            let measured = runner.process(source, encode: false).measured
            runner.use(Self.rendering)
            let remembered = Self.counted(by: probes) { runner.process(source, encode: true, measured: measured) }
            #expect(remembered.checks == 0 && remembered.parses == 0, "\(fixture): nothing checked or parsed again")
            let fresh = GlyphProcessor.process(source, options: Self.rendering, encode: true, measured: measured)
            #expect(!fresh.pngs.isEmpty)
            #expect(remembered.value.pngs.map(\.bytes) == fresh.pngs.map(\.bytes), "\(fixture)")
            #expect(
                remembered.value.diagnostics == fresh.diagnostics && remembered.value.outputs == fresh.outputs,
                "\(fixture)")
        }
    }

    @Test func aGlyphEditedBetweenThePassesIsCheckedAndParsedAgain() throws {
        let probes = Self.counting()
        let runner = GlyphRunner(isolation: .inProcess, options: Self.measuring, probes: probes)
        let before = try Self.source("square-27pt.svg")
        _ = runner.process(before, encode: false)
        let text = String(decoding: before.bytes, as: UTF8.self)
        let after = try Self.source("square-27pt.svg", bytes: Array((text + "\n<!-- saved again -->\n").utf8))
        runner.use(Self.rendering)
        let edited = Self.counted(by: probes) { runner.process(after, encode: true) }
        #expect(edited.checks == 1 && edited.parses == 1)
        #expect(edited.value.sourceSHA256 == SHA256Digest.hex(of: after.bytes))
        let fresh = GlyphProcessor.process(after, options: Self.rendering, encode: true)
        #expect(edited.value.pngs.map(\.bytes) == fresh.pngs.map(\.bytes) && !fresh.pngs.isEmpty)
    }

    @Test func aWorkerKilledBetweenThePassesCostsOnlyWhatItRemembered() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let runner = GlyphRunner(
            isolation: .workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 1 << 30),
            options: Self.measuring)
        let source = try Self.source("stroke-24px.svg")
        let measured = runner.process(source, encode: false).measured
        let first = try #require(runner.workerProcessID)
        #expect(kill(first, SIGKILL) == 0)
        runner.use(Self.rendering)
        let rendered = runner.process(source, encode: true, measured: measured)
        #expect(rendered.diagnostics.allSatisfy { $0.rule != .renderCrashed }, "\(rendered.diagnostics.map(\.message))")
        #expect(runner.workerProcessID != nil && runner.workerProcessID != first, "a new worker took the glyph")
        let fresh = GlyphProcessor.process(source, options: Self.rendering, encode: true, measured: measured)
        #expect(rendered.pngs.map(\.bytes) == fresh.pngs.map(\.bytes) && !fresh.pngs.isEmpty)
    }

    @Test func aWorkerSwitchedBetweenThePassesRendersAsAFreshOneWould() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let isolation = Isolation.workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 1 << 30)
        let shared = GlyphRunner(isolation: isolation, options: Self.measuring)
        let source = try Self.source("wide-pt-units.svg")
        let measured = shared.process(source, encode: false).measured
        let worker = shared.workerProcessID
        shared.use(Self.rendering)
        let rendered = shared.process(source, encode: true, measured: measured)
        #expect(shared.workerProcessID == worker, "the same worker served both passes")
        let fresh = GlyphRunner(isolation: isolation, options: Self.rendering).process(
            source, encode: true, measured: measured)
        #expect(rendered.pngs.map(\.bytes) == fresh.pngs.map(\.bytes) && !fresh.pngs.isEmpty)
        #expect(rendered.diagnostics == fresh.diagnostics && rendered.outputs == fresh.outputs)
    }

    @Test func workersStartedByTheBuildOutliveThePassThreadsAndServeBothPasses() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        var request = BuildRequest()
        request.isolation = .workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 1 << 30)
        request.jobs = 2
        request.options = Self.measuring
        let files = try GlyphDiscovery.discover([Fixtures.path("pipeline")])
        let runners = GlyphRunners(
            count: 2, isolation: request.isolation, options: Self.rendering, pool: nil, probes: BuildProbes())
        runners.startWorkers()
        let started = (0..<2).map { runners[$0].workerProcessID }
        #expect(started.allSatisfy { $0 != nil })
        func pass(_ options: PipelineOptions) -> [GlyphOutcome] {
            var passRequest = request
            passRequest.options = options
            return GlyphScheduler(
                files: files, nameFindings: [:], previous: nil, onDisk: .unknown(count: files.count, takenAt: 0),
                request: passRequest, runners: runners
            ).run(encode: options == Self.rendering)
        }
        let measured = pass(Self.measuring)
        #expect(measured.allSatisfy { $0.measured != nil })
        // A worker ended with the first pass's threads would be found dead and replaced.
        let rendered = pass(Self.rendering)
        #expect(rendered.allSatisfy { !$0.pngs.isEmpty && $0.diagnostics.allSatisfy { $0.rule != .renderCrashed } })
        #expect((0..<2).map { runners[$0].workerProcessID } == started)
    }

    @Test func anOptionsFrameIsNoGlyphRequestAndRoundTrips() throws {
        var options = Self.rendering
        options.setScales = [SetScale(artboard: Size(width: 24, height: 24), pixelsPerUnit: [2.5, 3.75], glyphs: 3)]
        let frame = OutcomeCodec.encodeOptions(options)
        #expect(OutcomeCodec.decodeOptions(frame) == options)
        #expect(OutcomeCodec.decodeRequest(frame) == nil)
        #expect(
            OutcomeCodec.decodeOptions(OutcomeCodec.encodeRequest(try Self.source("square-27pt.svg"), encode: true))
                == nil)
    }

    @Test(
        "the render pass's request carries the SHA-256 the build checked the planning pass's against, and the worker takes it rather than hashing the bytes again"
    )
    func theSourceIsHashedOncePerPass() throws {
        let source = try Self.source("square-27pt.svg")
        let sha256 = SHA256Digest.hex(of: source.bytes)
        let request = try #require(
            OutcomeCodec.decodeRequest(OutcomeCodec.encodeRequest(source, encode: true, sourceSHA256: sha256)))
        #expect(request.sourceSHA256 == sha256 && request.source.bytes == source.bytes)
        #expect(OutcomeCodec.decodeRequest(OutcomeCodec.encodeRequest(source, encode: true))?.sourceSHA256 == nil)
        // Told a hash, the processor records that one: it did not compute its own.
        let told = String(repeating: "0", count: 64)
        #expect(
            GlyphProcessor.process(source, options: Self.rendering, encode: false, sourceSHA256: told).sourceSHA256
                == told)
        #expect(GlyphProcessor.process(source, options: Self.rendering, encode: false).sourceSHA256 == sha256)
        // The plan hands its hash on only for the very bytes it measured.
        let planned = SetScalePlan.Measurement(
            sourceSHA256: sha256, ink: InkMeasurement.Measured(box: nil, precision: 0))
        #expect(planned.matching(source)?.sourceSHA256 == sha256)
        var edited = source
        edited.bytes += Array(" ".utf8)
        #expect(planned.matching(edited) == nil)
    }

    @Test("a measurement not yet judged, and the box the set was planned from, cross the worker pipe")
    func judgingTravelsWithTheMeasurement() throws {
        let source = try Self.source("square-27pt.svg")
        let unjudged = InkMeasurement.Measured(
            box: Rect(x: 1, y: 2, width: 3, height: 4), precision: 0, offArtboard: [5..<9], judgingSlack: 1.5)
        #expect(
            OutcomeCodec.decodeRequest(OutcomeCodec.encodeRequest(source, encode: true, measured: unjudged))?.measured
                == unjudged)
        let none = InkMeasurement.Measured(box: nil, precision: 0.25)
        #expect(
            OutcomeCodec.decodeRequest(OutcomeCodec.encodeRequest(source, encode: true, measured: none))?.measured
                == none)
        var outcome = GlyphProcessor.process(source, options: Self.rendering, encode: true)
        outcome.plannedBox = Rect(x: 0, y: 0, width: 35, height: 35)
        let decoded = try #require(OutcomeCodec.decodeOutcome(OutcomeCodec.encodeOutcome(outcome), source: source))
        #expect(
            decoded.plannedBox == outcome.plannedBox && decoded.measured == outcome.measured
                && decoded.inkBox == outcome.inkBox)
    }

    @Test func theMemoKeepsWithinItsBudget() throws {
        let source = try Self.source("square-27pt.svg")
        let markup = MarkupChecks.run(source, limits: Limits())
        let sha = SHA256Digest.hex(of: source.bytes)
        let handle = try SVGHandle(data: Data(source.bytes))
        let markupCost = GlyphMemo.cost(of: markup, source: source)
        let tooSmall = GlyphMemo(budget: markupCost - 1)
        tooSmall.remember(
            sha, source: source, limits: Limits(), markup: markup, handle: handle, parsedFrom: source.bytes)
        #expect(tooSmall.count == 0)
        let markupOnly = GlyphMemo(budget: markupCost)
        markupOnly.remember(
            sha, source: source, limits: Limits(), markup: markup, handle: handle, parsedFrom: source.bytes)
        let entry = try #require(markupOnly.take(sha, for: source, limits: Limits()))
        #expect(entry.handle == nil && markupOnly.count == 0)
        let ample = GlyphMemo()
        ample.remember(sha, source: source, limits: Limits(), markup: markup, handle: handle, parsedFrom: source.bytes)
        var renamed = source
        renamed.displayPath = "elsewhere/square-27pt.svg"
        #expect(ample.take(sha, for: renamed, limits: Limits()) == nil, "its findings name another path")
        #expect(ample.take(sha, for: source, limits: Limits())?.handle != nil)
    }
}

/// A blurred glyph built alone (issue 46's benchmark row): each fit mode renders it once, its
/// filtered draws at the outputs' plans go through the copy cut to the canvas (`CanvasCrop`),
/// and the catalog says what it said before.
@Suite struct BlurredGlyphBuildTests {
    @Test(
        "the blurred fixture builds in both fit modes with the box it had before (to the catalog's 0.001 pt), set mode in one render pass, every draw at an output's plan on canvas-sized filter images",
        arguments: [ExportMode.fitGlyph, .fitSet])
    func blurredGlyphBuildsOnceOnCanvasSizedImages(mode: ExportMode) throws {
        let input = TemporaryFolder()
        let output = TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Fixtures.path("geometry/blurred-two-filters.svg"), toPath: input.path + "/blurred-two-filters.svg")
        let (renders, outputs, measuring, cropped) = (WorkCount(), WorkCount(), WorkCount(), WorkCount())
        var request = BuildRequest()
        request.inputs = [input.path]
        request.outputFolder = output.path
        request.isolation = .inProcess
        request.jobs = 1
        request.options.mode = mode
        request.probes = BuildProbes(
            renders: renders, outputDraws: outputs, measuringDraws: measuring, croppedDraws: cropped)
        let report = try Builder.run(request)
        let glyph = try #require(report.catalog.glyphs.first)
        #expect(glyph.inkBox == Rect(x: 10.654, y: 10.654, width: 2.691, height: 2.691), "\(glyph.inkBox!)")
        #expect(glyph.outputs.count == Template.scales.count && glyph.diagnostics.isEmpty)
        // Set mode: the planning pass and one render pass, whose judgement by the set's @3x
        // output (for a glyph alone, --fit=glyph's own plan) stands: that render ships, as
        // --fit=glyph's does, and the set is not planned again.
        #expect(renders.value == (mode == .fitSet ? 2 : 1))
        #expect(outputs.value == Template.scales.count - 1)
        // Only the artboard's own render (at the @3x canvas's size already) is drawn as it is.
        #expect(cropped.value == measuring.value - 1 + outputs.value && cropped.value >= 2, "\(cropped.value)")
    }
}
