import Foundation
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// The build's first stages on their own: discovery (the glyph files, their name findings,
/// the output folder locked) and the incremental plan (what the previous build left, and
/// whether its result stands), each called as the build calls it.
@Suite struct BuildStageTests {
    func request(_ project: TemporaryFolder, writes: Bool = true) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.writesOutput = writes
        request.jobs = 2
        return request
    }

    func project(_ names: [String]) -> TemporaryFolder {
        let project = TemporaryFolder()
        for name in names {
            project.copy(fixture: "../../../Glyphs/search.svg", as: "Glyphs/\(name).svg")
            // Settled an hour ago: a source changed within the last second is never vouched for.
            try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: project.file("Glyphs/\(name).svg"))
        }
        return project
    }

    @Test func discoveryFindsTheGlyphsTheirNameFindingsAndLocksOnlyAFolderItWrites() throws {
        let project = project(["b", "a", "A"])
        let discovered = try Builder.discover(request(project))
        #expect(discovered.files.map(\.name) == ["A", "a", "b"])
        // "a" collides with "A" (a case-insensitive file system would merge them): by file index.
        #expect(discovered.nameFindings.keys.sorted() == [1] && discovered.nameFindings[1]?.map(\.rule) == [.nameCollision])
        #expect(discovered.lock != nil && FileManager.default.fileExists(atPath: project.file("Output")))

        let checking = try Builder.discover(request(project, writes: false))
        #expect(checking.lock == nil)
        let empty = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: empty.file("Glyphs"), withIntermediateDirectories: true)
        #expect(try Builder.discover(request(empty, writes: false)).diagnostics.map(\.rule) == [.inputEmpty])
        #expect(throws: BuildError.self) { _ = try Builder.discover(self.request(TemporaryFolder(), writes: false)) }
    }

    @Test func thePlanLetsAnUnchangedBuildStandAndSaysWhatAChangedOneMayReuse() throws {
        let project = project(["search", "star"])
        let first = try Builder.run(request(project))
        #expect(first.errorCount == 0 && first.pngCount == 4)

        // Nothing changed: the previous result stands, as it was.
        func plan(_ request: BuildRequest) throws -> Builder.PlanResult {
            let discovered = try Builder.discover(request)
            return Builder.plan(discovered, request: request, loadSeconds: { 0 })
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
        project.write("Glyphs/star.svg", try String(contentsOfFile: project.file("Glyphs/search.svg"), encoding: .utf8) + "\n")
        guard case .build(let changed) = try plan(request(project)) else {
            Issue.record("a build with a changed glyph is planned as a build")
            return
        }
        #expect(changed.reusable?.buildKey == changed.buildKey && changed.reusable?.glyphs.map(\.name) == ["search", "star"])
    }
}
