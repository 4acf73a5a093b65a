/// Rules judged on the SVG markup itself, before librsvg sees the file.
package enum MarkupChecks {
    package struct Result: Sendable {
        package var diagnostics: [Diagnostic] = []
        /// False when the file must not reach librsvg (unparseable, or it references
        /// resources beyond itself).
        package var safeToRender = true
        /// Where the `<svg>` root starts, for findings about the whole drawing.
        package var rootLocation: SourceLocation?
        /// Whether a `color.monochrome` finding was already made from the markup, so the
        /// pixel check need not repeat it.
        package var reportedColor = false
        /// Whether displayed text holds an emoji (a `glyph.emoji` error): how it renders
        /// depends on the machine's fonts (a colour picture, or a fallback box of hex digits),
        /// so nothing is measured from the render, which would only bury that error under
        /// size, position and colour findings that differ from machine to machine.
        package var drawsEmoji = false
        /// Whether the glyph still holds the template's guides (a `glyph.template` error):
        /// nothing is measured, since the guides' boxes would be taken for the drawing and
        /// their colours for a second one.
        package var holdsTemplateGuides = false
        /// The bytes librsvg should render: the file's text as UTF-8 (nil until parsed).
        package var renderable: [UInt8]?
        /// The root's `preserveAspectRatio`, which librsvg applies but does not report: how
        /// the viewBox maps onto the artboard (`Artboard`).
        package var preserveAspectRatio = PreserveAspectRatio()
    }

    /// The ids `iconforge init`'s template gives its guides (`ProjectScaffold.templateArtboard`):
    /// the layer, which Illustrator, Figma and Sketch export as `<g id="Guides">`, and each box.
    package static let templateGuideIDs: Set<String> = [
        "Guides", "canvas-35pt", "wide-30pt", "tall-30pt", "square-27pt", "centre-vertical", "centre-horizontal",
    ]
    package static let inkscapeNamespace = "http://www.inkscape.org/namespaces/inkscape"

    /// Whether `element` is the template's Guides layer or one of its boxes.
    static func isTemplateGuide(_ element: XMLElement) -> Bool {
        if let id = element.attribute("id")?.value, templateGuideIDs.contains(id) { return true }
        return element.localName == "g" && element.attributes.contains { $0.localName == "label" && $0.namespace == inkscapeNamespace && $0.value == "Guides" }
    }

    /// The elements whose text is drawn.
    static let textContentElements: Set<String> = ["text", "tspan", "textPath"]

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
    /// Paint properties that apply to some elements only and are inert (not inherited)
    /// everywhere else: Inkscape writes `stop-color:#000000` into the style of every shape.
    static let paintPropertyElements: [String: Set<String>] = [
        "stop-color": ["stop"], "flood-color": ["feFlood", "feDropShadow"], "lighting-color": ["feDiffuseLighting", "feSpecularLighting"],
    ]

    /// Whether `property` set on an element named `element` is a paint colour.
    static func setsPaint(_ property: String, on element: String) -> Bool {
        paintProperties.contains(property) && (paintPropertyElements[property]?.contains(element) ?? true)
    }
    /// Elements whose content never paints with its own colours: masks and clip paths use
    /// luminance or geometry; paint servers are judged where they are used (as gradients or
    /// patterns); metadata and accessibility text are never drawn.
    static let nonPaintingContainers: Set<String> = paintServers.union(["mask", "clipPath", "metadata", "title", "desc"])
    /// Elements that paint with several colours where they are referenced (`fill="url(#id)"`).
    static let paintServers: Set<String> = ["linearGradient", "radialGradient", "pattern", "meshgradient", "meshGradient"]
    /// Elements whose content paints only where something references it.
    static let definitionContainers: Set<String> = ["defs", "symbol", "marker"]
    /// SMIL animation elements: the static render ignores them.
    static let animationElements: Set<String> = ["animate", "set", "animateTransform", "animateMotion", "animateColor"]

    package static func run(_ source: GlyphSource, limits: Limits) -> Result {
        var checker = Checker(file: source.displayPath)
        return checker.run(source, limits: limits)
    }

    /// Whether an element's own paint counts as the glyph's colour.
    private enum PaintRole {
        /// It is drawn.
        case paints
        /// It is never drawn with its own colours (mask, clip path, paint server, metadata,
        /// markup of another vocabulary).
        case hidden
        /// It sits in `<defs>`, `<symbol>` or `<marker>`: drawn only when referenced.
        case definition
        /// It is not rendered at all: inside `display="none"` (Inkscape's hidden layers), a
        /// `<text>` with no visible character (what Inkscape's text tool leaves behind), or
        /// SVG 1.2's `<flowRoot>`.
        case undisplayed
    }

    /// A paint colour, as the monochrome rule compares them.
    private enum PaintKey {
        case color(PixelColor)
        /// `currentColor` in a file that sets `color` to several values: its own colour.
        case ambiguousCurrentColor

        func matches(_ other: PaintKey) -> Bool {
            switch (self, other) {
            case (.color(let a), .color(let b)): ColorDifference.same(a, b)
            case (.ambiguousCurrentColor, .ambiguousCurrentColor): true
            default: false
            }
        }
    }

    private struct Checker {
        let file: String
        var result = Result()
        /// Each distinct paint colour seen (one per just-noticeable difference), and where first.
        var colors: [(key: PaintKey, shown: String, location: SourceLocation)] = []
        /// ids of gradient and pattern elements, which are not monochrome paint.
        var multiColorPaintIDs: Set<String> = []
        /// ids something in the file references (`href="#id"`, `url(#id)`).
        var referencedIDs: Set<String> = []
        /// What `currentColor` stands for: the one `color` the file sets (black, CSS's
        /// initial value, if none); with several different ones it stays its own colour.
        var currentColor = PaintKey.color(PixelColor(red: 0, green: 0, blue: 0))
        /// In a file that sets several colours, what each element's `color` is (nil when
        /// its rules cannot be resolved, or the file sets at most one colour).
        var cascade: ColorCascade?
        /// Where the first displayed guide of the template is, if the glyph holds one.
        var guides: SourceLocation?

        init(file: String) { self.file = file }

        /// A finding with the rule's severity, or its warning variant.
        mutating func report(_ rule: RuleID, at location: SourceLocation?, _ message: String, warning: Bool = false) {
            result.diagnostics.append(
                warning ? Diagnostic(warningOf: rule, file: file, at: location, message) : Diagnostic(rule, file: file, at: location, message))
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
            result.renderable = document.renderable
            let root = document.root
            result.rootLocation = root.location
            result.preserveAspectRatio = PreserveAspectRatio(parsing: root.attribute("preserveAspectRatio")?.value)
            guard root.localName == "svg", root.namespace == svgNamespace else {
                let found = root.namespace.map { "<\(root.name)> in namespace \($0)" } ?? "<\(root.name)> with no namespace"
                let hint = root.localName == "svg" ? "add xmlns=\"http://www.w3.org/2000/svg\" to the root element" : "export the glyph as SVG"
                report(.svgParse, at: root.location, "root element is \(found), not an SVG <svg> element; \(hint)")
                result.safeToRender = false
                return result
            }
            // An external DTD identifier alone is harmless: neither iconforge nor librsvg
            // ever fetches one. Entities were expanded (or refused) by the scanner.
            for instruction in document.processingInstructions where instruction.target == "xml-stylesheet" {
                report(.svgExternal, at: instruction.location, "<?xml-stylesheet?> loads an external stylesheet; move the styles into attributes")
            }
            if let viewBox = root.attribute("viewBox"), let problem = AttributeSyntax.viewBoxProblem(viewBox.value) {
                report(.svgParse, at: viewBox.location, problem)
                result.safeToRender = false
                return result
            }
            survey(root)
            visit(root)
            let drawn = UseExpansion.drawnElements(root)
            if drawn.count > UseExpansion.maximumDrawnElements {
                report(.svgLimit, at: drawn.largestUse ?? root.location, "<use> references expand this glyph to more than \(UseExpansion.maximumDrawnElements) drawn elements (the <use> expansion limit), each of which librsvg would draw; refer to the shapes themselves, or expand the copies in the drawing tool")
                result.safeToRender = false
            }
            if let guides {
                result.holdsTemplateGuides = true
                report(.glyphTemplate, at: guides, "the glyph still holds the template's Guides layer (its 35, 30 and 27 pt boxes and centre lines would be measured and drawn as part of the glyph); delete the Guides layer (or hide it) and save again")
            }
            // librsvg must never see a file that reaches beyond itself, nor decode an
            // embedded raster (gdk-pixbuf's image decoders are attack surface we do not need).
            if result.diagnostics.contains(where: { $0.rule == .svgExternal || $0.rule == .svgRaster }) {
                result.safeToRender = false
            }
            result.reportedColor = result.diagnostics.contains { $0.rule == .colorMonochrome }
            return result
        }

        /// Reads what the checks need to know before visiting: paint-server ids, referenced
        /// ids, and the `color` values that `currentColor` resolves to.
        mutating func survey(_ root: XMLElement) {
            var colorValues: [PixelColor] = []
            root.forEachElement { element in
                let isSVG = element.namespace == svgNamespace
                if isSVG, MarkupChecks.paintServers.contains(element.localName),
                    let id = element.attribute("id")?.value
                {
                    multiColorPaintIDs.insert(id)
                }
                var declared: [String] = []
                for attribute in element.attributes {
                    if attribute.localName == "href", attribute.namespace == nil || attribute.namespace == xlinkNamespace {
                        let target = attribute.value.trimmed()
                        if target.hasPrefix("#") { referencedIDs.insert(String(target.dropFirst())) }
                    } else if attribute.namespace == nil, attribute.value.contains("url(") {
                        noteReferences(in: attribute.value)
                    }
                    if isSVG, attribute.namespace == nil, attribute.localName == "color" { declared.append(attribute.value) }
                }
                if isSVG, let style = element.attribute("style") {
                    declared += CSSDeclarations.parseInline(style.value).filter { $0.property == "color" }.map(\.value)
                }
                if isSVG, element.localName == "style" {
                    noteReferences(in: element.text)
                    declared += CSSDeclarations.parseStyleSheet(element.text).filter { $0.property == "color" }.map(\.value)
                }
                for value in declared {
                    if case .color(let color) = CSSPaint.parse(value) {
                        let pixel = PixelColor(red: color.red, green: color.green, blue: color.blue)
                        if !colorValues.contains(where: { ColorDifference.same($0, pixel) }) { colorValues.append(pixel) }
                    }
                }
            }
            if colorValues.count == 1 { currentColor = .color(colorValues[0]) }
            if colorValues.count > 1 {
                currentColor = .ambiguousCurrentColor
                cascade = ColorCascade(root: root)
            }
        }

        mutating func noteReferences(in text: String) {
            for reference in CSSDeclarations.references(in: text) {
                let target = reference.target.trimmed()
                if target.hasPrefix("#") { referencedIDs.insert(String(target.dropFirst())) }
            }
        }

        /// The paint role of `element` inside a parent of role `parent`.
        func role(of element: XMLElement, inside parent: PaintRole) -> PaintRole {
            if parent == .hidden || element.namespace != svgNamespace { return .hidden }
            if parent == .undisplayed { return .undisplayed }
            let name = element.localName
            if MarkupChecks.nonPaintingContainers.contains(name) { return .hidden }
            if !MarkupChecks.definitionContainers.contains(name), MarkupChecks.isDisplayNone(element) { return .undisplayed }
            if name == "text", !MarkupChecks.hasVisibleCharacters(element) { return .undisplayed }
            // SVG 1.2's flowed text, which Inkscape 0.92 wrote and no SVG renderer draws.
            if name == "flowRoot" { return .undisplayed }
            let referenced = element.attribute("id").map { referencedIDs.contains($0.value) } ?? false
            if parent == .definition || MarkupChecks.definitionContainers.contains(name) {
                return referenced ? .paints : .definition
            }
            return parent
        }

        /// Checks `root` and its descendants, iteratively so that depth costs no stack.
        mutating func visit(_ root: XMLElement) {
            // `color` as the cascade computes it, or nil where it is not known: no cascade, or
            // inside a definition (a `<use>` clone inherits from the `<use>`, not from `<defs>`).
            typealias Entry = (element: XMLElement, role: PaintRole, ancestorIDs: [String], inheritedColor: PixelColor?, inForeignObject: Bool)
            let black = PixelColor(red: 0, green: 0, blue: 0)
            var stack: [Entry] = [(root, role(of: root, inside: .paints), [], cascade == nil ? nil : black, false)]
            while let (element, role, ancestorIDs, inheritedColor, inForeignObject) = stack.popLast() {
                let isDefinition = MarkupChecks.definitionContainers.contains(element.localName)
                let color = isDefinition ? nil : inheritedColor.flatMap { cascade?.color(of: element, inherited: $0) }
                check(element, role: role, ancestorIDs: ancestorIDs, color: color)
                if inForeignObject { checkForeignContent(element) }
                var childIDs = ancestorIDs
                if let id = element.attribute("id")?.value { childIDs.append(id) }
                let childrenInForeignObject = inForeignObject || (element.localName == "foreignObject" && element.namespace == svgNamespace)
                for child in element.children.reversed() {
                    var childRole = self.role(of: child, inside: role)
                    // The template's guides, displayed: one finding for them all (the first in the
                    // file), and their boxes and colours are not the glyph's.
                    if childRole == .paints, child.namespace == MarkupChecks.svgNamespace, MarkupChecks.isTemplateGuide(child) {
                        if guides.map({ child.location < $0 }) ?? true { guides = child.location }
                        childRole = .hidden
                    }
                    stack.append((child, childRole, childIDs, color, childrenInForeignObject))
                }
            }
        }

        mutating func check(_ element: XMLElement, role: PaintRole, ancestorIDs: [String], color: PixelColor?) {
            let name = element.localName
            let isSVG = element.namespace == svgNamespace
            if element.namespace == xincludeNamespace {
                report(.svgExternal, at: element.location, "<\(element.name)> includes another file; paste the content into the glyph instead")
            }
            if isSVG, name == "text", role != .undisplayed {
                report(.svgText, at: element.location, "<text> renders with whatever fonts the machine has; convert the text to outlines (paths) in your editor")
            }
            if isSVG, name == "style" {
                checkStyleSheet(element)
            }
            if isSVG, name == "script" {
                report(.svgDynamic, at: element.location, "<script> never runs in iconforge's render, but other consumers of the SVG may run it; glyphs are static drawings: delete the script")
            }
            if isSVG, MarkupChecks.animationElements.contains(name) {
                report(.svgDynamic, at: element.location, "<\(element.name)> animates the glyph; the PNGs show it unanimated, and other consumers of the SVG will animate it: delete the animation")
            }
            if !element.text.isEmpty, let start = element.textLocation {
                let emojiError = checkEmoji(in: element.text, at: start, what: "text of <\(element.name)>")
                if emojiError, isSVG, MarkupChecks.textContentElements.contains(name), role != .undisplayed {
                    result.drawsEmoji = true
                }
            }

            let isInclude = element.namespace == xincludeNamespace
            var paints: [(property: String, value: String, location: SourceLocation)] = []
            for attribute in element.attributes {
                // Inkscape's text-to-path keeps the converted text as the group's aria-label.
                let convertedText = isSVG && name == "g" && attribute.name == "aria-label" && !element.children.isEmpty
                checkEmoji(in: attribute.value, at: attribute.valueLocation, what: "attribute '\(attribute.name)'", convertedText: convertedText)
                if attribute.localName == "href", !isInclude, attribute.namespace == nil || attribute.namespace == xlinkNamespace {
                    checkReference(attribute, on: element, ancestorIDs: ancestorIDs)
                } else if attribute.namespace == nil, attribute.localName == "style" {
                    var cursor = SourceCursor(attribute.value, location: attribute.valueLocation)
                    for declaration in CSSDeclarations.parseInline(attribute.value) where MarkupChecks.setsPaint(declaration.property, on: name) {
                        // A style declaration overrides the presentation attribute (CSS cascade).
                        paints.removeAll { $0.property == declaration.property }
                        paints.append((declaration.property, declaration.value, cursor.location(at: declaration.utf8Offset)))
                    }
                    checkCSSReferences(in: attribute.value, start: attribute.valueLocation)
                } else if attribute.namespace == nil, attribute.localName == "d", name == "path", isSVG,
                    let problem = PathDataSyntax.problem(in: attribute.value)
                {
                    let bad = String(decoding: attribute.value.utf8.dropFirst(problem.utf8Offset).prefix(12), as: UTF8.self)
                    let shown = bad.isEmpty ? "the end" : "'\(bad)'"
                    report(.svgParse, at: attribute.valueLocation.advanced(by: problem.utf8Offset, in: attribute.value), "path data is broken at \(shown): \(problem.reason); librsvg stops drawing the path there: fix or re-export the path")
                } else if attribute.namespace == nil {
                    if isSVG, attribute.localName.utf8.count > 2, attribute.localName.lowercased().hasPrefix("on") {
                        report(.svgDynamic, at: attribute.location, "event handler '\(attribute.name)' is script, which iconforge's render ignores and other consumers may run; glyphs are static drawings: delete the attribute")
                    }
                    if MarkupChecks.setsPaint(attribute.localName, on: name), !paints.contains(where: { $0.property == attribute.localName }) {
                        paints.append((attribute.localName, attribute.value, attribute.location))
                    }
                    if MarkupChecks.urlAttributes.contains(attribute.localName) || MarkupChecks.paintProperties.contains(attribute.localName) {
                        checkCSSReferences(in: attribute.value, start: attribute.valueLocation)
                    }
                }
            }
            // A fill or stroke at zero opacity paints nothing (Inkscape keeps fill:#000000 on
            // shapes it made invisible with fill-opacity:0). Only elements that paint are read.
            if !paints.isEmpty {
                if MarkupChecks.isTransparent("opacity", on: element) {
                    paints.removeAll()
                } else {
                    paints.removeAll { $0.property == "fill" && MarkupChecks.isTransparent("fill-opacity", on: element) }
                    paints.removeAll { $0.property == "stroke" && MarkupChecks.isTransparent("stroke-opacity", on: element) }
                }
            }
            if role == .paints {
                for paint in paints.sorted(by: { $0.location < $1.location }) {
                    checkPaint(paint.value, property: paint.property, at: paint.location, color: color)
                }
            }
        }

        /// Attributes that make HTML (or any foreign markup a renderer might show inside a
        /// `<foreignObject>`) load something: what a browser would fetch for the page.
        static let foreignReferenceAttributes: Set<String> = [
            "src", "href", "srcset", "data", "poster", "action", "formaction", "background", "codebase", "cite", "longdesc",
            "manifest", "ping", "usemap", "archive", "classid", "lowsrc", "dynsrc", "imagesrcset",
        ]

        /// An element inside a `<foreignObject>`: librsvg draws none of it, but a browser or
        /// another tool showing the SVG would load what it refers to, so a reference to
        /// anything but this file is refused as any other is (a style sheet's too).
        mutating func checkForeignContent(_ element: XMLElement) {
            guard element.namespace != svgNamespace else { return }
            for attribute in element.attributes where Self.foreignReferenceAttributes.contains(attribute.localName.lowercased()) {
                let target = attribute.value.trimmed()
                guard !target.isEmpty, !target.hasPrefix("#") else { continue }
                let shown = target.count > 80 ? String(target.prefix(77)) + "…" : target
                report(.svgExternal, at: attribute.location, "<\(element.name)> inside <foreignObject> has '\(attribute.name)' pointing at '\(shown)', which a browser showing the SVG would load; glyphs must be self-contained: delete the <foreignObject>")
            }
            if element.localName.lowercased() == "style", !element.text.isEmpty, let start = element.textLocation {
                checkCSSReferences(in: element.text, start: start)
            }
        }

        mutating func checkReference(_ attribute: XMLAttribute, on element: XMLElement, ancestorIDs: [String]) {
            let target = attribute.value.trimmed()
            if target.hasPrefix("#") {
                let id = String(target.dropFirst())
                if element.localName == "use", id == element.attribute("id")?.value || ancestorIDs.contains(id) {
                    let what = id == element.attribute("id")?.value ? "itself" : "an element that contains it"
                    report(.svgUseCycle, at: attribute.location, "<use> refers to \(what) ('#\(id)'), an endless loop that librsvg refuses to draw; point it at a shape outside it")
                }
                return
            }
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
            var cursor = SourceCursor(text, location: start)
            // A rule's `stop-color` reaches only `<stop>`s, which paint where their gradient is used.
            for declaration in CSSDeclarations.parseStyleSheet(text)
            where MarkupChecks.paintProperties.contains(declaration.property) && declaration.property != "stop-color" {
                checkPaint(declaration.value, property: declaration.property, at: cursor.location(at: declaration.utf8Offset))
            }
            checkCSSReferences(in: text, start: start)
        }

        mutating func checkCSSReferences(in text: String, start: SourceLocation) {
            var cursor = SourceCursor(text, location: start)
            for reference in CSSDeclarations.references(in: text) where !reference.target.trimmed().hasPrefix("#") {
                let location = cursor.location(at: reference.utf8Offset)
                report(.svgExternal, at: location, "CSS refers to '\(reference.target)', outside this glyph; glyphs must be self-contained: use '#id' references only")
            }
        }

        /// `color`: what `currentColor` is on the element, when the cascade knows it.
        mutating func checkPaint(_ value: String, property: String, at location: SourceLocation, color: PixelColor? = nil) {
            let key: PaintKey, shown: String
            switch CSSPaint.parse(value) {
            case .none, .inherit, .invalid:
                return
            case .currentColor:
                if let color {
                    (key, shown) = (.color(color), color.hex + " from currentColor")
                } else {
                    (key, shown) = (currentColor, "currentColor")
                }
            case .color(let color):
                // Opacity never makes a second colour: the system tints with alpha.
                guard color.alpha > 0 else { return }
                (key, shown) = (.color(PixelColor(red: color.red, green: color.green, blue: color.blue)), color.hex)
            case .url(let target):
                let id = target.hasPrefix("#") ? String(target.dropFirst()) : target
                if multiColorPaintIDs.contains(id) {
                    report(.colorMonochrome, at: location, "\(property) uses gradient or pattern '\(id)'; glyphs must be one flat colour (the system tints them), so fill with a single colour")
                }
                return
            }
            guard !colors.contains(where: { $0.key.matches(key) }) else { return }
            colors.append((key, shown, location))
            guard colors.count > 1, let first = colors.first else { return }
            let which = colors.count == 2 ? "second paint colour" : "another paint colour (\(colors.count) so far)"
            report(.colorMonochrome, at: location, "\(which) \(shown) (first was \(first.shown) at \(first.location.line):\(first.location.column)); glyphs must be monochrome: use one colour and vary opacity instead")
        }

        /// Reports the emoji in `text`; whether any of them is an error (not a warning).
        @discardableResult
        mutating func checkEmoji(in text: String, at start: SourceLocation, what: String, convertedText: Bool = false) -> Bool {
            // Fast path: pure ASCII text cannot hold emoji that are errors or warnings.
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
            var cursor = SourceCursor(text, location: start)
            var foundError = false
            for finding in EmojiScanner.findings(in: text) {
                let location = cursor.location(at: finding.utf8Offset)
                report(.glyphEmoji, at: location, EmojiMessages.message(for: finding, in: what, convertedText: convertedText), warning: !finding.isError)
                foundError = foundError || finding.isError
            }
            return foundError
        }
    }
}

