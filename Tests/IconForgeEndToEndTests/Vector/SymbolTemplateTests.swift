import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The custom SF Symbol templates `--symbols` writes: their structure, checked against what
/// real `.symbolset` templates of version 3 hold, and their `Regular-M` drawn by librsvg.
@Suite struct SymbolTemplateTests {
    /// One element of a template: its name, attributes and children.
    final class Element {
        var name: String
        var attributes: [String: String]
        var children: [Element] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
        var id: String? { attributes["id"] }
        func child(_ id: String) -> Element? { children.first { $0.id == id } }
    }

    final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Element] = [Element(name: "#document", attributes: [:])]
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let element = Element(name: name, attributes: attributes)
            stack.last!.children.append(element)
            stack.append(element)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last!.text += string }
    }

    static func parse(_ path: String) throws -> Element {
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let builder = TreeBuilder()
        parser.delegate = builder
        #expect(parser.parse(), "\(path) is not well-formed XML: \(String(describing: parser.parserError))")
        return try #require(builder.stack.first?.children.first)
    }

    /// The variant names SF Symbols' templates use: weight-scale.
    static let weights = ["Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black"]
    static let variantNames = Set(weights.flatMap { weight in ["S", "M", "L"].map { weight + "-" + $0 } })

    static let sets = VectorOutputTests.sets

    @Test(
        "the template has what real version-3 templates have: the three groups, the guides, a margin pair per variant, the version note",
        arguments: sets)
    func structureOfARealTemplate(_ set: VectorOutputTests.GlyphSet) throws {
        let built = try VectorOutputTests.Built(set)
        for glyph in built.report.catalog.glyphs where glyph.status == .ok {
            let root = try Self.parse(built.symbolFile(glyph.name))
            // As the SF Symbols app exports it: a 3300 × 2200 document, Notes, Guides, Symbols at the top.
            #expect(root.name == "svg" && root.attributes["width"] == "3300" && root.attributes["height"] == "2200")
            #expect(root.children.compactMap(\.id) == ["Notes", "Guides", "Symbols"])
            let notes = try #require(root.child("Notes"))
            let guides = try #require(root.child("Guides"))
            let symbols = try #require(root.child("Symbols"))
            #expect(notes.child("template-version")?.text == "Template v.3.0")
            #expect(notes.child("artboard")?.name == "rect")
            for scale in ["S", "M", "L"] {
                let baseline = try #require(guides.child("Baseline-\(scale)"))
                let capline = try #require(guides.child("Capline-\(scale)"))
                #expect(baseline.name == "line" && capline.name == "line")
                // The template's 100 pt cap height.
                let height = Double(baseline.attributes["y1"]!)! - Double(capline.attributes["y1"]!)!
                #expect(abs(height - 70.459) < 0.01, "cap height \(height)")
            }
            let variants = symbols.children.compactMap(\.id)
            #expect(variants.first == "Regular-M")
            #expect(Set(variants).isSubset(of: Self.variantNames), "\(variants)")
            #expect(variants == glyph.vector?.symbolVariants, "the catalog records what was made")
            for variant in variants {
                let left = try #require(guides.child("left-margin-\(variant)"))
                let right = try #require(guides.child("right-margin-\(variant)"))
                #expect(Double(left.attributes["x1"]!)! < Double(right.attributes["x1"]!)!)
                #expect(!(symbols.child(variant)?.children.isEmpty ?? true), "\(variant) draws nothing")
            }
            // Every id once in the document (variants' clip paths are prefixed).
            var ids: [String] = []
            func collect(_ element: Element) {
                if let id = element.id, id != "H-reference" { ids.append(id) }
                element.children.forEach(collect)
            }
            collect(root)
            #expect(Set(ids).count == ids.count, "repeated ids in \(glyph.name)")
            #expect(VectorAssetSets.symbolName(for: glyph.name)!.hasPrefix("custom."))
        }
    }

    @Test(
        "the Regular-M group, drawn by librsvg, is the glyph placed on the template's guides, inside its margins",
        arguments: sets)
    func regularMediumIsTheGlyph(_ set: VectorOutputTests.GlyphSet) throws {
        let built = try VectorOutputTests.Built(set)
        for artwork in try VectorOutputTests.artworks(built, of: set) {
            let text = try String(contentsOfFile: built.symbolFile(artwork.name), encoding: .utf8)
            let start = try #require(text.firstRange(of: #"<g id="Regular-M">"#))
            let end = try #require(text[start.upperBound...].firstRange(of: "  </g>\n"))
            let group = String(text[start.lowerBound..<end.upperBound])
            let alone =
                #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="3300" height="2200">"#
                + group + "</svg>"
            // 400 × 400 units around the medium row's Regular column, at 1 px a unit.
            let window = Rect(x: -1250, y: -890, width: 3300, height: 2200)
            let drawn = try SVGHandle(data: Data(alone.utf8)).render(width: 400, height: 400, viewport: window)
            // The glyph itself, placed as the template says: its 35 pt canvas centred on the
            // middle of the cap height, 35 pt over the margin guides' 119.33 units.
            let perPoint = (1150.12 - 1030.79) / 35
            let page = artwork.pageViewport
            let centre = (x: 1449.5 - 1250, y: (1126 + 1055.54) / 2 - 890)
            let glyph = try SVGHandle(data: Data(artwork.source)).render(
                width: 400, height: 400,
                viewport: Rect(
                    x: centre.x + (page.x - 17.5) * perPoint, y: centre.y + (page.y - 17.5) * perPoint,
                    width: page.width * perPoint, height: page.height * perPoint))
            let difference = VectorOutputTests.Difference(
                VectorOutputTests.coverage(drawn), VectorOutputTests.coverage(glyph), width: 400)
            print("symbol \(set.name) \(artwork.name) Regular-M: \(difference)")
            #expect(difference.isAntialiasing, "\(artwork.name): \(difference)")
            // The margins are the ink box, within the unit cairo rounds it to.
            let root = try Self.parse(built.symbolFile(artwork.name))
            let guides = try #require(root.child("Guides"))
            let left = Double(guides.child("left-margin-Regular-M")!.attributes["x1"]!)! - 1250
            let right = Double(guides.child("right-margin-Regular-M")!.attributes["x1"]!)! - 1250
            let box = try #require(paintedPixelBox(drawn))
            #expect(
                abs(Double(box.x) - left) <= 1.5 && abs(Double(box.x + box.width) - right) <= 1.5,
                "margins \(left)–\(right), ink \(box)")
        }
    }

    @Test(
        "a glyph drawn in strokes gets Ultralight-S, Regular-S and Black-S by its stroke width; a filled one only Regular-M"
    )
    func weightsOnlyWhereHonest() throws {
        let lucide = try VectorOutputTests.Built(Self.sets[1])
        let house = try String(contentsOfFile: lucide.symbolFile("house"), encoding: .utf8)
        let variants = lucide.report.catalog.glyphs.first { $0.name == "house" }?.vector?.symbolVariants
        #expect(variants == ["Regular-M", "Ultralight-S", "Regular-S", "Black-S"])
        func strokeWidths(_ variant: String) throws -> [Double] {
            let start = try #require(house.firstRange(of: #"<g id="\#(variant)">"#))
            let end = try #require(house[start.upperBound...].firstRange(of: "  </g>"))
            return house[start.upperBound..<end.lowerBound].matches(of: /stroke-width:([0-9.]+)/).map {
                Double($0.output.1)!
            }
        }
        let regular = try strokeWidths("Regular-S")
        let black = try strokeWidths("Black-S")
        let light = try strokeWidths("Ultralight-S")
        #expect(!regular.isEmpty && regular.count == black.count && regular.count == light.count)
        for (r, (b, l)) in zip(regular, zip(black, light)) {
            #expect(abs(b - 2 * r) < 0.002 && abs(l - r / 3) < 0.002, "\(r) \(b) \(l)")
        }
        let fontAwesome = try VectorOutputTests.Built(Self.sets[2])
        #expect(fontAwesome.report.catalog.glyphs.allSatisfy { $0.vector?.symbolVariants == ["Regular-M"] })
    }

    @Test("symbol names follow the custom-symbol form: custom. and lower-case words joined by periods")
    func symbolNames() {
        #expect(VectorAssetSets.symbolName(for: "compose") == "custom.compose")
        #expect(VectorAssetSets.symbolName(for: "Calendar-Add") == "custom.calendar.add")
        #expect(VectorAssetSets.symbolName(for: "arrow_up 2") == "custom.arrow.up.2")
        #expect(VectorAssetSets.symbolName(for: "日本") == nil)
    }

    @Test(
        "cairo's SVG text is normalised as written: surfaces renumbered, one paint, stroke widths scaled, ids prefixed")
    func cairoTextEdits() {
        let text =
            ##"<g id="surface14"><use xlink:href="#surface9"/><path style="fill:rgb(100%,50.2%,0%);stroke:rgb(1%,2%,3%);stroke-width:2.5;" d="M 1 1"/>"##
            + ##"<path style="fill:rgb(a,b,c);stroke-width:0.25" clip-path="url(#clip1)"/><g id="surface9"/></g>"##
        #expect(CairoSVG.renumberingSurfaces(text).contains(##"<g id="surface1"><use xlink:href="#surface2"/>"##))
        #expect(CairoSVG.renumberingSurfaces(text).hasSuffix(##"<g id="surface2"/></g>"##))
        let painted = CairoSVG.onePaint(text)
        #expect(painted.contains("fill:rgb(0%,0%,0%);stroke:rgb(0%,0%,0%);") && painted.contains("fill:rgb(a,b,c)"))
        let scaled = CairoSVG.scalingStrokeWidths(text, by: 2)
        #expect(scaled.contains("stroke-width:5;") && scaled.contains("stroke-width:0.5\""))
        let defs = ##"<clipPath id="clip1"><rect/></clipPath>"##
        let drawn = CairoSVG.drawing(
            "<svg><defs>\(defs)</defs>\n<g id=\"surface1\">\n" + ##"<path clip-path="url(#clip1)"/>"##
                + "\n</g>\n</svg>", prefixingIds: "Black-S-")
        #expect(drawn.defs == ##"<clipPath id="Black-S-clip1"><rect/></clipPath>"##)
        #expect(drawn.elements == ##"<path clip-path="url(#Black-S-clip1)"/>"## + "\n")
    }
}
