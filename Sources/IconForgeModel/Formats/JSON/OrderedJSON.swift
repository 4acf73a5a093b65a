/// A JSON document whose objects keep their members' order, for files people read and diff
/// (the JSON schemas, quick-actions.json, iconforge.json) and files laid out as Xcode lays
/// them out (Contents.json). Written by `JSONText.Writer`.
package indirect enum OrderedJSON: Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    /// `inline`: on one line in a readable document (`["en", "fr"]`).
    case array([OrderedJSON], inline: Bool = false)
    /// `inline`: on one line in a readable document (`{ "glyph": "compose" }`).
    case object([(String, OrderedJSON)], inline: Bool = false)

    /// The document as `layout` lays it out, without a final newline.
    package func text(_ layout: JSONText.Layout = .readable) -> String {
        String(decoding: bytes(layout), as: UTF8.self)
    }

    package func bytes(_ layout: JSONText.Layout) -> [UInt8] {
        var writer = JSONText.Writer(layout: layout)
        write(into: &writer, depth: 0)
        return writer.bytes
    }

    /// One member, `"key": value`, as it would stand in a readable document.
    package static func member(_ key: String, _ value: OrderedJSON) -> String {
        var writer = JSONText.Writer(layout: .readable)
        writer.key(key)
        value.write(into: &writer, depth: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func write(into writer: inout JSONText.Writer, depth: Int) {
        switch self {
        case .string(let text): writer.string(text)
        case .number(let value):
            writer.token(value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)")
        case .integer(let value): writer.token(String(value))
        case .bool(let value): writer.token(value ? "true" : "false")
        case .array(let elements, let inline):
            writer.container(.array, count: elements.count, depth: depth, inline: inline) { writer, index in
                elements[index].write(into: &writer, depth: depth + 1)
            }
        case .object(let members, let inline):
            writer.container(.object, count: members.count, depth: depth, inline: inline) { writer, index in
                writer.key(members[index].0)
                members[index].1.write(into: &writer, depth: depth + 1)
            }
        }
    }
}
