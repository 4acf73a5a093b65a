/// How different two sRGB colours look, so that "one colour" means one colour as a person
/// sees it at a glyph's size, not one hex value.
///
/// The measure is CIEDE2000 (ΔE₀₀, CIE 142-2001, as Sharma, Wu and Dalal set it out in 2005,
/// whose test pairs `ColorDifferenceTests` checks), on CIELAB (D65). It was made so that 1
/// is about a just-noticeable difference between two large patches side by side, and it
/// weighs lightness differences less near black and white, where CIE76 overstates them
/// (`#000000` and `#0a0a0a` are ΔE*ab 2.7 but ΔE₀₀ 1.6). Colours at most `sameColour` apart
/// are one colour: 2, twice that just-noticeable difference, the usual bound of a match
/// seen only on close inspection of large patches. A glyph's parts are far smaller than such
/// patches (a 2 pt stroke is under a tenth of a degree at arm's length), and colour
/// differences need to be larger the smaller the marks (Stone, Szafir and Setlur, "An
/// engineering model for color difference as a function of size", 2014), so what is within
/// it cannot be seen in a glyph; what is beyond it (Yaru's `#888a85` beside `#808080`, 4.7)
/// is a second colour a designer picked.
package enum ColorDifference {
    /// Colours at most this far apart (ΔE₀₀) are the same colour.
    package static let sameColour = 2.0

    /// ΔE₀₀ between two opaque sRGB colours given as 0...255 channels.
    static func deltaE(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        ciede2000(lab(a), lab(b))
    }

    /// Whether two colours are one colour to a person.
    package static func same(_ a: PixelColor, _ b: PixelColor) -> Bool {
        deltaE(a.channels, b.channels) <= sameColour
    }

    /// CIEDE2000 between two CIELAB colours (Sharma, Wu and Dalal's equations 1–22).
    static func ciede2000(_ first: (Double, Double, Double), _ second: (Double, Double, Double)) -> Double {
        let (l1, a1, b1) = first
        let (l2, a2, b2) = second
        func seventh(_ x: Double) -> Double {
            let square = x * x
            return square * square * square * x
        }
        let meanChroma = ((a1 * a1 + b1 * b1).squareRoot() + (a2 * a2 + b2 * b2).squareRoot()) / 2
        let g = 0.5 * (1 - (seventh(meanChroma) / (seventh(meanChroma) + seventh(25))).squareRoot())
        let (a1p, a2p) = ((1 + g) * a1, (1 + g) * a2)
        let (c1, c2) = ((a1p * a1p + b1 * b1).squareRoot(), (a2p * a2p + b2 * b2).squareRoot())
        func hue(_ a: Double, _ b: Double) -> Double {
            guard a != 0 || b != 0 else { return 0 }
            let degrees = Trig.atan2Degrees(b, a)
            return degrees < 0 ? degrees + 360 : degrees
        }
        let (h1, h2) = (hue(a1p, b1), hue(a2p, b2))
        let deltaL = l2 - l1
        let deltaC = c2 - c1
        var deltaHue = 0.0
        if c1 * c2 != 0 {
            deltaHue = h2 - h1
            if deltaHue > 180 { deltaHue -= 360 } else if deltaHue < -180 { deltaHue += 360 }
        }
        let deltaH = 2 * (c1 * c2).squareRoot() * Trig.sinDegrees(deltaHue / 2)
        let meanL = (l1 + l2) / 2
        let meanC = (c1 + c2) / 2
        var meanHue = h1 + h2
        if c1 * c2 != 0 {
            if abs(h1 - h2) <= 180 {
                meanHue = (h1 + h2) / 2
            } else {
                meanHue = (h1 + h2 < 360 ? h1 + h2 + 360 : h1 + h2 - 360) / 2
            }
        }
        let t =
            1 - 0.17 * Trig.cosDegrees(meanHue - 30) + 0.24 * Trig.cosDegrees(2 * meanHue)
            + 0.32 * Trig.cosDegrees(3 * meanHue + 6) - 0.20 * Trig.cosDegrees(4 * meanHue - 63)
        let offset = (meanHue - 275) / 25
        let rotation = 30 * Trig.exp(-offset * offset)
        let rc = 2 * (seventh(meanC) / (seventh(meanC) + seventh(25))).squareRoot()
        let lightnessOffset = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * lightnessOffset / (20 + lightnessOffset).squareRoot()
        let sc = 1 + 0.045 * meanC
        let sh = 1 + 0.015 * meanC * t
        let rt = -Trig.sinDegrees(2 * rotation) * rc
        let (l, c, h) = (deltaL / sl, deltaC / sc, deltaH / sh)
        return max(0, l * l + c * c + h * h + rt * c * h).squareRoot()
    }

    /// CIELAB's lightness L* (0...100) of a relative luminance Y (0...1, white 1).
    package static func lightness(luminance: Double) -> Double {
        let y = min(max(luminance, 0), 1)
        return y > 216.0 / 24389.0 ? 116 * root(y, 3) - 16 : 24389.0 / 27.0 * y
    }

    /// CIELAB (D65 white) of an sRGB colour.
    static func lab(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        func linear(_ channel: Double) -> Double {
            let c = channel / 255
            guard c > 0.04045 else { return c / 12.92 }
            let base = (c + 0.055) / 1.055
            return base * base * root(base * base, 5)  // base^2.4 = base^2 · (base^2)^(1/5)
        }
        let (r, g, b) = (linear(rgb.0), linear(rgb.1), linear(rgb.2))
        // sRGB → XYZ (IEC 61966-2-1), normalised by the D65 white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double {
            t > 216.0 / 24389.0 ? root(t, 3) : (24389.0 / 27.0 * t + 16) / 116
        }
        let (fx, fy, fz) = (f(x), f(y), f(z))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// The positive `n`th root of `x` in 0...2, by Newton's method: the library stays free of
    /// libc's maths (a platform import), and these inputs converge in a few steps.
    private static func root(_ x: Double, _ n: Int) -> Double {
        guard x > 0 else { return 0 }
        var y = 1.0
        for _ in 0..<60 {
            var power = 1.0
            for _ in 0..<(n - 1) { power *= y }
            let next = y - (power * y - x) / (Double(n) * power)
            if abs(next - y) <= 1e-15 { return next }
            y = next
        }
        return y
    }

    /// The few elementary functions CIEDE2000 needs, by series (no libc maths, as above),
    /// to about 1e-15: far below the 1e-4 its test pairs are given to.
    enum Trig {
        static func sinDegrees(_ degrees: Double) -> Double { sine(reduced(degrees) * .pi / 180) }
        static func cosDegrees(_ degrees: Double) -> Double {
            sine((90 - reduced(degrees)).truncatingRemainder(dividingBy: 360) * .pi / 180)
        }

        /// `degrees` in -180...180.
        private static func reduced(_ degrees: Double) -> Double {
            var value = degrees.truncatingRemainder(dividingBy: 360)
            if value > 180 { value -= 360 } else if value < -180 { value += 360 }
            return value
        }

        /// sin(x) for |x| ≤ 1.5π, by its Taylor series (terms fall below 1e-17 by the 25th).
        private static func sine(_ x: Double) -> Double {
            var term = x
            var sum = x
            for n in stride(from: 2, through: 50, by: 2) {
                term *= -x * x / Double(n * (n + 1))
                sum += term
            }
            return sum
        }

        /// e^x for x ≤ 0 (and small positive x): the series of x/1024, squared ten times.
        static func exp(_ x: Double) -> Double {
            guard x > -700 else { return 0 }
            let small = x / 1024
            var term = 1.0
            var sum = 1.0
            for n in 1...20 {
                term *= small / Double(n)
                sum += term
            }
            for _ in 0..<10 { sum *= sum }
            return sum
        }

        /// atan2(y, x) in degrees, -180...180.
        static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
            guard x != 0 || y != 0 else { return 0 }
            // atan of the smaller over the larger magnitude (|ratio| ≤ 1), then the octant.
            let swap = abs(y) > abs(x)
            var angle = arctangent(swap ? x / y : y / x)
            if swap { angle = (y > 0 ? .pi / 2 : -.pi / 2) - angle } else if x < 0 { angle += y >= 0 ? .pi : -.pi }
            return angle * 180 / .pi
        }

        /// atan(z) for |z| ≤ 1: halved three times (atan z = 2 atan(z / (1 + √(1 + z²)))),
        /// so that its series converges fast.
        private static func arctangent(_ z: Double) -> Double {
            var value = z
            for _ in 0..<3 { value /= 1 + (1 + value * value).squareRoot() }
            var term = value
            var sum = value
            let square = value * value
            for n in 1...12 {
                term *= -square
                sum += term / Double(2 * n + 1)
            }
            return 8 * sum
        }
    }
}

extension PixelColor {
    var channels: (Double, Double, Double) { (Double(red), Double(green), Double(blue)) }
}
