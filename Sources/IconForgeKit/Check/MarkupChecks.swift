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
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xincludeNamespace = "http://www.w3.org/2001/XInclude"

    /// Attributes whose value may hold a `url(…)` reference.
    static let urlAttributes: Set<String> = [
        "fill", "stroke", "clip-path", "mask", "filter", "marker-start", "marker-mid", "marker-end", "cursor",
    ]
    /// Attributes (and CSS properties) that set a paint colour. (`color` is not one: it
    /// paints only through `currentColor`, which is resolved to it.)
    static let paintProperties: Set<String> = ["fill", "stroke", "stop-color", "flood-color", "lighting-color"]
    /// Elements whose content never paints directly (masks and clip paths use luminance or
    /// geometry, not colour), so their colours are not paint colours.
    static let nonPaintingContainers: Set<String> = ["mask", "clipPath"]

    static func run(_ source: GlyphSource, limits: Limits) -> Result {
        var checker = Checker(file: source.displayPath)
        return checker.run(source, limits: limits)
    }

    private struct Checker {
        let file: String
        var result = Result()
        /// The first paint colour seen, and where.
        var firstColor: (key: String, shown: String, location: SourceLocation)?
        /// ids of gradient and pattern elements, which are not monochrome paint.
        var multiColorPaintIDs: Set<String> = []
        /// What `currentColor` stands for: the one `color` the file sets (black, CSS's
        /// initial value, if none); with several different ones it stays its own colour.
        var currentColorKey = "#000000"

        init(file: String) { self.file = file }

        mutating func report(_ rule: RuleID, at location: SourceLocation?, _ message: String, severity: Severity? = nil) {
            result.diagnostics.append(Diagnostic(severity ?? rule.defaultSeverity, rule, file: file, at: location, message))
        }

        mutating func run(_ source: GlyphSource, limits: Limits) -> Result {
            if let problem = FileSniffer.problem(with: source.bytes) {
                report(.svgParse, at: nil, problem)
                result.safeToRender = false
                return result
            }
            let document: XMLDocument
            do {
                document = try XMLScanner.parse(source.bytes, limits: limits)
            } catch {
                let rule: RuleID =
                    switch error.kind {
                    case .limit: .svgLimit
                    case .entity: .svgExternal
                    case .malformed, .encoding: .svgParse
                    }
                report(rule, at: error.location, error.message)
                result.safeToRender = false
                return result
            }
            let root = document.root
            result.rootLocation = root.location
            guard root.localName == "svg", root.namespace == svgNamespace else {
                let found = root.namespace.map { "<\(root.name)> in namespace \($0)" } ?? "<\(root.name)> with no namespace"
                let hint = root.localName == "svg" ? "add xmlns=\"http://www.w3.org/2000/svg\" to the root element" : "export the glyph as SVG"
                report(.svgParse, at: root.location, "root element is \(found), not an SVG <svg> element; \(hint)")
                result.safeToRender = false
                return result
            }
            checkProlog(document)
            if let viewBox = root.attribute("viewBox"), let problem = AttributeSyntax.viewBoxProblem(viewBox.value) {
                report(.svgParse, at: viewBox.location, problem)
                result.safeToRender = false
                return result
            }
            var colorValues = Set<String>()
            root.forEachElement { element in
                if ["linearGradient", "radialGradient", "pattern", "meshgradient"].contains(element.localName),
                    let id = element.attribute("id")?.value
                {
                    multiColorPaintIDs.insert(id)
                }
                var declared = element.attributes.filter { $0.namespace == nil && $0.localName == "color" }.map(\.value)
                if let style = element.attribute("style") {
                    declared += CSSDeclarations.parseInline(style.value).filter { $0.property == "color" }.map(\.value)
                }
                if element.localName == "style" {
                    declared += CSSDeclarations.parseStyleSheet(element.text).filter { $0.property == "color" }.map(\.value)
                }
                for value in declared {
                    if case .color(let color) = CSSPaint.parse(value) { colorValues.insert(color.hex) }
                }
            }
            if colorValues.count == 1 { currentColorKey = colorValues.first! }
            if colorValues.count > 1 { currentColorKey = "currentcolor" }
            visit(root, insideNonPainting: false)
            // librsvg must never see a file that reaches beyond itself, nor decode an
            // embedded raster (gdk-pixbuf's image decoders are attack surface we do not need).
            if result.diagnostics.contains(where: { $0.rule == .svgExternal || $0.rule == .svgRaster }) {
                result.safeToRender = false
            }
            result.reportedColor = result.diagnostics.contains { $0.rule == .colorMonochrome }
            return result
        }

        mutating func checkProlog(_ document: XMLDocument) {
            if let doctype = document.documentType {
                if let external = doctype.externalID {
                    report(.svgExternal, at: doctype.location, "DOCTYPE refers to an external DTD '\(external)', which a parser could fetch; delete the <!DOCTYPE …> line")
                }
                if doctype.hasInternalSubset {
                    report(.svgExternal, at: doctype.location, "DOCTYPE declares entities (an internal subset); they can pull in files or expand without bound, and iconforge never expands them; delete the <!DOCTYPE …> block and write the content out")
                }
            }
            for instruction in document.processingInstructions where instruction.target == "xml-stylesheet" {
                report(.svgExternal, at: instruction.location, "<?xml-stylesheet?> loads an external stylesheet; move the styles into attributes")
            }
        }

        /// Checks `element` and its descendants, iteratively so that depth costs no stack.
        mutating func visit(_ root: XMLElement, insideNonPainting: Bool) {
            var stack: [(element: XMLElement, insideNonPainting: Bool)] = [(root, insideNonPainting)]
            while let (element, hidden) = stack.popLast() {
                check(element, insideNonPainting: hidden)
                let childrenHidden = hidden || MarkupChecks.nonPaintingContainers.contains(element.localName)
                for child in element.children.reversed() { stack.append((child, childrenHidden)) }
            }
        }

        mutating func check(_ element: XMLElement, insideNonPainting: Bool) {
            let name = element.localName
            if element.namespace == xincludeNamespace {
                report(.svgExternal, at: element.location, "<\(element.name)> includes another file; paste the content into the glyph instead")
            }
            if element.namespace == svgNamespace, name == "text" {
                report(.svgText, at: element.location, "<text> renders with whatever fonts the machine has; convert the text to outlines (paths) in your editor")
            }
            if element.namespace == svgNamespace, name == "style" {
                checkStyleSheet(element)
            }
            if !element.text.isEmpty, let start = element.textLocation {
                checkEmoji(in: element.text, at: start, what: "text of <\(element.name)>")
            }

            let isInclude = element.namespace == xincludeNamespace
            for attribute in element.attributes {
                checkEmoji(in: attribute.value, at: attribute.valueLocation, what: "attribute '\(attribute.name)'")
                if attribute.localName == "href", !isInclude, attribute.namespace == nil || attribute.namespace == xlinkNamespace {
                    checkReference(attribute, on: element)
                } else if attribute.namespace == nil, attribute.localName == "style" {
                    for declaration in CSSDeclarations.parseInline(attribute.value) {
                        checkDeclaration(declaration, text: attribute.value, start: attribute.valueLocation, insideNonPainting: insideNonPainting)
                    }
                    checkCSSReferences(in: attribute.value, start: attribute.valueLocation)
                } else if attribute.namespace == nil, attribute.localName == "d", element.localName == "path",
                    let offset = AttributeSyntax.pathDataProblem(attribute.value)
                {
                    let bad = attribute.value.utf8.dropFirst(offset).prefix(12)
                    report(.svgParse, at: attribute.valueLocation.advanced(by: offset, in: attribute.value), "path data is broken at '\(String(decoding: bad, as: UTF8.self))'; librsvg stops drawing the path there; fix or re-export the path")
                } else if attribute.namespace == nil {
                    if MarkupChecks.paintProperties.contains(attribute.localName), !insideNonPainting {
                        checkPaint(attribute.value, property: attribute.localName, at: attribute.location)
                    }
                    if MarkupChecks.urlAttributes.contains(attribute.localName) || MarkupChecks.paintProperties.contains(attribute.localName) {
                        checkCSSReferences(in: attribute.value, start: attribute.valueLocation)
                    }
                }
            }
        }

        mutating func checkReference(_ attribute: XMLAttribute, on element: XMLElement) {
            let target = attribute.value.trimmed()
            if target.hasPrefix("#") { return }
            if target.lowercased().hasPrefix("data:") {
                if element.localName == "image" || element.localName == "feImage" {
                    report(.svgRaster, at: element.location, "<\(element.name)> embeds a raster image; glyphs must be vector outlines, so trace it or redraw it as paths")
                } else {
                    report(.svgExternal, at: attribute.location, "'\(attribute.name)' loads a data: document; reference an element in this file with '#id' instead")
                }
                return
            }
            let shown = target.count > 80 ? String(target.prefix(77)) + "…" : target
            report(.svgExternal, at: attribute.location, "<\(element.name)> '\(attribute.name)' points at '\(shown)', outside this glyph; glyphs must be self-contained: paste the content in and reference it with '#id'")
        }

        mutating func checkStyleSheet(_ element: XMLElement) {
            let text = element.text
            let start = element.textLocation ?? element.location
            for declaration in CSSDeclarations.parseStyleSheet(text) {
                checkDeclaration(declaration, text: text, start: start, insideNonPainting: false)
            }
            checkCSSReferences(in: text, start: start)
        }

        mutating func checkCSSReferences(in text: String, start: SourceLocation) {
            for reference in CSSDeclarations.references(in: text) where !reference.target.trimmed().hasPrefix("#") {
                let location = start.advanced(by: reference.utf8Offset, in: text)
                report(.svgExternal, at: location, "CSS refers to '\(reference.target)', outside this glyph; glyphs must be self-contained: use '#id' references only")
            }
        }

        mutating func checkDeclaration(_ declaration: CSSDeclaration, text: String, start: SourceLocation, insideNonPainting: Bool) {
            guard MarkupChecks.paintProperties.contains(declaration.property), !insideNonPainting else { return }
            checkPaint(declaration.value, property: declaration.property, at: start.advanced(by: declaration.utf8Offset, in: text))
        }

        mutating func checkPaint(_ value: String, property: String, at location: SourceLocation) {
            let key: String, shown: String
            switch CSSPaint.parse(value) {
            case .none, .inherit, .invalid:
                return
            case .currentColor:
                (key, shown) = (currentColorKey, "currentColor")
            case .color(let color):
                guard color.alpha > 0 else { return }
                (key, shown) = (color.hex, color.hex)
            case .url(let target):
                let id = target.hasPrefix("#") ? String(target.dropFirst()) : target
                if multiColorPaintIDs.contains(id) {
                    report(.colorMonochrome, at: location, "\(property) uses gradient or pattern '\(id)'; glyphs must be one flat colour (the system tints them), so fill with a single colour")
                }
                return
            }
            guard let first = firstColor else {
                firstColor = (key, shown, location)
                return
            }
            if first.key != key {
                report(.colorMonochrome, at: location, "second paint colour \(shown) (first was \(first.shown) at \(first.location.line):\(first.location.column)); glyphs must be monochrome: use one colour and vary opacity instead")
                // Report each further colour against the first only once per distinct value.
                firstColor = first
            }
        }

        mutating func checkEmoji(in text: String, at start: SourceLocation, what: String) {
            // Fast path: pure ASCII text cannot hold emoji that are errors or warnings.
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return }
            for finding in EmojiScanner.findings(in: text) {
                let location = start.advanced(by: finding.utf8Offset, in: text)
                report(.glyphEmoji, at: location, EmojiMessages.message(for: finding, in: what), severity: finding.isError ? .error : .warning)
            }
        }
    }
}

/// The wording of emoji findings, shared by markup and file-name checks.
enum EmojiMessages {
    static func message(for finding: EmojiFinding, in what: String) -> String {
        if finding.isError {
            return "emoji \(finding.sequence) (\(finding.codePoints)) in \(what); emoji are full colour and must never stand in for a glyph or its text: remove it"
        }
        return "\(finding.sequence) (\(finding.codePoints)) in \(what) is often drawn as an emoji on Apple platforms; use a plain-text alternative or remove it"
    }
}
