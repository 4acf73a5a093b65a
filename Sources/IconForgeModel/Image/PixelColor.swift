/// An opaque sRGB colour as rendered pixels carry it.
package struct PixelColor: Hashable, Sendable, Codable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rrggbb`.
    package init?(hex: String) {
        let digits = hex.dropFirst()
        guard hex.hasPrefix("#"), digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case.
    package var hex: String {
        // In bytes: this runs for every glyph of every build, no-op builds included.
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "#")]
        text.reserveCapacity(7)
        for component in [red, green, blue] {
            text.append(digits[Int(component >> 4)])
            text.append(digits[Int(component & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// The colours a render actually painted.
package struct PaintedColors: Sendable {
    /// The colour of the most opaque painted pixel (the first one, in row order).
    package var primary: PixelColor
    /// A colour a person tells apart from the primary one, and where (in pixels) it was
    /// found, if there is one.
    package var other: (color: PixelColor, x: Int, y: Int)?

    /// Pixels fainter than this are ignored: un-premultiplying a faint edge pixel
    /// amplifies cairo's rounding until its colour is noise.
    static let alphaThreshold: UInt8 = 64

    /// Analyses the un-premultiplied RGB of every pixel with alpha above the threshold;
    /// nil when nothing is painted that strongly.
    ///
    /// Opacity never makes a second colour: cairo stores colour premultiplied by alpha in
    /// 8 bits, so a pixel of alpha `a` reads back up to 255 / (2a) off per channel, plus
    /// one for compositing's second rounding. Each pixel's colour is therefore a small box
    /// of possible colours, and it is a second colour only when the nearest colour in its
    /// box is still a visible difference (`ColorDifference.sameColour`) from the primary's box.
    package static func of(_ image: RGBAImage) -> PaintedColors? {
        let pixels = image.pixels
        let count = pixels.count / 4 * 4
        var strongest = -1
        var strongestAlpha: UInt8 = 0
        // Both scans step through alpha bytes with a plain counter (a `stride` sequence's
        // checks were most of their cost, and they read every pixel of every render).
        var alphaIndex = 3
        while alphaIndex < count {
            if pixels[alphaIndex] > strongestAlpha {
                strongestAlpha = pixels[alphaIndex]
                strongest = alphaIndex - 3
                if strongestAlpha == 255 { break }
            }
            alphaIndex += 4
        }
        guard strongest >= 0, strongestAlpha >= alphaThreshold else { return nil }
        let primary = PixelColor(red: pixels[strongest], green: pixels[strongest + 1], blue: pixels[strongest + 2])
        let primaryUncertainty = uncertainty(alpha: strongestAlpha)
        // Pixels exactly the primary colour are by far the most common: skip the maths.
        alphaIndex = 3
        while alphaIndex < count {
            let alpha = pixels[alphaIndex]
            let index = alphaIndex - 3
            alphaIndex += 4
            guard alpha >= alphaThreshold else { continue }
            let red = pixels[index]
            let green = pixels[index + 1]
            let blue = pixels[index + 2]
            if red == primary.red, green == primary.green, blue == primary.blue { continue }
            let slack = primaryUncertainty + uncertainty(alpha: alpha)
            // Within the slack on every channel, the nearest colour is the primary itself (a
            // grey glyph's antialiased edge, nearly every pixel that is not exactly it).
            if abs(Int(red) - Int(primary.red)) <= slack, abs(Int(green) - Int(primary.green)) <= slack,
                abs(Int(blue) - Int(primary.blue)) <= slack
            {
                continue
            }
            func nearest(_ value: UInt8, _ target: UInt8) -> Double {
                let difference = Int(value) - Int(target)
                if abs(difference) <= slack { return Double(target) }
                return Double(Int(value) - (difference > 0 ? slack : -slack))
            }
            let closest = (nearest(red, primary.red), nearest(green, primary.green), nearest(blue, primary.blue))
            if ColorDifference.deltaE(closest, primary.channels) > ColorDifference.sameColour {
                return PaintedColors(primary: primary, other: paintedOther(image, from: index, primary: primary))
            }
        }
        return PaintedColors(primary: primary, other: nil)
    }

    /// The second colour as the file paints it, from the first pixel found at `first` on:
    /// the commonest colour of the fully opaque pixels unlike the primary (an edge where two
    /// colours meet mixes them, as `#ececec` between white and black), and its first pixel;
    /// the pixel at `first` when no opaque pixel differs.
    private static func paintedOther(_ image: RGBAImage, from first: Int, primary: PixelColor) -> (
        color: PixelColor, x: Int, y: Int
    ) {
        let pixels = image.pixels
        var counts: [PixelColor: (count: Int, index: Int)] = [:]
        for index in stride(from: first, to: pixels.count, by: 4) where pixels[index + 3] == 255 {
            let colour = PixelColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
            guard colour != primary else { continue }
            counts[colour, default: (0, index)].count += 1
        }
        let index =
            counts.filter { !ColorDifference.same($0.key, primary) }.max {
                ($0.value.count, -$0.value.index) < ($1.value.count, -$1.value.index)
            }?.value.index ?? first
        let pixel = index / 4
        return (
            PixelColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2]), pixel % image.width,
            pixel / image.width
        )
    }

    /// How far (per channel) an un-premultiplied 8-bit colour of this alpha may be from
    /// the colour that was painted.
    static func uncertainty(alpha: UInt8) -> Int {
        alpha == 255 ? 0 : (255 + 2 * Int(alpha) - 1) / (2 * Int(alpha)) + 1
    }
}
