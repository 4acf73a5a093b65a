/// Any property-list value, for reading and writing property lists whose shape is not known
/// (an app's Info.plist) through Foundation's `PropertyListDecoder` and `PropertyListEncoder`,
/// which read and write XML and binary plists.
///
/// The decoder does not say what type a number was stored as, only what it can be read as:
/// a whole number is read as `.integer` whether stored as `<integer>` or `<real>`, and an
/// integer beyond `Int64` as `.real`. Comparing two decoded values is exact for everything
/// else, and consistent for numbers (both sides read alike), which is what checking an XML
/// edit needs; binary property lists, which are decoded to be written again, are read by
/// type with `BinaryPropertyListReader`.
package indirect enum PropertyListValue: Codable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var dictionary: [String: PropertyListValue] = [:]
            for key in keyed.allKeys {
                dictionary[key.stringValue] = try keyed.decode(PropertyListValue.self, forKey: key)
            }
            self = .dictionary(dictionary)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [PropertyListValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(PropertyListValue.self)) }
            self = .array(elements)
        } else {
            // Most specific first: a <true/> is no number, a number no string.
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? single.decode(Double.self) {
                self = .real(value)
            } else if let value = try? single.decode(Date.self) {
                self = .date(value)
            } else if let value = try? single.decode(Data.self) {
                self = .data(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .dictionary(let dictionary):
            var keyed = encoder.container(keyedBy: Key.self)
            // In one order on every run and machine (a dictionary's own order is a hash's, seeded
            // per process): the same Info.plist gives the same bytes.
            for (key, value) in dictionary.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                try keyed.encode(value, forKey: Key(stringValue: key))
            }
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .string(let value): try encodeSingle(value, to: encoder)
        case .integer(let value): try encodeSingle(value, to: encoder)
        case .real(let value): try encodeSingle(value, to: encoder)
        case .bool(let value): try encodeSingle(value, to: encoder)
        case .date(let value): try encodeSingle(value, to: encoder)
        case .data(let value): try encodeSingle(value, to: encoder)
        }
    }

    private func encodeSingle(_ value: some Encodable, to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encode(value)
    }

    package var dictionary: [String: PropertyListValue]? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    package var array: [PropertyListValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
