/// A JSON value whose objects keep their members' order, for generated files that diff well.
package indirect enum OrderedJSON: Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    package func text(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return Self.quoted(text)
        case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            return "[\n" + elements.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    package static func quoted(_ text: String) -> String {
        "\"" + text.escaping(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t"]) + "\""
    }
}
