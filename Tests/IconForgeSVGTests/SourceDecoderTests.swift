import Testing

@testable import IconForgeSVG

/// Every encoding authoring tools write is read, positions stay right, and librsvg gets
/// text it can read; anything else is named in a clear error.
@Suite struct SourceDecoderTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">"

    func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
            + text.utf16.flatMap { unit in
                bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
    }

    @Test(arguments: [false, true])
    func utf16WithAByteOrderMarkIsRead(bigEndian: Bool) throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.svg + "\n  <g id=\"café\"><rect x=\"4\"/></g></svg>"
        let document = try XMLScanner.parse(utf16(text, bigEndian: bigEndian))
        #expect(document.encoding == (bigEndian ? .utf16BigEndian : .utf16LittleEndian))
        let g = try #require(document.root.children.first)
        #expect(g.attribute("id")?.value == "café")
        #expect(
            g.children.first?.location == SourceLocation(line: 3, column: 16),
            "columns count characters, not UTF-16 bytes")
        // librsvg gets UTF-8 that declares itself UTF-8.
        #expect(
            String(decoding: document.renderable, as: UTF8.self)
                == text.replacingOccurrences(of: "UTF-16", with: "UTF-8"))
    }

    @Test func latin1AndWindows1252AreDecodedAsDeclared() throws {
        let prolog = { (name: String) in Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n".utf8) }
        let body = Array((Self.svg + "<g id=\"Calque_").utf8) + [0xE9, 0x80] + Array("\"/><rect/></svg>".utf8)
        let latin1 = try XMLScanner.parse(prolog("iso-8859-1") + body)
        #expect(latin1.root.children.first?.attribute("id")?.value == "Calque_\u{E9}\u{80}")
        #expect(latin1.encoding == .latin1)
        #expect(
            latin1.root.children.last?.location == SourceLocation(line: 2, column: 80),
            "one column per Latin-1 character")
        let windows = try XMLScanner.parse(prolog("windows-1252") + body)
        #expect(
            windows.root.children.first?.attribute("id")?.value == "Calque_é€", "0x80 is the euro sign in windows-1252")
        let renderable = String(decoding: windows.renderable, as: UTF8.self)
        #expect(renderable.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") && renderable.contains("Calque_é€"))
    }

    @Test func utf8WithAndWithoutByteOrderMarkAndAsciiAreReadUnchanged() throws {
        let text = Array((Self.svg + "<title>é</title></svg>").utf8)
        for bytes in [text, [0xEF, 0xBB, 0xBF] + text] {
            let document = try XMLScanner.parse(bytes)
            #expect(document.encoding == .utf8 && document.renderable == bytes)
            #expect(
                document.root.children.first?.location == SourceLocation(line: 1, column: 61),
                "a byte-order mark takes no column")
        }
        let ascii = Array(("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>" + Self.svg + "</svg>").utf8)
        #expect(try XMLScanner.parse(ascii).encoding == .ascii)
    }

    @Test(arguments: [
        (
            Array("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><svg/>".utf8),
            "'Shift_JIS' is not one iconforge reads", 1, 1
        ),
        (Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><svg/>".utf8), "no byte-order mark", 1, 1),
        (
            Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<svg id=\"".utf8) + [0xE9] + Array("\"/>".utf8),
            "not US-ASCII", 2, 10
        ),
        (Array("<svg>\n <title>caf".utf8) + [0xE9] + Array("</title></svg>".utf8), "XML declaration", 2, 12),
        ([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00], "unpaired surrogate", 1, 2),
    ])
    func otherEncodingsGetAClearErrorWithAPosition(bytes: [UInt8], message: String, line: Int, column: Int) {
        do {
            _ = try SourceDecoder.decode(bytes)
            Issue.record("decoded \(bytes)")
        } catch {
            #expect(error.kind == .encoding)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.location == SourceLocation(line: line, column: column))
        }
    }
}
