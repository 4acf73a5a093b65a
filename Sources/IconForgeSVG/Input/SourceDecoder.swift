/// Turns a glyph file's bytes into UTF-8, whatever encoding its authoring tool used.
///
/// Decoding is the tool's job, not the designer's: Illustrator writes `iso-8859-1`,
/// Windows tools write UTF-16 with a byte-order mark. Every such file is decoded here
/// once, so the scanner and the checks see UTF-8 only, and positions stay right because
/// lines and columns count characters, which decoding preserves.
enum SourceDecoder {
    /// A file decoded to UTF-8.
    struct Decoded: Sendable, Equatable {
        /// The text as UTF-8, without a byte-order mark, with the XML declaration exactly as
        /// written (so that columns on its line stay those of the file).
        var utf8: [UInt8]
        /// The encoding the file was read as, as a person would name it.
        var encoding: Encoding
        /// What librsvg should parse: the file itself when it is UTF-8 already, otherwise the
        /// decoded text with its declaration saying `UTF-8`.
        var renderable: [UInt8]
    }

    enum Encoding: String, Sendable, Equatable {
        case utf8 = "UTF-8"
        case utf16BigEndian = "UTF-16BE"
        case utf16LittleEndian = "UTF-16LE"
        case latin1 = "ISO-8859-1"
        case windows1252 = "windows-1252"
        case ascii = "US-ASCII"
    }

    /// The encodings iconforge reads, for messages.
    static let supported = "UTF-8, UTF-16 with a byte-order mark, ISO-8859-1 (Latin-1), windows-1252 and US-ASCII"

    static func decode(_ bytes: [UInt8]) throws(XMLParseError) -> Decoded {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            let bigEndian = bytes[0] == 0xFE
            let text = try utf16(bytes.dropFirst(2), bigEndian: bigEndian)
            return Decoded(
                utf8: text, encoding: bigEndian ? .utf16BigEndian : .utf16LittleEndian, renderable: declaringUTF8(text))
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let declared = declaredEncoding(in: body)
        let encoding: Encoding
        switch declared?.lowercased() {
        case nil, "utf-8", "utf8":
            encoding = .utf8
        case "us-ascii", "ascii", "iso646-us", "ansi_x3.4-1968":
            encoding = .ascii
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "cp819", "ibm819":
            encoding = .latin1
        case "windows-1252", "cp1252", "x-cp1252":
            encoding = .windows1252
        case let name? where name.hasPrefix("utf-16") || name.hasPrefix("ucs-2") || name == "unicode":
            throw XMLParseError(
                kind: .encoding,
                message:
                    "the file declares encoding '\(declared!)' but has no byte-order mark; save it again as UTF-8 (or UTF-16 with a byte-order mark)",
                location: SourceLocation(line: 1, column: 1))
        case _:
            throw XMLParseError(
                kind: .encoding,
                message:
                    "declared encoding '\(declared!)' is not one iconforge reads (\(supported)); save the file as UTF-8",
                location: SourceLocation(line: 1, column: 1))
        }
        if let nul = body.firstIndex(of: 0) {
            throw XMLParseError(
                kind: .encoding, message: "NUL byte in the file (is it binary, or UTF-16 without a byte-order mark?)",
                location: location(ofOffset: nul, in: body))
        }
        switch encoding {
        case .utf8:
            try validateUTF8(body)
            return Decoded(utf8: body, encoding: .utf8, renderable: bytes)
        case .ascii:
            if let offset = body.firstIndex(where: { $0 >= 0x80 }) {
                throw XMLParseError(
                    kind: .encoding,
                    message:
                        "byte 0x\(hex(body[offset])) is not US-ASCII, which the file declares; declare the encoding the file really uses, or save it as UTF-8",
                    location: location(ofOffset: offset, in: body))
            }
            return Decoded(utf8: body, encoding: .ascii, renderable: bytes)
        case .latin1, .windows1252:
            if body.allSatisfy({ $0 < 0x80 }) {
                return Decoded(utf8: body, encoding: encoding, renderable: bytes)
            }
            var text: [UInt8] = []
            text.reserveCapacity(body.count + body.count / 8)
            for byte in body {
                let scalar = encoding == .windows1252 ? windows1252Scalar(byte) : Unicode.Scalar(byte)
                text.append(contentsOf: String(Character(scalar)).utf8)
            }
            return Decoded(utf8: text, encoding: encoding, renderable: declaringUTF8(text))
        case .utf16BigEndian, .utf16LittleEndian:
            preconditionFailure("UTF-16 is recognised by its byte-order mark above")
        }
    }

