import Foundation
import Testing

@testable import IconForgeModel
@testable import IconForgeRender

/// One colour means one colour as a person sees it, on real renders.
@Suite struct ColorDifferenceTests {
    func color(_ hex: String) -> PixelColor { PixelColor(hex: hex)! }

    @Test func colorsCloserThanADifferenceSeenAtAGlanceAreOne() {
        #expect(ColorDifference.same(color("#2e3436"), color("#2e3434")))
        #expect(ColorDifference.same(color("#000000"), color("#010101")))
        #expect(!ColorDifference.same(color("#2e3436"), color("#e01b24")))
        #expect(!ColorDifference.same(color("#000000"), color("#333333")))
        // Black and #0a0a0a: ΔE*ab 2.7, but near black lightness differences look smaller (ΔE00 1.6).
        #expect(ColorDifference.same(color("#000000"), color("#0a0a0a")))
        #expect(abs(ColorDifference.deltaE((0, 0, 0), (10, 10, 10)) - 1.59) < 0.01)
        // Either side of the threshold, 2.
        #expect(ColorDifference.same(color("#000000"), color("#0c0c0c")))
        #expect(!ColorDifference.same(color("#000000"), color("#0d0d0d")))
        // Yaru's two greys, ΔE00 4.7: a second colour.
        #expect(!ColorDifference.same(color("#808080"), color("#888a85")))
        #expect(abs(ColorDifference.deltaE((128, 128, 128), (136, 138, 133)) - 4.70) < 0.01)
        // CIELAB itself (sRGB, D65): white is L* 100, pure red (53.24, 80.09, 67.20).
        let white = ColorDifference.lab((255, 255, 255))
        let red = ColorDifference.lab((255, 0, 0))
        #expect(abs(white.0 - 100) < 0.01 && abs(white.1) < 0.01 && abs(white.2) < 0.01)
        #expect(abs(red.0 - 53.24) < 0.01 && abs(red.1 - 80.09) < 0.01 && abs(red.2 - 67.20) < 0.01)
    }

    @Test("CIEDE2000 gives Sharma, Wu and Dalal's test values (2005) to 1e-4")
    func ciede2000MatchesItsPublishedTestPairs() {
        let pairs: [((Double, Double, Double), (Double, Double, Double), Double)] = [
            ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
            ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
            ((50, 0, 0), (50, -1, 2), 2.3669),
            ((50, 2.5, 0), (73, 25, -18), 27.1492),
            ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
            ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
            ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
            ((50, 2.5, 0), (50, 0, -2.5), 4.3065),
            ((50, -0.001, 2.49), (50, 0.0011, -2.49), 4.7461),
        ]
        for (first, second, expected) in pairs {
            let found = ColorDifference.ciede2000(first, second)
            #expect(abs(found - expected) < 1e-4, "\(first) – \(second): \(found), published \(expected)")
            #expect(abs(ColorDifference.ciede2000(second, first) - expected) < 1e-4, "symmetric")
        }
    }

    func render(_ body: String) throws -> RGBAImage {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">\(body)</svg>"
        let glyph = try GlyphRenderer.render(RenderRequest(Data(svg.utf8), mode: .template, shapeThreshold: 1.2))
        return try #require(glyph.images.last)
    }

    @Test func opacityNeverMakesASecondColour() throws {
        // Adwaita's pattern: one colour, some shapes at 35 % opacity, antialiased edges.
        let image = try render(
            """
            <circle cx="12" cy="12" r="8" fill="#2e3436"/>
            <circle cx="22" cy="22" r="8.3" fill="#2e3436" opacity="0.35"/>
            <rect x="3.3" y="25.3" width="9.1" height="6.2" fill="#2e3434" fill-opacity="0.2"/>
            """)
        let colors = try #require(PaintedColors.of(image))
        #expect(colors.primary == color("#2e3436"))
        #expect(colors.other == nil, "found \(colors.other.map { "\($0.color.hex) at \($0.x),\($0.y)" } ?? "")")
    }

    @Test func aTranslucentBadgeOfAnotherColourIsStillASecondColour() throws {
        let image = try render(
            """
            <rect x="4" y="4" width="27" height="27" fill="#2e3436"/>
            <circle cx="30" cy="30" r="4" fill="#e01b24" opacity="0.4"/>
            """)
        let other = try #require(PaintedColors.of(image)?.other)
        #expect(other.x > 70 && other.y > 70, "found where the badge is")
    }
}
