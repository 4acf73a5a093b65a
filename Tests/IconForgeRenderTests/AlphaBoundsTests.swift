import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeRender

/// Measuring: the ink box comes from a real render's alpha channel, to a fraction of a pixel.
@Suite struct AlphaBoundsTests {
    /// square-27pt.svg draws x, y = 4 and width, height = 27 on a 35 pt artboard.
    static let square = Rect(x: 4, y: 4, width: 27, height: 27)

    @Test("edges on pixel boundaries are measured exactly")
    func wholePixelEdgesAreExact() throws {
        let glyph = try renderFixture("pipeline/square-27pt.svg")
        // @2x maps the 35 pt artboard onto 70 px: 2 px/pt, no offset, every edge on a boundary.
        let plan = glyph.plans[0]
        #expect(plan.pixelsPerPoint == 2 && plan.originX == 0 && plan.originY == 0)
        let box = try #require(AlphaBounds.of(glyph.images[0]))
        #expect(box == plan.pixels(fromPoints: Self.square))
    }

    @Test("a partly covered column or row puts the edge that far into it")
    func partlyCoveredEdgesAreMeasuredWithinAPixel() throws {
        // x = 4.25 pt lands on 8.5 px at @2x, and x + width = 30.75 pt on 61.5 px.
        let glyph = try renderFixture("pipeline/half-covered-edge.svg")
        let image = glyph.images[0]
        let expected = glyph.plans[0].pixels(fromPoints: Rect(x: 4.25, y: 4, width: 26.5, height: 27))
        #expect(expected.x.rounded(.down) != expected.x, "the fixture's edge must fall inside a pixel")
        let column = Int(expected.x)
        #expect(image.alpha(x: column, y: 35) > 0 && image.alpha(x: column, y: 35) < 255, "half covered")
        let box = try #require(AlphaBounds.of(image))
        #expect(isClose(box, expected, within: 0.02), "\(box) vs \(expected)")
        #expect(box.y == expected.y && box.maxY == expected.maxY)
    }

    @Test("the ink box in points is the drawn rectangle at every scale")
    func inkBoxMatchesTheDrawingAtEveryScale() throws {
        let glyph = try renderFixture("pipeline/square-27pt.svg")
        #expect(glyph.images.count == Template.scales.count)
        for (image, plan) in zip(glyph.images, glyph.plans) {
            // Both scales put this square's edges on whole pixels (@3x at 80/27 px/pt).
            let box = try #require(AlphaBounds.of(image))
            #expect(
                isClose(plan.points(fromPixels: box), Self.square, within: 0.02), "\(plan.pixelsPerPoint) px/pt: \(box)"
            )
        }
    }

    @Test("only alpha counts, and nothing painted has no box")
    func onlyAlphaCounts() {
        // Colour without alpha (as a careless encoder could leave it) is not ink.
        var image = RGBAImage(width: 5, height: 4, pixels: [UInt8](repeating: 0, count: 5 * 4 * 4))
        for index in stride(from: 0, to: image.pixels.count, by: 4) { image.pixels[index] = 255 }
        #expect(AlphaBounds.of(image) == nil)
        image.pixels[(2 * 5 + 3) * 4 + 3] = 255
        #expect(AlphaBounds.of(image) == Rect(x: 3, y: 2, width: 1, height: 1))
    }
}