    // MARK: - Declaration

    /// The `encoding` pseudo-attribute of an XML declaration at the very start, if any.
    static func declaredEncoding(in text: [UInt8]) -> String? {
        guard let range = encodingValueRange(in: text) else { return nil }
        return String(decoding: text[range], as: UTF8.self)
    }

    /// Where the value of the declaration's `encoding="…"` is, between its quotes.
    private static func encodingValueRange(in text: [UInt8]) -> Range<Int>? {
        guard text.starts(with: Array("<?xml".utf8)), let end = firstIndex(of: Array("?>".utf8), in: text, limit: 512)
        else { return nil }
        let declaration = text[0..<end]
        guard let key = firstIndex(of: Array("encoding".utf8), in: Array(declaration), limit: end) else { return nil }
        var index = key + 8
        while index < end,
            declaration[index] == 0x20 || declaration[index] == 0x09 || declaration[index] == 0x0A
                || declaration[index] == 0x0D || declaration[index] == UInt8(ascii: "=")
        {
            index += 1
        }
        guard index < end, declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = declaration[index]
        let start = index + 1
        guard let close = declaration[start...].firstIndex(of: quote) else { return nil }
        return start..<close
    }

    /// `text` with its declaration's encoding, if it names one, replaced by `UTF-8`.
    private static func declaringUTF8(_ text: [UInt8]) -> [UInt8] {
        guard let range = encodingValueRange(in: text) else { return text }
        var copy = text
        copy.replaceSubrange(range, with: Array("UTF-8".utf8))
        return copy
    }

    // MARK: - Decoders

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(XMLParseError) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (high, low) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? high << 8 | low : low << 8 | high)
            index += 2
        }
        var text: [UInt8] = []
        text.reserveCapacity(units.count)
        var decoder = UTF16()
        var iterator = units.makeIterator()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 {
                    throw XMLParseError(
                        kind: .encoding, message: "NUL character in the file (is it binary?)",
                        location: location(ofOffset: text.count, in: text))
                }
                text.append(contentsOf: String(Character(scalar)).utf8)
            case .emptyInput:
                break loop
            case .error:
                throw XMLParseError(
                    kind: .encoding, message: "invalid UTF-16 (an unpaired surrogate); save the file as UTF-8",
                    location: location(ofOffset: text.count, in: text))
            }
        }
        if bytes.count % 2 != 0 {
            throw XMLParseError(
                kind: .encoding,
                message: "the UTF-16 file has an odd number of bytes (is it truncated?); save it again as UTF-8",
                location: location(ofOffset: text.count, in: text))
        }
        return text
    }

    private static func validateUTF8(_ bytes: [UInt8]) throws(XMLParseError) {
        // Fast path: most glyphs are ASCII.
        if bytes.allSatisfy({ $0 < 0x80 }) { return }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return
            case .error:
                throw XMLParseError(
                    kind: .encoding,
                    message:
                        "invalid UTF-8 byte sequence (0x\(hex(bytes[offset]))); if the file is ISO-8859-1 or windows-1252, say so in its XML declaration (<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>), else save it as UTF-8",
                    location: location(ofOffset: offset, in: bytes))
            }
        }
    }

    /// windows-1252's characters for 0x80–0x9F; the five bytes it leaves undefined map to
    /// the C1 controls of the same value, as the WHATWG Encoding Standard does.
    private static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        let table: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
            0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,
            0x017E, 0x0178,
        ]
        return Unicode.Scalar(table[Int(byte - 0x80)])!
    }

    // MARK: - Helpers

    /// The line and column (in characters) of a byte offset into UTF-8 text.
    static func location(ofOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var cursor = SourceCursor(bytes)
        return cursor.location(at: offset)
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], limit: Int) -> Int? {
        let end = min(haystack.count, limit) - needle.count
        guard end >= 0 else { return nil }
        for start in 0...end
        where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
