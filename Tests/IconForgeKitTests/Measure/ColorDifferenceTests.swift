import Foundation
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// One colour means one colour as a person sees it, on real renders.
@Suite struct ColorDifferenceTests {
    func color(_ hex: String) -> PixelColor { PixelColor(hex: hex)! }

    @Test func colorsCloserThanAJustNoticeableDifferenceAreOne() {
        #expect(ColorDifference.same(color("#2e3436"), color("#2e3434")))
        #expect(ColorDifference.same(color("#000000"), color("#010101")))
        #expect(!ColorDifference.same(color("#2e3436"), color("#e01b24")))
        #expect(!ColorDifference.same(color("#000000"), color("#333333")))
        // Known CIELAB distances (sRGB, D65): black–white is 100; pure red–green 170.6.
        #expect(abs(ColorDifference.deltaE((0, 0, 0), (255, 255, 255)) - 100) < 0.01)
        #expect(abs(ColorDifference.deltaE((255, 0, 0), (0, 255, 0)) - 170.6) < 0.1)
    }

    func render(_ body: String) throws -> RGBAImage {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">\(body)</svg>"
        let glyph = try GlyphRenderer.render(Data(svg.utf8), mode: .template, shapeThreshold: 1.2)
        return try #require(glyph.images.last)
    }

    @Test func opacityNeverMakesASecondColour() throws {
        // Adwaita's pattern: one colour, some shapes at 35 % opacity, antialiased edges.
        let image = try render("""
            <circle cx="12" cy="12" r="8" fill="#2e3436"/>
            <circle cx="22" cy="22" r="8.3" fill="#2e3436" opacity="0.35"/>
            <rect x="3.3" y="25.3" width="9.1" height="6.2" fill="#2e3434" fill-opacity="0.2"/>
            """)
        let colors = try #require(PaintedColors.of(image))
        #expect(colors.primary == color("#2e3436"))
        #expect(colors.other == nil, "found \(colors.other.map { "\($0.color.hex) at \($0.x),\($0.y)" } ?? "")")
    }

    @Test func aTranslucentBadgeOfAnotherColourIsStillASecondColour() throws {
        let image = try render("""
            <rect x="4" y="4" width="27" height="27" fill="#2e3436"/>
            <circle cx="30" cy="30" r="4" fill="#e01b24" opacity="0.4"/>
            """)
        let other = try #require(PaintedColors.of(image)?.other)
        #expect(other.x > 70 && other.y > 70, "found where the badge is")
    }
}
