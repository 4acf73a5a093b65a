import Foundation
import Testing

@testable import IconForgeRender

@Suite struct GeometryChecksTests {
    @Test("a ratio beside its limit shows the decimals that tell them apart")
    func ratioTextNeverReadsAsTheLimit() {
        #expect(GeometryChecks.ratioText(3.004, beside: 3) == "3.004")
        #expect(GeometryChecks.ratioText(3.0004, beside: 3) == "3.0004")
        #expect(GeometryChecks.ratioText(3.333, beside: 3) == "3.33")
        #expect(GeometryChecks.ratioText(4, beside: 3) == "4")
        #expect(GeometryChecks.ratioText(3, beside: 3) == "3")
    }

    /// Renders a 35 pt glyph and measures detail across its thin side.
    func detail(_ body: String) throws -> ThinSideDetail {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">\(body)</svg>"
        let glyph = try GlyphRenderer.render(RenderRequest(Data(svg.utf8), mode: .template, shapeThreshold: 1.2))
        let image = try #require(glyph.images.last)
        return try #require(ThinSideDetail.of(image, wide: true))
    }

    @Test func oneBarOrARowOfDotsHasNoDetailAcrossItsThinSide() throws {
        #expect(try !detail("<rect x=\"2.5\" y=\"16\" width=\"30\" height=\"3\"/>").hasDetail)
        #expect(
            try !detail(
                "<circle cx=\"5\" cy=\"17.5\" r=\"2\"/><circle cx=\"17.5\" cy=\"17.5\" r=\"2\"/><circle cx=\"30\" cy=\"17.5\" r=\"2\"/>"
            ).hasDetail)
    }

    @Test func ringsSqueezedIntoAStripHaveThinStrokesAcrossIt() throws {
        let rings = try detail(
            "<g fill=\"none\" stroke=\"#000\"><circle cx=\"6.5\" cy=\"17.5\" r=\"3.5\"/><circle cx=\"17.5\" cy=\"17.5\" r=\"3.5\"/><circle cx=\"28.5\" cy=\"17.5\" r=\"3.5\"/></g>"
        )
        #expect(rings.hasDetail)
        // 1 pt strokes at 88/30 px/pt (a wide glyph at @3x): about 3 px.
        #expect(rings.medianStrokePixels >= 2 && rings.medianStrokePixels <= 4, "\(rings)")
    }
}
