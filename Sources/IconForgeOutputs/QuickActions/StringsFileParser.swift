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
        let scalars = Array(text.unicodeScalars)
        var index = 0, line = 1
        var entries: [Entry] = []

        func skipSpaceAndComments() {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" {
                    line += 1
                    index += 1
                } else if scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\u{FEFF}" {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    index += 2
                    while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
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

        func token() -> String? {
            guard index < scalars.count else { return nil }
            if scalars[index] != "\"" {
                var text = String.UnicodeScalarView()
                while index < scalars.count, isUnquoted(scalars[index]) {
                    text.append(scalars[index])
                    index += 1
                }
                return text.isEmpty ? nil : String(text)
            }
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "\"" {
                var scalar = scalars[index]
                if scalar == "\n" { line += 1 }
                if scalar == "\\", index + 1 < scalars.count {
                    index += 1
                    switch scalars[index] {
                    case "n": scalar = "\n"
                    case "t": scalar = "\t"
                    case "r": scalar = "\r"
                    case "U", "u":
                        let digits = String(String.UnicodeScalarView(scalars[(index + 1)..<min(index + 5, scalars.count)]))
                        if digits.count == 4, let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) {
                            scalar = decoded
                            index += 4
                        } else {
                            scalar = scalars[index]
                        }
                    default: scalar = scalars[index]
                    }
                }
                text.append(scalar)
                index += 1
            }
            guard index < scalars.count else { return nil }
            index += 1
            return String(text)
        }

        while true {
            skipSpaceAndComments()
            let start = line
            guard let key = token() else { return entries }
            skipSpaceAndComments()
            guard index < scalars.count else { return entries }
            if scalars[index] == ";" {
                index += 1
                entries.append(Entry(key: key, value: key, line: start))
                continue
            }
            guard scalars[index] == "=" else { return entries }
            index += 1
            skipSpaceAndComments()
            guard let value = token() else { return entries }
            skipSpaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else { return entries }
            index += 1
            entries.append(Entry(key: key, value: value, line: start))
        }
    }

    private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "_.-$:/".unicodeScalars.contains(scalar)
    }
}
