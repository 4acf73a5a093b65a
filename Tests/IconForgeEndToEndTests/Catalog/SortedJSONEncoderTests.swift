import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeModel

/// `SortedJSONEncoder` writes what Foundation's `JSONEncoder` writes, byte for byte (with
/// U+2028 and U+2029 escaped, as `JSONText` writes every string), in every formatting with
/// sorted keys: on values made to reach every corner of the format,
/// and on the catalogs real builds write.
@Suite struct SortedJSONEncoderTests {
    static let formattings: [JSONEncoder.OutputFormatting] = [
        [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]

    func foundation<Value: Encodable>(_ value: Value, _ formatting: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return JSONText.escapingLineSeparators(Array(try encoder.encode(value)))
    }

    func sorted<Value: Encodable>(_ value: Value, _ formatting: JSONEncoder.OutputFormatting) throws -> [UInt8] {
        try SortedJSONEncoder(
            pretty: formatting.contains(.prettyPrinted), escapesSlashes: !formatting.contains(.withoutEscapingSlashes)
        ).encode(value)
    }

    func expectSameBytes<Value: Encodable>(_ value: Value, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        for formatting in Self.formattings {
            let expected = try foundation(value, formatting)
            let written = try sorted(value, formatting)
            #expect(
                written == expected,
                "\(formatting.rawValue): \(String(decoding: written, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }

    enum Kind: String, Codable {
        case plain
        case fancy = "fäncy/kind"
    }

    struct Leaf: Codable {
        var text: String
        var numbers: [Double]
        var kind: Kind
        var small: Int8 = -8
        var unsigned: UInt64 = .max
        var flag: Bool?
    }

    /// Keys that sort differently by bytes, by case and by number; every escape; numbers
    /// whole, fractional, tiny, huge and negative zero; nil left out and nil written; empty
    /// and nested containers; dictionaries keyed by strings and by integers.
    struct Everything: Codable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var Zebra = "upper case sorts before lower"
        var apple = "a\"quote\\back/slash\u{08}\u{0C}\n\r\t\u{01}\u{1F}\u{7F}é€😀\u{2028}"
        var key10 = 10
        var key9 = 9
        // swift-format-ignore: IdentifiersMustBeASCII
        var ünicode = "keys by UTF-8 bytes"
        var doubles: [Double] = [
            0, -0.0, 1, 24, 0.1, 1.0 / 3, 1e-7, 1e21, 123_456_789_012_345_680_000, -2.5, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude,
        ]
        var floats: [Float] = [0.1, 3, -1e-8]
        var integers: [Int] = [.min, -1, 0, .max]
        var nothing: String? = nil
        var empties: [[String]] = [[], [""]]
        var emptyObject: [String: Int] = [:]
        var byName: [String: Leaf] = [
            "b": Leaf(text: "x", numbers: [], kind: .plain),
            "a/b": Leaf(text: "", numbers: [2.5], kind: .fancy, flag: false),
            "A": Leaf(text: "\u{0}", numbers: [1, 2], kind: .plain, flag: true),
        ]
        var byNumber: [Int: String] = [10: "ten", 9: "nine", -1: "minus one"]
        var optionals: [Int?] = [1, nil, 3]
        var nested: [String: [String: [Int]]] = ["outer": ["inner": [1], "empty": []]]
        var many: [String: Int] = Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0)", $0) })

        func encode(to encoder: any Encoder) throws {
            // The synthesized members, and then what hand-written encoders do: a nil written
            // as null, a key encoded twice (the last wins), a nested container, a super encoder.
            var container = encoder.container(keyedBy: DynamicKey.self)
            for (key, value) in Mirror(reflecting: self).children.map({ ($0.label!, $0.value) }) {
                try container.encode(AnyEncodable(value as! any Encodable), forKey: DynamicKey(key))
            }
            try container.encodeNil(forKey: DynamicKey("null"))
            try container.encode("first", forKey: DynamicKey("twice"))
            try container.encode("second", forKey: DynamicKey("twice"))
            var nested = container.nestedContainer(keyedBy: DynamicKey.self, forKey: DynamicKey("nested by hand"))
            try nested.encode(1.5, forKey: DynamicKey("x"))
            var list = nested.nestedUnkeyedContainer(forKey: DynamicKey("list"))
            try list.encode(true)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: DynamicKey.self)
            try inner.encode(UInt8(7), forKey: DynamicKey("seven"))
            try Leaf(text: "super", numbers: [1], kind: .fancy).encode(
                to: container.superEncoder(forKey: DynamicKey("parent")))
        }
    }

    struct DynamicKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct AnyEncodable: Encodable {
        let value: any Encodable
        init(_ value: any Encodable) { self.value = value }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    @Test func everyCornerOfTheFormatIsWrittenAsFoundationWritesIt() throws {
        try expectSameBytes(Everything())
        // Top-level scalars and empty containers.
        try expectSameBytes("top/level")
        try expectSameBytes(42.0)
        try expectSameBytes([String]())
        try expectSameBytes([String: String]())
        try expectSameBytes([[Kind.plain: 1]].map { $0.mapKeys(\.rawValue) })
    }

    @Test func aValueThatEncodesNothingIsRefusedAtTheTopAndAnEmptyObjectInside() throws {
        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(throws: EncodingError.self) { try foundation(Silent(), [.sortedKeys]) }
        #expect(throws: EncodingError.self) { try sorted(Silent(), [.sortedKeys]) }
        try expectSameBytes(["silent": [Silent()]])
    }

    @Test func whatFoundationWritesItsOwnWayIsLeftToFoundation() throws {
        struct Special: Encodable {
            var data = Data([0, 1, 2])
            var date = Date(timeIntervalSinceReferenceDate: 12.5)
            var url = URL(string: "https://example.com/a b")
            var decimal = Decimal(string: "1.10")!
        }
        #expect(throws: SortedJSONEncoder.Unsupported.self) { try sorted(Special(), [.sortedKeys]) }
        for formatting in Self.formattings {
            #expect(try JSONText.encode(Special(), formatting: formatting) == foundation(Special(), formatting))
        }
        #expect(throws: EncodingError.self) { try sorted([Double.nan], [.sortedKeys]) }
        #expect(throws: EncodingError.self) { try sorted(["x": Float.infinity], [.sortedKeys]) }
    }

    /// The catalogs of real builds, in both fit modes, with quick actions and diagnostics.
    @Test func aBuildsCatalogIsWrittenAsFoundationWritesIt() throws {
        let shipped = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        for fit in [false, true] {
            let output = TemporaryFolder()
            _ = try build([shipped, Fixtures.path("pipeline")], into: output.path, fit: fit)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json")))
            let catalog = try JSONDecoder().decode(Catalog.self, from: bytes)
            #expect(catalog.glyphs.count > 10)
            #expect(catalog.glyphs.contains { !$0.diagnostics.isEmpty })
            try expectSameBytes(catalog)
            #expect(Array(try catalog.encoded()) == Array(bytes))
        }
    }
}

extension Dictionary {
    fileprivate func mapKeys<Other: Hashable>(_ transform: (Key) -> Other) -> [Other: Value] {
        [Other: Value](uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
