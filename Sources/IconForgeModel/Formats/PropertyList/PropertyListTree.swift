/// A property list as a binary file stores it: every dictionary's keys in the order they were
/// read, so that writing it back (`BinaryPropertyListWriter`) keeps that order, the same on
/// every machine. `PropertyListValue` is the same value for comparing, without the order.
package indirect enum PropertyListTree: Equatable {
    /// A value that is neither an array nor a dictionary.
    case scalar(PropertyListValue)
    case array([PropertyListTree])
    case dictionary([Entry])

    package struct Entry: Equatable {
        package var key: String
        package var value: PropertyListTree

        package init(key: String, value: PropertyListTree) {
            self.key = key
            self.value = value
        }
    }

    /// A value with no order of its own: its dictionaries' keys sorted as Xcode and
    /// Foundation's encoder sort them (by UTF-8 bytes).
    package init(_ value: PropertyListValue) {
        switch value {
        case .array(let elements): self = .array(elements.map(PropertyListTree.init))
        case .dictionary(let dictionary):
            self = .dictionary(
                dictionary.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
                    Entry(key: $0.key, value: PropertyListTree($0.value))
                })
        default: self = .scalar(value)
        }
    }

    /// The value, without the order (a key stored twice is its last value, as Foundation reads it).
    package var value: PropertyListValue {
        switch self {
        case .scalar(let value): return value
        case .array(let elements): return .array(elements.map(\.value))
        case .dictionary(let entries):
            return .dictionary(
                Dictionary(entries.map { ($0.key, $0.value.value) }, uniquingKeysWith: { _, last in last }))
        }
    }

    package var entries: [Entry]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    package var elements: [PropertyListTree]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
