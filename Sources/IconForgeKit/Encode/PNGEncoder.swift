/// Encodes a monochrome glyph render as a small, deterministic PNG.
///
/// A glyph that passed `color.monochrome` is one colour plus alpha, so the encoder
/// stores exactly that: every pixel gets the glyph's colour and keeps its alpha. A grey
/// colour (black, the usual case) is stored as grey+alpha, any other colour as a palette
/// with tRNS; both are far smaller than RGBA, and the smaller of the candidates wins.
enum PNGEncoder {
    /// A finished PNG file's bytes and what they hold.
    struct Encoded: Sendable, Equatable {
        var bytes: [UInt8]
        var width: Int
        var height: Int
    }

    /// Settings tried for each candidate layout; the smallest result wins, with ties going
    /// to the earlier one, so output never depends on anything but the pixels.
    static let candidateSettings: [PNGCodec.Settings] = [
        PNGCodec.Settings(filters: PNGCodec.Settings.allFilters, compressionLevel: 9, strategy: 0),
    ]

    static func encode(_ image: RGBAImage, colour: PixelColor) throws(NativeError) -> Encoded {
        var candidates: [(pixels: [UInt8], layout: PNGCodec.Layout)] = []
        let count = image.width * image.height
        if colour.red == colour.green, colour.green == colour.blue {
            var grayAlpha = [UInt8](repeating: 0, count: count * 2)
            for index in 0..<count {
                let alpha = image.pixels[index * 4 + 3]
                grayAlpha[index * 2] = alpha == 0 ? 0 : colour.red
                grayAlpha[index * 2 + 1] = alpha
            }
            candidates.append((grayAlpha, .grayAlpha))
        }
        // Palette: entry 0 is transparent, then one entry per distinct alpha, in order.
        var indexOfAlpha = [UInt8](repeating: 0, count: 256)
        var palette: [UInt8] = [0, 0, 0, 0]
        var seen = [Bool](repeating: false, count: 256)
        for index in 0..<count { seen[Int(image.pixels[index * 4 + 3])] = true }
        for alpha in 1..<256 where seen[alpha] {
            indexOfAlpha[alpha] = UInt8(palette.count / 4)
            palette.append(contentsOf: [colour.red, colour.green, colour.blue, UInt8(alpha)])
        }
        if palette.count / 4 <= 256 {
            var indexed = [UInt8](repeating: 0, count: count)
            for index in 0..<count { indexed[index] = indexOfAlpha[Int(image.pixels[index * 4 + 3])] }
            candidates.append((indexed, .palette(palette)))
        }
        var best: [UInt8]?
        for candidate in candidates {
            for settings in candidateSettings {
                let bytes = try PNGCodec.encode(
                    pixels: candidate.pixels, width: image.width, height: image.height,
                    layout: candidate.layout, settings: settings)
                if best == nil || bytes.count < best!.count { best = bytes }
            }
        }
        return Encoded(bytes: best ?? [], width: image.width, height: image.height)
    }
}