extension MarkupChecks {
    /// Whether `display` is `none` on the element itself (a `style` declaration overrides
    /// the attribute). Not inherited, but nothing inside such an element is rendered.
    static func isDisplayNone(_ element: XMLElement) -> Bool {
        declaredValue("display", on: element)?.lowercased() == "none"
    }

    /// The value the element itself gives `property`: its `style` declaration, else its
    /// presentation attribute (trimmed).
    static func declaredValue(_ property: String, on element: XMLElement) -> String? {
        (styleValue(property, on: element) ?? element.attribute(property)?.value)?.trimmed()
    }

    /// The value the element's `style` attribute gives `property` (the last declaration of
    /// it), if any: what overrides both its presentation attribute and the style sheet.
    static func styleValue(_ property: String, on element: XMLElement) -> String? {
        guard let style = element.attribute("style") else { return nil }
        return CSSDeclarations.parseInline(style.value).last { $0.property == property }?.value
    }

    /// Whether the element's own `property` (an opacity) is zero: what it paints is invisible.
    static func isTransparent(_ property: String, on element: XMLElement) -> Bool {
        guard let value = declaredValue(property, on: element) else { return false }
        let number = value.hasSuffix("%") ? Double(value.dropLast()).map { $0 / 100 } : Double(value)
        return number.map { $0 <= 0 } ?? false
    }

