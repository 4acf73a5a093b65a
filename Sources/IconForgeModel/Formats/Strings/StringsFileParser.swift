/// Reads the `"key" = "value";` pairs of a strings file, with the line each starts on, as
/// Foundation reads them: comments (`/* */`, `//`) and white space between tokens, quoted
/// strings with `\"`, `\\`, `\n`, `\t`, `\r`, `\Uxxxx` escapes, unquoted keys of letters,
/// digits and `_.-$:/`, and `"key";` for a value equal to its key. It stops at the first thing
/// it cannot read (the pairs before it stand): it only finds keys, it does not judge files.
package enum StringsFileParser {
    package struct Entry: Equatable, Sendable {
        package var key: String
        package var value: String
        /// 1-based.
        package var line: Int

        package init(key: String, value: String, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    package static func entries(in text: String) -> [Entry] {
        var cursor = Cursor(scalars: Array(text.unicodeScalars))
        var entries: [Entry] = []
        while let entry = cursor.entry() {
            entries.append(entry)
        }
        return entries
    }

    /// A place in a strings file's text, and its line.
    private struct Cursor {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        /// The next `"key" = "value";` or `"key";`, nil when there is none to read.
        mutating func entry() -> Entry? {
            skipSpaceAndComments()
            let start = line
            guard let key = token() else { return nil }
            skipSpaceAndComments()
            guard index < scalars.count else { return nil }
            if scalars[index] == ";" {
                index += 1
                return Entry(key: key, value: key, line: start)
            }
            guard scalars[index] == "=" else { return nil }
            index += 1
            skipSpaceAndComments()
            guard let value = token() else { return nil }
            skipSpaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else { return nil }
            index += 1
            return Entry(key: key, value: value, line: start)
        }

        mutating func skipSpaceAndComments() {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" {
                    line += 1
                    index += 1
                } else if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{FEFF}" {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index < scalars.count,
                        !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/")
                    {
                        if scalars[index] == "\n" { line += 1 }
                        index += 1
                    }
                    index += 2
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                } else {
                    return
                }
            }
        }

        /// An unquoted or a quoted string; nil when there is none, or it is not closed.
        mutating func token() -> String? {
            guard index < scalars.count else { return nil }
            if scalars[index] != "\"" {
                var text = String.UnicodeScalarView()
                while index < scalars.count, StringsFileParser.isUnquoted(scalars[index]) {
                    text.append(scalars[index])
                    index += 1
                }
                return text.isEmpty ? nil : String(text)
            }
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "\"" {
                if scalars[index] == "\n" { line += 1 }
                text.append(scalars[index] == "\\" && index + 1 < scalars.count ? escaped() : scalars[index])
                index += 1
            }
            guard index < scalars.count else { return nil }
            index += 1
            return String(text)
        }

        /// The scalar a backslash at `index` stands for, `index` left on its last character.
        mutating func escaped() -> Unicode.Scalar {
            index += 1
            switch scalars[index] {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "U", "u":
                let digits = String(String.UnicodeScalarView(scalars[(index + 1)..<min(index + 5, scalars.count)]))
                if digits.count == 4, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                    index += 4
                    return decoded
                }
                return scalars[index]
            default: return scalars[index]
            }
        }
    }

    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
            || "_.-$:/".unicodeScalars.contains(scalar)
    }
}
