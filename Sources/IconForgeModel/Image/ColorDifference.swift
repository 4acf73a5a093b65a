/// How different two sRGB colours look, so that "one colour" means one colour as a person
/// sees it, not one hex value.
///
/// The measure is CIE76 ΔE*ab, the Euclidean distance in CIELAB (D65). A difference of
/// about 2.3 is the classic just-noticeable difference (Sharma, *Digital Color Imaging
/// Handbook*, 2003); colours closer than that are one colour. Icon sets round the same
/// colour two ways (`#2e3436` and `#2e3434`: ΔE 1.2), and that is not a second colour.
package enum ColorDifference {
    /// Colours at most this far apart (ΔE*ab) are the same colour.
    static let justNoticeable = 2.3

    /// ΔE*ab between two opaque sRGB colours given as 0...255 channels.
    static func deltaE(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        let (l1, a1, b1) = lab(a), (l2, a2, b2) = lab(b)
        let (dl, da, db) = (l1 - l2, a1 - a2, b1 - b2)
        return (dl * dl + da * da + db * db).squareRoot()
    }

    /// Whether two colours are one colour to a person.
    package static func same(_ a: PixelColor, _ b: PixelColor) -> Bool {
        deltaE(a.channels, b.channels) <= justNoticeable
    }

    /// CIELAB (D65 white) of an sRGB colour.
    private static func lab(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
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
}

extension PixelColor {
    var channels: (Double, Double, Double) { (Double(red), Double(green), Double(blue)) }
}
