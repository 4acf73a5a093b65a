/// A cursor over the UTF-8 bytes of CSS text that steps over comments, strings, escapes and url() tokens.
///
/// Every structural character of CSS is ASCII and no byte of a multi-byte UTF-8 sequence is,
/// so working on bytes is exact, and positions are UTF-8 offsets. Every method moves forward
/// or stops, so a scan is linear in the text and ends on any input.
struct CSSScanner {
    /// A url() token: its target, unquoted and unescaped, and where the target starts.
    struct URLToken {
        var target: String
        var targetOffset: Int
        /// False when the text ended before the closing parenthesis.
        var isClosed: Bool
    }

    let bytes: [UInt8]
    var position = 0
    /// Where scanning stops: the end of the text, or of a declaration being looked into.
    var end: Int

    init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
        end = bytes.count
    }

    /// A scanner over `range` only, sharing this one's bytes.
    func limited(to range: Range<Int>) -> CSSScanner {
        var scanner = self
        scanner.position = range.lowerBound
        scanner.end = range.upperBound
        return scanner
    }

    var isAtEnd: Bool { position >= end }

    /// The byte `offset` places after the cursor, or nil past the end.
    func peek(_ offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < end ? bytes[index] : nil
    }

    /// Skips CSS whitespace and comments.
    mutating func skipWhitespaceAndComments() {
        while let byte = peek() {
            if Self.isWhitespace(byte) {
                position += 1
            } else if !skipComment() {
                return
            }
        }
    }

    /// Skips a `/* */` comment at the cursor, unterminated ones to the end; false if there is none.
    mutating func skipComment() -> Bool {
        guard peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") else { return false }
        var index = position + 2
        while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
            index += 1
        }
        position = min(index + 2, end)
        return true
    }

    /// Skips the quoted string at the cursor and returns the range of its raw contents.
    ///
    /// Like CSS, ends an unterminated string at a newline (left unconsumed) or the end of the text.
    mutating func readString() -> Range<Int> {
        let quote = bytes[position]
        let start = position + 1
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == quote {
                position = index + 1
                return start..<index
            }
            if Self.isNewline(byte) { break }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        index = min(index, end)
        position = index
        return start..<index
    }

    /// Whether the cursor is at `url(`, in any case, and not inside a longer name such as `myurl(`.
    var isAtURL: Bool {
        guard position + 4 <= end,
            bytes[position] | 0x20 == UInt8(ascii: "u"),
            bytes[position + 1] | 0x20 == UInt8(ascii: "r"),
            bytes[position + 2] | 0x20 == UInt8(ascii: "l"),
            bytes[position + 3] == UInt8(ascii: "(")
        else { return false }
        return position == 0 || !Self.isNameByte(bytes[position - 1])
    }

    /// Reads the name (an identifier, at-keyword or function name, without its `@` or `(`)
    /// at the cursor, with its escapes decoded, as CSS tokenizes it: `u\72l` is `url` and
    /// `imp\6f rt` is `import` (CSS Syntax §4.3.11: an escape is up to six hex digits and one
    /// optional whitespace, or any other character standing for itself).
    mutating func readName() -> String {
        let start = position
        var raw = position
        while let byte = peek() {
            if byte == UInt8(ascii: "\\") {
                guard position + 1 < end, !Self.isNewline(bytes[position + 1]) else { break }
                position += 1
                if Self.hexValue(bytes[position]) != nil {
                    var digits = 0
                    while digits < 6, let next = peek(), Self.hexValue(next) != nil {
                        position += 1
                        digits += 1
                    }
                    if let next = peek(), Self.isWhitespace(next) { position += 1 }
                } else {
                    position += 1
                }
            } else if Self.isNameByte(byte) {
                position += 1
            } else {
                break
            }
            raw = position
        }
        return unescaped(start..<raw)
    }

    /// Whether the name just read (`readName`), ending at the cursor, is `url` followed by
    /// `(`: then the cursor is moved so that `readURL` reads the url() token from there.
    mutating func isURLAfterName(_ name: String) -> Bool {
        guard Self.asciiLowercased(name) == "url", peek() == UInt8(ascii: "("), position >= 3 else { return false }
        // `readURL` steps over four bytes, `url(`: start it three before the parenthesis.
        position -= 3
        return true
    }

    /// Reads the url() token at the cursor (`isAtURL` must hold), through its closing parenthesis.
    mutating func readURL() -> URLToken {
        position += 4
        while let byte = peek(), Self.isWhitespace(byte) { position += 1 }
        let contents: Range<Int>
        if let byte = peek(), byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            contents = readString()
        } else {
            let start = position
            while let byte = peek(), byte != UInt8(ascii: ")") {
                position += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            position = min(position, end)
            var contentEnd = position
            while contentEnd > start, Self.isWhitespace(bytes[contentEnd - 1]) { contentEnd -= 1 }
            contents = start..<contentEnd
        }
        // Anything between the target and ")" makes a bad url in CSS; skip it the same way.
        while let byte = peek(), byte != UInt8(ascii: ")") {
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        let isClosed = position < end
        position = min(position + 1, end)
        return URLToken(target: unescaped(contents), targetOffset: contents.lowerBound, isClosed: isClosed)
    }

    /// Moves to the first `{` or `}` (and `;` when `semicolons`) outside comments, strings,
    /// url() and brackets, or to the end.
    mutating func skipToDelimiter(semicolons: Bool) {
        var depth = 0
        while let byte = peek() {
            if skipComment() { continue }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = readString()
                continue
            }
            if byte == UInt8(ascii: "\\") {
                position = min(position + 2, end)
                continue
            }
            if isAtURL {
                _ = readURL()
                continue
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(depth - 1, 0)
            case UInt8(ascii: ";"):
                if semicolons && depth == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                if depth == 0 { return }
            default:
                break
            }
            position += 1
        }
    }

    /// Moves past the `}` closing a block whose `{` is already consumed, or to the end.
    mutating func skipBlock() {
        var depth = 1
        while !isAtEnd {
            skipToDelimiter(semicolons: false)
            guard let byte = peek() else { return }
            position += 1
            depth += byte == UInt8(ascii: "{") ? 1 : -1
            if depth == 0 { return }
        }
    }

    /// The text of `range` with comments replaced by a space, trimmed of whitespace.
    func cleanedText(_ range: Range<Int>) -> String {
        var scanner = limited(to: range)
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var copiedFrom = scanner.position
        while let byte = scanner.peek() {
            let before = scanner.position
            if byte == UInt8(ascii: "/"), scanner.skipComment() {
                output.append(contentsOf: bytes[copiedFrom..<before])
                output.append(UInt8(ascii: " "))
                copiedFrom = scanner.position
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = scanner.readString()
            } else if scanner.isAtURL {
                _ = scanner.readURL()
            } else {
                scanner.position = min(before + (byte == UInt8(ascii: "\\") ? 2 : 1), range.upperBound)
            }
        }
        output.append(contentsOf: bytes[copiedFrom..<range.upperBound])
        return String(decoding: Self.trimmed(output[...]), as: UTF8.self)
    }

    /// The text of `range` with CSS escapes (`\"`, `\41 `, escaped newlines) resolved.
    func unescaped(_ range: Range<Int>) -> String {
        let backslash = UInt8(ascii: "\\")
        guard bytes[range].contains(backslash) else { return String(decoding: bytes[range], as: UTF8.self) }
        var output = ""
        var plainStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            guard bytes[index] == backslash else {
                index += 1
                continue
            }
            output += String(decoding: bytes[plainStart..<index], as: UTF8.self)
            index += 1
            if index == range.upperBound {
                output.unicodeScalars.append("\u{FFFD}")
            } else if let first = Self.hexValue(bytes[index]) {
                var value = UInt32(first)
                var digits = 1
                index += 1
                while digits < 6, index < range.upperBound, let digit = Self.hexValue(bytes[index]) {
                    value = value << 4 | UInt32(digit)
                    digits += 1
                    index += 1
                }
                if index < range.upperBound, Self.isWhitespace(bytes[index]) { index += 1 }
                output.unicodeScalars.append(value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}")
            } else if Self.isNewline(bytes[index]) {
                // An escaped newline is a line continuation and stands for nothing.
                let isCRLF = bytes[index] == 0x0D && index + 1 < range.upperBound && bytes[index + 1] == 0x0A
                index += isCRLF ? 2 : 1
            } else {
                // Any other escaped character stands for itself: keep it as the start of plain text.
                plainStart = index
                index += 1
                continue
            }
            plainStart = index
        }
        output += String(decoding: bytes[plainStart..<range.upperBound], as: UTF8.self)
        return output
    }

    // MARK: - Byte classes

    /// Lower-cases only A-Z, the way CSS compares keywords (so "İ" never matches "i").
    static func asciiLowercased(_ text: some StringProtocol) -> String {
        let isUppercase = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        guard text.utf8.contains(where: isUppercase) else { return String(text) }
        return String(decoding: text.utf8.map { isUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// `text` without leading and trailing CSS whitespace.
    static func trimmed(_ text: Substring) -> Substring {
        var utf8 = text.utf8[...]
        while let byte = utf8.first, isWhitespace(byte) { utf8.removeFirst() }
        while let byte = utf8.last, isWhitespace(byte) { utf8.removeLast() }
        return Substring(utf8)
    }

    /// `bytes` without leading and trailing CSS whitespace.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes
        while let byte = bytes.first, isWhitespace(byte) { bytes.removeFirst() }
        while let byte = bytes.last, isWhitespace(byte) { bytes.removeLast() }
        return bytes
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || isNewline(byte)
    }

    static func isNewline(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// Whether `byte` can continue a CSS name: letter, digit, `-`, `_`, escape or non-ASCII.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: "\\"), 0x80...:
            return true
        default:
            return false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
