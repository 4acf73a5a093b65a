/// How many columns text takes in a proportional UI font, approximately: East Asian wide and
/// fullwidth characters (and emoji) count 2, a character with its combining marks counts 1,
/// and invisible format characters count 0.
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    package static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: isWide) { return 2 }
        switch first.properties.generalCategory {
        case .format, .control, .nonspacingMark, .enclosingMark: return character.unicodeScalars.count > 1 ? 1 : 0
        default: return 1
        }
    }

    /// East_Asian_Width W or F (the main blocks; Swift exposes no such property), or emoji presentation.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        return wideRanges.contains { $0.contains(scalar.value) }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK
        0x3400...0x4DBF,  // CJK Unified Ideographs Extension A
        0x4E00...0x9FFF,  // CJK Unified Ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo Extended-A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
        0x20000...0x2FFFD,  // CJK extensions B-F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G-H
    ]
}
