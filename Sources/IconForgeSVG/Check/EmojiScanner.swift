/// An emoji (or emoji-like) sequence found in a piece of text.
package struct EmojiFinding: Equatable, Sendable {
    /// What makes the sequence render as an emoji.
    enum Kind: Equatable, Sendable {
        /// A scalar that is emoji by default (Emoji_Presentation), alone or with a skin-tone modifier.
        case presentation
        /// An emoji scalar explicitly asking for emoji style with U+FE0F.
        case variationSelector
        /// A digit, `#` or `*`, optional U+FE0F, then U+20E3 COMBINING ENCLOSING KEYCAP.
        case keycap
        /// A pair of regional indicators.
        case flag
        /// Pictographs joined by U+200D ZERO WIDTH JOINER.
        case zwjSequence
        /// A base emoji followed by tag characters and U+E007F CANCEL TAG.
        case tagSequence
        /// A pictograph that is text by default but that Apple platforms often draw as emoji.
        case pictographic
    }

    var kind: Kind
    /// UTF-8 byte offset of the first scalar of the sequence within the scanned string.
    var utf8Offset: Int
    /// The sequence itself, e.g. "❤️".
    var sequence: String

    /// True for errors; false for the warning case (`.pictographic`).
    package var isError: Bool { kind != .pictographic }

    /// Human-readable code points, e.g. "U+2764 U+FE0F".
    var codePoints: String {
        sequence.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }.joined(separator: " ")
    }
}

/// Finds emoji sequences in text by their Unicode emoji properties (UTS #51).
package enum EmojiScanner {
    /// Every emoji sequence in `text`, in order, one finding per whole sequence.
    package static func findings(in text: String) -> [EmojiFinding] {
        // Every emoji sequence contains a non-ASCII scalar, and most attribute values are pure ASCII.
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return [] }

        let scalars = Array(text.unicodeScalars)
        var results: [EmojiFinding] = []
        var index = 0
        var utf8Offset = 0
        while index < scalars.count {
            let match = self.match(in: scalars, at: index)
            let end = match?.end ?? index + 1
            if let kind = match?.kind {
                let sequence = String(String.UnicodeScalarView(scalars[index..<end]))
                results.append(EmojiFinding(kind: kind, utf8Offset: utf8Offset, sequence: sequence))
            }
            for scalar in scalars[index..<end] {
                utf8Offset += UTF8.width(scalar)
            }
            index = end
        }
        return results
    }

    /// A sequence starting at some index: where it ends, and how it renders (nil when as text).
    private struct Match {
        var kind: EmojiFinding.Kind?
        var end: Int
    }

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"
    private static let variationSelector15: Unicode.Scalar = "\u{FE0E}"
    private static let combiningKeycap: Unicode.Scalar = "\u{20E3}"
    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    private static let tagSpec: ClosedRange<UInt32> = 0xE0020...0xE007E
    private static let cancelTag: UInt32 = 0xE007F

    /// The sequence starting at `start`, or nil when the scalar there starts none.
    private static func match(in scalars: [Unicode.Scalar], at start: Int) -> Match? {
        let scalar = scalars[start]
        if scalar.isASCII {
            guard isKeycapBase(scalar) else { return nil }
            var next = start + 1
            if next < scalars.count, scalars[next] == variationSelector16 { next += 1 }
            if next < scalars.count, scalars[next] == combiningKeycap {
                return Match(kind: .keycap, end: next + 1)
            }
            return element(in: scalars, at: start)
        }
        if isRegionalIndicator(scalar), start + 1 < scalars.count, isRegionalIndicator(scalars[start + 1]) {
            return Match(kind: .flag, end: start + 2)
        }
        guard let first = element(in: scalars, at: start) else { return nil }
        guard isPictograph(scalar) else { return first }

        var end = first.end
        var joined = false
        while end + 1 < scalars.count, scalars[end] == zeroWidthJoiner, isPictograph(scalars[end + 1]),
            let next = element(in: scalars, at: end + 1)
        {
            end = next.end
            joined = true
        }
        return joined ? Match(kind: .zwjSequence, end: end) : first
    }

    /// One emoji scalar with what may follow it: a skin-tone modifier, a variation selector, and a tag spec.
    private static func element(in scalars: [Unicode.Scalar], at start: Int) -> Match? {
        let base = scalars[start]
        let properties = base.properties
        guard properties.isEmoji else { return nil }

        var kind: EmojiFinding.Kind?
        if properties.isEmojiPresentation {
            kind = .presentation
        } else if isPictograph(base), !isTextSymbol(base) {
            kind = .pictographic
        }
        var end = start + 1
        if end < scalars.count {
            let next = scalars[end]
            if next == variationSelector16 {
                kind = .variationSelector
                end += 1
            } else if next == variationSelector15 {
                kind = nil
                end += 1
            } else if properties.isEmojiModifierBase, next.properties.isEmojiModifier {
                kind = .presentation
                end += 1
            }
        }

        var tagEnd = end
        while tagEnd < scalars.count, tagSpec.contains(scalars[tagEnd].value) {
            tagEnd += 1
        }
        if tagEnd > end, tagEnd < scalars.count, scalars[tagEnd].value == cancelTag {
            kind = .tagSequence
            end = tagEnd + 1
        }
        return Match(kind: kind, end: end)
    }

    /// Whether `scalar` is Extended_Pictographic, as far as Swift can tell.
    ///
    /// Swift does not expose Extended_Pictographic: `Unicode.Scalar.Properties` has no such
    /// member and `Regex` rejects `\p{Extended_Pictographic}` as unsupported. Among scalars with
    /// the Emoji property, Extended_Pictographic is exactly those that are not emoji components
    /// (ASCII keycap bases, regional indicators, skin-tone modifiers), so that is what this
    /// computes. It misses the few dozen pictographs without the Emoji property (e.g. U+2388 ⎈,
    /// U+2605 ★) and reserved code points, none of which have an emoji glyph to fall back on.
    private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && !isRegionalIndicator(scalar)
            && scalar.properties.isEmoji && !scalar.properties.isEmojiModifier
    }

    /// ©, ® and ™ are pictographs too, but every platform draws them as text unless asked otherwise.
    private static func isTextSymbol(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{A9}" || scalar == "\u{AE}" || scalar == "\u{2122}"
    }

    private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || scalar == "#" || scalar == "*"
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
