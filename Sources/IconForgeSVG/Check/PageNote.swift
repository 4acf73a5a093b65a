/// The page a glyph's `<svg>` root declares, as its author wrote it, and the tool that
/// wrote it: what a finding about a page that is not the template's names first, in the
/// document's own unit and in points, with where that tool sets the page size.
package struct PageNote: Sendable, Equatable {
    /// The editors whose files say who wrote them (their namespaces).
    package enum Editor: String, Sendable {
        case inkscape = "Inkscape"
        case illustrator = "Illustrator"
        case affinity = "Affinity Designer"
        case sketch = "Sketch"

        /// Where the editor sets the page (document, artboard) size.
        var pageSetting: String {
            switch self {
            case .inkscape: "in Inkscape's File ▸ Document Properties"
            case .illustrator: "in Illustrator's Artboard Options (double-click the Artboard tool)"
            case .affinity: "in Affinity Designer's Document Setup"
            case .sketch: "in Sketch, as the artboard's size in the Inspector"
            }
        }
    }

    /// The unit `width` is written in ("mm", "in"), nil for pt, px and unitless.
    package var unit: String?
    package var editor: Editor?

    /// A page whose unit and editor are not known (points, any tool).
    package static let unknown = PageNote(unit: nil, editor: nil)

    init(unit: String?, editor: Editor?) {
        self.unit = unit
        self.editor = editor
    }

    /// Reads the root's width unit and the namespaces that name its editor.
    init(root: XMLElement) {
        let width = root.attribute("width")?.value.trimmed() ?? ""
        unit = Self.pointsPer.keys.first { width.hasSuffix($0) && Double(width.dropLast($0.count)) != nil }
        // Each name and value searched as bytes (no marker holds a space, so none spans two):
        // every glyph's root is read here, and `String.contains` was 1 % of a build's CPU.
        editor =
            Self.editorMarkers.first { marker in
                root.attributes.contains {
                    ASCIIWords.containsExactly(marker.0, in: $0.name)
                        || ASCIIWords.containsExactly(marker.0, in: $0.value)
                }
            }?.1
    }

    /// What in a root's attribute names or values says which editor wrote the file.
    static let editorMarkers: [(String, Editor)] = [
        ("inkscape.org", .inkscape), ("sodipodi", .inkscape), ("ns.adobe.com", .illustrator),
        ("serif.com", .affinity), ("bohemiancoding", .sketch),
    ]

    /// Points per unit of the units a page is stated in besides points.
    static let pointsPer: [String: Double] = ["mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72, "pc": 12]

    /// "the page is 35 × 35 mm (99.21 × 99.21 pt), not the template's 35 × 35 pt (12.35 mm):
    /// set it in Inkscape's File ▸ Document Properties …", for a page of `size` points.
    package func statement(size: Size) -> String {
        let points = "\(size.width.pt) × \(size.height.pt) pt"
        let template = Template.canvasPoints
        var page = points
        var wanted = "\(template.pt) × \(template.pt) pt"
        if let unit, let per = Self.pointsPer[unit] {
            page = "\((size.width / per).pt) × \((size.height / per).pt) \(unit) (\(points))"
            wanted += " (\((template / per).pt) × \((template / per).pt) \(unit))"
        }
        let setting =
            editor.map { "set the page size \($0.pageSetting)" }
            ?? "set the page size in the tool that made the file (Inkscape: Document Properties; Illustrator: Artboard Options; Figma: the frame's size)"
        return
            "the page is \(page), not the template's \(wanted): \(setting), scaling the drawing with it, or build a set not drawn on the template with --fit"
    }
}
