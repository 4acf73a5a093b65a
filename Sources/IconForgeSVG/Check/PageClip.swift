/// A `<clipPath>` that only repeats the page's edge: LibreOffice Draw clips every slide to
/// `presentation_clip_path`, one rect the size of the viewBox. Inside the viewport it cuts
/// nothing; outside it hides the ink a designer drew off the page, so the cut drawing would be
/// measured as if it were the whole glyph (a size finding instead of `geometry.clipped`).
/// Such clip paths are blanked out of what librsvg measures; the viewport still clips the PNG.
enum PageClip {
    /// The byte spans (in the parsed document) of the clip paths that are the page itself:
    /// user-space units, one untransformed rect covering exactly the artboard, and used
    /// only by elements with no transform on them or above them.
    static func spans(in root: XMLElement, artboard: Rect?) -> [Range<Int>] {
        guard let artboard else { return [] }
        var pageClips: [String: Range<Int>] = [:]
        var transformedUsers: Set<String> = []
        func visit(_ element: XMLElement, transformed: Bool) {
            let transformed = transformed || element.attribute("transform") != nil
            if element.localName == "clipPath", let id = element.attribute("id")?.value, isPage(element, artboard) {
                pageClips[id] = element.span
            }
            if transformed, let reference = element.attribute("clip-path")?.value, let id = referencedID(reference) {
                transformedUsers.insert(id)
            }
            for child in element.children { visit(child, transformed: transformed) }
        }
        visit(root, transformed: false)
        return pageClips.filter { !transformedUsers.contains($0.key) }.map(\.value).sorted {
            $0.lowerBound < $1.lowerBound
        }
    }

    private static func isPage(_ clip: XMLElement, _ artboard: Rect) -> Bool {
        let units = clip.attribute("clipPathUnits")?.value.trimmed() ?? "userSpaceOnUse"
        guard units == "userSpaceOnUse", clip.attribute("transform") == nil, clip.children.count == 1,
            let rect = clip.children.first, rect.localName == "rect", rect.attribute("transform") == nil,
            let box = ShapeOutline.of(rect)?.rectangle
        else { return false }
        // Exactly the page (to half a percent), not a deliberate crop inside it nor a larger
        // window: either of those is the designer's own clipping.
        return box.covers(artboard) && artboard.covers(box)
    }

    /// `url(#id)` → `id`.
    private static func referencedID(_ value: String) -> String? {
        let text = value.trimmed()
        guard text.hasPrefix("url("), text.hasSuffix(")") else { return nil }
        var inner = String(text.dropFirst(4).dropLast()).trimmed()
        if inner.hasPrefix("\"") || inner.hasPrefix("'") { inner = String(inner.dropFirst().dropLast()) }
        guard inner.hasPrefix("#") else { return nil }
        return String(inner.dropFirst())
    }
}
