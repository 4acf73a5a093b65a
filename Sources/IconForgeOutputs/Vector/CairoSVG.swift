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
            throw VectorError(
                glyph: glyph,
                message:
                    "cairo could draw part of it only as pixels (an <image> in the SVG), which a vector image must not hold; draw it without filters or blend modes"
            )
        }
        return Array(onePaint(renumberingSurfaces(text)).utf8)
    }

    /// Every `surfaceN` renumbered by first appearance.
    static func renumberingSurfaces(_ text: String) -> String {
        var numbers: [Substring: Int] = [:]
        return replacingNumbers(after: "surface", in: text) { digits in
            if numbers[digits] == nil { numbers[digits] = numbers.count + 1 }
            return String(numbers[digits]!)
        }
    }

    /// Every `rgb(…)` colour cairo writes (`fill:rgb(0%,0%,0%)`) as black.
    static func onePaint(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstRange(of: "rgb(") {
            result += rest[..<open.upperBound]
            rest = rest[open.upperBound...]
            // cairo's form only: three percentages; anything else is left as it is.
            let isPercentage = { (part: Substring) in
                part.count > 1 && part.last == "%"
                    && part.dropLast().allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            }
            if let close = rest.firstIndex(of: ")"),
                case let parts = rest[..<close].split(separator: ",", omittingEmptySubsequences: false),
                parts.count == 3, parts.allSatisfy(isPercentage)
            {
                result += "0%,0%,0%"
                rest = rest[close...]
            }
        }
        return result + rest
    }

    /// `text` with the run of digits (and, when `fractions`, periods) after each `prefix`
    /// replaced by `replacement` of it. Swift's `Regex` took most of a symbol's time here.
    static func replacingNumbers(
        after prefix: String, in text: String, fractions: Bool = false, _ replacement: (Substring) -> String
    ) -> String {
        var result = ""
        var rest = text[...]
        while let found = rest.firstRange(of: prefix) {
            result += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let digits = rest.prefix { $0.isASCII && ($0.isNumber || (fractions && $0 == ".")) }
            guard !digits.isEmpty else { continue }
            result += replacement(digits)
            rest = rest[digits.endIndex...]
        }
        return result + rest
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
        if let open = text.ranges(of: #"<g id="surface"#).last,
            let openEnd = text[open.upperBound...].firstRange(of: ">\n"),
            let close = text.ranges(of: "</g>\n</svg>").last, openEnd.upperBound <= close.lowerBound
        {
            elements = String(text[openEnd.upperBound..<close.lowerBound])
        }
        var ids: [Substring] = []
        var rest = (defs + elements)[...]
        while let found = rest.firstRange(of: "id=\""), let close = rest[found.upperBound...].firstIndex(of: "\"") {
            if close > found.upperBound { ids.append(rest[found.upperBound..<close]) }
            rest = rest[close...]
        }
        for id in Set(ids).sorted(by: { $0.count > $1.count }) {
            for (old, new) in [
                ("id=\"\(id)\"", "id=\"\(prefix)\(id)\""), ("#\(id)\"", "#\(prefix)\(id)\""),
                ("#\(id))", "#\(prefix)\(id))"),
            ] {
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
        replacingNumbers(after: "stroke-width:", in: elements, fractions: true) { width in
            SymbolTemplate.number((Double(width) ?? 0) * factor)
        }
    }
}
