import Foundation
import Testing

@testable import IconForgeModel

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The failure's "line:column message" for `text`, or nil when it parses.
    func failure(_ text: String) -> (String, String)? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return ("\(error.location.line):\(error.location.column)", error.message)
        }
    }

    @Test func valuesAndKeysKeepTheirPositions() throws {
        let root = try parse("{\n  \"a\": [1, -2.5e3, true],\n\t\"é\": {\"b\": null, \"c\": \"x\\ty\"}\n}")
        #expect(root.location == SourceLocation(line: 1, column: 1))
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["a", "é"])
        #expect(members[0].keyLocation == SourceLocation(line: 2, column: 3))
        #expect(members[0].value.location == SourceLocation(line: 2, column: 8))
        let numbers = try #require(members[0].value.array)
        #expect(numbers.map(\.location.column) == [9, 12, 20])
        #expect(numbers[1].kind == .number(text: "-2.5e3", value: -2500))
        // Columns count Unicode scalars: "é" is two bytes but one column.
        #expect(members[1].keyLocation == SourceLocation(line: 3, column: 2))
        #expect(members[1].value.location == SourceLocation(line: 3, column: 7))
        #expect(root["é"]?["c"]?.string == "x\ty")
        #expect(root["é"]?["b"]?.kind == .null)
    }

    @Test func escapesDecodeIncludingSurrogatePairs() throws {
        let value = try parse(#""\"\\\/\b\f\n\r\t\u00e9\uD83D\uDCDD""#)
        #expect(value.string == "\"\\/\u{08}\u{0C}\n\r\té📝")
    }

    @Test func duplicateKeysAreKeptForTheCallerToJudge() throws {
        let root = try parse(#"{"a": 1, "a": 2}"#)
        #expect(root.members?.count == 2)
        #expect(root["a"]?.kind == .number(text: "1", value: 1))
    }

    @Test func errorsSayWhatAndWhere() {
        let cases: [(String, String, String)] = [
            ("", "1:1", "file is empty"),
            ("{\"a\": 1,}", "1:8", "trailing comma before '}'"),
            ("[1,\n  ]", "1:3", "trailing comma before ']'"),
            ("{\"a\" 1}", "1:6", "expected ':' after the object key \"a\", found '1'"),
            ("{a: 1}", "1:2", "expected an object key in double quotes, found 'a'"),
            ("[1 2]", "1:4", "expected ',' or ']' after an array element, found '2'"),
            ("{\"é\": \"x\" \"y\"}", "1:11", "expected ',' or '}' after an object member"),
            ("[01]", "1:3", "leading zero"),
            ("[1.]", "1:4", "expected a digit after the decimal point"),
            ("[-]", "1:3", "expected a digit in the number"),
            ("[1e]", "1:4", "expected a digit in the exponent"),
            ("[tru]", "1:2", "unknown word 'tru'"),
            ("[nullx]", "1:2", "unknown word 'nullx'"),
            ("'a'", "1:1", "expected a value"),
            ("\"abc", "1:5", "unterminated string"),
            ("\"a\nb\"", "1:3", "control character U+000A inside a string"),
            ("\"\\x\"", "1:2", "invalid escape \\x"),
            ("\"\\u12\"", "1:2", "\\u in a string must be followed by four hexadecimal digits"),
            ("\"\\uD83D\"", "1:2", "lone surrogate \\uD83D"),
            ("\"\\uDCDD\"", "1:2", "lone surrogate \\uDCDD"),
            ("{} {}", "1:4", "expected the end of the file"),
            (
                "[1]\n\n  x", "3:3",
                "expected the end of the file after the top-level value; a JSON file holds exactly one value, found 'x'"
            ),
            ("\u{A0}[]", "1:1", "found '\u{A0}' (U+00A0)"),
            ("/* c */ {}", "1:1", "expected a value"),
        ]
        for (text, location, message) in cases {
            let result = failure(text)
            #expect(result?.0 == location, "\(text.debugDescription): \(result?.1 ?? "parsed")")
            #expect(result?.1.contains(message) == true, "\(text.debugDescription): \(result?.1 ?? "parsed")")
            #expect(result?.1.first?.isUppercase == false)
        }
    }

    @Test func invalidUTF8IsRefusedWithItsPosition() {
        #expect(
            throws: JSONParser.Failure(
                message: "invalid UTF-8 byte 0xFF; save the file as UTF-8", location: SourceLocation(line: 2, column: 4)
            )
        ) {
            try JSONParser.parse(Array("[\n \"a".utf8) + [0xFF] + Array("\"]".utf8))
        }
        // An overlong encoding of "/" and an encoded surrogate are not UTF-8.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22] + bad + [0x22]) }
        }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]) }
    }

    @Test func byteOrderMarkIsIgnored() throws {
        let root = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(root.location == SourceLocation(line: 1, column: 1))
        #expect(root.members?.first?.keyLocation == SourceLocation(line: 1, column: 2))
        // A failure pointing back to line 1 counts its columns after the mark too.
        #expect(
            throws: JSONParser.Failure(
                message: "trailing comma before ']'; JSON allows none: remove it",
                location: SourceLocation(line: 1, column: 3))
        ) {
            try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1,\n  ]".utf8))
        }
    }

    @Test func deepNestingIsRefusedWithoutRecursion() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(
            throws: JSONParser.Failure(
                message: "nesting deeper than 512 arrays and objects (the depth limit); flatten the document",
                location: SourceLocation(line: 1, column: 513))
        ) {
            try JSONParser.parse(Array(deep.utf8))
        }
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(objects.utf8)) }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(Array(fine.utf8)) }
    }

    @Test func agreesWithFoundationOnValidDocuments() throws {
        let text =
            #"{"n": [0, -0, 1.5, 2e10, -3E-2], "s": "a\u0041\n", "t": true, "f": false, "z": null, "o": {}, "a": []}"#
        let ours = try parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(ours["s"]?.string == theirs?["s"] as? String)
        #expect(ours["n"]?.array?.count == (theirs?["n"] as? [Any])?.count)
        #expect(ours["n"]?.array?[3].kind == .number(text: "2e10", value: 2e10))
    }
}
