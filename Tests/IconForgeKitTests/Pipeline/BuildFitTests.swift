import Foundation
import Testing

@testable import IconForgeKit

/// Fit mode: the ink box, measured from pixels, is centred and scaled to the exact target.
@Suite struct BuildFitTests {
    @Test(arguments: ["pipeline/stroke-24px.svg", "pipeline/offcenter-20pt.svg", "pipeline/wide-pt-units.svg", "pipeline/tall-30pt.svg"])
    func governingDimensionHitsTargetAndIsCentred(fixture: String) throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path(fixture)], into: output.path, fit: true)
        let glyph = try #require(report.catalog.glyphs.first)
        let shape = try #require(glyph.shape)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        for scale in Template.scales {
            let image = try decodePNG(output.file(OutputWriter.fileName(glyph: glyph.name, scale: scale)))
            #expect(image.width == scale.canvas && image.height == scale.canvas)
            let box = try #require(paintedPixelBox(image))
            let governing =
                switch shape {
                case .wide: box.width
                case .tall: box.height
                case .square: max(box.width, box.height)
                }
            // Whole painted pixels: an edge partly covering a pixel adds at most one per side.
            #expect(abs(governing - scale.target(for: shape)) <= 1, "\(fixture) @\(scale.factor)x: \(box)")
            let centreX = Double(box.x) + Double(box.width) / 2, centreY = Double(box.y) + Double(box.height) / 2
            #expect(abs(centreX - Double(scale.canvas) / 2) <= 1 && abs(centreY - Double(scale.canvas) / 2) <= 1, "\(fixture) @\(scale.factor)x: \(box)")
        }
    }

    @Test func strokedIconIsMeasuredFromPixelsNotLibrsvgsEstimate() throws {
        // Lucide's alarm-clock-minus: librsvg's ink rectangle is off by up to a point here.
        let source = GlyphSource(name: "a", displayPath: "a.svg", relativePath: "a.svg", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("pipeline/stroke-24px.svg")))))
        let rendered = try GlyphRenderer.render(Data(source.bytes), mode: .fit, shapeThreshold: 1.2)
        let ink = try #require(rendered.inkBox)
        // Painted: x 1–23 (round caps at 2,6 and 22,6 reach 1 and 23), y 2–22.
        #expect(abs(ink.x - 1) < 0.15 && abs(ink.maxX - 23) < 0.15)
        #expect(abs(ink.y - 2) < 0.15 && abs(ink.maxY - 22) < 0.15)
    }
}
