import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeRender
@testable import IconForgeSVG

/// The artboard is the width and height in their units, the viewBox mapped onto it: what
/// rsvg-convert renders at 72 dpi, in points.
@Suite struct ArtboardTests {
    @Test("width and height in any absolute unit give the artboard in points; the viewBox maps onto it")
    func absoluteUnitsGiveTheSizeInPoints() throws {
        let millimetres = try Artboard.declared(
            width: 12.347222 * 72 / 25.4, height: 12.347222 * 72 / 25.4,
            viewBox: Rect(x: 0, y: 0, width: 12.347222, height: 12.347222))
        #expect(abs(millimetres.size.width - 35) < 1e-4 && abs(millimetres.userSpace.scaleX - 72 / 25.4) < 1e-9)
        // FontForge: a viewBox whose origin is not 0,0; unitless, so 1 unit is 1 pt.
        let fontForge = try Artboard.declared(
            width: nil, height: nil, viewBox: Rect(x: -13, y: 0, width: 41, height: 35))
        #expect(
            fontForge.size == Size(width: 41, height: 35)
                && fontForge.userSpace == UserSpace(scaleX: 1, scaleY: 1, originX: 13, originY: 0))
        #expect(fontForge.userSpace.userX(20.5) == 7.5)
        // Only a width: the height follows the viewBox's proportions.
        let widthOnly = try Artboard.declared(
            width: 24, height: nil, viewBox: Rect(x: 0, y: -960, width: 960, height: 960))
        #expect(
            widthOnly.size == Size(width: 24, height: 24)
                && widthOnly.userSpace == UserSpace(scaleX: 0.025, scaleY: 0.025, originX: 0, originY: 24))
        // No viewBox: user units are the width and height's own pixels, 1 px = 1 pt.
        #expect(
            try Artboard.declared(width: 35, height: 35, viewBox: nil) == Artboard(size: Size(width: 35, height: 35)))
        // No viewBox and an absolute size (6.35 mm = 18 pt): user units are CSS px, 0.75 pt.
        let millimetrePage = try Artboard.declared(width: 18, height: 18, viewBox: nil, absolute: true)
        #expect(
            millimetrePage.size == Size(width: 18, height: 18)
                && millimetrePage.userSpace == UserSpace(scaleX: 0.75, scaleY: 0.75, originX: 0, originY: 0))
        #expect(throws: ArtboardProblem.self) { try Artboard.declared(width: nil, height: 35, viewBox: nil) }
        #expect(throws: ArtboardProblem.self) {
            try Artboard.declared(width: 35, height: 35, viewBox: Rect(x: 0, y: 0, width: 0, height: 35))
        }
    }

    @Test("preserveAspectRatio places a viewBox of other proportions as SVG does")
    func preserveAspectRatioAlignsAndScales() throws {
        let viewBox = Rect(x: 0, y: 0, width: 70, height: 35)
        let size = (35.0, 35.0)
        func mapping(_ text: String?) throws -> UserSpace {
            try Artboard.declared(
                width: size.0, height: size.1, viewBox: viewBox, preserveAspectRatio: PreserveAspectRatio(parsing: text)
            ).userSpace
        }
        #expect(try mapping(nil) == UserSpace(scaleX: 0.5, scaleY: 0.5, originX: 0, originY: 8.75))
        #expect(try mapping("xMidYMid") == mapping(nil))
        #expect(try mapping("xMinYMin meet") == UserSpace(scaleX: 0.5, scaleY: 0.5, originX: 0, originY: 0))
        #expect(try mapping("xMaxYMax") == UserSpace(scaleX: 0.5, scaleY: 0.5, originX: 0, originY: 17.5))
        #expect(try mapping("xMidYMid slice") == UserSpace(scaleX: 1, scaleY: 1, originX: -17.5, originY: 0))
        #expect(try mapping("none") == UserSpace(scaleX: 0.5, scaleY: 1, originX: 0, originY: 0))
        #expect(try mapping("xMidYMid bogus") == mapping(nil))
        #expect(try mapping("sideways") == mapping(nil))
    }

    /// Each document is 35 pt with a 27 pt square in the middle, in its own units.
    @Test(arguments: [
        ("width=\"35pt\" height=\"35pt\" viewBox=\"0 0 35 35\"", "<rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/>"),
        (
            "width=\"2.916667pc\" height=\"2.916667pc\" viewBox=\"0 0 70 70\"",
            "<rect x=\"8\" y=\"8\" width=\"54\" height=\"54\"/>"
        ),
        (
            "width=\"1.234722cm\" height=\"1.234722cm\" viewBox=\"0 0 1234.722 1234.722\"",
            "<rect x=\"141.1111\" y=\"141.1111\" width=\"952.5\" height=\"952.5\"/>"
        ),
        // No viewBox: user units are CSS px, 96 to the inch (4 pt is 5.3333 units).
        (
            "width=\"0.486111in\" height=\"0.486111in\"",
            "<rect x=\"5.333333\" y=\"5.333333\" width=\"36\" height=\"36\"/>"
        ),
        (
            "width=\"12.347222mm\" height=\"12.347222mm\" viewBox=\"-20 -20 12.347222 12.347222\"",
            "<rect x=\"-18.588889\" y=\"-18.588889\" width=\"9.525\" height=\"9.525\"/>"
        ),
        (
            "width=\"35px\" height=\"35px\" viewBox=\"0 0 350 350\"",
            "<rect x=\"40\" y=\"40\" width=\"270\" height=\"270\"/>"
        ),
        ("width=\"35\" height=\"35\"", "<rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/>"),
    ])
    func everyUnitMeasuresThe27PointSquare(root: String, body: String) throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\(body)</svg>"
        let glyph = try GlyphRenderer.render(RenderRequest(Data(svg.utf8), mode: .template, shapeThreshold: 1.2))
        #expect(
            abs(glyph.artboard.width - 35) < 0.001 && abs(glyph.artboard.height - 35) < 0.001,
            "\(root): \(glyph.artboard)")
        let ink = try #require(glyph.inkBox)
        for (value, expected) in [(ink.x, 4.0), (ink.y, 4), (ink.width, 27), (ink.height, 27)] {
            #expect(abs(value - expected) <= 0.05, "\(root): \(ink)")
        }
        // Exactly the template's pixels: the 54 px and 80 px squares, centred.
        for (image, scale) in zip(glyph.images, Template.scales) {
            let box = try #require(AlphaBounds.of(image))
            let target = Double(scale.squareTarget)
            let margin = (Double(scale.canvas) - target) / 2
            #expect(abs(box.width - target) <= 0.5 && abs(box.x - margin) <= 0.25, "\(root) \(scale.suffix): \(box)")
        }
    }

    /// Real exports (Fixtures/units/README.md): the ink box is what rsvg-convert -d 72 -p 72
    /// renders, measured at 10× (x, y, width, height in points).
    @Test(arguments: [
        ("units/inkscape-mm-layer-translate.svg", Size(width: 35, height: 35), Rect(x: 4, y: 4, width: 27, height: 27)),
        (
            "units/libreoffice-hundredths-mm.svg", Size(width: 35.008, height: 35.008),
            Rect(x: 3.997, y: 3.997, width: 27.043, height: 27.043)
        ),
        ("units/fontforge-negative-origin.svg", Size(width: 51, height: 35), Rect(x: 14, y: 4, width: 27, height: 27)),
        ("units/potrace-pt-flipped-group.svg", Size(width: 35, height: 35), Rect(x: 4, y: 4, width: 27, height: 27)),
    ])
    func realExportsMeasureAsRsvgConvertDraws(fixture: String, artboard: Size, expected: Rect) throws {
        let glyph = try renderFixture(fixture)
        #expect(
            abs(glyph.artboard.width - artboard.width) < 0.001 && abs(glyph.artboard.height - artboard.height) < 0.001,
            "\(glyph.artboard)")
        let ink = try #require(glyph.inkBox)
        for (value, wanted) in [
            (ink.x, expected.x), (ink.y, expected.y), (ink.width, expected.width), (ink.height, expected.height),
        ] {
            #expect(abs(value - wanted) <= 0.05, "\(fixture): \(ink)")
        }
    }

    @Test(arguments: [
        "inkscape-mm-layer-translate", "libreoffice-hundredths-mm", "potrace-pt-flipped-group",
        "fontforge-negative-origin",
    ])
    func aGlyphDrawnAt27PointsPassesInEveryToolsUnits(name: String) throws {
        let folder = TemporaryFolder()
        let report = try build([Fixtures.path("units/\(name).svg")], into: folder.path)
        // FontForge's viewBox runs 10 units left of the advance: the drawing is centred on
        // its advance, 2 pt right of the artboard's centre, which is only a warning.
        let expected: [RuleID] = name.hasPrefix("fontforge") ? [.geometryOffCenter] : []
        #expect(
            report.diagnostics.map(\.rule) == expected, "\(report.diagnostics.map { DiagnosticFormatter.text($0) })")
        #expect(!report.diagnostics.contains { $0.message.contains("not the 35 × 35 pt template") })
        let glyph = try #require(report.catalog.glyphs.first)
        #expect(glyph.status == .ok && glyph.shape == .square)
    }
}
