import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// A project folder of copies of one glyph, and a request that builds it, for the stages'
/// tests: each stage is called as `Builder.run` calls it, on what the stage before made.
struct StageProject {
    let folder = TemporaryFolder()

    init(_ names: [String]) {
        for name in names {
            folder.copy(fixture: "../../../Glyphs/search.svg", as: "Glyphs/\(name).svg")
            settle(name)
        }
    }

    /// Dated an hour ago: a source changed within the last second is never vouched for.
    func settle(_ name: String) {
        try? FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: folder.file("Glyphs/\(name).svg"))
    }

    func request(writes: Bool = true) -> BuildRequest { Self.request(folder, writes: writes) }

    static func request(_ folder: TemporaryFolder, writes: Bool = true) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [folder.file("Glyphs")]
        request.outputFolder = folder.file("Output")
        request.writesOutput = writes
        request.jobs = 2
        return request
    }

    /// What each stage up to the resolution made of `request`, run as `Builder.run` runs them.
    struct Stages {
        var files: [GlyphFile]
        var plan: IncrementalPlan
        /// The glyph scheduler's, before the resolution withheld any.
        var outcomes: [GlyphOutcome]
        var resolution: Resolution
    }

    func stages(_ request: BuildRequest) throws -> Stages {
        let discovered = try Discovered.discover(request)
        guard case .build(let plan) = IncrementalPlan.plan(discovered, request: request, loadSeconds: { 0 }) else {
            throw StageTestError.unchanged
        }
        let outcomes = GlyphScheduler(
            files: discovered.files, nameFindings: discovered.nameFindings, previous: plan.reusable,
            onDisk: plan.onDisk, request: request
        ).run(encode: request.writesOutput)
        let resolution = try Resolution.settle(outcomes, discovered: discovered, plan: plan, request: request)
        return Stages(files: discovered.files, plan: plan, outcomes: outcomes, resolution: resolution)
    }
}

enum StageTestError: Error { case unchanged }

/// Discovery: the glyph files, their name findings, the output folder locked.
@Suite struct DiscoveryStageTests {
    func project(_ names: [String]) -> TemporaryFolder { StageProject(names).folder }

    func request(_ folder: TemporaryFolder, writes: Bool = true) -> BuildRequest {
        StageProject.request(folder, writes: writes)
    }

    @Test func discoveryFindsTheGlyphsTheirNameFindingsAndLocksOnlyAFolderItWrites() throws {
        let project = project(["b", "a", "A"])
        let discovered = try Discovered.discover(request(project))
        #expect(discovered.files.map(\.name) == ["A", "a", "b"])
        // "a" collides with "A" (a case-insensitive file system would merge them): by file index.
        #expect(
            discovered.nameFindings.keys.sorted() == [1] && discovered.nameFindings[1]?.map(\.rule) == [.nameCollision])
        #expect(discovered.lock != nil && FileManager.default.fileExists(atPath: project.file("Output")))

        let checking = try Discovered.discover(request(project, writes: false))
        #expect(checking.lock == nil)
        let empty = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: empty.file("Glyphs"), withIntermediateDirectories: true)
        #expect(try Discovered.discover(request(empty, writes: false)).diagnostics.map(\.rule) == [.inputEmpty])
        #expect(throws: BuildError.self) { _ = try Discovered.discover(self.request(TemporaryFolder(), writes: false)) }
    }
}

/// The incremental plan: what the previous build left, and whether its result stands.
@Suite struct IncrementalPlanStageTests {
    func project(_ names: [String]) -> TemporaryFolder { StageProject(names).folder }

    func request(_ folder: TemporaryFolder, writes: Bool = true) -> BuildRequest {
        StageProject.request(folder, writes: writes)
    }

