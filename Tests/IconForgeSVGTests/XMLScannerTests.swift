import Testing

@testable import IconForgeSVG

@Suite struct XMLScannerTests {
    func parse(_ text: String) throws(XMLParseError) -> XMLDocument {
        try XMLScanner.parse(Array(text.utf8), limits: Limits())
    }

    @Test func keepsElementAndAttributeLocations() throws {
        let document = try parse(
            "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <g>\n    <path  fill=\"#f00\" d=\"M0 0\"/>\n  </g>\n</svg>\n"
        )
        let path = try #require(document.root.children.first?.children.first)
        #expect(path.localName == "path" && path.namespace == "http://www.w3.org/2000/svg")
        #expect(path.location == SourceLocation(line: 4, column: 5))
        let fill = try #require(path.attribute("fill"))
        #expect(fill.location == SourceLocation(line: 4, column: 12))
        #expect(fill.valueLocation == SourceLocation(line: 4, column: 18))
        #expect(document.elementCount == 3)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let document = try parse("<svg><title>é</title><g id=\"ü\" fill=\"red\"/></svg>")
        let g = try #require(document.root.children.last)
        #expect(g.attribute("fill")?.location.column == 32)
    }

    @Test func resolvesNamespacesAndDecodesReferences() throws {
        let document = try parse(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><use xlink:href=\"#a&amp;b\"/><title>&lt;&#65;&#x42;&gt;</title></svg>"
        )
        let use = document.root.children[0]
        #expect(use.attribute("href", namespace: "http://www.w3.org/1999/xlink")?.value == "#a&b")
        #expect(document.root.children[1].text == "<AB>")
    }

    @Test func recordsDoctypeAndExpandsPlainTextEntities() throws {
        let document = try parse(
            "<!DOCTYPE svg SYSTEM \"http://example.com/x.dtd\" [<!-- c --><!ENTITY a \"aaaa\"> <!ENTITY a \"second\">]>\n<svg id=\"&a;-&a;\">&a;</svg>"
        )
        #expect(document.documentType?.externalID == "http://example.com/x.dtd")
        #expect(document.documentType?.hasInternalSubset == true)
        #expect(document.root.attribute("id")?.value == "aaaa-aaaa", "the first declaration binds")
        #expect(document.root.text == "aaaa")
        #expect(document.entityCount == 1)
    }

    @Test func illustratorNamespaceEntitiesBindPrefixes() throws {
        let text = """
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
            \t<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
            ]>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:i="&ns_ai;"><g i:extraneous="self"/></svg>
            """
        let g = try #require(try parse(text).root.children.first)
        #expect(g.attributes.first?.namespace == "http://ns.adobe.com/AdobeIllustrator/10.0/")
        #expect(g.location == SourceLocation(line: 4, column: 59), "positions after the internal subset stay right")
    }

