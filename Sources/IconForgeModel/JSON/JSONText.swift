/// The one way iconforge writes JSON: every string escaped as RFC 8259 requires (the quote,
/// the backslash and every control character below U+0020), and U+2028 and U+2029 as well,
/// which are valid JSON but end a line in JavaScript before ES2019 and in many editors.
/// Documents built by hand (`OrderedJSON`, the asset catalog's and String Catalog's own
/// layouts) quote their strings with `quoted`; Codable records go through `encode`.
package enum JSONText {
    /// `text` as a JSON string literal, quotes included: `"`, `\`, the control characters
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, the rest as `\u00XX`), U+2028 and U+2029 escaped,
    /// everything else as it is.
    package static func quoted(_ text: String) -> String {
        "\"" + text.escaping(escapes) + "\""
    }

    /// `value` as Foundation's encoder writes it with `formatting` (which escapes the quote,
    /// the backslash and the control characters), with U+2028 and U+2029 escaped too: they
    /// can only stand inside a string, so each of their UTF-8 sequences becomes `\u2028` or
    /// `\u2029`.
    /// With `.sortedKeys` (every file iconforge writes), `SortedJSONEncoder` writes the same
    /// bytes faster.
    package static func encode<Value: Encodable>(_ value: Value, formatting: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        let bytes = try encodedAsFoundationDoes(value, formatting: formatting)
        guard bytes.contains(0xE2) else { return bytes }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 12)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                escaped += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                index += 3
            } else {
                escaped.append(bytes[index])
                index += 1
            }
        }
        return escaped
    }

    /// `value` as Foundation's encoder writes it with `formatting`.
    static func encodedAsFoundationDoes<Value: Encodable>(_ value: Value, formatting: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        if formatting.contains(.sortedKeys) {
            let encoder = SortedJSONEncoder(pretty: formatting.contains(.prettyPrinted), escapesSlashes: !formatting.contains(.withoutEscapingSlashes))
            do {
                return try encoder.encode(value)
            } catch is SortedJSONEncoder.Unsupported {}
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return Array(try encoder.encode(value))
    }

    private static let escapes: [Unicode.Scalar: String] = {
        var escapes: [Unicode.Scalar: String] = [
            "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\u{08}": "\\b", "\u{0C}": "\\f",
            "\u{2028}": "\\u2028", "\u{2029}": "\\u2029",
        ]
        for value in 0..<0x20 where escapes[Unicode.Scalar(value)!] == nil {
            let hex = String(value, radix: 16)
            escapes[Unicode.Scalar(value)!] = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return escapes
    }()
}
