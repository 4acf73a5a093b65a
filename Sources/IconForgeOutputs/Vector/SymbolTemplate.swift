/// A custom SF Symbol template (the SVG of a `.symbolset`) drawn from a glyph, in the layout
/// of the SF Symbols app's template version 3: a 3300 × 2200 document with a `Notes` group
/// (the artboard and the template's version), a `Guides` group (per scale a baseline and
/// a cap line, per variant made a left and a right margin) and a `Symbols` group with one
/// group per variant, named weight-scale (`Regular-M`).
///
/// Placement: the glyph's 35 pt canvas, placed as in the @2x PNG, is centred on the middle
/// of the cap height (half-way between a scale's baseline and cap line, where SF Symbols
/// centre a symbol) and in its weight's column; 35 pt span the height of the template's
/// margin guides (119.33 units at its 100 pt, so the 27 pt square target is 92 units, 1.3
/// cap heights). The margins are the variant's ink box. The small scale is 0.783 of the
/// medium one, as SF Symbols draws it.
///
/// Variants: `Regular-M` always. A glyph drawn only in strokes also gets `Ultralight-S`,
/// `Regular-S` and `Black-S` (what Xcode interpolates every weight and scale from), its
/// stroke widths multiplied by `weights`; a filled glyph has no honest lighter or
/// heavier form, so it has `Regular-M` only.
package struct SymbolTemplate: Sendable, Equatable {
    /// One weight and scale of the symbol.
    package struct Variant: Sendable, Equatable {
        package var weight: String
        package var scale: String
        /// The variant's stroke widths over the regular ones (1 for Regular).
        package var strokeFactor: Double
        package var name: String { weight + "-" + scale }
    }

    /// The template's version, as its `template-version` note says.
    package static let version = "Template v.3.0"
    static let size = (width: 3300.0, height: 2200.0)
    /// Baseline and cap line per scale, at the template's 100 pt (cap height 70.459).
    static let guides: [(scale: String, baseline: Double, capline: Double)] = [
        ("S", 696, 625.541), ("M", 1126, 1055.54), ("L", 1556, 1485.54),
    ]
    /// Where each weight's column is centred.
    static let columns: [String: Double] = ["Ultralight": 559.5, "Regular": 1449.5, "Black": 2339.5]
    /// Template units per point of the glyph's canvas at the medium scale: the height of
    /// the template's margin guides (1030.79 to 1150.12) over 35 pt.
    static let unitsPerPoint = (1150.12 - 1030.79) / Template.canvasPoints
    static let scaleFactors: [String: Double] = ["S": 0.783, "M": 1, "L": 1.29]
    /// How much thinner an Ultralight and thicker a Black stroke is than a Regular one (SF
    /// Pro's stems at these weights, roughly).
    package static let weights: [String: Double] = ["Ultralight": 1.0 / 3, "Regular": 1, "Black": 2]

    package var symbolName: String
    package var variants: [Variant]
    /// The template's SVG.
    package var svg: [UInt8]

    /// The symbol for `artwork`, named `symbolName`.
    package static func make(
        _ artwork: VectorArtwork, symbolName: String, librsvgPath: String? = nil, drawings drawCount: WorkCount? = nil
    ) throws(VectorError) -> SymbolTemplate {
        let regular = try drawing(artwork, weight: "Regular", scale: "M", librsvgPath: librsvgPath, drawings: drawCount)
        var variants = [Variant(weight: "Regular", scale: "M", strokeFactor: 1)]
        var drawings = [regular]
        if CairoSVG.isStrokedOnly(regular.elements) {
            for weight in ["Ultralight", "Regular", "Black"] {
                let factor = weights[weight] ?? 1
                var small = try drawing(
                    artwork, weight: weight, scale: "S", librsvgPath: librsvgPath, drawings: drawCount)
                small.elements = CairoSVG.scalingStrokeWidths(small.elements, by: factor)
                variants.append(Variant(weight: weight, scale: "S", strokeFactor: factor))
                drawings.append(small)
            }
        }
        var margins: [(Variant, Double, Double)] = []
        for (variant, drawn) in zip(variants, drawings) {
            let ink = try inkBox(of: drawn, glyph: artwork.name, librsvgPath: librsvgPath)
            margins.append((variant, ink.x, ink.maxX))
        }
        let text = document(
            symbolName: symbolName, source: artwork.name, variants: Array(zip(variants, drawings)), margins: margins)
        return SymbolTemplate(symbolName: symbolName, variants: variants, svg: Array(text.utf8))
    }

    /// The glyph drawn for one variant by cairo, in template units, at its place.
    private static func drawing(
        _ artwork: VectorArtwork, weight: String, scale: String, librsvgPath: String?, drawings: WorkCount?
    ) throws(VectorError) -> (defs: String, elements: String) {
        let row = guides.first { $0.scale == scale }!
        let perPoint = unitsPerPoint * (scaleFactors[scale] ?? 1)
        let centre = (x: columns[weight] ?? columns["Regular"]!, y: (row.baseline + row.capline) / 2)
        let page = artwork.pageViewport
        let half = VectorArtwork.pagePoints / 2
        let viewport = Rect(
            x: centre.x + (page.x - half) * perPoint, y: centre.y + (page.y - half) * perPoint,
            width: page.width * perPoint, height: page.height * perPoint)
        let drawn = try artwork.drawn(
            .svg, width: size.width, height: size.height, viewport: viewport, librsvgPath: librsvgPath,
            drawings: drawings)
        let text = String(decoding: try CairoSVG.normalised(drawn, glyph: artwork.name), as: UTF8.self)
        return CairoSVG.drawing(text, prefixingIds: weight + "-" + scale + "-")
    }

    /// A variant's ink box in template units, as cairo bounds its geometry.
    private static func inkBox(of drawing: (defs: String, elements: String), glyph: String, librsvgPath: String?)
        throws(VectorError) -> Rect
    {
        let alone = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\(number(size.width))" height="\(number(size.height))">
            <defs>\(drawing.defs)</defs>
            \(drawing.elements)</svg>
            """
        do {
            try SVGHandle.loadLibrary(path: librsvgPath)
            let ink = try SVGHandle(data: Data(alone.utf8)).recordedInkRect(
                in: Rect(x: 0, y: 0, width: size.width, height: size.height))
            if ink.width > 0 { return ink }
        } catch {
            throw VectorError(glyph: glyph, message: "its symbol variant could not be measured: \(error.message)")
        }
        throw VectorError(glyph: glyph, message: "its symbol variant draws nothing")
    }

    private static func document(
        symbolName: String, source: String, variants: [(Variant, (defs: String, elements: String))],
        margins: [(Variant, Double, Double)]
    ) -> String {
        let guideStyle = "fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;"
        let marginStyle = "fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;"
        let note = "stroke:none;fill:black;font-family:sans-serif;font-size:13;"
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">"#,
            #"<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="3300" height="2200">"#,
            " <!--glyph: \"\(escaped(symbolName))\", point size: 100.0, template writer: iconforge-->",
            #" <g id="Notes">"#,
            #"  <rect height="2200" id="artboard" style="fill:white;opacity:1" width="3300" x="0" y="0"/>"#,
            #"  <text style="\#(note)font-weight:bold;" transform="matrix(1 0 0 1 263 322)">Weight/Scale Variations</text>"#,
        ]
        for (weight, x) in columns.sorted(by: { $0.value < $1.value }) {
            lines.append(
                #"  <text style="\#(note)text-anchor:middle;" transform="matrix(1 0 0 1 \#(number(x)) 388)">\#(weight)</text>"#
            )
        }
        for (row, label) in zip(guides, ["Small", "Medium", "Large"]) {
            lines.append(
                #"  <text style="\#(note)" transform="matrix(1 0 0 1 263 \#(number(row.baseline + 30)))">\#(label)</text>"#
            )
        }
        lines += [
            #"  <text id="template-version" style="\#(note)text-anchor:end;" transform="matrix(1 0 0 1 3036 1933)">\#(version)</text>"#,
            #"  <text id="descriptive-name" style="\#(note)text-anchor:end;" transform="matrix(1 0 0 1 3036 1951)">Generated by iconforge from \#(escaped(source))</text>"#,
            " </g>",
            #" <g id="Guides">"#,
        ]
        for row in guides {
            lines.append(
                #"  <line id="Baseline-\#(row.scale)" style="\#(guideStyle)" x1="263" x2="3036" y1="\#(number(row.baseline))" y2="\#(number(row.baseline))"/>"#
            )
            lines.append(
                #"  <line id="Capline-\#(row.scale)" style="\#(guideStyle)" x1="263" x2="3036" y1="\#(number(row.capline))" y2="\#(number(row.capline))"/>"#
            )
        }
        for (variant, left, right) in margins {
            let row = guides.first { $0.scale == variant.scale }!
            let top = number(row.baseline - 95.21)
            let bottom = number(row.baseline + 24.12)
            for (side, x) in [("left", left), ("right", right)] {
                lines.append(
                    #"  <line id="\#(side)-margin-\#(variant.name)" style="\#(marginStyle)" x1="\#(number(x))" x2="\#(number(x))" y1="\#(top)" y2="\#(bottom)"/>"#
                )
            }
        }
        lines += [" </g>", #" <g id="Symbols">"#]
        for (variant, drawn) in variants {
            lines.append(#"  <g id="\#(variant.name)">"#)
            if !drawn.defs.isEmpty { lines.append("<defs>" + drawn.defs + "</defs>") }
            lines.append(drawn.elements + "  </g>")
        }
        lines += [" </g>", "</svg>", ""]
        return lines.joined(separator: "\n")
    }

    /// A coordinate as the template writes it: at most 3 decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let whole = String(abs(thousandths) / 1000)
        let fraction = abs(thousandths) % 1000
        var text = (thousandths < 0 ? "-" : "") + whole
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing("\"", with: "&quot;").replacing(
            "--", with: "- -")
    }
}
