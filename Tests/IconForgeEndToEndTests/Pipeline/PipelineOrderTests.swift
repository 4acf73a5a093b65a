import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The build runs one way: every refusal is settled before anything is written.
@Suite struct PipelineOrderTests {
    static let square =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"

    /// A build of `folder`'s Glyphs/ into Output/ and App.xcassets.
    func request(_ folder: TemporaryFolder) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [folder.file("Glyphs")]
        request.outputFolder = folder.file("Output")
        request.assetCatalog = folder.file("App.xcassets")
        return request
    }

    @Test func anAssetCatalogThatCannotBeWrittenStopsTheBuildBeforeOutputIsTouched() throws {
        let folder = TemporaryFolder()
        folder.write("Glyphs/home.svg", Self.square)
        folder.write("App.xcassets", "a file where the asset catalog should be")
        #expect(throws: BuildError.self) { try Builder.run(request(folder)) }
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder.file("Output"))) ?? []
        #expect(!written.contains { $0.hasSuffix(".png") || $0 == "catalog.json" }, "\(written)")
    }

    @Test func aGlyphTheAssetCatalogRefusesGetsNoFilesAnywhereAndTheOthersGetBoth() throws {
        let folder = TemporaryFolder()
        folder.write("Glyphs/home.svg", Self.square)
        folder.write("Glyphs/mail.svg", Self.square)
        folder.write(
            "App.xcassets/home.imageset/Contents.json", "{\"images\":[],\"info\":{\"author\":\"xcode\",\"version\":1}}")
        let report = try Builder.run(request(folder))
        #expect(report.diagnostics.map(\.rule) == [.xcassetsConflict])
        let output = try FileManager.default.contentsOfDirectory(atPath: folder.file("Output"))
        #expect(!output.contains("home@2x.png") && output.contains("mail@2x.png") && output.contains("mail@3x.png"))
        #expect(report.catalog.glyphs.first { $0.name == "home" }?.outputs.isEmpty == true)
        let imageSet = try FileManager.default.contentsOfDirectory(atPath: folder.file("App.xcassets/mail.imageset"))
        #expect(imageSet.sorted() == ["Contents.json", "mail@2x.png", "mail@3x.png"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("App.xcassets/home.imageset")) == [
                "Contents.json"
            ])
    }
}
