import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeRender

/// Shapes parked wholly off the page (an Inkscape document's spares) are no part of the
/// glyph in any mode, with one warning: `Fixtures/rules/geometry-clipped-inkscape-spare-off-page-warning.svg`
/// holds a disc on its 35 pt page, a red square to its right and a black one to its left.
@Suite struct OffArtboardShapesTests {
    static let fixture = "rules/geometry-clipped-inkscape-spare-off-page-warning.svg"

    static func source(_ text: String) -> GlyphSource {
        GlyphSource(name: "spare", displayPath: "spare.svg", relativePath: "spare.svg", bytes: Array(text.utf8))
    }

    /// The fixture with its two spares deleted by hand: the drawing every mode must output.
    static func withoutSpares() throws -> String {
        let text = try String(contentsOfFile: Fixtures.path(fixture), encoding: .utf8)
        let spares =
            try #require(text.range(of: "    <rect"))
            .lowerBound..<(try #require(text.range(of: "id=\"path9\" />"))).upperBound
        return text.replacingCharacters(in: spares, with: "")
    }

    @Test(
        "--fit=glyph and --fit=set draw the page's glyph alone, pixel for pixel as without the spares",
        arguments: [ExportMode.fitGlyph, .fitSet])
    func fitModesLeaveTheSparesOut(mode: ExportMode) throws {
        var options = PipelineOptions()
        options.mode = mode
        let text = try String(contentsOfFile: Fixtures.path(Self.fixture), encoding: .utf8)
        let spared = GlyphProcessor.process(Self.source(text), options: options, encode: true)
        let tidy = GlyphProcessor.process(Self.source(try Self.withoutSpares()), options: options, encode: true)
        #expect(
            spared.diagnostics.map(\.rule) == [.geometryClipped]
                && spared.diagnostics.allSatisfy { $0.severity == .warning }, "\(spared.diagnostics.map(\.message))")
        #expect(tidy.diagnostics.isEmpty)
        // The disc alone: 27 pt across, centred on the page.
        let ink = try #require(spared.inkBox)
        #expect(isClose(ink, Rect(x: 4, y: 4, width: 27, height: 27), within: 0.02), "\(ink)")
        #expect(spared.pngs.count == Template.scales.count && tidy.pngs.count == Template.scales.count)
        for (png, expected) in zip(spared.pngs, tidy.pngs) {
            #expect(try PNGCodec.decode(png.bytes).pixels == PNGCodec.decode(expected.bytes).pixels)
        }
        let image = try PNGCodec.decode(try #require(spared.pngs.last).bytes)
        let box = try #require(paintedPixelBox(image))
        #expect(box.width == 80 && box.height == 80 && box.x == 12 && box.y == 12, "\(box)")
    }

    @Test("--fit=set's render pass leaves out the spares its planning pass found, through a worker's request too")
    func planningPassHandsTheSparesOn() throws {
        var options = PipelineOptions()
        options.mode = .fitSet
        options.measuresOnly = true
        let text = try String(contentsOfFile: Fixtures.path(Self.fixture), encoding: .utf8)
        let planned = GlyphProcessor.process(Self.source(text), options: options, encode: false)
        let measured = try #require(planned.measured)
        #expect(measured.offArtboard.count == 2)
        let request = OutcomeCodec.encodeRequest(Self.source(text), encode: true, measured: measured)
        #expect(OutcomeCodec.decodeRequest(request)?.measured == measured)
        options.measuresOnly = false
        let rendered = GlyphProcessor.process(Self.source(text), options: options, encode: true, measured: measured)
        let fresh = GlyphProcessor.process(Self.source(text), options: options, encode: true)
        #expect(rendered.diagnostics == fresh.diagnostics && rendered.pngs.map(\.bytes) == fresh.pngs.map(\.bytes))
        #expect(rendered.pngs.count == Template.scales.count)
    }

    @Test("a shape the page edge cuts changes the page, so it stays and is clipped")
    func aShapeAcrossTheEdgeStays() throws {
        let data = try [UInt8](
            Data(
                contentsOf: URL(
                    fileURLWithPath: Fixtures.path("rules/geometry-clipped-inkscape-shape-across-page-edge.svg"))))
        let markup = MarkupChecks.run(
            Self.source(String(decoding: data, as: UTF8.self)), limits: PipelineOptions().limits)
        let renderable = try #require(markup.renderable)
        let spans = OffArtboardShapes.spans(
            markup.paintUses.compactMap(\.span), in: renderable, artboard: Size(width: 35, height: 35), librsvgPath: nil
        )
        // Only the red spare: the disc and the shape across the edge both show on the page.
        #expect(spans.count == 1)
        #expect(String(decoding: renderable[try #require(spans.first)], as: UTF8.self).contains("#ff0000"))
    }

    /// The subpaths that can be left out alone: each one followed by an absolute move-to (or
    /// last); one followed by a relative `m` would move that one, so it is not tried.
    @Test func subpathsAreSplitAtMoveTos() {
        func subpaths(_ element: String) -> [String] {
            let bytes = Array(element.utf8)
            return OffArtboardShapes.subpathSpans(ofPath: 0..<bytes.count, in: bytes).map {
                String(decoding: bytes[$0], as: UTF8.self)
            }
        }
        #expect(subpaths("<path fill=\"#000\" d=\"M1 1h2v2z M30 1e0h2v2z\"/>") == ["M1 1h2v2z ", "M30 1e0h2v2z"])
        #expect(subpaths("<path id=\"d\" d='M1 1h2v2z m30 0h2v2z M4 4h1v1z'/>") == ["m30 0h2v2z ", "M4 4h1v1z"])
        #expect(subpaths("<path d=\"M1 1h2v2z\"/>").isEmpty)
        #expect(subpaths("<rect d=\"M1 1h2v2z M3 3h1v1z\"/>").isEmpty)
    }
}
