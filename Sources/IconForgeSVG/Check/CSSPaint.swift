/// A paint value as SVG fill/stroke/stop-color/color would hold it.
package enum CSSPaint: Hashable, Sendable {
    case none
    case currentColor
    case color(RGBAColor)
    /// The target inside `url()`, unquoted; a fallback paint after it is ignored.
    case url(String)
    /// Any keyword deferring to context: inherit, initial, unset, revert(-layer), context-fill, context-stroke.
    case inherit
    /// Anything unparseable, with the text exactly as given.
    case invalid(String)

    /// The paint written in `text`, which may carry surrounding whitespace and `!important`.
    package static func parse(_ text: String) -> CSSPaint {
        var value = withoutImportant(CSSScanner.trimmed(text[...]))
        // A keyword or function name written with escapes is the one they spell (`u\72l(#a)`
        // is `url(#a)`, `r\65d` is `red`): decoded here, before anything reads the value.
        if value.utf8.contains(UInt8(ascii: "\\")) {
            var scanner = CSSScanner(String(value))
            let name = scanner.readName()
            value = Substring(name + String(decoding: scanner.bytes[scanner.position..<scanner.end], as: UTF8.self))
        }
        let lowered = CSSScanner.asciiLowercased(value)
        switch lowered {
        case "none":
            return .none
        case "currentcolor":
            return .currentColor
        case "inherit", "initial", "unset", "revert", "revert-layer", "context-fill", "context-stroke":
            return .inherit
        default:
            break
        }

        if lowered.hasPrefix("url(") {
            var scanner = CSSScanner(value)
            let token = scanner.readURL()
            return token.isClosed ? .url(token.target) : .invalid(text)
        }
        let color: RGBAColor?
        if lowered.hasPrefix("#") {
            color = hexColor(lowered.utf8.dropFirst())
        } else if let open = lowered.firstIndex(of: "("), lowered.hasSuffix(")") {
            let arguments = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
            switch lowered[..<open] {
            case "rgb", "rgba": color = rgbColor(arguments)
            case "hsl", "hsla": color = hslColor(arguments)
            default: color = nil
            }
        } else {
            color = RGBAColor.named(lowered)
        }
        return color.map(CSSPaint.color) ?? .invalid(text)
    }

    /// `value` without a trailing `!important` (any case, with optional space after the `!`).
    private static func withoutImportant(_ value: Substring) -> Substring {
        let important = "important".utf8
        // OR-ing 0x20 folds only A-Z onto a-z among bytes that can then equal a lowercase letter.
        guard value.utf8.suffix(important.count).lazy.map({ $0 | 0x20 }).elementsEqual(important) else { return value }
        let rest = CSSScanner.trimmed(Substring(value.utf8.dropLast(important.count)))
        guard rest.utf8.last == UInt8(ascii: "!") else { return value }
        return CSSScanner.trimmed(Substring(rest.utf8.dropLast()))
    }

    // MARK: - Colour functions

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, given the digits after the `#`.
    private static func hexColor(_ digits: Substring.UTF8View) -> RGBAColor? {
        var values: [UInt8] = []
        for byte in digits {
            guard let value = CSSScanner.hexValue(byte) else { return nil }
            values.append(value)
        }
        let channels: [UInt8]
        switch values.count {
        case 3, 4: channels = values.map { $0 << 4 | $0 }
        case 6, 8: channels = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
        default: return nil
        }
        return RGBAColor(
            red: channels[0], green: channels[1], blue: channels[2],
            alpha: channels.count == 4 ? Double(channels[3]) / 255 : 1)
    }

    /// A number or percentage argument; `none` only in the space-separated syntax, where it means 0.
    private enum Argument {
        case number(Double)
        case percentage(Double)

        init?(_ token: Substring, allowsNone: Bool) {
            if allowsNone && token == "none" {
                self = .number(0)
            } else if token.hasSuffix("%"), let value = CSSPaint.number(token.dropLast()) {
                self = .percentage(value)
            } else if let value = CSSPaint.number(token) {
                self = .number(value)
            } else {
                return nil
            }
        }

        var isPercentage: Bool {
            if case .percentage = self { true } else { false }
        }
    }

    /// The arguments of rgb() or hsl(), split in the comma syntax or the space syntax with `/ alpha`.
    private static func arguments(_ text: Substring) -> (channels: [Substring], alpha: Substring?, isLegacy: Bool)? {
        let scalars = text.unicodeScalars
        if scalars.contains(",") {
            let parts = scalars.split(separator: ",", omittingEmptySubsequences: false)
                .map { CSSScanner.trimmed(Substring($0)) }
            guard parts.count == 3 || parts.count == 4,
                parts.allSatisfy({ !$0.isEmpty && !$0.utf8.contains(where: CSSScanner.isWhitespace) })
            else { return nil }
            return (Array(parts[0..<3]), parts.count == 4 ? parts[3] : nil, true)
        }
        let halves = scalars.split(separator: "/", omittingEmptySubsequences: false)
        let words = halves.map { half in
            half.split(whereSeparator: { $0.isASCII && CSSScanner.isWhitespace(UInt8($0.value)) }).map(Substring.init)
        }
        switch words.count {
        case 1 where words[0].count == 3:
            return (words[0], nil, false)
        case 2 where words[0].count == 3 && words[1].count == 1:
            return (words[0], words[1][0], false)
        default:
            return nil
        }
    }

    private static func rgbColor(_ text: Substring) -> RGBAColor? {
        guard let (tokens, alphaToken, isLegacy) = arguments(text) else { return nil }
        let channels = tokens.compactMap { Argument($0, allowsNone: !isLegacy) }
        guard channels.count == 3, let alpha = alphaValue(alphaToken, allowsNone: !isLegacy) else { return nil }
        // The comma syntax may not mix numbers and percentages.
        if isLegacy && channels.contains(where: \.isPercentage) && !channels.allSatisfy(\.isPercentage) { return nil }
        let bytes = channels.map { channel in
            switch channel {
            case .number(let value): byteValue(value)
            case .percentage(let value): byteValue(value * 255 / 100)
            }
        }
        return RGBAColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: alpha)
    }

    private static func hslColor(_ text: Substring) -> RGBAColor? {
        guard let (tokens, alphaToken, isLegacy) = arguments(text),
            let hue = hueDegrees(tokens[0], allowsNone: !isLegacy),
            let saturation = Argument(tokens[1], allowsNone: !isLegacy),
            let lightness = Argument(tokens[2], allowsNone: !isLegacy),
            let alpha = alphaValue(alphaToken, allowsNone: !isLegacy)
        else { return nil }
        // The comma syntax needs percentages; the space syntax also takes bare numbers meaning percent.
        if isLegacy && !(saturation.isPercentage && lightness.isPercentage) { return nil }
        let s = min(max(percent(saturation), 0), 100) / 100
        let l = min(max(percent(lightness), 0), 100) / 100

        // CSS Color 4, §7.1 "Converting HSL Colors to sRGB".
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func channel(_ n: Double) -> UInt8 {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return byteValue(255 * (l - a * max(-1, min(k - 3, 9 - k, 1))))
        }
        return RGBAColor(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }

    /// A finite hue in degrees: a number, or an angle in deg, grad, rad or turn.
    private static func hueDegrees(_ token: Substring, allowsNone: Bool) -> Double? {
        if allowsNone && token == "none" { return 0 }
        // "grad" comes before "rad", which it ends with.
        let units: [(suffix: String, degrees: Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / .pi), ("turn", 360)]
        let unit = units.first { token.hasSuffix($0.suffix) }
        let value = number(unit.map { token.dropLast($0.suffix.count) } ?? token)
        guard let degrees = value.map({ $0 * (unit?.degrees ?? 1) }), degrees.isFinite else { return nil }
        return degrees
    }

    /// The alpha argument clamped to 0...1; a missing one is opaque.
    private static func alphaValue(_ token: Substring?, allowsNone: Bool) -> Double? {
        guard let token else { return 1 }
        switch Argument(token, allowsNone: allowsNone) {
        case .number(let value): return min(max(value, 0), 1)
        case .percentage(let value): return min(max(value / 100, 0), 1)
        case nil: return nil
        }
    }

    private static func percent(_ argument: Argument) -> Double {
        switch argument {
        case .number(let value), .percentage(let value): value
        }
    }

    /// A channel value on the 0...255 scale, clamped and rounded half up.
    private static func byteValue(_ value: Double) -> UInt8 {
        // The tolerance absorbs floating-point error: hsl() lands on exact halves such as 127.5
        // as 127.49999999999999 for many integer inputs, which must still round up.
        UInt8((min(max(value, 0), 255) + 0.5 + 1e-9).rounded(.down))
    }

    /// A CSS <number>: optional sign, digits with an optional fraction, optional exponent; finite only.
    private static func number(_ token: Substring) -> Double? {
        var bytes = token.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        let integerDigits = bytes.prefix(while: isDigit).count
        bytes.removeFirst(integerDigits)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes.removeFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            guard fractionDigits > 0 else { return nil }
            bytes.removeFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return nil }
        if let e = bytes.first, e | 0x20 == UInt8(ascii: "e") {
            bytes.removeFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes.removeFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return nil }
            bytes.removeFirst(exponentDigits)
        }
        guard bytes.isEmpty, let value = Double(token), value.isFinite else { return nil }
        return value
    }
}