    @Test func thePlanLetsAnUnchangedBuildStandAndSaysWhatAChangedOneMayReuse() throws {
        let project = project(["search", "star"])
        let first = try Builder.run(request(project))
        #expect(first.errorCount == 0 && first.pngCount == 4)

        // Nothing changed: the previous result stands, as it was.
        func plan(_ request: BuildRequest) throws -> IncrementalPlan.Result {
            let discovered = try Discovered.discover(request)
            return IncrementalPlan.plan(discovered, request: request, loadSeconds: { 0 })
        }
        guard case .unchanged(let report) = try plan(request(project)) else {
            Issue.record("a build where nothing changed is planned as unchanged")
            return
        }
        #expect(report.nothingChanged && report.pngCount == 4 && report.diagnostics == first.diagnostics)

        // Another option: nothing is reusable, but the files written are still iconforge's own.
        var tolerant = request(project)
        tolerant.options.sizeTolerance = 1
        guard case .build(let replanned) = try plan(tolerant) else {
            Issue.record("a build with other options is planned as a build")
            return
        }
        #expect(replanned.reusable == nil && replanned.previous != nil)
        #expect(replanned.ownedFiles == ["search@2x.png", "search@3x.png", "star@2x.png", "star@3x.png"])

        // One glyph changed: the previous state is reusable for the others.
        project.write(
            "Glyphs/star.svg", try String(contentsOfFile: project.file("Glyphs/search.svg"), encoding: .utf8) + "\n")
        guard case .build(let changed) = try plan(request(project)) else {
            Issue.record("a build with a changed glyph is planned as a build")
            return
        }
        #expect(
            changed.reusable?.buildKey == changed.buildKey
                && changed.reusable?.glyphs.map(\.name) == ["search", "star"])
    }
}

/// The glyph scheduler: every glyph processed on the request's threads, or kept from the
/// last build, and handed back in input order.
@Suite struct GlyphSchedulerStageTests {
    final class Counter: Sendable {
        let calls = Mutex<[Int]>([])
    }

    @Test func everyGlyphComesBackInInputOrderRenderedAtBothScalesWhateverThreadRenderedIt() throws {
        let project = StageProject(["c", "a", "d", "b"])
        var request = project.request(writes: false)
        request.jobs = 3
        let counter = Counter()
        request.onGlyphDone = { done, total in counter.calls.withLock { $0.append(done * 100 + total) } }
        let discovered = try Discovered.discover(request)
        let scheduler = GlyphScheduler(
            files: discovered.files, nameFindings: discovered.nameFindings, previous: nil,
            onDisk: .unknown(count: discovered.files.count, takenAt: 0), request: request)
        let outcomes = scheduler.run(encode: true)
        #expect(outcomes.map(\.source.name) == ["a", "b", "c", "d"])
        for outcome in outcomes {
            #expect(
                !outcome.hasErrors && !outcome.reused
                    && outcome.outputs.map(\.file) == [
                        "\(outcome.source.name)@2x.png", "\(outcome.source.name)@3x.png",
                    ])
            let images = try outcome.pngs.map { try PNGCodec.decode($0.bytes) }
            #expect(images.map(\.width) == [70, 104] && images.map(\.height) == [70, 104])
            #expect(images.allSatisfy { paintedPixelBox($0) != nil }, "each PNG has ink")
        }
        // The same drawing gives the same bytes on every thread.
        #expect(Set(outcomes.map { $0.pngs.map(\.bytes) }).count == 1)
        // Each glyph counted once, up to the total, from whichever thread finished it.
        #expect(counter.calls.withLock { $0.sorted() } == [104, 204, 304, 404])

        // Without encoding (a check), the same measurements and findings, and no PNGs.
        let checked = scheduler.run(encode: false)
        #expect(checked.allSatisfy { $0.pngs.isEmpty })
        #expect(
            checked.map(\.inkBox) == outcomes.map(\.inkBox) && checked.map(\.diagnostics) == outcomes.map(\.diagnostics)
        )
    }

    @Test func aGlyphTheLastBuildLeftAsItWasIsKeptWithoutRenderingAndAChangedOneIsRendered() throws {
        let project = StageProject(["search", "star"])
        _ = try Builder.run(project.request())
        project.folder.write(
            "Glyphs/star.svg",
            try String(contentsOfFile: project.folder.file("Glyphs/search.svg"), encoding: .utf8) + "\n")
        project.settle("star")
        let stages = try project.stages(project.request())
        let outcomes = stages.outcomes
        #expect(stages.plan.reusable != nil)
        #expect(outcomes.map(\.source.name) == ["search", "star"])
        let kept = outcomes[0]
        let changed = outcomes[1]
        #expect(
            kept.reused && kept.pngs.isEmpty
                && kept.verifiedOutputs.keys.sorted() == ["search@2x.png", "search@3x.png"])
        #expect(!changed.reused && changed.pngs.count == 2 && changed.sourceSignature != nil)

        // A glyph with a name finding is never kept: the finding depends on the other glyphs.
        project.folder.copy(fixture: "../../../Glyphs/search.svg", as: "Glyphs/Search.svg")
        project.settle("Search")
        let renamed = try project.stages(project.request()).outcomes
        let collided = try #require(renamed.first { $0.source.name == "search" })
        #expect(!collided.reused && collided.diagnostics.contains { $0.rule == .nameCollision })
    }
}

