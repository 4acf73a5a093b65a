/// One fill or stroke that an element really paints with, as the markup gives it: after the
/// CSS cascade and inheritance, on a shape with area (for a fill) or a stroke width, not
/// hidden, not transparent. The monochrome rule is judged on these (`PaintJudgement`).
package struct PaintUse: Sendable, Equatable {
    package enum Paint: Sendable, Equatable {
        case color(PixelColor)
        /// `currentColor` in a file that sets `color` to several values it cannot resolve.
        case ambiguousCurrentColor
        /// A gradient or pattern (by id) of more than one colour.
        case server(String)

        /// Whether two paints are one colour as a person sees it.
        package func matches(_ other: Paint) -> Bool {
            switch (self, other) {
            case (.color(let a), .color(let b)): ColorDifference.same(a, b)
            case (.ambiguousCurrentColor, .ambiguousCurrentColor): true
            default: false
            }
        }
    }

    package var paint: Paint
    /// The paint as a message shows it: `#ff0000`, `#3daee9 from currentColor`, …
    package var shown: String
    /// Where the element gets it, when not from its own declaration: `the default fill of
    /// a <path> that sets none`, `from the <style> rule '.b' at 3:35`, …
    package var origin: String?
    /// `fill` or `stroke`.
    package var property: String
    /// Where the paint is named: the declaration on the element itself, or the element
    /// when it inherits the paint, takes it from a `<style>` rule, or paints the default black.
    package var location: SourceLocation
    /// The bytes of `renderable` to delete so that this paint is not drawn (the element, or
    /// the `<use>` that draws it); nil when no one element carries it.
    package var span: Range<Int>?

    package init(
        paint: Paint, shown: String, origin: String? = nil, property: String, location: SourceLocation,
        span: Range<Int>?
    ) {
        self.paint = paint
        self.shown = shown
        self.origin = origin
        self.property = property
        self.location = location
        self.span = span
    }
}

/// What an element inherits and declares for painting, as the paint survey walks the tree.
struct PaintState: Sendable {
    /// A paint value and where it was set.
    struct Value: Sendable {
        var text: String
        /// Where the declaration is (nil for the initial value).
        var location: SourceLocation?
        /// Where the element that declares it starts (nil for the initial value).
        var owner: SourceLocation?
        var ownerName = ""
        /// The selector of the `<style>` rule it comes from.
        var rule: String?
    }

    /// SVG's initial fill: black, for a shape that sets none.
    var fill = Value(text: "black")
    var stroke = Value(text: "none")
    var strokeWidth = "1"
    var fillOpacity = "1"
    var strokeOpacity = "1"
    /// An element or ancestor at `opacity: 0`: nothing inside is seen.
    var hidden = false
    /// Whether a `transform` applies: the markup's user units are then not the artboard's.
    var transformed = false

    /// The state of `element` inside an element whose state this is.
    func inherited(by element: XMLElement, paints: ColorCascade) -> PaintState {
        var state = self
        let declared = paints.declaredValues(on: element)
        func value(_ property: String) -> Value? {
            guard let declaration = declared[property], case let parsed = CSSPaint.parse(declaration.value),
                parsed != .inherit
            else { return nil }
            return Value(
                text: declaration.value, location: declaration.location, owner: element.location,
                ownerName: element.name, rule: declaration.rule?.selector)
        }
        if let fill = value("fill") { state.fill = fill }
        if let stroke = value("stroke") { state.stroke = stroke }
        if let width = declared["stroke-width"]?.value { state.strokeWidth = width }
        if let opacity = declared["fill-opacity"]?.value { state.fillOpacity = opacity }
        if let opacity = declared["stroke-opacity"]?.value { state.strokeOpacity = opacity }
        if let opacity = declared["opacity"]?.value, Self.isZero(opacity) { state.hidden = true }
        if element.attribute("transform") != nil
            || (element.localName == "svg" && element.attribute("viewBox") != nil && !state.isRoot)
        {
            state.transformed = true
        }
        state.isRoot = false
        return state
    }

    /// Whether the state is the root's parent's (the root's own viewBox is the artboard).
    private var isRoot = true

    /// Whether an opacity value is zero (a number or a percentage).
    static func isZero(_ value: String) -> Bool {
        let text = value.trimmed()
        let number = text.hasSuffix("%") ? Double(text.dropLast()).map { $0 / 100 } : Double(text)
        return number.map { $0 <= 0 } ?? false
    }

    /// A stroke width in user units; 1 (something) when it cannot be read.
    static func width(_ value: String) -> Double {
        var text = value.trimmed()
        for unit in ["px", "pt", "mm", "cm", "in", "pc", "em", "ex", "%"] where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count))
            break
        }
        return Double(text) ?? 1
    }
}

extension Rect {
    /// Whether this rectangle covers `other` (within half a percent of its size).
    func covers(_ other: Rect) -> Bool {
        let slack = 0.005 * max(other.width, other.height)
        return x <= other.x + slack && y <= other.y + slack && maxX >= other.maxX - slack && maxY >= other.maxY - slack
    }
}
