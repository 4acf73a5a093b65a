import IconForgeModel
import IconForgeTestSupport
import Testing

@testable import IconForgeNative

/// cairo's premultiplied pixels to straight RGBA (`RGBAImage(unpremultiplyingARGB32:)`), whose
/// division by alpha is a multiplication by a reciprocal, against the division itself.
@Suite struct UnpremultiplyTests {
    /// The conversion by its definition: each channel × 255 / alpha, rounded to nearest, at most 255.
    func reference(_ channel: Int, alpha: Int) -> UInt8 { UInt8(min(255, (channel * 255 + alpha / 2) / alpha)) }

    @Test("the reciprocal gives the division's quotient for every channel value and alpha")
    func reciprocalDividesExactly() {
        var wrong: [(channel: Int, alpha: Int)] = []
        for alpha in 1...255 {
            let reciprocal = RGBAImage.reciprocals[alpha]
            for channel in 0...255
            where RGBAImage.unpremultiplied(channel, alpha: alpha, reciprocal: reciprocal)
                != reference(channel, alpha: alpha)
            {
                wrong.append((channel, alpha))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("random premultiplied pixels convert as dividing each channel would")
    func randomPixelsConvertAsDividing() {
        // Seeded, so that the pixels are the same every run; channels above alpha too
        // (not premultiplied as cairo writes them), which clamp at 255.
        var generator = SplitMix64(seed: 46)
        let (width, height, stride) = (23, 17, 23 * 4 + 8)
        var source = [UInt8](repeating: 0, count: stride * height)
        var expected = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = [0, 255, Int.random(in: 1...254, using: &generator)].randomElement(using: &generator)!
                let channels = (0..<3).map { _ in Int.random(in: 0...min(255, alpha + 2), using: &generator) }
                let word =
                    UInt32(alpha) << 24 | UInt32(channels[0]) << 16 | UInt32(channels[1]) << 8 | UInt32(channels[2])
                withUnsafeBytes(of: word) { bytes in
                    for byte in 0..<4 { source[y * stride + x * 4 + byte] = bytes[byte] }
                }
                guard alpha > 0 else { continue }
                let index = (y * width + x) * 4
                for channel in 0..<3 {
                    expected[index + channel] =
                        alpha == 255 ? UInt8(channels[channel]) : reference(channels[channel], alpha: alpha)
                }
                expected[index + 3] = UInt8(alpha)
            }
        }
        let image = source.withUnsafeBytes { bytes in
            RGBAImage(unpremultiplyingARGB32: bytes, width: width, height: height, stride: stride)
        }
        #expect(image.pixels == expected)
    }
}
