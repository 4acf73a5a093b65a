import IconForgeTestSupport
import Testing

@testable import IconForgeSVG

/// Declarations as "property=value@offset", which reads well in failure messages.
private func inline(_ text: String) -> [String] {
    CSSDeclarations.parseInline(text).map { "\($0.property)=\($0.value)@\($0.utf8Offset)" }
}

private func sheet(_ text: String) -> [String] {
    CSSDeclarations.parseStyleSheet(text).map { "\($0.property)=\($0.value)@\($0.utf8Offset)" }
}

private func references(_ text: String) -> [String] {
    CSSDeclarations.references(in: text).map { "\($0.target)@\($0.utf8Offset)" }
}

@Suite struct CSSDeclarationsTests {
    // MARK: Inline

    @Test func inlineDeclarations() {
        #expect(inline("fill: red; stroke:blue") == ["fill=red@0", "stroke=blue@11"])
        #expect(inline("  FILL : Red !important ;") == ["fill=Red !important@2"])
        #expect(inline("--Main-Color: #FFF") == ["--main-color=#FFF@0"])
        #expect(inline("") == [])
        #expect(inline(" ; ;; ") == [])
    }

    @Test func inlineOffsetsAreUTF8Bytes() {
        #expect(inline("font-family: 'é日'; fill: red") == ["font-family='é日'@0", "fill=red@22"])
    }

    @Test func commentsAreSkippedAndRemovedFromValues() {
        #expect(inline("/* c */ fill: /* x */ red /* y */") == ["fill=red@8"])
        #expect(inline("fill: rgb(1,/**/2,3)") == ["fill=rgb(1, 2,3)@0"])
        #expect(inline("/* fill: red; */ stroke: blue") == ["stroke=blue@17"])
    }

