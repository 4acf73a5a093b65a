/// The one way iconforge writes JSON. Every byte of JSON it writes comes out of `Writer`
/// (below): Codable records through `encode`, documents whose members keep an order through
/// `OrderedJSON`, documents kept as another file spelled them (a String Catalog) and records
/// spliced from cached fragments through the writer's containers, and a lone string through
/// `quoted`. Strings are escaped as RFC 8259 requires (the quote, the backslash and every
/// control character below U+0020), and U+2028 and U+2029 as well, which are valid JSON but
/// end a line in JavaScript before ES2019 and in many editors.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included: `"`, `\`, the control characters
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, the rest as `\u00XX`), U+2028 and U+2029 escaped,
    /// everything else as it is.
    package static func quoted(_ text: String) -> String {
        var writer = Writer(layout: .compact)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `value` as Foundation's encoder writes it with `formatting`, with U+2028 and U+2029
    /// escaped too. With `.sortedKeys` (every file iconforge writes), `SortedJSONEncoder`
    /// writes the same bytes faster, through `Writer`.
    package static func encode<Value: Encodable>(_ value: Value, formatting: JSONEncoder.OutputFormatting) throws
        -> [UInt8]
    {
        if formatting.contains(.sortedKeys) {
            let encoder = SortedJSONEncoder(
                pretty: formatting.contains(.prettyPrinted),
                escapesSlashes: !formatting.contains(.withoutEscapingSlashes))
            do {
                return try encoder.encode(value)
            } catch is SortedJSONEncoder.Unsupported {}
        }
        return escapingLineSeparators(try encodedAsFoundationDoes(value, formatting: formatting))
    }

    /// `value` as Foundation's encoder writes it with `formatting`: what `SortedJSONEncoder`
    /// does not write (unsorted keys, `Data`, `Date`, `URL`, `Decimal`).
    static func encodedAsFoundationDoes<Value: Encodable>(_ value: Value, formatting: JSONEncoder.OutputFormatting)
        throws -> [UInt8]
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return Array(try encoder.encode(value))
    }

    /// Pretty-printed JSON from `encode` as `encode` writes it without `.prettyPrinted`: the
    /// layout's spaces and line breaks are the only whitespace outside strings (a string's
    /// own control characters are escaped), so taking them out leaves the compact bytes at
    /// a fraction of the cost of encoding the value again.
    package static func compacted(_ pretty: [UInt8]) -> [UInt8] {
        var compact: [UInt8] = []
        compact.reserveCapacity(pretty.count)
        var inString = false
        var escaped = false
        for byte in pretty {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                continue
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            compact.append(byte)
        }
        return compact
    }

    /// Foundation's JSON with each U+2028 and U+2029 as `\u2028` and `\u2029`: they can only
    /// stand inside a string, so each of their UTF-8 sequences is one of them.
    static func escapingLineSeparators(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(0xE2) else { return bytes }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 12)
        var index = 0
        while index < bytes.count {
            if let separator = Writer.lineSeparatorEscape(bytes, at: index) {
                escaped += separator
                index += 3
            } else {
                escaped.append(bytes[index])
                index += 1
            }
        }
        return escaped
    }
}
