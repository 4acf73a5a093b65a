/// Encodes a monochrome glyph render as a small, deterministic PNG.
///
/// A glyph that passed `color.monochrome` is one colour plus alpha, so the encoder stores
/// exactly that: every painted pixel gets the glyph's colour and keeps its alpha. A grey
/// colour (black, the usual case) becomes grey+alpha, two bytes a pixel, half of them
/// constant; any other colour becomes a palette of that colour at each alpha present,
/// one byte a pixel. (Measured on 1,000 Lucide glyphs, a palette
/// never beat grey+alpha for black glyphs: PLTE and tRNS cost more than they save.)
package enum PNGEncoder {
    /// A finished PNG file's bytes and what they hold.
    package struct Encoded: Sendable, Equatable {
        package var bytes: [UInt8]
        package var width: Int
        package var height: Int

        package init(bytes: [UInt8], width: Int, height: Int) {
            self.bytes = bytes
            self.width = width
            self.height = height
        }
    }

    /// The default compression effort. Levels 6 and 7 are iconforge's own DEFLATE encoder
    /// for glyph images (`GlyphDeflate.c`): at 6, about 5 % smaller than libdeflate's level 6
    /// in the same time (what libdeflate's level 8 makes, at a quarter of its time); at 7,
    /// smaller than libdeflate's 9 at about its level 7's time. The other levels are
    /// libdeflate's. Xcode recompresses every PNG into Assets.car anyway (see
    /// docs/benchmark.md).
    package static let defaultCompressionLevel = 6

    /// Changes whenever the same pixels and level may give other bytes, so that a build key
    /// made before no longer matches and every PNG is written again.
    package static let revision = 2

    package static func encode(_ image: RGBAImage, colour: PixelColor, compressionLevel: Int) throws(NativeError)
        -> Encoded
    {
        let count = image.width * image.height
        let pixels: [UInt8]
        let layout: PNGCodec.Layout
        if colour.red == colour.green, colour.green == colour.blue {
            // Over buffer pointers: every pixel of every PNG passes here (1 % of a build's CPU
            // with the arrays' checks).
            precondition(image.pixels.count == count * 4, "pixel buffer does not match the size")
            let grayAlpha = [UInt8](unsafeUninitializedCapacity: count * 2) { grayAlpha, initialized in
                image.pixels.withUnsafeBufferPointer { source in
                    for index in 0..<count {
                        let alpha = source[index &* 4 &+ 3]
                        grayAlpha[index &* 2] = alpha != 0 ? colour.red : 0
                        grayAlpha[index &* 2 &+ 1] = alpha
                    }
                }
                initialized = count * 2
            }
            (pixels, layout) = (grayAlpha, .grayAlpha)
        } else {
            // Entry 0 is transparent, then one entry per distinct alpha, in increasing order.
            var seen = [Bool](repeating: false, count: 256)
            for index in 0..<count { seen[Int(image.pixels[index * 4 + 3])] = true }
            var indexOfAlpha = [UInt8](repeating: 0, count: 256)
            var palette: [UInt8] = [0, 0, 0, 0]
            for alpha in 1..<256 where seen[alpha] {
                indexOfAlpha[alpha] = UInt8(palette.count / 4)
                palette += [colour.red, colour.green, colour.blue, UInt8(alpha)]
            }
            var indexed = [UInt8](repeating: 0, count: count)
            for index in 0..<count { indexed[index] = indexOfAlpha[Int(image.pixels[index * 4 + 3])] }
            (pixels, layout) = (indexed, .palette(palette))
        }
        let bytes = try PNGCodec.encode(
            pixels: pixels, width: image.width, height: image.height, layout: layout,
            settings: PNGCodec.Settings(compressionLevel: Int32(compressionLevel)))
        return Encoded(bytes: bytes, width: image.width, height: image.height)
    }
}
