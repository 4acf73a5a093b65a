/// The conversion from cairo's pixels, here with the other code that reads C memory.
extension RGBAImage {
    /// Converts cairo's premultiplied native-endian ARGB32 to straight RGBA.
    ///
    /// Each channel is divided by alpha with rounding to nearest, so a half-covered edge
    /// pixel of a black glyph stays black (0, 0, 0, 128) rather than turning grey.
    /// Fully transparent pixels become (0, 0, 0, 0) so that their bytes never vary.
    init(unpremultiplyingARGB32 source: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            Self.reciprocals.withUnsafeBufferPointer { reciprocals in
                for y in 0..<height {
                    let row = y * stride
                    for x in 0..<width {
                        // ARGB32 is a native-endian UInt32: A in the top byte.
                        let value = source.loadUnaligned(fromByteOffset: row + x * 4, as: UInt32.self)
                        let alpha = Int(value >> 24)
                        guard alpha > 0 else { continue }
                        let index = (y * width + x) * 4
                        let red = Int((value >> 16) & 0xFF)
                        let green = Int((value >> 8) & 0xFF)
                        let blue = Int(value & 0xFF)
                        if alpha == 255 {
                            out[index] = UInt8(red)
                            out[index + 1] = UInt8(green)
                            out[index + 2] = UInt8(blue)
                        } else {
                            let reciprocal = reciprocals[alpha]
                            out[index] = Self.unpremultiplied(red, alpha: alpha, reciprocal: reciprocal)
                            out[index + 1] = Self.unpremultiplied(green, alpha: alpha, reciprocal: reciprocal)
                            out[index + 2] = Self.unpremultiplied(blue, alpha: alpha, reciprocal: reciprocal)
                        }
                        out[index + 3] = UInt8(alpha)
                    }
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// A premultiplied `channel` (0...255) of a pixel of `alpha` (1...254) divided by alpha,
    /// rounded to nearest: min(255, (channel × 255 + alpha / 2) / alpha).
    ///
    /// The division is a multiplication by `reciprocal`, `reciprocals[alpha]` (every edge pixel of every
    /// render divides three times), exact here: for n = qa + s (s < a) and m = ⌈2³²/a⌉ =
    /// (2³² + r)/a (r < a), n·m/2³² = q + s/a + n·r/(a·2³²) < q + (a − 1)/a + n/2³², which
    /// stays below q + 1 while n < 2³²/a; n is at most 255 × 255 + 127, far below 2³²/255.
    @inline(__always)
    static func unpremultiplied(_ channel: Int, alpha: Int, reciprocal: UInt64) -> UInt8 {
        let numerator = UInt64(truncatingIfNeeded: channel &* 255 &+ alpha / 2)
        let quotient = (numerator &* reciprocal) >> 32
        return UInt8(truncatingIfNeeded: min(255, quotient))
    }

    /// ⌈2³²/a⌉ for each alpha a (0 for 0, never divided by).
    static let reciprocals: [UInt64] = (0...255).map { $0 == 0 ? 0 : ((1 << 32) + UInt64($0) - 1) / UInt64($0) }
}
