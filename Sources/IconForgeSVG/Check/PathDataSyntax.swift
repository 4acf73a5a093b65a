/// The grammar of SVG path data (`d`), checked in full.
///
/// librsvg draws a path up to its first error and silently drops the rest, so a glyph whose
/// path data breaks part-way renders as a different drawing with no complaint. This finds
/// the first error and says what was expected there.
enum PathDataSyntax {
    struct Problem: Equatable, Sendable {
        /// UTF-8 offset of the first byte that breaks the grammar (the length at the end).
        var utf8Offset: Int
        var reason: String
    }

    /// Numbers each command takes per segment.
    private static func arity(of command: UInt8) -> Int? {
        switch command | 0x20 {
        case UInt8(ascii: "z"): 0
        case UInt8(ascii: "h"), UInt8(ascii: "v"): 1
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "t"): 2
        case UInt8(ascii: "s"), UInt8(ascii: "q"): 4
        case UInt8(ascii: "c"): 6
        case UInt8(ascii: "a"): 7
        default: nil
        }
    }

    /// The first grammar error in `text`, or nil when all of it is path data.
    static func problem(in text: String) -> Problem? {
        var reader = Reader(bytes: Array(text.utf8))
        return reader.check()
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func check() -> Problem? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            guard bytes[index] | 0x20 == UInt8(ascii: "m") else {
                return Problem(utf8Offset: index, reason: "path data must start with a moveto (M or m)")
            }
            while true {
                skipWhitespace()
                guard index < bytes.count else { return nil }
                let command = bytes[index]
                guard let arity = arity(of: command) else {
                    let reason =
                        startsNumber
                        ? "a number where a command letter was expected (the previous command's numbers are complete)"
                        : "'\(Unicode.Scalar(command))' is not a path command"
                    return Problem(utf8Offset: index, reason: reason)
                }
                index += 1
                guard arity > 0 else { continue }
                let name = Unicode.Scalar(command)
                while true {
                    for position in 0..<arity {
                        skipWhitespace()
                        if position > 0, index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                            index += 1
                            skipWhitespace()
                        }
                        guard index < bytes.count else {
                            let found = position == 0 ? "none follows it" : "the path ends after \(position)"
                            return Problem(
                                utf8Offset: index,
                                reason:
                                    "'\(name)' takes \(arity) number\(arity == 1 ? "" : "s") per segment, and \(found)")
                        }
                        let isFlag = command | 0x20 == UInt8(ascii: "a") && (position == 3 || position == 4)
                        if isFlag {
                            guard bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else {
                                return Problem(
                                    utf8Offset: index, reason: "an arc's large-arc and sweep flags must be 0 or 1")
                            }
                            index += 1
                        } else if !readNumber() {
                            return Problem(
                                utf8Offset: index,
                                reason:
                                    "'\(name)' takes \(arity) number\(arity == 1 ? "" : "s") per segment, and number \(position + 1) is missing or malformed"
                            )
                        }
                    }
                    // Another segment of the same command follows when a number does.
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        guard startsNumber else {
                            return Problem(utf8Offset: index, reason: "a comma must stand between two numbers")
                        }
                    }
                    guard startsNumber else { break }
                }
            }
        }

        var startsNumber: Bool {
            guard index < bytes.count else { return false }
            let byte = bytes[index]
            return isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
        }

        /// Reads `[sign] (digits [. digits] | . digits) [e [sign] digits]`.
        mutating func readNumber() -> Bool {
            var cursor = index
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
                cursor += 1
            }
            let integerStart = cursor
            while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
            var digits = cursor - integerStart
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                let fractionStart = cursor + 1
                var end = fractionStart
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                if end > fractionStart || digits > 0 {
                    digits += end - fractionStart
                    cursor = end
                }
            }
            guard digits > 0 else { return false }
            if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
                var end = cursor + 1
                if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
                let exponentStart = end
                while end < bytes.count, isDigit(bytes[end]) { end += 1 }
                // "1e" followed by no digits: the "e" is not part of the number (and is an error next).
                if end > exponentStart { cursor = end }
            }
            index = cursor
            return true
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) { index += 1 }
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    }
}
