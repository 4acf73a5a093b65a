/// Rules judged on the SVG markup itself, before librsvg sees the file.
enum MarkupChecks {
    struct Result: Sendable {
        var diagnostics: [Diagnostic] = []
        /// False when the file must not reach librsvg (unparseable, or it references
        /// resources beyond itself).
        var safeToRender = true
        /// Where the `<svg>` root starts, for findings about the whole drawing.
        var rootLocation: SourceLocation?
        /// Whether a `color.monochrome` finding was already made from the markup, so the
        /// pixel check need not repeat it.
        var reportedColor = false
    }

    static let svgNamespace = "http://www.w3.org/2000/svg"

    static func run(_ source: GlyphSource, limits: Limits) -> Result {
        var result = Result()
        let file = source.displayPath
        let document: XMLDocument
        do {
            document = try XMLScanner.parse(source.bytes, limits: limits)
        } catch {
            let rule: RuleID = error.kind == .limit ? .svgLimit : .svgParse
            result.diagnostics.append(Diagnostic(.error, rule, file: file, at: error.location, error.message))
            result.safeToRender = false
            return result
        }
        let root = document.root
        result.rootLocation = root.location
        guard root.localName == "svg", root.namespace == svgNamespace else {
            let found = root.namespace == nil ? "<\(root.name)> with no namespace" : "<\(root.name)> in namespace \(root.namespace!)"
            let hint = root.localName == "svg" ? "add xmlns=\"http://www.w3.org/2000/svg\" to the root element" : "export the glyph as SVG"
            result.diagnostics.append(Diagnostic(.error, .svgParse, file: file, at: root.location, "root element is \(found), not an SVG <svg> element; \(hint)"))
            result.safeToRender = false
            return result
        }
        return result
    }
}
