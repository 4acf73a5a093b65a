/// Text shown to a person or a log (a terminal, a CI log, a workflow command, a Markdown
/// summary), made harmless: file names, SVG attribute values and quick-action titles come
/// from a repository, and a pull request controls them. A scalar that a terminal or a
/// renderer would act on instead of showing is written as a visible escape:
///
/// - line feed, carriage return and tab as `\n`, `\r` and `\t`;
/// - every other C0 control (NUL, BEL, ESC, …), DEL and every C1 control (U+0080–U+009F) as
///   `\u{1B}` (Swift's notation, the scalar's hexadecimal value, upper case);
/// - the line and paragraph separators U+2028 and U+2029, and the bidirectional controls
///   that reorder what a reader sees ("Trojan Source": U+202A–U+202E, U+2066–U+2069, and
///   the marks U+200E, U+200F, U+061C) the same way.
///
/// A backslash already in the text is left as it is: readability over reversibility, since
/// a person reading `\u{1B}` in a file name learns what matters either way. JSON and SARIF
/// have escapes of their own and do not go through this.
package enum DisplayText {
    /// `text` with every scalar that `isNeutralised` names shown as its escape.
    /// `keepingTabs`: a tab stays a tab (a file's content shown as lines, as `fix --dry-run`'s diff).
    package static func neutralised(_ text: String, keepingTabs: Bool = false) -> String {
        // Most text is printable ASCII: one look at the bytes spares the scalar loop (a watch
        // prints every finding of its glyphs after each save).
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) || (keepingTabs && $0 == 0x09) }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            guard isNeutralised(scalar), !(keepingTabs && scalar == "\t") else {
                result.unicodeScalars.append(scalar)
                continue
            }
            result += escape(scalar)
        }
        return result
    }

    /// Whether `scalar` is shown escaped: a control, a line or paragraph separator, or a
    /// bidirectional control. (Also what a path in `iconforge.json` may not hold.)
    package static func isNeutralised(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0: true  // C0, DEL, C1
        case 0x2028, 0x2029: true  // line and paragraph separators
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional embeddings, overrides, isolates
        case 0x200E, 0x200F, 0x061C: true  // left-to-right, right-to-left and Arabic letter marks
        default: false
        }
    }

    /// The visible form of one neutralised scalar: `\n`, or `\u{1B}`.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
