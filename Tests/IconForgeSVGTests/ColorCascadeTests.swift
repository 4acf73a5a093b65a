import Testing

@testable import IconForgeSVG

@Suite struct ColorCascadeTests {
    @Test func compoundSelectorsAreUnderstoodAndAnythingElseIsNot() throws {
        let list = try #require(ColorCascade.compounds(in: ".ColorScheme-Text, path.a.b#c , *"))
        #expect(list.map(\.classes) == [["ColorScheme-Text"], ["a", "b"], []])
        #expect(list.map(\.type) == [nil, "path", nil] && list[1].id == "c")
        #expect(list.map(\.specificity) == [10, 121, 0])
        for selector in ["g path", "g > path", "path:hover", "[class=a]", ".a + .b", "", "a,", "#a#b"] {
            #expect(ColorCascade.compounds(in: selector) == nil, "\(selector)")
        }
    }

    @Test func colourComesFromTheStyleAttributeThenTheRulesThenTheAttributeThenTheParent() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg"><style>path { color: #0000ff } .a { color: #ff0000 } #i { color: #00ff00 }</style>\
            <path class="a" color="#111111"/><path class="a" id="i"/><path class="a" style="color: #222222"/><path color="#333333"/><g/></svg>
            """
        let root = try XMLScanner.parse(Array(svg.utf8), limits: Limits()).root
        let cascade = try #require(ColorCascade(root: root))
        let inherited = PixelColor(red: 9, green: 9, blue: 9)
        let paths = root.children.filter { $0.localName != "style" }
        #expect(
            paths.map { cascade.color(of: $0, inherited: inherited).hex } == [
                "#ff0000", "#00ff00", "#222222", "#0000ff", "#090909",
            ])
    }

    @Test func aColourRuleUnderAnotherSelectorLeavesTheFileUnresolved() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"><style>g .a { color: red } .b { fill: blue }</style></svg>"#
        #expect(ColorCascade(root: try XMLScanner.parse(Array(svg.utf8), limits: Limits()).root) == nil)
        let media =
            #"<svg xmlns="http://www.w3.org/2000/svg"><style>@media (prefers-color-scheme: dark) { .a { color: white } }</style></svg>"#
        #expect(ColorCascade(root: try XMLScanner.parse(Array(media.utf8), limits: Limits()).root) == nil)
    }
}
