import Testing

@testable import IconForgeSVG

@Suite struct PaintModelTests {
    func element(_ markup: String) throws -> XMLElement {
        try XMLScanner.parse(Array("<svg xmlns=\"http://www.w3.org/2000/svg\">\(markup)</svg>".utf8), limits: Limits())
            .root.children[0]
    }

    @Test func aFillHasAreaOnlyWhereTheOutlineEnclosesSome() throws {
        let flat = [
            "<line x1=\"0\" y1=\"0\" x2=\"5\" y2=\"5\"/>", "<path d=\"M4 17.5h27\"/>",
            "<path d=\"m 17.5,4 0,13.5 0,13.5 z\"/>",
            "<polyline points=\"0,0 1,1 2,2\"/>", "<rect width=\"0\" height=\"4\"/>", "<path d=\"M1 1L1 1\"/>",
        ]
        for markup in flat {
            #expect(try ShapeOutline.of(element(markup))?.hasArea == false, "\(markup)")
        }
        let filled = [
            "<path d=\"M1 1h4v4z\"/>", "<path d=\"M1 1c1 0 1 1 0 1\"/>", "<circle r=\"2\"/>",
            "<polygon points=\"0 0 4 0 4 4\"/>", "<rect width=\"1\" height=\"1\"/>",
        ]
        for markup in filled {
            #expect(try ShapeOutline.of(element(markup))?.hasArea == true, "\(markup)")
        }
    }

    @Test func rectanglesAreReadFromRectsAndFourCorneredPaths() throws {
        #expect(
            try ShapeOutline.of(element("<path d=\"M 0 35 L 35 35 L 35 0 L 0 0 z\"/>"))?.rectangle
                == Rect(x: 0, y: 0, width: 35, height: 35))
        #expect(
            try ShapeOutline.of(element("<rect x=\"-1\" y=\"2\" width=\"3\" height=\"4\"/>"))?.rectangle
                == Rect(x: -1, y: 2, width: 3, height: 4))
        #expect(try ShapeOutline.of(element("<path d=\"M0 0h10l-5 10z\"/>"))?.rectangle == nil)
        #expect(Rect(x: 0, y: 0, width: 35, height: 35).covers(Rect(x: 0, y: 0, width: 35, height: 35)))
        #expect(!Rect(x: 1, y: 0, width: 34, height: 35).covers(Rect(x: 0, y: 0, width: 35, height: 35)))
    }

    @Test func deletingSpansDropsNestedOnesWithTheirParent() {
        let bytes = Array("abcdefghij".utf8)
        #expect(
            String(decoding: PaintJudgement.deleting([2..<6, 3..<4, 8..<9], from: bytes), as: UTF8.self) == "abghj")
        #expect(String(decoding: PaintJudgement.deleting([2..<5, 4..<7], from: bytes), as: UTF8.self) == "abhij")
    }

    @Test func aColourIsWeighedAndOnlyOneThatShowsIsReported() {
        let black = PixelColor(red: 0, green: 0, blue: 0)
        let red = PixelColor(red: 255, green: 0, blue: 0)
        let uses = [
            PaintUse(
                paint: .color(black), shown: "#000000", property: "fill", location: SourceLocation(line: 2, column: 3),
                span: 10..<20),
            PaintUse(
                paint: .color(red), shown: "#ff0000", property: "fill", location: SourceLocation(line: 3, column: 3),
                span: 20..<30),
        ]
        #expect(PaintJudgement.findings(uses, file: "a.svg") { $0 != [20..<30] }.isEmpty)
        let found = PaintJudgement.findings(uses, file: "a.svg") { _ in true }
        #expect(found.map(\.location) == [SourceLocation(line: 3, column: 3)])
        // The first colour unseen: the red is the glyph's only colour.
        #expect(PaintJudgement.findings(uses, file: "a.svg") { $0 != [10..<20] }.isEmpty)
        // Colours that opaque pixels show need no render.
        var renders = 0
        let shown = PaintJudgement.findings(uses, file: "a.svg", appears: { _ in true }) { _ in
            renders += 1
            return false
        }
        #expect(shown.count == 1 && renders == 0)
    }
}
