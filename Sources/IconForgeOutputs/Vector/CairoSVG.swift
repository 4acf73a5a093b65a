/// The SVG that cairo's SVG surface writes, made into a file iconforge can ship: the same
/// bytes for the same drawing, one paint, no pixels.
///
/// cairo writes paths only (every shape, `<use>`, transform and unit of the source resolved),
/// one `style` per element, and no metadata, editor namespaces or comments; what is left
/// is that it numbers its surfaces with a counter of the whole process (`surface6` in one
/// build, `surface14` in the next) and keeps the glyph's colour.
enum CairoSVG {
    /// `bytes` with cairo's surface ids numbered from 1 in order of appearance, and every
    /// colour black: a template image is drawn from its alpha alone, so the glyph's one
    /// colour (checked by `color.monochrome`) carries nothing. An `<image>` (cairo's
    /// fallback for what SVG cannot express) is an error: the file would not be vector.
    static func normalised(_ bytes: [UInt8], glyph: String) throws(VectorError) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard !text.contains("<image") else {
            throw VectorError(glyph: glyph, message: "cairo could draw part of it only as pixels (an <image> in the SVG), which a vector image must not hold; draw it without filters or blend modes")
        }
        return Array(onePaint(renumberingSurfaces(text)).utf8)
    }

    /// Every `surfaceN` renumbered by first appearance.
    static func renumberingSurfaces(_ text: String) -> String {
        var numbers: [Substring: Int] = [:]
        return text.replacing(/surface(\d+)/) { match in
            let key = match.output.1
            if numbers[key] == nil { numbers[key] = numbers.count + 1 }
            return "surface\(numbers[key]!)"
        }
    }

    /// Every `rgb(…)` colour cairo writes (`fill:rgb(0%,0%,0%)`) as black.
    static func onePaint(_ text: String) -> String {
        text.replacing(/rgb\([0-9.]+%,[0-9.]+%,[0-9.]+%\)/, with: "rgb(0%,0%,0%)")
    }

    /// What a cairo SVG draws: its `<defs>` (clip paths, masks) and the elements of its
    /// page's group, each id (and every reference to it) prefixed with `prefix`, so that
    /// several drawings can share one document.
    static func drawing(_ text: String, prefixingIds prefix: String) -> (defs: String, elements: String) {
        var defs = ""
        if let start = text.firstRange(of: "<defs>"), let end = text[start.upperBound...].firstRange(of: "</defs>") {
            defs = String(text[start.upperBound..<end.lowerBound])
        }
        var elements = ""
        if let open = text.ranges(of: #"<g id="surface"#).last, let openEnd = text[open.upperBound...].firstRange(of: ">\n"),
            let close = text.ranges(of: "</g>\n</svg>").last, openEnd.upperBound <= close.lowerBound
        {
            elements = String(text[openEnd.upperBound..<close.lowerBound])
        }
        let ids = (defs + elements).matches(of: /id="([^"]+)"/).map { String($0.output.1) }
        for id in Set(ids).sorted(by: { $0.count > $1.count }) {
            for (old, new) in [("id=\"\(id)\"", "id=\"\(prefix)\(id)\""), ("#\(id)\"", "#\(prefix)\(id)\""), ("#\(id))", "#\(prefix)\(id))")] {
                defs = defs.replacing(old, with: new)
                elements = elements.replacing(old, with: new)
            }
        }
        return (defs, elements)
    }

    /// Whether every element cairo drew is a stroke (none is a fill): a glyph drawn in lines,
    /// whose weight is its stroke width.
    static func isStrokedOnly(_ elements: String) -> Bool {
        elements.contains("stroke-width:") && !elements.contains("stroke:none")
    }

    /// The elements with every stroke width multiplied by `factor`.
    static func scalingStrokeWidths(_ elements: String, by factor: Double) -> String {
        elements.replacing(/stroke-width:([0-9.]+)/) { match in
            "stroke-width:" + SymbolTemplate.number((Double(match.output.1) ?? 0) * factor)
        }
    }
}
