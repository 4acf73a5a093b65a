import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeRender

/// Template mode: the artboard maps onto each canvas; the drawing is untouched.
@Suite struct BuildTemplateTests {
    @Test func squareGlyphAtTargetComesOut54And80Pixels() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("pipeline/square-27pt.svg")], into: output.path)
        #expect(report.errorCount == 0)

        let x2 = try decodePNG(output.file("square-27pt@2x.png"))
        #expect(x2.width == 70 && x2.height == 70)
        let box2 = try #require(paintedPixelBox(x2))
        // 4 pt × 2 px/pt = 8 px, 27 pt = 54 px, exactly on pixel edges.
        #expect(box2.x == 8 && box2.y == 8 && box2.width == 54 && box2.height == 54)

        let x3 = try decodePNG(output.file("square-27pt@3x.png"))
        #expect(x3.width == 104 && x3.height == 104)
        // @3x draws a square glyph at 80/27 px/pt: 27 pt is exactly 80 px, centred on 104 px,
        // so it covers pixel columns and rows 12–91 and nothing else, every one fully.
        let box3 = try #require(paintedPixelBox(x3))
        #expect(box3.x == 12 && box3.y == 12 && box3.width == 80 && box3.height == 80, "\(box3)")
        for index in [12, 52, 91] {
            #expect(x3.alpha(x: index, y: 52) == 255 && x3.alpha(x: 52, y: index) == 255)
        }
    }

    @Test func wideAndTallGlyphsKeepTheirDrawnSize() throws {
        let output = TemporaryFolder()
        let report = try build(
            [Fixtures.path("pipeline/wide-30pt.svg"), Fixtures.path("pipeline/tall-30pt.svg")], into: output.path)
        #expect(report.errorCount == 0)
        let shapes = Dictionary(uniqueKeysWithValues: report.catalog.glyphs.map { ($0.name, $0.shape) })
        #expect(shapes == ["wide-30pt": .wide, "tall-30pt": .tall])

        let wide = try #require(paintedPixelBox(try decodePNG(output.file("wide-30pt@2x.png"))))
        #expect(wide.width == 60 && wide.height == 40)
        let tall = try #require(paintedPixelBox(try decodePNG(output.file("tall-30pt@2x.png"))))
        #expect(tall.width == 30 && tall.height == 60)
        // @3x draws wide and tall glyphs at 88/30 px/pt: 30 pt is exactly 88 px (rows or
        // columns 8–95), where mapping the 35 pt artboard onto 104 px would give 89.1.
        let wide3 = try #require(paintedPixelBox(try decodePNG(output.file("wide-30pt@3x.png"))))
        #expect(wide3.x == 8 && wide3.width == 88, "\(wide3)")
        let tall3 = try #require(paintedPixelBox(try decodePNG(output.file("tall-30pt@3x.png"))))
        #expect(tall3.y == 8 && tall3.height == 88, "\(tall3)")
        // The short side scales with it: 15 pt × 88/30 = 44 px, from 52 − 22 = 30.
        #expect(tall3.x == 30 && tall3.width == 44, "\(tall3)")
    }

    @Test func offCenterGlyphStaysOffCenterBySameAmount() throws {
        let output = TemporaryFolder()
        // A set sized optically: the tolerance lets a 20 pt glyph through.
        let report = try build([Fixtures.path("pipeline/offcenter-20pt.svg")], into: output.path, sizeTolerance: 10)
        #expect(report.errorCount == 0)
        #expect(report.diagnostics.map(\.rule) == [.geometryOffCenter])
        let box2 = try #require(paintedPixelBox(try decodePNG(output.file("offcenter-20pt@2x.png"))))
        #expect(box2.x == 6 && box2.y == 10 && box2.width == 40 && box2.height == 40)
        let box3 = try #require(AlphaBounds.of(try decodePNG(output.file("offcenter-20pt@3x.png"))))
        // A square glyph's @3x scale, 80/27 px/pt; the 35 pt artboard (103.7 px) is centred.
        let ppp = 80.0 / 27
        let origin = (104 - 35 * ppp) / 2
        #expect(abs(box3.x - (origin + 3 * ppp)) < 0.1 && abs(box3.y - (origin + 5 * ppp)) < 0.1)
        #expect(abs(box3.width - 20 * ppp) < 0.1)
    }

    @Test func backgroundIsTransparentAndGlyphColourSurvivesUnpremultiplication() throws {
        let output = TemporaryFolder()
        _ = try build([Fixtures.path("pipeline/half-covered-edge.svg")], into: output.path)
        let image = try decodePNG(output.file("half-covered-edge@2x.png"))
        #expect(image.pixel(x: 0, y: 0) == [0, 0, 0, 0])
        #expect(image.pixel(x: 69, y: 69) == [0, 0, 0, 0])
        // x = 4.25 pt is 8.5 px: column 8 is half covered and must stay black, not grey.
        let edge = image.pixel(x: 8, y: 35)
        #expect(edge[0...2] == [0, 0, 0])
        #expect((120...136).contains(edge[3]))
        #expect(image.pixel(x: 9, y: 35) == [0, 0, 0, 255])
        #expect(image.pixel(x: 7, y: 35) == [0, 0, 0, 0])
    }

    @Test func strokeRunningOffTheCanvasIsMeasuredInFullAndHintsAtFit() throws {
        // A 24-unit icon whose round-capped stroke reaches x = 30.6, past the canvas edge at 29.5.
        let folder = TemporaryFolder()
        folder.write(
            "reach.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\" stroke-linecap=\"round\"><path d=\"M3 3 C 20 3, 29.6 12, 29.6 21\"/></svg>"
        )
        var request = BuildRequest()
        request.inputs = [folder.path]
        request.writesOutput = false
        let report = try Builder.run(request)
        let ink = try #require(report.catalog.glyphs.first?.inkBox)
        #expect(abs(ink.maxX - 30.6) < 0.2, "\(ink)")
        // The 24 pt page leads, once: one finding that names it and the --fit that suits such a set.
        let lead = try #require(report.diagnostics.first { $0.rule == .sizeMax })
        #expect(
            lead.message.hasPrefix("the page is 24 × 24 pt") && lead.message.contains("with --fit"), "\(lead.message)")
        #expect(
            !report.diagnostics.contains { $0.rule == .sizeTarget || $0.rule == .geometryOffCenter },
            "\(report.diagnostics.map(\.message))")
    }

    @Test func colouredGlyphKeepsItsColourAtEveryAlpha() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("pipeline/wide-pt-units.svg")], into: output.path, fit: true)
        #expect(report.catalog.glyphs.first?.color == "#007aff")
        let image = try decodePNG(output.file("wide-pt-units@3x.png"))
        var painted = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image.alpha(x: x, y: y) > 0 {
                #expect(image.pixel(x: x, y: y)[0...2] == [0x00, 0x7a, 0xff])
                painted += 1
            }
        }
        #expect(painted > 1000)
    }
}
