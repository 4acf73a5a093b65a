extension Double {
    /// A length in points for messages: at most two decimals, no trailing zeros.
    package var pt: String {
        let rounded = (self * 100).rounded() / 100
        guard rounded.isFinite, abs(rounded) < 1e15 else { return "\(self)" }
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = rounded.fixed(2)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    package var signedPt: String { self >= 0 ? "+" + pt : pt }

    /// "95 %"; a scale just under 100 % keeps a decimal so that it never reads "100 %".
    package var percentText: String { (self >= 99.5 && self < 100 ? fixed(1) : fixed(0)) + " %" }
}