    @Test func stringsAndURLsKeepTheirSemicolons() {
        #expect(inline("content: 'a;b'; fill: red") == ["content='a;b'@0", "fill=red@16"])
        #expect(inline(#"content: "a\";b"; fill: red"#) == [#"content="a\";b"@0"#, "fill=red@18"])
        #expect(
            inline("fill: url(data:image/png;base64,AA/*A*/); stroke: red")
                == ["fill=url(data:image/png;base64,AA/*A*/)@0", "stroke=red@42"])
        #expect(inline("content: '/* not a comment */'") == ["content='/* not a comment */'@0"])
    }

    @Test func malformedInlineDeclarationsAreDropped() {
        #expect(inline("fill red; stroke: blue") == ["stroke=blue@10"])
        #expect(inline(":red; fill: blue") == ["fill=blue@6"])
        #expect(inline("fill:") == ["fill=@0"])
        #expect(inline("content: 'abc; fill: red") == ["content='abc; fill: red@0"])
        #expect(inline("content: 'abc\nfill: red") == ["content='abc\nfill: red@0"])
        #expect(inline("fill: red /* unterminated") == ["fill=red@0"])
        #expect(inline("fill: url(#a; stroke: red") == ["fill=url(#a; stroke: red@0"])
        #expect(inline("} fill: red") == ["fill=red@2"])
    }

    // MARK: Style sheets

    @Test func rulesAndSelectors() {
        #expect(sheet(".a { fill: red } .b{stroke:blue;}") == ["fill=red@5", "stroke=blue@20"])
        #expect(sheet(#"[data-x="{;}"], a:hover { fill: red }"#) == ["fill=red@26"])
        #expect(sheet(".a, .b > c::before { fill: red; stroke: none }").count == 2)
    }

    @Test func atRules() {
        #expect(sheet("@media (min-width: 10px) { .a { fill: red } }") == ["fill=red@32"])
        #expect(
            sheet("@supports (fill: red) { @media screen { .a { fill: blue } } }").map { String($0.prefix(10)) }
                == ["fill=blue@"])
        #expect(sheet(#"@charset "utf-8"; @import "x.css"; .a { fill: red }"#) == ["fill=red@40"])
        #expect(
            sheet("@font-face { font-family: X; src: url(a.woff) }")
                == ["font-family=X@13", "src=url(a.woff)@29"])
        #expect(sheet("@keyframes spin { from { fill: red } 50% { fill: lime } to { fill: blue } }").count == 3)
        #expect(sheet("@-webkit-keyframes spin { from { fill: red } }").count == 1)
        #expect(sheet("@page :first { margin: 1in; @top-left { content: 'x' } }").count == 2)
        #expect(sheet("@unknown foo { fill: red }") == ["fill=red@15"])
        #expect(sheet("@layer base; .a { fill: red }") == ["fill=red@18"])
    }

    @Test func nestedRules() {
        #expect(
            sheet(".a { fill: red; .b { fill: blue } stroke: green; @media print { fill: black } }") == [
                "fill=red@5", "fill=blue@21", "stroke=green@34", "fill=black@64",
            ])
        #expect(sheet(".a { &:hover { fill: red } }") == ["fill=red@15"])
    }

    @Test func htmlCommentMarkersAndCommentsBetweenRules() {
        #expect(sheet("<!-- .a { fill: red } -->") == ["fill=red@10"])
        #expect(sheet("/* .x { fill: red } */ .a /* } */ { /* ; */ fill: blue }") == ["fill=blue@44"])
    }

    @Test func malformedStyleSheets() {
        #expect(sheet(".a { fill: red") == ["fill=red@5"])
        #expect(sheet(".a { fill: red; /* open") == ["fill=red@5"])
        #expect(sheet("@media screen { .a { fill: red }") == ["fill=red@21"])
        #expect(sheet(".a { fill: url(#x") == ["fill=url(#x@5"])
        #expect(sheet("} .a { fill: red }") == ["fill=red@7"])
        #expect(sheet(".a { fill: 'red }") == ["fill='red }@5"])
        #expect(sheet(".a {") == [])
        #expect(sheet("@media") == [])
        #expect(sheet("@") == [])
        // A declaration outside any rule is part of the next rule's selector, so it is ignored.
        #expect(sheet("fill: red; .a { stroke: blue }") == ["stroke=blue@16"])
    }

    @Test func deepNestingIsBounded() {
        let depth = 100_000
        let deep = String(repeating: "a{", count: depth) + "fill: red" + String(repeating: "}", count: depth)
        #expect(sheet(deep) == [])
        #expect(inline(deep) == [])
        let media = String(repeating: "@media x {", count: depth) + ".a { fill: red }"
        #expect(sheet(media) == [])
        let shallow = String(repeating: "a{", count: 10) + "fill: red" + String(repeating: "}", count: 10)
        #expect(sheet(shallow) == ["fill=red@20"])
        // Reading resumes normally after a skipped block.
        #expect(sheet(deep + ".b { fill: blue }").count == 1)
    }

    // MARK: References

    @Test func urlReferences() {
        #expect(references("fill: url(#a); stroke: url('#b')") == ["#a@10", "#b@28"])
        #expect(references("fill: URL( \"#c\" )") == ["#c@12"])
        #expect(references("x: url(é.svg)") == ["é.svg@7"])
        #expect(references("a { b: 'é' } c { fill: url(#d) }") == ["#d@28"])
    }

    @Test func importReferences() {
        let text = #"@import "foo.css"; @import url(bar.css) screen; @IMPORT 'baz.css' print;"#
        #expect(references(text) == ["foo.css@9", "bar.css@31", "baz.css@57"])
        #expect(references("@import /* c */ 'a.css';") == ["a.css@17"])
        #expect(references("@media 'not-an-import' { }") == [])
    }

    @Test func fontFaceSources() {
        let text = #"@font-face { src: local(X), url(a.woff2) format("woff2"), url("b.woff") }"#
        #expect(references(text) == ["a.woff2@32", "b.woff@63"])
    }

    @Test func referencesSkipCommentsStringsAndLongerNames() {
        #expect(references("/* url(#a) */ content: 'url(#b)'; x: myurl(#c); y: url(#d)") == ["#d@55"])
    }

    @Test func escapesInReferences() {
        #expect(references(#"url(a\)b)"#) == ["a)b@4"])
        #expect(references(#"url("a\"b")"#) == [#"a"b@5"#])
        #expect(references(#"url(\41 B)"#) == ["AB@4"])
        #expect(references(#"url(\0)"#) == ["\u{FFFD}@4"])
        #expect(references("url('a\\\nb')") == ["ab@5"])
    }

    @Test func malformedReferences() {
        #expect(references("fill: url(#a") == ["#a@10"])
        #expect(references("url(") == ["@4"])
        #expect(references("url('abc") == ["abc@5"])
        #expect(references("url('a' b) url(#c)") == ["a@5", "#c@15"])
        #expect(references("@import") == [])
        #expect(references("@import '") == ["@9"])
        #expect(references("\\") == [])
    }

    // MARK: Robustness

    /// Random CSS-like text never crashes, and every offset points at what was reported.
    @Test func fuzzedTextIsHandled() {
        let pieces = [
            "{", "}", "(", ")", "[", "]", ";", ":", "'", "\"", "/*", "*/", "\\", "@media ", "@import ",
            "url(", "fill", "red", " ", "\n", "<!--", "-->", "é", "#a", ",", "&",
        ]
        var generator = SplitMix64(seed: 42)
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 0...30, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            let utf8 = Array(text.utf8)
            for declaration in CSSDeclarations.parseStyleSheet(text) + CSSDeclarations.parseInline(text) {
                let name = utf8.dropFirst(declaration.utf8Offset).prefix(declaration.property.utf8.count)
                #expect(CSSScanner.asciiLowercased(String(decoding: name, as: UTF8.self)) == declaration.property)
            }
            for reference in CSSDeclarations.references(in: text) {
                #expect((0...utf8.count).contains(reference.utf8Offset))
            }
        }
    }

    /// Inputs that would make a careless scanner quadratic finish promptly.
    @Test func pathologicalInputsStayLinear() {
        for unit in ["url(", "/*", "'", "a:", "a{", "}", "@a ", "(", "\\", "url('", "@import '"] {
            let text = String(repeating: unit, count: 50_000)
            _ = CSSDeclarations.parseInline(text)
            _ = CSSDeclarations.parseStyleSheet(text)
            _ = CSSDeclarations.references(in: text)
        }
        let many = String(repeating: "fill: red; ", count: 50_000)
        #expect(CSSDeclarations.parseInline(many).count == 50_000)
    }
}
