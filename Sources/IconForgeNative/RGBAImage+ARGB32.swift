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
                        let half = alpha / 2
                        out[index] = UInt8(min(255, (red * 255 + half) / alpha))
                        out[index + 1] = UInt8(min(255, (green * 255 + half) / alpha))
                        out[index + 2] = UInt8(min(255, (blue * 255 + half) / alpha))
                    }
                    out[index + 3] = UInt8(alpha)
                }
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}
