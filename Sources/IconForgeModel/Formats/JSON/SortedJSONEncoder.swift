/// Writes an `Encodable` value as Foundation's `JSONEncoder` writes it with `.sortedKeys`
/// (and, as asked, `.prettyPrinted` and `.withoutEscapingSlashes`), byte for byte but for
/// U+2028 and U+2029, which `JSONText.Writer` escapes, in a fraction of its time: a cold build's catalog and state are 600 KB of JSON written after
/// the last glyph is rendered, while both cores but one stand idle, and Foundation's encoder
/// took 45 ms of the 0.5 s build of 300 glyphs over them.
///
/// What is faster is what is left out: no coding path is kept (nothing iconforge encodes
/// reads it), an object's members are a list until its keys are sorted as it is written, and
/// a scalar is its text, not a boxed value. What Foundation's encoder writes its own way
/// (`Data`, `Date`, `URL`, `Decimal`) is not written here: `Unsupported` is thrown, for the
/// caller to use Foundation's.
struct SortedJSONEncoder {
    /// A value this encoder does not write as Foundation's does.
    struct Unsupported: Error {}

    var pretty = false
    var escapesSlashes = true

    func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let encoder = ItemEncoder()
        try encoder.encodeGeneric(value)
        if case .nothing = encoder.item {
            // Foundation refuses a top-level value that encodes nothing; so does this.
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        var writer = JSONText.Writer(
            layout: pretty ? .pretty : .compact, escapesSlashes: escapesSlashes, capacity: 4_096)
        Self.write(encoder.item, into: &writer, depth: 0)
        return writer.bytes
    }

    // MARK: - The tree

    /// A JSON value once encoded: a scalar as its text, a container by reference (a container
    /// handed out keeps filling the place it was made for).
    enum Item {
        /// A number, `true`, `false` or `null`, as written.
        case literal(String)
        case string(String)
        case container(Container)
        /// Nothing encoded (yet): written as `{}`, as Foundation's encoder writes a value that
        /// encodes nothing.
        case nothing
    }

    final class Container {
        let isObject: Bool
        var elements: [Item] = []
        var members: [(key: String, item: Item)] = []
        /// Each key's member, once there are enough members to look up: a key encoded twice
        /// keeps the last value, as in Foundation's encoder.
        private var positions: [String: Int]?

        init(isObject: Bool) { self.isObject = isObject }

        func set(_ item: Item, for key: String) {
            if let index = position(of: key) {
                members[index].item = item
                return
            }
            positions?[key] = members.count
            members.append((key, item))
        }

        /// Where `key`'s member is: by search while there are few, then by index.
        private func position(of key: String) -> Int? {
            if let positions { return positions[key] }
            if members.count < 16 { return members.firstIndex { $0.key == key } }
            var index: [String: Int] = [:]
            for (position, member) in members.enumerated() { index[member.key] = position }
            positions = index
            return index[key]
        }
    }

    // MARK: - Encoding

    /// The encoder one value is encoded with; the value ends up in `item`.
    final class ItemEncoder: Encoder {
        var item: Item = .nothing
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// `value`, encoded here (the types Foundation writes its own way refused).
        func encodeGeneric<Value: Encodable>(_ value: Value) throws {
            item = try Self.item(for: value)
        }

        /// `value`'s item. The types are told apart by their metatypes, not by casting the
        /// value (a dynamic cast for every member of every glyph would cost what is saved).
        static func item<Value: Encodable>(for value: Value) throws -> Item {
            if Value.self == Data.self || Value.self == Date.self || Value.self == URL.self
                || Value.self == Decimal.self
            {
                throw Unsupported()
            }
            let encoder = ItemEncoder()
            try value.encode(to: encoder)
            return encoder.item
        }

        static func literal<Number: BinaryFloatingPoint & CustomStringConvertible>(_ number: Number) throws -> Item {
            guard number.isFinite else {
                throw EncodingError.invalidValue(
                    number,
                    .init(
                        codingPath: [], debugDescription: "Unable to encode \(Number.self).\(number) directly in JSON.")
                )
            }
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return .literal(text)
        }

