/// Rules judged on the SVG markup itself, before librsvg sees the file.
package enum MarkupChecks {
    package struct Result: Sendable {
        package var diagnostics: [Diagnostic] = []
        /// False when the file must not reach librsvg (unparseable, or it references
        /// resources beyond itself).
        package var safeToRender = true
        /// Where the `<svg>` root starts, for findings about the whole drawing.
        package var rootLocation: SourceLocation?
        /// Every fill and stroke that an element paints with, in document order: what the
        /// monochrome rule judges, once the pixels have weighed them (`PaintJudgement`).
        package var paintUses: [PaintUse] = []
        /// A filled shape covering the whole artboard, behind a glyph of another colour
        /// (matplotlib's white figure background): not part of the glyph.
        package var background: PaintUse?
        /// How far an element's span lies from the same bytes in `renderable`.
        package var renderableShift = 0
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
        /// The stroke width in user units when all the glyph paints is strokes of that one
        /// width, drawn without a transform (no fill, no `<use>`, no marker, no
        /// non-scaling stroke): what its strokes are as exported follows from the user space
        /// alone, however they overlap (`InkWeight`). Nil otherwise.
        package var uniformStrokeWidth: Double?
        /// The root's page as written, and its editor: what a page that is not the
        /// template's is named by (`GeometryChecks`).
        package var page: PageNote?
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
        return element.localName == "g"
            && element.attributes.contains {
                $0.localName == "label" && $0.namespace == inkscapeNamespace && $0.value == "Guides"
            }
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
        "stop-color": ["stop"], "flood-color": ["feFlood", "feDropShadow"],
        "lighting-color": ["feDiffuseLighting", "feSpecularLighting"],
    ]

    /// Elements whose content never paints with its own colours: masks and clip paths use
    /// luminance or geometry; paint servers are judged where they are used (as gradients or
    /// patterns); metadata and accessibility text are never drawn.
    static let nonPaintingContainers: Set<String> = paintServers.union([
        "mask", "clipPath", "metadata", "title", "desc",
    ])
    /// Elements that paint with several colours where they are referenced (`fill="url(#id)"`).
    static let paintServers: Set<String> = [
        "linearGradient", "radialGradient", "pattern", "meshgradient", "meshGradient",
    ]
    /// Elements whose content paints only where something references it.
    static let definitionContainers: Set<String> = ["defs", "symbol", "marker"]
    /// SMIL animation elements: the static render ignores them.
    static let animationElements: Set<String> = ["animate", "set", "animateTransform", "animateMotion", "animateColor"]

    /// Elements that draw with a fill and a stroke of their own (a `<use>` draws its target).
    static let paintingElements: Set<String> = [
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "textPath",
    ]
    /// The properties the paint survey reads through the CSS cascade.
    static let cascadedPaintProperties: Set<String> = [
        "fill", "stroke", "stroke-width", "fill-opacity", "stroke-opacity", "opacity", "stop-color", "flood-color",
        "lighting-color",
    ]

    /// The finding on a condition evaluated where the SVG is drawn: `systemLanguage` (the
    /// viewer's language) or, on a `<switch>`'s child, `requiredFeatures` (the renderer's).
    static func conditionMessage(_ name: String, value: String) -> String {
        let depends =
            name == "systemLanguage"
            ? "the language of the machine that draws it" : "which SVG features the program drawing it claims"
        return
            "\(name)=\"\(value)\" makes what the glyph shows depend on \(depends); iconforge renders with a fixed language (none matches), but other consumers of the SVG choose by their own: glyphs draw the same everywhere, so keep the one drawing you mean and delete the condition (in a <switch>, delete the other choices)"
    }

    /// The root's artboard in user units: its viewBox, else its width and height as numbers.
    static func artboard(of root: XMLElement) -> Rect? {
        if let viewBox = root.attribute("viewBox")?.value {
            let numbers = ShapeOutline.numbers(in: viewBox)
            guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
            return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
        // With no viewBox the user units are CSS px, whatever the unit of the width (SVG's
        // rule, as librsvg reads it): `width="6.35mm"` spans 24 units.
        func length(_ name: String) -> Double? {
            guard var value = root.attribute(name)?.value.trimmed() else { return nil }
            var unitsPer = 1.0
            for (unit, pixels) in [
                ("px", 1.0), ("pt", 96.0 / 72), ("pc", 16.0), ("mm", 96 / 25.4), ("cm", 96 / 2.54), ("in", 96.0),
            ] where value.hasSuffix(unit) {
                (value, unitsPer) = (String(value.dropLast(2)), pixels)
                break
            }
            return Double(value).flatMap { $0 > 0 ? $0 * unitsPer : nil }
        }
        guard let width = length("width"), let height = length("height") else { return nil }
        return Rect(x: 0, y: 0, width: width, height: height)
    }

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

    private struct Checker {
        let file: String
        var result = Result()
        /// What `survey(_:)` learns of the whole file, before any element is checked.
        var surveyed = Survey()
        /// What `visit(_:)`, and the paint it collects, keep track of as they go.
        var visiting = VisitState()

        /// What the survey learns of the whole file; only read after it.
        struct Survey {
            /// Gradient and pattern elements by id.
            var paintServers: [String: XMLElement] = [:]
            /// Every element with an id, by id (the first, as librsvg takes it).
            var elementsByID: [String: XMLElement] = [:]
            /// ids something in the file references other than a `<use>` (`url(#id)`, a
            /// gradient's `href`): such definitions paint in place. What a `<use>` draws is
            /// painted through the `<use>`, inheriting from it.
            var referencedIDs: Set<String> = []
            /// What `currentColor` stands for: the one `color` the file sets (black, CSS's
            /// initial value, if none); with several different ones it stays its own colour.
            var currentColor = PaintUse.Paint.color(PixelColor(red: 0, green: 0, blue: 0))
            /// What each element declares for the paint properties, `<style>` rules included.
            var paints = ColorCascade(
                root: XMLElement(
                    name: "svg", localName: "svg", attributes: [], children: [], text: "",
                    location: SourceLocation(line: 1, column: 1)), properties: [])
            /// In a file that sets several colours, what each element's `color` is (nil when
            /// its rules cannot be resolved, or the file sets at most one colour).
            var cascade: ColorCascade?
            /// The artboard in user units (the viewBox, else width and height), for telling a
            /// background from the glyph.
            var artboard: Rect?
        }

        /// What the visit keeps track of as it goes.
        struct VisitState {
            /// Elements still to be visited through `<use>`: a `<use>` fan-out cannot make the
            /// paint survey unbounded.
            var cloneBudget = 20_000
            /// The index in `result.paintUses` of the first fill that covers the artboard.
            var backgroundCandidate: Int?
            /// Where the first displayed guide of the template is, if the glyph holds one.
            var guides: SourceLocation?
            /// The width of every stroke painted so far, while all paint is strokes of one plain
            /// width (`Result.uniformStrokeWidth`); nil once anything else is painted.
            var strokeWidths: (width: Double?, uniform: Bool) = (nil, true)
        }

        init(file: String) { self.file = file }

        /// A finding with the rule's severity, or its warning variant.
        mutating func report(_ rule: RuleID, at location: SourceLocation?, _ message: String, warning: Bool = false) {
            result.diagnostics.append(
                warning
                    ? Diagnostic(warningOf: rule, file: file, at: location, message)
                    : Diagnostic(rule, file: file, at: location, message))
        }

        mutating func run(_ source: GlyphSource, limits: Limits) -> Result {
            guard let document = parse(source, limits: limits) else { return result }
            let root = document.root
            blankPageClips(in: document)
            survey(root)
            visit(root)
            checkUses(in: root)
            finish(source)
            return result
        }

        /// The document, when the file is an SVG document librsvg may be given; nil (with
        /// the finding, and `result.safeToRender` false) when it is not.
        mutating func parse(_ source: GlyphSource, limits: Limits) -> XMLDocument? {
            if let problem = FileSniffer.problem(with: source.bytes) {
                report(.svgParse, at: nil, problem)
                result.safeToRender = false
                return nil
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
                return nil
            }
            result.renderable = document.renderable
            let root = document.root
            result.rootLocation = root.location
            result.preserveAspectRatio = PreserveAspectRatio(parsing: root.attribute("preserveAspectRatio")?.value)
            guard root.localName == "svg", root.namespace == svgNamespace else {
                let found =
                    root.namespace.map { "<\(root.name)> in namespace \($0)" } ?? "<\(root.name)> with no namespace"
                let hint =
                    root.localName == "svg"
                    ? "add xmlns=\"http://www.w3.org/2000/svg\" to the root element" : "export the glyph as SVG"
                report(.svgParse, at: root.location, "root element is \(found), not an SVG <svg> element; \(hint)")
                result.safeToRender = false
                return nil
            }
            // An external DTD identifier alone is harmless: neither iconforge nor librsvg
            // ever fetches one. Entities were expanded (or refused) by the scanner.
            for instruction in document.processingInstructions where instruction.target == "xml-stylesheet" {
                report(
                    .svgExternal, at: instruction.location,
                    "<?xml-stylesheet?> loads an external stylesheet; move the styles into attributes")
            }
            if let viewBox = root.attribute("viewBox"), let problem = AttributeSyntax.viewBoxProblem(viewBox.value) {
                report(.svgParse, at: viewBox.location, problem)
                result.safeToRender = false
                return nil
            }
            return document
        }

        /// Blanks what the page clips away (`PageClip`) in the bytes librsvg renders: with
        /// spaces, not removed, so that every span found later keeps its offset.
        mutating func blankPageClips(in document: XMLDocument) {
            result.renderableShift = document.renderableShift
            for span in PageClip.spans(in: document.root, artboard: MarkupChecks.artboard(of: document.root)) {
                blank(span)
            }
        }

        /// Where an element's span (in the text the scanner read) lies in `renderable`.
        func renderableSpan(_ span: Range<Int>) -> Range<Int> {
            span.lowerBound + result.renderableShift..<span.upperBound + result.renderableShift
        }

        /// Replaces an element's bytes with spaces in what librsvg renders.
        mutating func blank(_ span: Range<Int>) {
            let shifted = renderableSpan(span)
            if let count = result.renderable?.count, shifted.lowerBound >= 0, shifted.upperBound <= count {
                result.renderable?.replaceSubrange(
                    shifted, with: repeatElement(UInt8(ascii: " "), count: shifted.count))
            }
        }

        /// What the `<use>` references expand to: too many drawn elements, or a cycle.
        mutating func checkUses(in root: XMLElement) {
            let drawn = UseExpansion.drawnElements(root)
            if drawn.count > UseExpansion.maximumDrawnElements {
                report(
                    .svgLimit, at: drawn.largestUse ?? root.location,
                    "<use> references expand this glyph to more than \(UseExpansion.maximumDrawnElements) drawn elements (the <use> expansion limit), each of which librsvg would draw; refer to the shapes themselves, or expand the copies in the drawing tool"
                )
                result.safeToRender = false
            }
            for cycle in drawn.cycles {
                report(
                    .svgUseCycle, at: cycle.location,
                    "<use> refers to an element that leads back to it through other references (a cycle), an endless loop that librsvg refuses to draw; point one of them at a shape outside the loop"
                )
                // librsvg skips the <use> that closes the loop, but only after a detour that
                // made one glyph take 6 s (50 times as long as without it): it is not given
                // the <use> at all, which draws the same pixels.
                blank(cycle.span)
            }
        }

        /// Once every element is visited: the template's guides, the paint settled, the
        /// uniform stroke width, and whether librsvg may see the file.
        mutating func finish(_ source: GlyphSource) {
            if let guides = visiting.guides {
                result.holdsTemplateGuides = true
                report(
                    .glyphTemplate, at: guides,
                    "the glyph still holds the template's Guides layer (its 35, 30 and 27 pt boxes and centre lines would be measured and drawn as part of the glyph); delete the Guides layer (or hide it) and save again"
                )
            }
            settlePaint()
            // A non-scaling stroke is as wide on the canvas whatever the user space.
            if visiting.strokeWidths.uniform, result.background == nil, !result.paintUses.isEmpty,
                result.paintUses.allSatisfy({ $0.property == "stroke" }),
                !ASCIIWords.contains("non-scaling-stroke", in: source.bytes)
            {
                result.uniformStrokeWidth = visiting.strokeWidths.width
            }
            // librsvg must never see a file that reaches beyond itself, nor decode an
            // embedded raster (gdk-pixbuf's image decoders are attack surface we do not need).
            if result.diagnostics.contains(where: { $0.rule == .svgExternal || $0.rule == .svgRaster }) {
                result.safeToRender = false
            }
        }

        /// Reads what the checks need to know before visiting: paint-server ids, referenced
        /// ids, and the `color` values that `currentColor` resolves to.
        mutating func survey(_ root: XMLElement) {
            var colorValues: [PixelColor] = []
            root.forEachElement { element in
                let isSVG = element.namespace == svgNamespace
                // What a marker draws is scaled by the stroke width it sits on.
                if element.localName == "marker" { visiting.strokeWidths.uniform = false }
                if let id = element.attribute("id")?.value, surveyed.elementsByID[id] == nil {
                    surveyed.elementsByID[id] = element
                    if isSVG, MarkupChecks.paintServers.contains(element.localName) {
                        surveyed.paintServers[id] = element
                    }
                }
                var declared: [String] = []
                for attribute in element.attributes {
                    if attribute.localName == "href",
                        attribute.namespace == nil || attribute.namespace == xlinkNamespace
                    {
                        let target = attribute.value.trimmed()
                        if target.hasPrefix("#"), !(isSVG && element.localName == "use") {
                            surveyed.referencedIDs.insert(String(target.dropFirst()))
                        }
                    } else if attribute.namespace == nil, ASCIIWords.containsExactly("url(", in: attribute.value) {
                        noteReferences(in: attribute.value)
                    }
                    if isSVG, attribute.namespace == nil, attribute.localName == "color" {
                        declared.append(attribute.value)
                    }
                }
                if isSVG, let style = element.attribute("style") {
                    declared += CSSDeclarations.parseInline(style.value).filter { $0.property == "color" }.map(\.value)
                }
                if isSVG, element.localName == "style" {
                    noteReferences(in: element.text)
                    declared += CSSDeclarations.parseStyleSheet(element.text).filter { $0.property == "color" }.map(
                        \.value)
                }
                for value in declared {
                    if case .color(let color) = CSSPaint.parse(value) {
                        let pixel = PixelColor(red: color.red, green: color.green, blue: color.blue)
                        if !colorValues.contains(where: { ColorDifference.same($0, pixel) }) {
                            colorValues.append(pixel)
                        }
                    }
                }
            }
            if colorValues.count == 1 { surveyed.currentColor = .color(colorValues[0]) }
            if colorValues.count > 1 {
                surveyed.currentColor = .ambiguousCurrentColor
                surveyed.cascade = ColorCascade(root: root)
            }
            surveyed.paints = ColorCascade(root: root, properties: MarkupChecks.cascadedPaintProperties)
            surveyed.artboard = MarkupChecks.artboard(of: root)
            result.page = PageNote(root: root)
        }

        mutating func noteReferences(in text: String) {
            for reference in CSSDeclarations.references(in: text) {
                let target = reference.target.trimmed()
                if target.hasPrefix("#") { surveyed.referencedIDs.insert(String(target.dropFirst())) }
            }
        }

        /// The paint role of `element` inside a parent of role `parent`.
        func role(of element: XMLElement, inside parent: PaintRole) -> PaintRole {
            if parent == .hidden || element.namespace != svgNamespace { return .hidden }
            if parent == .undisplayed { return .undisplayed }
            let name = element.localName
            if MarkupChecks.nonPaintingContainers.contains(name) { return .hidden }
            if !MarkupChecks.definitionContainers.contains(name), MarkupChecks.isDisplayNone(element) {
                return .undisplayed
            }
            if name == "text", !MarkupChecks.hasVisibleCharacters(element) { return .undisplayed }
            // SVG 1.2's flowed text, which Inkscape 0.92 wrote and no SVG renderer draws.
            if name == "flowRoot" { return .undisplayed }
            let referenced = element.attribute("id").map { surveyed.referencedIDs.contains($0.value) } ?? false
            if parent == .definition || MarkupChecks.definitionContainers.contains(name) {
                return referenced ? .paints : .definition
            }
            return parent
        }

        /// Checks `root` and its descendants, iteratively so that depth costs no stack, and
        /// collects what each paints; what a `<use>` draws is visited again under the `<use>`
        /// (as SVG clones it), for its paint only.
        mutating func visit(_ root: XMLElement) {
            // `color` as the cascade computes it, or nil where it is not known: no cascade, or
            // inside a definition (a `<use>` clone inherits from the `<use>`, not from `<defs>`).
            typealias Entry = (
                element: XMLElement, role: PaintRole, ancestorIDs: [String], inheritedColor: PixelColor?,
                state: PaintState, clone: Range<Int>?, inForeignObject: Bool
            )
            let black = PixelColor(red: 0, green: 0, blue: 0)
            var stack: [Entry] = [
                (
                    root, role(of: root, inside: .paints), [], surveyed.cascade == nil ? nil : black, PaintState(), nil,
                    false
                )
            ]
            while let (element, role, ancestorIDs, inheritedColor, inherited, clone, inForeignObject) = stack.popLast()
            {
                let isDefinition = MarkupChecks.definitionContainers.contains(element.localName) && clone == nil
                let color =
                    isDefinition ? nil : inheritedColor.flatMap { surveyed.cascade?.color(of: element, inherited: $0) }
                if clone == nil {
                    check(element, role: role, ancestorIDs: ancestorIDs)
                    if inForeignObject { checkForeignContent(element) }
                }
                let state = inherited.inherited(by: element, paints: surveyed.paints)
                if role == .paints, element.namespace == svgNamespace {
                    collectPaint(element, state: state, color: color, clone: clone)
                }
                var childIDs = ancestorIDs
                if let id = element.attribute("id")?.value { childIDs.append(id) }
                if role == .paints, element.namespace == svgNamespace, element.localName == "use",
                    let target = useTarget(of: element),
                    let id = target.attribute("id")?.value, !childIDs.contains(id), visiting.cloneBudget > 0
                {
                    visiting.cloneBudget -= 1
                    stack.append(
                        (
                            target, self.role(of: target, inside: .paints) == .hidden ? .hidden : .paints, childIDs,
                            color, state, clone ?? element.span, false
                        ))
                }
                let childrenInForeignObject =
                    inForeignObject || (element.localName == "foreignObject" && element.namespace == svgNamespace)
                for child in element.children.reversed() {
                    if clone != nil {
                        guard visiting.cloneBudget > 0 else { break }
                        visiting.cloneBudget -= 1
                    }
                    var childRole = self.role(of: child, inside: role)
                    // A clone paints what it draws wherever its original sits.
                    if clone != nil, childRole == .definition { childRole = .paints }
                    // The template's guides, displayed: one finding for them all (the first in the
                    // file), and their boxes and colours are not the glyph's.
                    if clone == nil, childRole == .paints, child.namespace == MarkupChecks.svgNamespace,
                        MarkupChecks.isTemplateGuide(child)
                    {
                        if visiting.guides.map({ child.location < $0 }) ?? true { visiting.guides = child.location }
                        childRole = .hidden
                    }
                    stack.append(
                        (child, childRole, childIDs, color, state, clone, childrenInForeignObject && clone == nil))
                }
            }
        }

        /// The element a `<use>` draws, if it is in this file.
        func useTarget(of use: XMLElement) -> XMLElement? {
            let href = use.attribute("href", namespace: xlinkNamespace) ?? use.attribute("href")
            guard let target = href?.value.trimmed(), target.hasPrefix("#") else { return nil }
            return surveyed.elementsByID[String(target.dropFirst())]
        }

        mutating func check(_ element: XMLElement, role: PaintRole, ancestorIDs: [String]) {
            checkKind(of: element, role: role)
            checkText(of: element, role: role)
            for attribute in element.attributes {
                checkAttribute(attribute, on: element, ancestorIDs: ancestorIDs)
            }
        }

        /// What the element is: an include, text, a style sheet, script, animation or a
        /// `<switch>` that chooses by feature.
        mutating func checkKind(of element: XMLElement, role: PaintRole) {
            let name = element.localName
            let isSVG = element.namespace == svgNamespace
            if element.namespace == xincludeNamespace {
                report(
                    .svgExternal, at: element.location,
                    "<\(element.name)> includes another file; paste the content into the glyph instead")
            }
            if isSVG, name == "text", role != .undisplayed {
                report(
                    .svgText, at: element.location,
                    "<text> renders with whatever fonts the machine has; convert the text to outlines (paths) in your editor"
                )
            }
            if isSVG, name == "style" {
                checkStyleSheet(element)
            }
            if isSVG, name == "script" {
                report(
                    .svgDynamic, at: element.location,
                    "<script> never runs in iconforge's render, but other consumers of the SVG may run it; glyphs are static drawings: delete the script"
                )
            }
            if isSVG, MarkupChecks.animationElements.contains(name) {
                report(
                    .svgDynamic, at: element.location,
                    "<\(element.name)> animates the glyph; the PNGs show it unanimated, and other consumers of the SVG will animate it: delete the animation"
                )
            }
            if isSVG, name == "switch" {
                // Illustrator's <foreignObject requiredExtensions> is chosen by no renderer:
                // only requiredFeatures (and systemLanguage, below) choose differently.
                for child in element.children {
                    for attribute in child.attributes
                    where attribute.namespace == nil && attribute.localName == "requiredFeatures" {
                        report(
                            .svgDynamic, at: attribute.location,
                            MarkupChecks.conditionMessage(attribute.localName, value: attribute.value))
                    }
                }
            }
        }

        /// Emoji in the element's text, and whether the glyph draws them.
        mutating func checkText(of element: XMLElement, role: PaintRole) {
            guard !element.text.isEmpty, let start = element.textLocation else { return }
            let emojiError = checkEmoji(in: element.text, at: start, what: "text of <\(element.name)>")
            if emojiError, element.namespace == svgNamespace,
                MarkupChecks.textContentElements.contains(element.localName), role != .undisplayed
            {
                result.drawsEmoji = true
            }
        }

        /// One attribute of `element`: emoji, references, broken path data, conditions and
        /// event handlers.
        mutating func checkAttribute(_ attribute: XMLAttribute, on element: XMLElement, ancestorIDs: [String]) {
            let name = element.localName
            let isSVG = element.namespace == svgNamespace
            let isInclude = element.namespace == xincludeNamespace
            // Inkscape's text-to-path keeps the converted text as the group's aria-label.
            let convertedText = isSVG && name == "g" && attribute.name == "aria-label" && !element.children.isEmpty
            checkEmoji(
                in: attribute.value, at: attribute.valueLocation, what: "attribute '\(attribute.name)'",
                convertedText: convertedText)
            if attribute.localName == "href", !isInclude,
                attribute.namespace == nil || attribute.namespace == xlinkNamespace
            {
                checkReference(attribute, on: element, ancestorIDs: ancestorIDs)
            } else if attribute.namespace == nil, attribute.localName == "style" {
                checkCSSReferences(in: attribute.value, start: attribute.valueLocation)
            } else if attribute.namespace == nil, attribute.localName == "d", name == "path", isSVG,
                let problem = PathDataSyntax.problem(in: attribute.value)
            {
                let bad = String(
                    decoding: attribute.value.utf8.dropFirst(problem.utf8Offset).prefix(12), as: UTF8.self)
                let shown = bad.isEmpty ? "the end" : "'\(bad)'"
                report(
                    .svgParse, at: attribute.valueLocation.advanced(by: problem.utf8Offset, in: attribute.value),
                    "path data is broken at \(shown): \(problem.reason); librsvg stops drawing the path there: fix or re-export the path"
                )
            } else if attribute.namespace == nil {
                checkUnqualifiedAttribute(attribute, isSVG: isSVG)
            }
        }

        /// An attribute in no namespace: a condition, an event handler, or one that may name
        /// a URL or paint.
        mutating func checkUnqualifiedAttribute(_ attribute: XMLAttribute, isSVG: Bool) {
            if isSVG, attribute.localName == "systemLanguage" {
                report(
                    .svgDynamic, at: attribute.location,
                    MarkupChecks.conditionMessage(attribute.localName, value: attribute.value))
            }
            if isSVG, attribute.localName.utf8.count > 2, attribute.localName.lowercased().hasPrefix("on") {
                report(
                    .svgDynamic, at: attribute.location,
                    "event handler '\(attribute.name)' is script, which iconforge's render ignores and other consumers may run; glyphs are static drawings: delete the attribute"
                )
            }
            if MarkupChecks.urlAttributes.contains(attribute.localName)
                || MarkupChecks.paintProperties.contains(attribute.localName)
            {
                checkCSSReferences(in: attribute.value, start: attribute.valueLocation)
            }
        }

        /// Attributes that make HTML (or any foreign markup a renderer might show inside a
        /// `<foreignObject>`) load something: what a browser would fetch for the page.
        static let foreignReferenceAttributes: Set<String> = [
            "src", "href", "srcset", "data", "poster", "action", "formaction", "background", "codebase", "cite",
            "longdesc",
            "manifest", "ping", "usemap", "archive", "classid", "lowsrc", "dynsrc", "imagesrcset",
        ]

        /// An element inside a `<foreignObject>`: librsvg draws none of it, but a browser or
        /// another tool showing the SVG would load what it refers to, so a reference to
        /// anything but this file is refused as any other is (a style sheet's too).
        mutating func checkForeignContent(_ element: XMLElement) {
            guard element.namespace != svgNamespace else { return }
            for attribute in element.attributes
            where Self.foreignReferenceAttributes.contains(attribute.localName.lowercased()) {
                let target = attribute.value.trimmed()
                guard !target.isEmpty, !target.hasPrefix("#") else { continue }
                let shown = target.count > 80 ? String(target.prefix(77)) + "…" : target
                report(
                    .svgExternal, at: attribute.location,
                    "<\(element.name)> inside <foreignObject> has '\(attribute.name)' pointing at '\(shown)', which a browser showing the SVG would load; glyphs must be self-contained: delete the <foreignObject>"
                )
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
                    report(
                        .svgUseCycle, at: attribute.location,
                        "<use> refers to \(what) ('#\(id)'), an endless loop that librsvg refuses to draw; point it at a shape outside it"
                    )
                    blank(element.span)  // as for a longer cycle (checkUses)
                }
                return
            }
            if target.lowercased().hasPrefix("data:") {
                if element.localName == "image" || element.localName == "feImage" {
                    report(
                        .svgRaster, at: element.location,
                        "<\(element.name)> embeds a raster image; glyphs must be vector outlines, so trace it or redraw it as paths"
                    )
                } else {
                    report(
                        .svgExternal, at: attribute.location,
                        "'\(attribute.name)' loads a data: document; reference an element in this file with '#id' instead"
                    )
                }
                return
            }
            let shown = target.count > 80 ? String(target.prefix(77)) + "…" : target
            report(
                .svgExternal, at: attribute.location,
                "<\(element.name)> '\(attribute.name)' points at '\(shown)', outside this glyph; glyphs must be self-contained: paste the content in and reference it with '#id'"
            )
        }

        mutating func checkStyleSheet(_ element: XMLElement) {
            let text = element.text
            let start = element.textLocation ?? element.location
            checkCSSReferences(in: text, start: start)
        }

        mutating func checkCSSReferences(in text: String, start: SourceLocation) {
            var cursor = SourceCursor(text, location: start)
            for reference in CSSDeclarations.references(in: text) where !reference.target.trimmed().hasPrefix("#") {
                let location = cursor.location(at: reference.utf8Offset)
                report(
                    .svgExternal, at: location,
                    "CSS refers to '\(reference.target)', outside this glyph; glyphs must be self-contained: use '#id' references only"
                )
            }
        }

        /// Records the fill and stroke `element` paints with, if it draws any.
        mutating func collectPaint(_ element: XMLElement, state: PaintState, color: PixelColor?, clone: Range<Int>?) {
            guard !state.hidden else { return }
            // Filter primitives that paint a colour of their own: a red `<feFlood>` shadow.
            for (property, elements) in MarkupChecks.paintPropertyElements
            where property != "stop-color" && elements.contains(element.localName) {
                if let declared = surveyed.paints.declared(property, on: element) {
                    visiting.strokeWidths.uniform = false
                    let value = PaintState.Value(
                        text: declared.value, location: declared.location, owner: element.location,
                        ownerName: element.name)
                    addPaint(value, property: property, on: element, span: nil, color: color)
                }
            }
            guard MarkupChecks.paintingElements.contains(element.localName) else { return }
            let outline = ShapeOutline.of(element)
            let span = clone ?? element.span
            let shifted = renderableSpan(span)
            if outline?.hasArea ?? true, !PaintState.isZero(state.fillOpacity) {
                let before = result.paintUses.count
                addPaint(state.fill, property: "fill", on: element, span: shifted, color: color)
                // A background: a filled rectangle, drawn untransformed, covering the artboard.
                if result.paintUses.count > before, visiting.backgroundCandidate == nil, !state.transformed,
                    let rectangle = outline?.rectangle,
                    let artboard = surveyed.artboard, rectangle.covers(artboard)
                {
                    visiting.backgroundCandidate = before
                }
            }
            if PaintState.width(state.strokeWidth) > 0, !PaintState.isZero(state.strokeOpacity) {
                let before = result.paintUses.count
                addPaint(state.stroke, property: "stroke", on: element, span: shifted, color: color)
                if result.paintUses.count > before { noteStrokeWidth(state, cloned: clone != nil) }
            }
        }

        /// Keeps `Result.uniformStrokeWidth` up to date with a stroke just painted.
        mutating func noteStrokeWidth(_ state: PaintState, cloned: Bool) {
            var text = state.strokeWidth.trimmed()
            if text.hasSuffix("px") { text = String(text.dropLast(2)) }
            guard !state.transformed, !cloned, let width = Double(text), width.isFinite, width > 0,
                visiting.strokeWidths.width.map({ abs($0 - width) <= 1e-9 * width }) ?? true
            else {
                visiting.strokeWidths.uniform = false
                return
            }
            visiting.strokeWidths.width = width
        }

        /// The paint `value` gives `property` on `element`, recorded as a `PaintUse`.
        mutating func addPaint(
            _ value: PaintState.Value, property: String, on element: XMLElement, span: Range<Int>?, color: PixelColor?
        ) {
            let paint: PaintUse.Paint
            let shown: String
            switch CSSPaint.parse(value.text) {
            case .none, .inherit, .invalid:
                return
            case .currentColor:
                if let color {
                    (paint, shown) = (.color(color), color.hex + " from currentColor")
                } else {
                    paint = surveyed.currentColor
                    if case .color(let resolved) = surveyed.currentColor {
                        shown = resolved.hex + " from currentColor"
                    } else {
                        shown = "currentColor"
                    }
                }
            case .color(let color):
                // Opacity never makes a second colour: the system tints with alpha.
                guard color.alpha > 0 else { return }
                (paint, shown) = (.color(PixelColor(red: color.red, green: color.green, blue: color.blue)), color.hex)
            case .url(let target):
                let id = target.hasPrefix("#") ? String(target.dropFirst()) : target
                guard let server = serverPaint(id, color: color) else { return }
                paint = server
                if case .color(let one) = server {
                    shown = "\(one.hex) (every colour of '\(id)')"
                } else {
                    shown = "gradient or pattern '\(id)'"
                }
            }
            let location: SourceLocation
            var origin: String?
            if let declared = value.location, value.owner == element.location, value.rule == nil {
                location = declared
            } else {
                location = element.location
                if value.owner == nil {
                    origin = "the default \(property) of a <\(element.name)> that sets none"
                } else if let rule = value.rule, let declared = value.location {
                    origin = "from the <style> rule '\(rule)' at \(declared.line):\(declared.column)"
                } else if let owner = value.owner, owner != element.location {
                    origin = "inherited from <\(value.ownerName)> at \(owner.line):\(owner.column)"
                }
            }
            result.paintUses.append(
                PaintUse(paint: paint, shown: shown, origin: origin, property: property, location: location, span: span)
            )
        }

        /// What a `url(#id)` paint is: one colour when every stop of the gradient (or every
        /// paint inside the pattern) is one colour as a person sees it, else the server
        /// itself; nil when it paints nothing (no such element, a gradient without stops).
        func serverPaint(_ id: String, color: PixelColor?) -> PaintUse.Paint? {
            guard var server = surveyed.paintServers[id] else { return nil }
            // A gradient or pattern without content of its own takes its `href`'s.
            for _ in 0..<8 {
                let hasContent =
                    server.localName == "pattern"
                    ? !server.children.isEmpty : server.children.contains { $0.localName == "stop" }
                guard !hasContent, let next = useTarget(of: server), MarkupChecks.paintServers.contains(next.localName)
                else { break }
                server = next
            }
            var colours: [PixelColor] = []
            if server.localName == "linearGradient" || server.localName == "radialGradient" {
                for stop in server.children where stop.localName == "stop" && stop.namespace == svgNamespace {
                    let value = surveyed.paints.declared("stop-color", on: stop)?.value ?? "black"
                    switch CSSPaint.parse(value) {
                    case .color(let c): colours.append(PixelColor(red: c.red, green: c.green, blue: c.blue))
                    case .currentColor:
                        guard case .color(let resolved) = color.map(PaintUse.Paint.color) ?? surveyed.currentColor
                        else { return .server(id) }
                        colours.append(resolved)
                    default: return .server(id)
                    }
                }
            } else if server.localName == "pattern" {
                var stack: [(XMLElement, PaintState)] = server.children.map { ($0, PaintState()) }
                var visited = 0
                while let (element, inherited) = stack.popLast() {
                    visited += 1
                    guard visited < 1_000, element.namespace == svgNamespace else { return .server(id) }
                    let state = inherited.inherited(by: element, paints: surveyed.paints)
                    if !state.hidden, MarkupChecks.paintingElements.contains(element.localName) {
                        for (value, applies) in [
                            (state.fill, ShapeOutline.of(element)?.hasArea ?? true),
                            (state.stroke, PaintState.width(state.strokeWidth) > 0),
                        ] where applies {
                            switch CSSPaint.parse(value.text) {
                            case .none: continue
                            case .color(let c): colours.append(PixelColor(red: c.red, green: c.green, blue: c.blue))
                            default: return .server(id)
                            }
                        }
                    }
                    stack += element.children.map { ($0, state) }
                }
            } else {
                return .server(id)
            }
            guard let first = colours.first else { return nil }
            return colours.allSatisfy({ ColorDifference.same($0, first) }) ? .color(first) : .server(id)
        }

        /// Paint declared under selectors the cascade does not understand counts where it is
        /// written; a background is set apart from the glyph's paint.
        mutating func settlePaint() {
            var written: [PaintUse] = []
            for declaration in surveyed.paints.unresolved
            where declaration.property == "fill" || declaration.property == "stroke" {
                switch CSSPaint.parse(declaration.value) {
                case .color(let color) where color.alpha > 0:
                    written.append(
                        PaintUse(
                            paint: .color(PixelColor(red: color.red, green: color.green, blue: color.blue)),
                            shown: color.hex,
                            property: declaration.property, location: declaration.location, span: nil))
                case .url(let target):
                    let id = target.hasPrefix("#") ? String(target.dropFirst()) : target
                    if case .server? = serverPaint(id, color: nil) {
                        written.append(
                            PaintUse(
                                paint: .server(id), shown: "gradient or pattern '\(id)'",
                                property: declaration.property, location: declaration.location, span: nil))
                    }
                default:
                    break
                }
            }
            result.paintUses = written + result.paintUses
            if let index = visiting.backgroundCandidate.map({ $0 + written.count }) {
                let background = result.paintUses[index]
                if result.paintUses.contains(where: {
                    $0.span != background.span && !$0.paint.matches(background.paint)
                }) {
                    result.background = background
                    result.paintUses.removeAll { $0.span == background.span }
                }
            }
        }

        /// Reports the emoji in `text`; whether any of them is an error (not a warning).
        @discardableResult
        mutating func checkEmoji(in text: String, at start: SourceLocation, what: String, convertedText: Bool = false)
            -> Bool
        {
            // Fast path: pure ASCII text cannot hold emoji that are errors or warnings.
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
            var cursor = SourceCursor(text, location: start)
            var foundError = false
            for finding in EmojiScanner.findings(in: text) {
                let location = cursor.location(at: finding.utf8Offset)
                report(
                    .glyphEmoji, at: location,
                    EmojiMessages.message(for: finding, in: what, convertedText: convertedText),
                    warning: !finding.isError)
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
        let inkscape =
            convertedText
            ? ": it is Inkscape's copy of the text it converted to paths (Path ▸ Object to Path keeps it as the group's aria-label); the drawing is the paths, so delete the aria-label (Edit ▸ XML Editor) or write the words it stands for"
            : nil
        if finding.isError {
            return "emoji \(finding.sequence) (\(finding.codePoints)) in \(what)"
                + (inkscape ?? "; emoji are full colour and must never stand in for a glyph or its text: remove it")
        }
        return "\(finding.sequence) (\(finding.codePoints)) in \(what) is often drawn as an emoji on Apple platforms"
            + (inkscape ?? "; use a plain-text alternative or remove it")
    }
}
