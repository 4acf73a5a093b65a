import IconForgeTestSupport
import Testing

@testable import IconForgeModel

/// The line and column counting shared by the XML, JSON and CSS scanners.
@Suite struct SourceCursorTests {
    /// Counted from the start, scalar by scalar, as a person would.
    func naiveLocation(of offset: Int, in text: String) -> IconForgeModel.SourceLocation {
        var location = IconForgeModel.SourceLocation(line: 1, column: 1)
        for scalar in String(decoding: text.utf8.prefix(offset), as: UTF8.self).unicodeScalars {
            if scalar == "\n" {
                location = SourceLocation(line: location.line + 1, column: 1)
            } else {
                location.column += 1
            }
        }
        return location
    }

    @Test func columnsCountScalarsAndOnlyLineFeedsStartLines() {
        let text = "aé新\u{10348}b\r\nx\ry\n\nz"
        var cursor = SourceCursor(Array(text.utf8))
        let expected: [(offset: Int, line: Int, column: Int)] = [
            // a é 新 𐍈 b (1, 2, 3 and 4 bytes), then a CR that counts, the LF, x CR y LF LF z.
            (0, 1, 1), (1, 1, 2), (3, 1, 3), (6, 1, 4), (10, 1, 5), (11, 1, 6), (12, 1, 7), (13, 2, 1), (14, 2, 2),
            (15, 2, 3), (16, 2, 4),
            (17, 3, 1), (18, 4, 1), (19, 4, 2),
        ]
        for (offset, line, column) in expected {
            #expect(cursor.location(at: offset) == SourceLocation(line: line, column: column), "offset \(offset)")
        }
        #expect(cursor.location(at: 1_000) == SourceLocation(line: 4, column: 2), "past the end stays at the end")
    }

    @Test func backwardsCountsAgainFromTheStart() {
        let text = "ab\ncd\nef"
        var cursor = SourceCursor(text, location: SourceLocation(line: 10, column: 5))
        #expect(cursor.location(at: 7) == SourceLocation(line: 12, column: 2))
        #expect(cursor.location(at: 1) == SourceLocation(line: 10, column: 6))
        #expect(cursor.location(at: 4) == SourceLocation(line: 11, column: 2))
        var afterBOM = SourceCursor([0xEF, 0xBB, 0xBF] + Array(text.utf8), at: 3)
        #expect(afterBOM.location(at: 9) == SourceLocation(line: 3, column: 1))
        #expect(afterBOM.location(at: 4) == SourceLocation(line: 1, column: 2))
    }

    @Test func agreesWithCountingFromTheStartEveryTime() {
        var generator = SplitMix64(seed: 0xC0_5E)
        let pieces = ["a", " ", "\n", "\r", "\t", "é", "e\u{301}", "新", "\u{1F600}", "\u{10FFFF}", "\r\n"]
        for _ in 0..<50 {
            let text = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let count = text.utf8.count
            var cursor = SourceCursor(text, location: SourceLocation(line: 1, column: 1))
            for _ in 0..<20 {
                // Mostly forwards, as the scanners ask, sometimes back.
                let offset = Int.random(in: 0...count, using: &generator)
                #expect(
                    cursor.location(at: offset) == naiveLocation(of: offset, in: text),
                    "\(text.debugDescription) at \(offset)")
            }
        }
    }

    /// A megabyte on one line, asked for at every tenth byte: counting from the start each time
    /// would be some 50 billion steps; the cursor takes one pass.
    @Test func oneLongLineIsCountedOnce() {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
        var cursor = SourceCursor(bytes)
        var last = IconForgeModel.SourceLocation(line: 1, column: 1)
        for offset in stride(from: 0, through: bytes.count, by: 10) { last = cursor.location(at: offset) }
        #expect(last == SourceLocation(line: 1, column: 1_000_001))
    }
}
