import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgeRender
@testable import IconForgeSVG

/// Defects found in review: each stays fixed.
@Suite struct SafetyRegressionTests {
    func request(_ inputs: [String], output: String? = nil) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = inputs
        if let output { request.outputFolder = output } else { request.writesOutput = false }
        return request
    }

    @Test func aTamperedCatalogCannotMakeIconforgeReadOutsideTheOutputFolder() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        let secret = project.write("secret.txt", "not a png")
        var build = request([project.file("G")], output: project.file("O"))
        _ = try Builder.run(build)
        try FileManager.default.removeItem(atPath: project.file("O/" + BuildState.fileName))
        // The catalog (the state is gone, so it stands in) now names a file outside the folder.
        let secretBytes = try Data(contentsOf: URL(fileURLWithPath: secret))
        let text = try String(contentsOfFile: project.file("O/catalog.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"square-27pt@2x.png\"", with: "\"../secret.txt\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: project.file("O/catalog.json")))
        build.assetCatalog = project.file("A.xcassets")
        let report = try Builder.run(build)
        #expect(report.reusedCount == 0)
        let png = try Data(
            contentsOf: URL(fileURLWithPath: project.file("A.xcassets/square-27pt.imageset/square-27pt@2x.png")))
        #expect(png == (try Data(contentsOf: URL(fileURLWithPath: project.file("O/square-27pt@2x.png")))))
        #expect(try Data(contentsOf: URL(fileURLWithPath: secret)) == secretBytes, "the secret is untouched")
    }

    @Test func writesReplaceASymlinkInsteadOfWritingThroughIt() throws {
        let folder = TemporaryFolder()
        let victim = folder.write("victim.txt", "keep")
        try FileManager.default.createSymbolicLink(atPath: folder.file("x.png"), withDestinationPath: victim)
        try FileSystem.writeAtomically(Array("new".utf8), to: folder.file("x.png"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep")
        #expect(FileSystem.kind(of: folder.file("x.png")) == .regular(size: 3))
    }

    @Test func aSymlinkedLocaleFolderIsRefused() throws {
        let project = TemporaryFolder()
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: project.file("G"))
        let outside = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.file("O"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.file("O/fr.lproj"), withDestinationPath: outside.path)
        #expect(throws: BuildError.self) { try Builder.run(request([project.file("G")], output: project.file("O"))) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func hugeNumbersAreReportedNotTrappedOn() throws {
        let folder = TemporaryFolder()
        folder.write(
            "huge.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1e20 1e20\"><rect width=\"1e20\" height=\"1e20\"/></svg>"
        )
        let report = try Builder.run(request([folder.path]))
        #expect(report.diagnostics.contains { $0.rule == .sizeMax })
        #expect(50.0.pt == "50" && 1e20.pt == "1e+20")
    }

    @Test func malformedWorkerRepliesAreRejectedNotTrappedOn() throws {
        var huge = BinaryWriter()
        huge.count(-1)
        #expect(
            OutcomeCodec.decodeOutcome(
                huge.buffer, source: GlyphSource(name: "a", displayPath: "a", relativePath: "a", bytes: [])) == nil)
        var hostile = BinaryWriter()
        hostile.string("sha")
        hostile.count(Int.max)
        #expect(
            OutcomeCodec.decodeOutcome(
                hostile.buffer, source: GlyphSource(name: "a", displayPath: "a", relativePath: "a", bytes: [])) == nil)
        let output = TemporaryFolder()
        var build = request([Fixtures.path("pipeline/square-27pt.svg")], output: output.path)
        build.isolation = .workers(
            executable: Fixtures.worker("malformed-reply"), timeout: ampleRenderTimeout, memoryBytes: 1 << 30)
        let report = try Builder.run(build)
        #expect(report.diagnostics.map(\.rule) == [.renderCrashed])
    }

    @Test func anAssetCatalogConflictClearsOnceTheNameIsFree() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        project.write("A.xcassets/square-27pt.imageset/Contents.json", "{ \"info\" : { \"author\" : \"xcode\" } }")
        var build = request([project.file("G")], output: project.file("O"))
        build.assetCatalog = project.file("A.xcassets")
        #expect(try Builder.run(build).diagnostics.map(\.rule) == [.xcassetsConflict])
        try FileManager.default.removeItem(atPath: project.file("A.xcassets/square-27pt.imageset"))
        let cleared = try Builder.run(build)
        #expect(cleared.errorCount == 0 && cleared.pngCount == 2)
    }

    @Test func paintReferencesToOtherFilesAreExternal() throws {
        let folder = TemporaryFolder()
        folder.write(
            "paint.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\" fill=\"url(https://evil.example/x.svg#g) black\"/></svg>"
        )
        #expect(try Builder.run(request([folder.path])).diagnostics.map(\.rule) == [.svgExternal])
    }

    @Test func tooManyAttributesIsALimitAndStaysFast() throws {
        let folder = TemporaryFolder()
        let attributes = (0..<1_001).map { " a\($0)=\"\"" }.joined()
        folder.write(
            "attrs.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"\(attributes)><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        )
        #expect(try Builder.run(request([folder.path])).diagnostics.map(\.rule) == [.svgLimit])
    }

    @Test func aStateThatDoesNotDescribeTheCatalogIsSetAside() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        project.copy(fixture: "pipeline/wide-30pt.svg", as: "G/wide-30pt.svg")
        let build = request([project.file("G")], output: project.file("O"))
        _ = try Builder.run(build)
        let oneGlyphState = try Data(contentsOf: URL(fileURLWithPath: project.file("O/" + BuildState.fileName)))
        project.copy(fixture: "pipeline/tall-30pt.svg", as: "G/tall-30pt.svg")
        _ = try Builder.run(build)
        // As if killed between the catalog and the state: the old state beside the new catalog.
        try oneGlyphState.write(to: URL(fileURLWithPath: project.file("O/" + BuildState.fileName)))
        try FileManager.default.removeItem(atPath: project.file("G/tall-30pt.svg"))
        _ = try Builder.run(build)
        #expect(
            !FileManager.default.fileExists(atPath: project.file("O/tall-30pt@2x.png")),
            "the catalog's entry let it be removed")
    }

    @Test func aPersonsFileUnderAnOutputNameIsNeitherOverwrittenNorRemoved() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        let build = request([project.file("G")], output: project.file("O"))
        _ = try Builder.run(build)
        let mine = project.write("O/mine@2x.png", "a designer's own file")
        project.copy(fixture: "pipeline/tall-30pt.svg", as: "G/mine.svg")
        let report = try Builder.run(build)
        #expect(report.diagnostics.map(\.rule) == [.outputConflict])
        #expect(report.catalog.glyphs.first { $0.name == "mine" }?.status == .failed)
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "a designer's own file")
        try FileManager.default.removeItem(atPath: project.file("G/mine.svg"))
        _ = try Builder.run(build)
        #expect(FileManager.default.fileExists(atPath: mine), "never listed as iconforge's, so never removed")
        // A file that already holds exactly what iconforge would write is no conflict (a lost catalog).
        try FileManager.default.removeItem(atPath: project.file("O/catalog.json"))
        try FileManager.default.removeItem(atPath: project.file("O/" + BuildState.fileName))
        #expect(try Builder.run(build).errorCount == 0)
    }

    @Test func anOutputConflictLastsOnlyAsLongAsTheFileInTheWay() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        let build = request([project.file("G")], output: project.file("O"))
        let mine = project.write("O/square-27pt@2x.png", "a designer's own file")
        #expect(try Builder.run(build).diagnostics.map(\.rule) == [.outputConflict])
        #expect(try Builder.run(build).diagnostics.map(\.rule) == [.outputConflict], "still in the way")
        try FileManager.default.removeItem(atPath: mine)
        let freed = try Builder.run(build)
        #expect(freed.errorCount == 0, "\(freed.diagnostics)")
        #expect(try decodePNG(mine).width == 70)
    }

    @Test func aSecondDefinitionsFileIsAnErrorAndItsLocaleFilesAreProtected() throws {
        let project = TemporaryFolder()
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: project.file("G"))
        project.write("Other/quick-actions.json", "{ broken")
        let twice = try Builder.run(request([project.file("G"), project.file("Other")]))
        #expect(
            twice.diagnostics.contains { $0.rule == .actionsParse && $0.file.hasSuffix("Other/quick-actions.json") })
        project.write("O/fr.lproj/InfoPlist.strings", "\"Mine\" = \"À moi\";")
        let report = try Builder.run(request([project.file("G")], output: project.file("O")))
        #expect(report.diagnostics.map(\.rule) == [.outputConflict])
        #expect(report.catalog.quickActions?.status == .failed)
        #expect(
            try String(contentsOfFile: project.file("O/fr.lproj/InfoPlist.strings"), encoding: .utf8).contains("À moi"))
        #expect(!FileManager.default.fileExists(atPath: project.file("O/QuickActions.plist")))
    }
}