/// The resolution: every refusal settled and the catalog composed, before anything is written.
@Suite struct ResolutionStageTests {
    @Test func aGlyphWhoseOutputNameIsSomeoneElsesFileIsRefusedAndNothingIsWrittenYet() throws {
        let project = StageProject(["search", "star"])
        project.folder.write("Output/star@2x.png", "someone else's picture")
        let resolution = try project.stages(project.request()).resolution
        let star = try #require(resolution.outcomes.first { $0.source.name == "star" })
        #expect(
            star.outputs.isEmpty && star.pngs.isEmpty
                && star.diagnostics.filter { $0.severity == .error }.map(\.rule) == [.outputConflict])
        #expect(resolution.catalog.glyphs.map(\.name) == ["search", "star"])
        #expect(
            resolution.catalog.glyphs.map(\.status) == [.ok, .failed] && resolution.catalog.glyphs[0].outputs.count == 2
        )
        #expect(
            resolution.pngCount == 2 && resolution.catalog.summary.pngs == 2 && resolution.catalog.summary.errors == 1
                && resolution.failed)
        #expect(resolution.diagnostics.filter { $0.severity == .error }.map(\.rule) == [.outputConflict])
        // Settled, not written: the other file is as it was, and no PNG or catalog is there.
        #expect(
            try String(contentsOfFile: project.folder.file("Output/star@2x.png"), encoding: .utf8)
                == "someone else's picture")
        let written = try FileManager.default.contentsOfDirectory(atPath: project.folder.file("Output"))
        #expect(!written.contains("search@2x.png") && !written.contains("catalog.json"), "\(written)")

        // A check writes nothing, so nothing is in its way.
        let checked = try project.stages(project.request(writes: false)).resolution
        #expect(!checked.failed && checked.catalog.glyphs.map(\.status) == [.ok, .ok])
    }
}

/// The commit: what the resolution decided, written, with the catalog it composed.
@Suite struct OutputCommitStageTests {
    @Test func theCommitWritesTheResolvedPNGsAndTheCatalogItComposed() throws {
        let project = StageProject(["search", "star"])
        let request = project.request()
        let stages = try project.stages(request)
        let resolution = stages.resolution
        let committed = try OutputCommit.commit(
            resolution, drawing: .none, files: stages.files, plan: stages.plan, request: request, startedAt: 0,
            early: nil)
        #expect(committed.diagnostics == resolution.diagnostics && committed.failed == resolution.failed)
        let written = try JSONDecoder().decode(
            Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: project.folder.file("Output/catalog.json"))))
        #expect(written == resolution.catalog)
        for (glyph, outcome) in zip(resolution.catalog.glyphs, resolution.outcomes) {
            #expect(glyph.outputs.count == 2)
            for (output, png) in zip(glyph.outputs, outcome.pngs) {
                let bytes = try [UInt8](
                    Data(contentsOf: URL(fileURLWithPath: project.folder.file("Output/" + output.file))))
                #expect(bytes == png.bytes && SHA256Digest.hex(of: bytes) == output.sha256)
                #expect(try PNGCodec.decode(bytes).width == output.width)
            }
        }
        // Committed: the next build finds nothing changed.
        #expect(try Builder.run(request).nothingChanged)
    }

    @Test func aCatalogThatIsNotIconforgesStopsEveryWrite() throws {
        let project = StageProject(["search"])
        project.folder.write("Output/catalog.json", "{\"mine\": true}")
        let request = project.request()
        let stages = try project.stages(request)
        let resolution = stages.resolution
        #expect(
            resolution.diagnostics.contains { $0.rule == .outputConflict && $0.file == Builder.catalogPath(request) })
        let committed = try OutputCommit.commit(
            resolution, drawing: .none, files: stages.files, plan: stages.plan, request: request, startedAt: 0,
            early: nil)
        #expect(committed.diagnostics == resolution.diagnostics)
        #expect(
            try String(contentsOfFile: project.folder.file("Output/catalog.json"), encoding: .utf8)
                == "{\"mine\": true}")
        #expect(!FileManager.default.fileExists(atPath: project.folder.file("Output/search@2x.png")))
    }
}
