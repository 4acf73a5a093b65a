/// `iconforge fix`: a size or centring fix written into the glyph, the way the finding
/// says to apply it: everything the root draws wrapped in `<g transform="…">`, or, where the
/// root draws only Inkscape layers, the transform put in front of each layer's own (a
/// wrapped layer is no longer a layer in Inkscape).
///
/// The file is edited as text, so everything else stays byte for byte as the designer's
/// tool wrote it: the `<g>` opens before the first drawn child of the root (after a
/// leading `<title>`, `<desc>`, `<metadata>`, `<defs>`, `<style>` and other vocabularies'
/// elements such as Inkscape's `sodipodi:namedview`, which a tool expects at the top), and
/// closes before `</svg>`. The transform is in the file's user units (`GeometryFix`), so
/// it is right for any viewBox, unit and layer transform.
package enum FixApplier {
    /// Why a fix cannot be written into a file.
    package enum Problem: Error, Equatable, Sendable {
        /// The file does not parse as XML, or has no `<svg>` root.
        case unreadable(String)
        /// Not UTF-8: editing it as text would change its encoding.
        case notUTF8(String)
        /// The root has no drawn children to wrap.
        case nothingDrawn

        package var message: String {
            switch self {
            case .unreadable(let text): text
            case .notUTF8(let encoding): "the file is \(encoding), not UTF-8; save it as UTF-8 and run fix again"
            case .nothingDrawn: "the <svg> root draws nothing to wrap in a <g>"
            }
        }
    }

    /// Root children that stay where they are, ahead of the `<g>`.
    static let leadingElements: Set<String> = ["title", "desc", "metadata", "defs", "style", "script"]

    /// `bytes` with the root's drawing wrapped in `<g transform="\(fix.transform)">`.
    package static func apply(_ fix: GeometryFix, to bytes: [UInt8], limits: Limits = Limits()) throws(Problem)
        -> [UInt8]
    {
        let document: XMLDocument
        do {
            document = try XMLScanner.parse(bytes, limits: limits)
        } catch {
            throw .unreadable("\(error.location.line):\(error.location.column): \(error.message)")
        }
        // UTF-8 (or ASCII under any name) is edited as it is; re-encoding anything else
        // would change more than the fix.
        guard document.renderable == bytes else { throw .notUTF8(document.encoding.rawValue) }
        let root = document.root
        guard root.localName == "svg", root.namespace == MarkupChecks.svgNamespace else {
            throw .unreadable("the root element is <\(root.name)>, not an SVG <svg>")
        }
        let text = bytes
        let drawn = root.children.filter {
            $0.namespace == MarkupChecks.svgNamespace && !leadingElements.contains($0.localName)
        }
        if !drawn.isEmpty, drawn.allSatisfy(isInkscapeLayer) {
            return try transformingLayers(drawn, by: fix, in: text)
        }
        guard
            let first = drawn.first,
            let start = offset(of: first.location, in: text),
            let end = closingTagOffset(of: root, in: text), start < end
        else { throw .nothingDrawn }
        // The `<g>` on a line of its own, indented as the child it opens before, when that
        // child starts a line; inline otherwise (a one-line file).
        var lineStart = start
        while lineStart > 0, text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09 { lineStart -= 1 }
        let ownLine = lineStart == 0 || text[lineStart - 1] == 0x0A
        let indent = Array(text[lineStart..<start])
        let open = Array("<g transform=\"\(fix.transform)\">".utf8)
        var closeAt = end
        while closeAt > 0, text[closeAt - 1] == 0x20 || text[closeAt - 1] == 0x09 { closeAt -= 1 }
        let closeOnOwnLine = ownLine && closeAt > 0 && text[closeAt - 1] == 0x0A
        // The file's own line ends (CRLF from Windows tools).
        let newline: [UInt8] = lineStart >= 2 && text[lineStart - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        var result = Array(text[..<start])
        result += ownLine ? open + newline + indent : open
        result += text[start..<closeAt]
        result += closeOnOwnLine ? indent + Array("</g>".utf8) + newline : Array("</g>".utf8)
        result += text[closeAt...]
        return result
    }

    /// Whether `element` is an Inkscape layer: a group Inkscape's Layers panel lists, only
    /// while it is a child of the root (wrapped in a `<g>`, it becomes a plain group, and
    /// Inkscape selects the wrapper instead of the layer's contents).
    static func isInkscapeLayer(_ element: XMLElement) -> Bool {
        element.localName == "g"
            && element.attribute("groupmode", namespace: MarkupChecks.inkscapeNamespace)?.value == "layer"
    }

    /// `text` with the fix put in front of each layer's own transform (`transform="FIX
    /// OWN"` draws as `<g transform="FIX"><g transform="OWN">`), so that the layers stay layers.
    static func transformingLayers(_ layers: [XMLElement], by fix: GeometryFix, in text: [UInt8]) throws(Problem)
        -> [UInt8]
    {
        var insertions: [(at: Int, bytes: [UInt8])] = []
        for layer in layers {
            if let own = layer.attribute("transform"), !own.value.allSatisfy(\.isWhitespace) {
                guard let at = offset(of: own.valueLocation, in: text, tag: false) else { throw .nothingDrawn }
                insertions.append((at, Array((fix.transform + " ").utf8)))
            } else if let own = layer.attribute("transform") {
                // An empty transform: its value becomes the fix.
                guard let at = offset(of: own.valueLocation, in: text, tag: false) else { throw .nothingDrawn }
                insertions.append((at, Array(fix.transform.utf8)))
            } else {
                guard let at = offset(of: layer.location, in: text) else { throw .nothingDrawn }
                insertions.append((at + 1 + layer.name.utf8.count, Array(" transform=\"\(fix.transform)\"".utf8)))
            }
        }
        var result = text
        for insertion in insertions.sorted(by: { $0.at > $1.at }) {
            result.insert(contentsOf: insertion.bytes, at: insertion.at)
        }
        return result
    }

    /// The byte offset of `location` (as the scanner counts: lines by line feed, columns
    /// by Unicode scalar), if it is the `<` of a tag (or, with `tag` false, any byte).
    static func offset(of location: SourceLocation, in text: [UInt8], tag: Bool = true) -> Int? {
        var line = 1
        var column = 1
        // The scanner counts from after a byte-order mark.
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for (index, byte) in text.enumerated().dropFirst(start) {
            if line == location.line, column == location.column {
                return !tag || byte == UInt8(ascii: "<") ? index : nil
            }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return nil
    }

    /// Where the root's end tag (`</svg>`, `</svg:svg>`) starts: the last end tag in the file.
    static func closingTagOffset(of root: XMLElement, in text: [UInt8]) -> Int? {
        let tag = Array("</\(root.name)".utf8)
        guard text.count >= tag.count else { return nil }
        var index = text.count - tag.count
        while index >= 0 {
            if text[index] == tag[0], Array(text[index..<index + tag.count]) == tag {
                let after = index + tag.count
                if after < text.count,
                    text[after] == UInt8(ascii: ">") || text[after] == 0x20 || text[after] == 0x0A
                        || text[after] == 0x09 || text[after] == 0x0D
                {
                    return index
                }
            }
            index -= 1
        }
        return nil
    }
}
