import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeRender

/// Fit mode: the ink box, measured from pixels, is centred and scaled to the exact target.
@Suite struct BuildFitTests {
    @Test(arguments: [
        "pipeline/stroke-24px.svg", "pipeline/offcenter-20pt.svg", "pipeline/wide-pt-units.svg",
        "pipeline/tall-30pt.svg",
        "viewbox/material-960-viewbox.svg", "viewbox/size-unlike-viewbox.svg", "viewbox/size-percent.svg",
    ])
    func governingDimensionHitsTargetAndIsCentred(fixture: String) throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path(fixture)], into: output.path, fit: true)
        let glyph = try #require(report.catalog.glyphs.first)
        let shape = try #require(glyph.shape)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        for scale in Template.scales {
            let image = try decodePNG(output.file(OutputNaming.fileName(glyph: glyph.name, scale: scale)))
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
            let centreX = Double(box.x) + Double(box.width) / 2
            let centreY = Double(box.y) + Double(box.height) / 2
            #expect(
                abs(centreX - Double(scale.canvas) / 2) <= 1 && abs(centreY - Double(scale.canvas) / 2) <= 1,
                "\(fixture) @\(scale.factor)x: \(box)")
        }
    }

    /// The ink box is in points of the artboard the width and height declare, the viewBox
    /// mapped onto it (`Artboard`): Material Symbols' 960-unit viewBox on a 24 pt artboard is
    /// 0.025 pt per unit; a 48-unit viewBox in a 24 × 12 pt artboard meets it at 0.25 pt per
    /// unit, centred (x from 6 pt); a relative width leaves the viewBox as the artboard.
    @Test(arguments: [
        ("viewbox/material-960-viewbox.svg", Rect(x: 2, y: 2, width: 20, height: 20)),
        ("viewbox/size-unlike-viewbox.svg", Rect(x: 9, y: 1.5, width: 6, height: 9)),
        ("viewbox/size-percent.svg", Rect(x: 12, y: 12, width: 24, height: 24)),
        ("viewbox/corner-ink-35.svg", Rect(x: 43 * 35 / 48, y: 43 * 35 / 48, width: 4 * 35 / 48, height: 4 * 35 / 48)),
        ("pipeline/square-27pt.svg", Rect(x: 4, y: 4, width: 27, height: 27)),
    ])
    func inkIsMeasuredInArtboardPointsWhateverTheViewBox(fixture: String, expected: Rect) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture)))
        for mode in [ExportMode.template, .fitGlyph, .fitSet] {
            let rendered = try GlyphRenderer.render(RenderRequest(data, mode: mode, shapeThreshold: 1.2))
            let ink = try #require(rendered.inkBox, "\(fixture) \(mode): nothing painted")
            let tolerance = max(0.1, expected.width / 400) + rendered.inkPrecision
            #expect(
                abs(ink.x - expected.x) <= tolerance && abs(ink.y - expected.y) <= tolerance
                    && abs(ink.width - expected.width) <= tolerance && abs(ink.height - expected.height) <= tolerance,
                "\(fixture) \(mode): \(ink)")
        }
    }

    @Test func strokedIconIsMeasuredFromPixelsNotLibrsvgsEstimate() throws {
        // Lucide's alarm-clock-minus: librsvg's ink rectangle is off by up to a point here.
        let source = GlyphSource(
            name: "a", displayPath: "a.svg", relativePath: "a.svg",
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("pipeline/stroke-24px.svg")))))
        let rendered = try GlyphRenderer.render(RenderRequest(Data(source.bytes), mode: .fitGlyph, shapeThreshold: 1.2))
        let ink = try #require(rendered.inkBox)
        // Painted: x 1–23 (round caps at 2,6 and 22,6 reach 1 and 23), y 2–22.
        #expect(abs(ink.x - 1) < 0.15 && abs(ink.maxX - 23) < 0.15)
        #expect(abs(ink.y - 2) < 0.15 && abs(ink.maxY - 22) < 0.15)
    }
}

/// Clipping is judged where a person would see it: in output pixels.
@Suite struct ClippingInOutputPixelsTests {
    @Test func inkOvershootingByAFractionOfAPixelIsNotClipped() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("real/fontawesome-overshoot-512.svg")], into: output.path, fit: true)
        #expect(!report.diagnostics.contains { $0.rule == .geometryClipped }, "\(report.diagnostics.map(\.message))")
        #expect(report.errorCount == 0)
    }

    @Test func inkReallyOutsideTheViewBoxIsClipped() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("real/lucide-save-off.svg")], into: output.path, fit: true)
        #expect(report.diagnostics.map(\.rule) == [.geometryClipped], "\(report.diagnostics.map(\.message))")
    }
}
