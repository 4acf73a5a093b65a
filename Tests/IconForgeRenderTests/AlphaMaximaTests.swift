import IconForgeTestSupport
import Testing

@testable import IconForgeRender

/// The pointer loop that `AlphaBounds` measures with.
@Suite struct AlphaMaximaTests {
    /// A width × height image, transparent but for the (x, y, alpha) pixels given.
    func image(width: Int, height: Int, _ painted: [(x: Int, y: Int, alpha: UInt8)]) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for pixel in painted { pixels[(pixel.y * width + pixel.x) * 4 + 3] = pixel.alpha }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func strongestAlphaPerColumnAndRow() {
        let maxima = image(width: 4, height: 3, [(1, 0, 10), (1, 2, 200), (3, 2, 70), (2, 1, 255)]).alphaMaxima()
        #expect(maxima.columns == [0, 200, 255, 70])
        #expect(maxima.rows == [10, 255, 200])
    }

    @Test func boundsComeFromTheOutermostCoverage() throws {
        // Column 2 is 40 % covered on the left, column 5 fully on the right; rows 1 to 3 likewise.
        let painted = [(x: 2, y: 1, alpha: UInt8(102)), (5, 3, 255), (3, 2, 255)]
        let bounds = try #require(AlphaBounds.of(image(width: 8, height: 5, painted)))
        #expect(abs(bounds.x - 2.6) < 1e-9 && abs(bounds.y - 1.6) < 1e-9)
        #expect(abs(bounds.width - 3.4) < 1e-9 && abs(bounds.height - 2.4) < 1e-9)
        #expect(AlphaBounds.of(image(width: 3, height: 3, [])) == nil)
        #expect(image(width: 0, height: 0, []).alphaMaxima() == ([], []))
    }
}
