/// A parsed JSON value that remembers where it starts in its file, so that findings about
/// it can point at the exact line and column.
package struct JSONValue: Sendable, Equatable {
    /// What the value is.
    package indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number, as its source text (exactly as written) and as a double.
        case number(text: String, value: Double)
        case string(String)
        case array([JSONValue])
        /// An object's members in source order; duplicate keys are kept, for the caller to judge.
        case object([Member])
    }

    /// One `"key": value` pair of an object, with where its key starts.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: JSONValue
    }

    package var kind: Kind
    /// The first character of the value (the opening quote, bracket or brace, or the literal's first letter).
    package var location: SourceLocation

    package var string: String? {
        if case .string(let text) = kind { return text }
        return nil
    }

    package var array: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    package var members: [Member]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The first member named `key`, when this is an object.
    package subscript(key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// "a string", "an object" and so on, for messages about the wrong kind of value.
    package var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text, _): "the number \(text)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
