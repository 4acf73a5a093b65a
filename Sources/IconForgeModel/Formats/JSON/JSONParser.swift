/// A strict RFC 8259 JSON parser over UTF-8 bytes that records the line and column of every
/// value and object key (Foundation's parsers keep no positions).
///
/// It is iterative, with an explicit stack, linear in its input, and refuses nesting deeper
/// than `depthLimit` (the limit is what keeps the values it returns safe to walk and to free
/// recursively) and more than `keyLimit` object keys in all (what a caller's lookups by key
/// cost is then bounded too); each failure names the limit the file broke.
/// Lines and columns are counted by `SourceCursor`, as the XML scanner's are.
package struct JSONParser {
    /// Why a document is not JSON, and where.
    package struct Failure: Error, Equatable, Sendable {
        package var message: String
        package var location: SourceLocation
    }

    package static let defaultDepthLimit = 512
    /// Object keys in one document: a quick-action or settings file has a few dozen, an
    /// asset catalog's Contents.json or a String Catalog a few thousand.
    package static let defaultKeyLimit = 100_000

    /// Parses one JSON document: a single value with nothing but whitespace around it.
    package static func parse(_ bytes: [UInt8], depthLimit: Int = defaultDepthLimit, keyLimit: Int = defaultKeyLimit)
        throws(Failure) -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, depthLimit: depthLimit, keyLimit: keyLimit)
        return try parser.parseDocument()
    }

    private let bytes: [UInt8]
    private let depthLimit: Int
    private let keyLimit: Int
    private var keyCount = 0
    private var offset = 0
    /// Lines and columns, counted forward from the last location asked for.
    private var cursor: SourceCursor

    private init(bytes: [UInt8], depthLimit: Int, keyLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
        self.keyLimit = keyLimit
        cursor = SourceCursor(bytes)
    }

    /// An array or object still open, with what it holds so far. Frames are changed in place
    /// (`stack[stack.count - 1]`), never popped, appended to and pushed again: an array held
    /// both by a popped frame and by the copy being appended to is copied on each append,
    /// which made an object of n members cost n² (40,000 keys: 15 s).
    private struct Frame {
        var isObject: Bool
        var location: SourceLocation
        var elements: [JSONValue] = []
        var members: [JSONValue.Member] = []
        /// The key whose value comes next (objects).
        var key = ""
        var keyLocation = SourceLocation(line: 1, column: 1)
    }

    private mutating func parseDocument() throws(Failure) -> JSONValue {
        try skipPreamble()
        var stack: [Frame] = []
        while true {
            guard var value = try parseValueOrOpen(&stack) else { continue }
            // A value is complete: hand it to the containers it closes, innermost first.
            while true {
                guard !stack.isEmpty else { return try endOfDocument(value) }
                guard let closed = try hand(value, to: &stack) else { break }
                value = closed
            }
        }
    }

    /// Refuses UTF-16 and an empty file; skips a byte order mark and leading whitespace.
    private mutating func skipPreamble() throws(Failure) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw Failure(message: "file is UTF-16; save it as UTF-8", location: SourceLocation(line: 1, column: 1))
        }
        // RFC 8259 lets a parser ignore a UTF-8 byte order mark, and some Windows editors add one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            cursor = SourceCursor(bytes, at: 3)
        }
        skipWhitespace()
        if offset == bytes.count {
            throw Failure(message: "file is empty; it must hold one JSON object", location: location())
        }
    }

    /// The value that starts here when it is complete (a scalar, an empty container); nil
    /// when it opens an array or object, pushed onto `stack` for its contents to follow.
    private mutating func parseValueOrOpen(_ stack: inout [Frame]) throws(Failure) -> JSONValue? {
        skipWhitespace()
        let start = location()
        switch peek() ?? 0 {
        case UInt8(ascii: "{"):
            offset += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                offset += 1
                return JSONValue(kind: .object([]), location: start)
            }
            try checkDepth(stack.count, at: start)
            let (key, keyLocation) = try parseKey()
            stack.append(Frame(isObject: true, location: start, key: key, keyLocation: keyLocation))
            return nil
        case UInt8(ascii: "["):
            offset += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                offset += 1
                return JSONValue(kind: .array([]), location: start)
            }
            try checkDepth(stack.count, at: start)
            stack.append(Frame(isObject: false, location: start))
            return nil
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: try parseNumber(), location: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return JSONValue(kind: try parseLiteral(), location: start)
        default:
            throw failure("expected a value (an object, array, string, number, true, false or null)")
        }
    }

    /// The top-level value, once nothing but whitespace follows it.
    private mutating func endOfDocument(_ value: JSONValue) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard offset == bytes.count else {
            throw failure("expected the end of the file after the top-level value; a JSON file holds exactly one value")
        }
        return value
    }

    /// Adds `value` to the innermost open container, then reads what follows it: the
    /// container when that closes it (for the next one out), nil when another item follows.
    private mutating func hand(_ value: JSONValue, to stack: inout [Frame]) throws(Failure) -> JSONValue? {
        skipWhitespace()
        let top = stack.count - 1
        if !stack[top].isObject {
            stack[top].elements.append(value)
            if peek() == UInt8(ascii: ",") {
                let comma = offset
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    throw plainFailure("trailing comma before ']'; JSON allows none: remove it", at: comma)
                }
                return nil
            }
            guard peek() == UInt8(ascii: "]") else { throw failure("expected ',' or ']' after an array element") }
            offset += 1
            let frame = stack.removeLast()
            return JSONValue(kind: .array(frame.elements), location: frame.location)
        }
        stack[top].members.append(
            JSONValue.Member(key: stack[top].key, keyLocation: stack[top].keyLocation, value: value))
        if peek() == UInt8(ascii: ",") {
            let comma = offset
            offset += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                throw plainFailure("trailing comma before '}'; JSON allows none: remove it", at: comma)
            }
            let (nextKey, nextLocation) = try parseKey()
            stack[top].key = nextKey
            stack[top].keyLocation = nextLocation
            return nil
        }
        guard peek() == UInt8(ascii: "}") else { throw failure("expected ',' or '}' after an object member") }
        offset += 1
        let frame = stack.removeLast()
        return JSONValue(kind: .object(frame.members), location: frame.location)
    }

    private func checkDepth(_ open: Int, at location: SourceLocation) throws(Failure) {
        guard open < depthLimit else {
            throw Failure(
                message: "nesting deeper than \(depthLimit) arrays and objects (the depth limit); flatten the document",
                location: location)
        }
    }

    /// A member's key and the colon after it.
    private mutating func parseKey() throws(Failure) -> (String, SourceLocation) {
        let start = location()
        guard peek() == UInt8(ascii: "\"") else { throw failure("expected an object key in double quotes") }
        keyCount += 1
        guard keyCount <= keyLimit else {
            throw Failure(
                message:
                    "more than \(keyLimit) object keys (the key limit); a file this tool reads needs far fewer: remove the repeated entries",
                location: start)
        }
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure("expected ':' after the object key \"\(key)\"") }
        offset += 1
        return (key, start)
    }

    private mutating func parseString() throws(Failure) -> String {
        offset += 1  // the opening quote
        var text: [UInt8] = []
        while true {
            guard offset < bytes.count else { throw failure("unterminated string: expected a closing '\"'") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &text)
            case 0..<0x20:
                throw plainFailure(
                    "control character \(Self.codePoint(UInt32(byte))) inside a string; write it as an escape such as \\n or \\u00XX"
                )
            case 0x80...:
                let length = try utf8SequenceLength()
                text.append(contentsOf: bytes[offset..<offset + length])
                offset += length
            default:
                text.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseEscape(into text: inout [UInt8]) throws(Failure) {
        offset += 1  // the backslash
        guard offset < bytes.count else { throw failure("unterminated string: expected a closing '\"'") }
        let simple: UInt8?
        switch bytes[offset] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            let escape = String(decoding: [bytes[offset]], as: UTF8.self)
            throw plainFailure(
                "invalid escape \\\(escape) in a string; JSON allows only \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                at: offset - 1)
        }
        if let simple {
            text.append(simple)
            offset += 1
            return
        }
        let escapeStart = offset - 1
        offset += 1
        var value = try hexQuad(escapeStart: escapeStart)
        if (0xD800...0xDBFF).contains(value) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else {
                throw plainFailure(
                    "lone surrogate \\u\(Self.hex(value)) in a string; a high surrogate must be followed by a \\uDC00-\\uDFFF low surrogate",
                    at: escapeStart)
            }
            let lowStart = offset
            offset += 2
            let low = try hexQuad(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw plainFailure(
                    "lone surrogate \\u\(Self.hex(value)) in a string; a high surrogate must be followed by a \\uDC00-\\uDFFF low surrogate",
                    at: escapeStart)
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw plainFailure(
                "lone surrogate \\u\(Self.hex(value)) in a string; a low surrogate must follow a high one",
                at: escapeStart)
        }
        text.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
    }

    private mutating func hexQuad(escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = Self.hexValue(bytes[offset]) else {
                throw plainFailure("\\u in a string must be followed by four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// The length of the valid UTF-8 sequence at `offset`, or a failure pointing at it.
    private mutating func utf8SequenceLength() throws(Failure) -> Int {
        let lead = bytes[offset]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            second = 0x80...0x9F
        case 0xF0:
            length = 4
            second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            second = 0x80...0x8F
        default: throw plainFailure("invalid UTF-8 byte 0x\(Self.hex(UInt32(lead), digits: 2)); save the file as UTF-8")
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]),
            bytes[offset + 2..<offset + length].allSatisfy({ (0x80...0xBF).contains($0) })
        else {
            throw plainFailure(
                "invalid UTF-8 sequence starting with byte 0x\(Self.hex(UInt32(lead), digits: 2)); save the file as UTF-8"
            )
        }
        return length
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue.Kind {
        let start = offset
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
            if let next = peek(), Self.isDigit(next) {
                throw failure("leading zero in a number; JSON numbers do not start with 0 unless they are 0 or 0.x")
            }
        } else {
            guard let first = peek(), Self.isDigit(first) else { throw failure("expected a digit in the number") }
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard let digit = peek(), Self.isDigit(digit) else {
                throw failure("expected a digit after the decimal point")
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        return .number(text: text, value: Double(text) ?? .nan)
    }

    private mutating func parseLiteral() throws(Failure) -> JSONValue.Kind {
        for (word, kind) in [("true", JSONValue.Kind.bool(true)), ("false", .bool(false)), ("null", .null)] {
            let utf8 = Array(word.utf8)
            if bytes.count - offset >= utf8.count, Array(bytes[offset..<offset + utf8.count]) == utf8 {
                let end = offset + utf8.count
                // "nullx" or "true1" is one bad token, not a literal followed by junk.
                if end < bytes.count, Self.isIdentifierByte(bytes[end]) { break }
                offset = end
                return kind
            }
        }
        var end = offset
        while end < bytes.count, Self.isIdentifierByte(bytes[end]), end - offset < 40 { end += 1 }
        let word = String(decoding: bytes[offset..<end], as: UTF8.self)
        throw failure(
            "unknown word '\(word)'; JSON's only bare words are true, false and null, and strings need double quotes")
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { offset += 1 }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                offset += 1
            default:
                return
            }
        }
    }

    private func peek() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    /// The line and column of `offset`. Offsets only grow, except for failures that point back
    /// (a trailing comma on the line before), which the cursor counts afresh.
    private mutating func location() -> SourceLocation {
        cursor.location(at: offset)
    }

    /// A failure at `offset`, saying what was found there.
    private mutating func failure(_ expectation: String) -> Failure {
        let found = foundDescription()
        return Failure(message: expectation + ", found " + found, location: location())
    }

    /// A failure at `position` (by default `offset`) whose message already says what was found.
    private mutating func plainFailure(_ message: String, at position: Int? = nil) -> Failure {
        if let position { offset = position }
        return Failure(message: message, location: location())
    }

    private mutating func foundDescription() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return Self.codePoint(UInt32(byte)) }
        if let length = try? utf8SequenceLength(),
            let scalar = String(decoding: bytes[offset..<offset + length], as: UTF8.self).unicodeScalars.first
        {
            return "'\(scalar)' (\(Self.codePoint(scalar.value)))"
        }
        return "byte 0x\(Self.hex(UInt32(byte), digits: 2))"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    package static func codePoint(_ value: UInt32) -> String { "U+" + hex(value) }
}