    /// Whether a `<text>` holds a character that draws anything (not only white space).
    static func hasVisibleCharacters(_ text: XMLElement) -> Bool {
        var visible = false
        text.forEachElement { element in
            if !visible, element.text.contains(where: { !$0.isWhitespace }) { visible = true }
        }
        return visible
    }
}

/// The wording of emoji findings, shared by markup and file-name checks.
package enum EmojiMessages {
    /// With `convertedText`, the attribute is a group's `aria-label` that Inkscape's Path ▸
    /// Object to Path (or its export's text-to-path) keeps as a copy of the text it converted:
    /// the drawing is the paths, and the label is only what a screen reader would say.
    package static func message(for finding: EmojiFinding, in what: String, convertedText: Bool = false) -> String {
        let inkscape = convertedText
            ? ": it is Inkscape's copy of the text it converted to paths (Path ▸ Object to Path keeps it as the group's aria-label); the drawing is the paths, so delete the aria-label (Edit ▸ XML Editor) or write the words it stands for"
            : nil
        if finding.isError {
            return "emoji \(finding.sequence) (\(finding.codePoints)) in \(what)" + (inkscape ?? "; emoji are full colour and must never stand in for a glyph or its text: remove it")
        }
        return "\(finding.sequence) (\(finding.codePoints)) in \(what) is often drawn as an emoji on Apple platforms" + (inkscape ?? "; use a plain-text alternative or remove it")
    }
}
