import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The same compose glyph, drawn on the 35 pt template and saved the way each authoring
/// tool saves it (Fixtures/exports/README.md lists what each file exercises). Every one
/// builds clean, and comes out as the tidy hand-written file does.
@Suite struct ToolExportTests {
    static let exports: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("exports"))) ?? []
        return names.filter { $0.hasSuffix(".svg") && $0 != "tidy.svg" }.sorted()
    }()

    @Test func everyToolIsRepresented() {
        for tool in ["illustrator", "figma", "sketch", "inkscape", "affinity", "coreldraw", "windows-utf16"] {
            #expect(Self.exports.contains { $0.hasPrefix(tool) }, "no export from \(tool)")
        }
    }

    @Test(arguments: exports)
    func exportBuildsCleanAndMatchesTheTidyFile(name: String) throws {
        let folder = TemporaryFolder()
        let report = try build(
            [Fixtures.path("exports/" + name), Fixtures.path("exports/tidy.svg")], into: folder.path)
        let findings = report.diagnostics.filter { $0.file.hasSuffix("/" + name) }
        #expect(findings.isEmpty, "\(name): \(findings.map { DiagnosticFormatter.text($0) })")
        let glyph = try #require(report.catalog.glyphs.first { $0.name + ".svg" == name })
        let tidy = try #require(report.catalog.glyphs.first { $0.name == "tidy" })
        #expect(glyph.shape == tidy.shape)
        let (box, tidyBox) = (try #require(glyph.inkBox), try #require(tidy.inkBox))
        for (a, b) in [
            (box.x, tidyBox.x), (box.y, tidyBox.y), (box.width, tidyBox.width), (box.height, tidyBox.height),
        ] {
            #expect(abs(a - b) <= 0.06, "\(name): ink box \(box) against \(tidyBox)")
        }
        for scale in Template.scales {
            let image = try decodePNG(folder.file(OutputNaming.fileName(glyph: glyph.name, scale: scale)))
            let reference = try decodePNG(folder.file(OutputNaming.fileName(glyph: "tidy", scale: scale)))
            #expect(image.width == reference.width && image.height == reference.height)
            // Tools round coordinates (Illustrator to 0.1, CorelDRAW to 0.01): allow what
            // that moves an antialiased edge (0.05 pt is 0.15 px at @3x), and nothing more.
            var worst = 0
            for index in stride(from: 3, to: image.pixels.count, by: 4) {
                worst = max(worst, abs(Int(image.pixels[index]) - Int(reference.pixels[index])))
            }
            #expect(worst <= 40, "\(name) @\(scale.factor)x: alpha differs by up to \(worst) from the tidy file")
            #expect(PaintedColors.of(image)?.primary == PaintedColors.of(reference)?.primary)
        }
    }
}