        /// The container this encoder's value is: made on first asking, the same one after.
        func container(isObject: Bool) -> Container {
            if case .container(let container) = item, container.isObject == isObject { return container }
            let container = Container(isObject: isObject)
            item = .container(container)
            return container
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(container: container(isObject: true)))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            Unkeyed(container: container(isObject: false))
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let container: Container
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { container.set(.literal("null"), for: key.stringValue) }
        mutating func encode(_ value: Bool, forKey key: Key) throws {
            container.set(.literal(value ? "true" : "false"), for: key.stringValue)
        }
        mutating func encode(_ value: String, forKey key: Key) throws {
            container.set(.string(value), for: key.stringValue)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            container.set(try ItemEncoder.literal(value), for: key.stringValue)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            container.set(try ItemEncoder.literal(value), for: key.stringValue)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: Int8, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: Int16, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: Int32, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: Int64, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: UInt, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: UInt8, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: UInt16, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: UInt32, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            container.set(.literal(value.description), for: key.stringValue)
        }
        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            container.set(try ItemEncoder.item(for: value), for: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            let nested = Container(isObject: true)
            container.set(.container(nested), for: key.stringValue)
            return KeyedEncodingContainer(Keyed<NestedKey>(container: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = Container(isObject: false)
            container.set(.container(nested), for: key.stringValue)
            return Unkeyed(container: nested)
        }

        mutating func superEncoder() -> any Encoder { SuperEncoder(container: container, place: .member("super")) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            SuperEncoder(container: container, place: .member(key.stringValue))
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let container: Container
        var codingPath: [any CodingKey] { [] }
        var count: Int { container.elements.count }

        mutating func encodeNil() throws { container.elements.append(.literal("null")) }
        mutating func encode(_ value: Bool) throws { container.elements.append(.literal(value ? "true" : "false")) }
        mutating func encode(_ value: String) throws { container.elements.append(.string(value)) }
        mutating func encode(_ value: Double) throws { container.elements.append(try ItemEncoder.literal(value)) }
        mutating func encode(_ value: Float) throws { container.elements.append(try ItemEncoder.literal(value)) }
        mutating func encode(_ value: Int) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: Int8) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: Int16) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: Int32) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: Int64) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: UInt) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: UInt8) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: UInt16) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: UInt32) throws { container.elements.append(.literal(value.description)) }
        mutating func encode(_ value: UInt64) throws { container.elements.append(.literal(value.description)) }
        mutating func encode<Value: Encodable>(_ value: Value) throws {
            container.elements.append(try ItemEncoder.item(for: value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            let nested = Container(isObject: true)
            container.elements.append(.container(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(container: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = Container(isObject: false)
            container.elements.append(.container(nested))
            return Unkeyed(container: nested)
        }

        mutating func superEncoder() -> any Encoder {
            let encoder = SuperEncoder(container: container, place: .element(container.elements.count))
            container.elements.append(.nothing)
            return encoder
        }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: ItemEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { encoder.item = .literal("null") }
        mutating func encode(_ value: Bool) throws { encoder.item = .literal(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { encoder.item = .string(value) }
        mutating func encode(_ value: Double) throws { encoder.item = try ItemEncoder.literal(value) }
        mutating func encode(_ value: Float) throws { encoder.item = try ItemEncoder.literal(value) }
        mutating func encode(_ value: Int) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: Int8) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: Int16) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: Int32) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: Int64) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: UInt) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: UInt8) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: UInt16) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: UInt32) throws { encoder.item = .literal(value.description) }
        mutating func encode(_ value: UInt64) throws { encoder.item = .literal(value.description) }
        mutating func encode<Value: Encodable>(_ value: Value) throws {
            encoder.item = try ItemEncoder.item(for: value)
        }
    }

    /// A super encoder: what it encodes fills its place (a member for a key, or an element of
    /// an array at the index it was asked for) once it is done.
    final class SuperEncoder: Encoder {
        enum Place {
            case member(String)
            case element(Int)
        }

        let container: Container
        let place: Place
        private let inner = ItemEncoder()
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(container: Container, place: Place) {
            self.container = container
            self.place = place
        }

        deinit {
            switch place {
            case .member(let key): container.set(inner.item, for: key)
            case .element(let index): container.elements[index] = inner.item
            }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            inner.container(keyedBy: type)
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
        func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
    }

    // MARK: - Writing

    /// The tree through `JSONText.Writer`, as Foundation's `JSONWriter` lays it out: keys in
    /// the order of their UTF-8 bytes, a value that encoded nothing as `{}`.
    static func write(_ item: Item, into writer: inout JSONText.Writer, depth: Int) {
        switch item {
        case .literal(let text): writer.token(text)
        case .string(let text): writer.string(text)
        case .nothing: writer.container(.object, count: 0, depth: depth) { _, _ in }
        case .container(let container) where container.isObject:
            let members = container.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writer.container(.object, count: members.count, depth: depth) { writer, index in
                writer.key(members[index].key)
                write(members[index].item, into: &writer, depth: depth + 1)
            }
        case .container(let container):
            let elements = container.elements
            writer.container(.array, count: elements.count, depth: depth) { writer, index in
                write(elements[index], into: &writer, depth: depth + 1)
            }
        }
    }
}