    @Test(arguments: [
        (
            "<!DOCTYPE svg [<!ENTITY a SYSTEM \"file:///etc/passwd\">]><svg>&a;</svg>", XMLParseError.Kind.entity,
            "external"
        ),
        ("<!DOCTYPE svg [<!ENTITY a PUBLIC \"-//x\" \"http://x/y\">]><svg/>", .entity, "external"),
        ("<!DOCTYPE svg [<!ENTITY % p \"x\">]><svg/>", .entity, "parameter entity"),
        ("<!DOCTYPE svg [%p;]><svg/>", .entity, "parameter entity"),
        ("<!DOCTYPE svg [<!ENTITY a \"x\"><!ENTITY b \"&a;&a;\">]><svg/>", .entity, "refers to another entity"),
        ("<!DOCTYPE svg [<!ENTITY a \"<g/>\">]><svg/>", .entity, "markup"),
        ("<!DOCTYPE svg [<!ATTLIST svg fill CDATA \"red\">]><svg/>", .entity, "<!ATTLIST"),
        ("<!DOCTYPE svg [<!ENTITY a \"x\">]><svg>&b;</svg>", .malformed, "not defined"),
    ])
    func refusesEntitiesThatCouldReachOutOrExplode(text: String, kind: XMLParseError.Kind, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.kind == kind, "\(text): \(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func entityLimitsSayWhichLimitWasBroken() {
        let many = (0...XMLScanner.maximumEntities).map { "<!ENTITY e\($0) \"x\">" }.joined()
        let long = "<!ENTITY e \"" + String(repeating: "x", count: XMLScanner.maximumEntityBytes + 1) + "\">"
        let value = String(repeating: "x", count: XMLScanner.maximumEntityBytes)
        let references = String(
            repeating: "&e;", count: XMLScanner.maximumExpansionBytes / XMLScanner.maximumEntityBytes + 1)
        let cases = [
            ("<!DOCTYPE svg [\(many)]><svg/>", "more than \(XMLScanner.maximumEntities) entities"),
            ("<!DOCTYPE svg [\(long)]><svg/>", "longer than \(XMLScanner.maximumEntityBytes) bytes"),
            (
                "<!DOCTYPE svg [<!ENTITY e \"\(value)\">]><svg>\(references)</svg>",
                "more than \(XMLScanner.maximumExpansionBytes) bytes in all"
            ),
        ]
        for (text, message) in cases {
            do {
                _ = try parse(text)
                Issue.record("parsed a file over a limit: \(message)")
            } catch {
                #expect(error.kind == .limit)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        // Just within every limit: parses.
        let within = (1..<XMLScanner.maximumEntities).map { "<!ENTITY e\($0) \"x\">" }.joined()
        let exactly = String(repeating: "&e;", count: XMLScanner.maximumExpansionBytes / XMLScanner.maximumEntityBytes)
        #expect((try? parse("<!DOCTYPE svg [<!ENTITY e \"\(value)\">\(within)]><svg>\(exactly)</svg>")) != nil)
    }

    @Test(arguments: [
        ("<svg>", 1, 1, "never closed"),
        ("<svg><g></svg>", 1, 9, "does not match"),
        ("<svg a=b/>", 1, 8, "must be quoted"),
        ("<svg a=\"1\" a=\"2\"/>", 1, 12, "appears twice"),
        ("<svg>&nbsp;</svg>", 1, 6, "not defined"),
        ("<svg/><svg/>", 1, 7, "second root"),
        ("hello", 1, 1, "text outside"),
        ("", 1, 1, "no root element"),
        ("<svg a=\"<\"/>", 1, 9, "'<' inside"),
        ("<x:svg/>", 1, 1, "not declared"),
    ])
    func reportsMalformedInputWithLocation(text: String, line: Int, column: Int, message: String) {
        do {
            _ = try parse(text)
            Issue.record("parsed \(text)")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.location == SourceLocation(line: line, column: column), "\(text): \(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func rejectsBadEncodings() {
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x3C, 0x00], [0x3C, 0x73, 0x00, 0x3E], [0x3C, 0xC3, 0x28, 0x3E]] {
            #expect(throws: XMLParseError.self) { try XMLScanner.parse(bytes, limits: Limits()) }
        }
        #expect(throws: XMLParseError.self) { try parse("<?xml version=\"1.0\" encoding=\"Shift_JIS\"?><svg/>") }
        // A UTF-8 byte-order mark is fine.
        #expect((try? XMLScanner.parse([0xEF, 0xBB, 0xBF] + Array("<svg/>".utf8), limits: Limits())) != nil)
    }

    @Test func enforcesDepthAndElementLimits() {
        var limits = Limits()
        limits.maximumDepth = 10
        let deep = String(repeating: "<g>", count: 11) + String(repeating: "</g>", count: 11)
        #expect(throws: XMLParseError.self) { try XMLScanner.parse(Array(deep.utf8), limits: limits) }
        limits.maximumElements = 5
        let wide = "<svg>" + String(repeating: "<g/>", count: 5) + "</svg>"
        do {
            _ = try XMLScanner.parse(Array(wide.utf8), limits: limits)
            Issue.record("limit not enforced")
        } catch {
            #expect(error.kind == .limit)
        }
    }

    @Test func deepNestingWithinLimitsDoesNotOverflowTheStack() throws {
        var limits = Limits()
        limits.maximumDepth = 5_000
        let deep = "<svg>" + String(repeating: "<g>", count: 2_000) + String(repeating: "</g>", count: 2_000) + "</svg>"
        let document = try XMLScanner.parse(Array(deep.utf8), limits: limits)
        #expect(document.elementCount == 2_001)
    }
}

/// Positions in files whose drawing is all on one line, as some exporters write them.
@Suite struct SingleLinePositionTests {
    @Test func aLongSingleLineKeepsExactColumns() throws {
        let group = "<g fill=\"é\"/>"
        let count = 19_000
        let text = "<svg>" + String(repeating: group, count: count) + "<title>新</title></svg>"
        let document = try XMLScanner.parse(Array(text.utf8), limits: Limits())
        #expect(document.root.children.count == count + 1)
        let groupColumns = group.unicodeScalars.count
        let last = document.root.children[count - 1]
        #expect(last.location == SourceLocation(line: 1, column: 6 + (count - 1) * groupColumns))
        #expect(
            last.attribute("fill")?.valueLocation == SourceLocation(line: 1, column: 6 + (count - 1) * groupColumns + 9)
        )
        #expect(
            document.root.children[count].textLocation == SourceLocation(line: 1, column: 6 + count * groupColumns + 7))
    }

    /// Emoji findings in a long text each get a column, counted in one pass over the text.
    @Test func manyFindingsInOneLongTextGetExactColumns() throws {
        let count = 5_000
        let text =
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>" + String(repeating: "ab 😀 ", count: count)
            + "</title></svg>"
        let source = GlyphSource(name: "a", displayPath: "a.svg", relativePath: "a.svg", bytes: Array(text.utf8))
        let emoji = MarkupChecks.run(source, limits: Limits()).diagnostics.filter { $0.rule == .glyphEmoji }
        #expect(emoji.count == count)
        let titleText = 48
        #expect(emoji.first?.location == SourceLocation(line: 1, column: titleText + 3))
        #expect(emoji.last?.location == SourceLocation(line: 1, column: titleText + (count - 1) * 5 + 3))
    }
}
