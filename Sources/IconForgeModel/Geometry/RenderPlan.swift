/// Where a glyph's artboard lands on an output canvas: its scale and top-left corner.
package struct RenderPlan: Equatable, Sendable {
    /// Canvas width and height in pixels.
    package var canvasWidth: Int
    package var canvasHeight: Int
    package var pixelsPerPoint: Double
    /// Canvas position of the artboard's top-left corner, in pixels.
    package var originX: Double
    package var originY: Double

    /// Bumped whenever the same glyph and options would be placed differently (2: @3x at the
    /// shape's own scale, 80/27 or 88/30 px/pt; 3: fit modes keep an allowed optical offset;
    /// 4: the artboard is the width and height in their units, not the viewBox in points;
    /// 5: ink boxes from the drawing's geometry, refined at 64 px per unit, `InkMeasurement`;
    /// 6: shapes wholly off the artboard left out, `OffArtboardShapes`; 7: set mode plans
    /// from the drawing's geometry and judges what shows by the @3x output it ships).
    /// Part of the build key, so a build by a tool that places glyphs differently renders
    /// every glyph again instead of keeping its files.
    package static let geometryRevision = 7

    /// Template mode: the artboard centred on `scale`'s canvas at the px/pt of `shape`'s
    /// target (`Template.Scale.pixelsPerPoint(for:)`).
    package static func template(artboard: Size, shape: Shape, scale: Template.Scale) -> RenderPlan {
        let ppp = scale.pixelsPerPoint(for: shape)
        let canvas = Double(scale.canvas)
        return RenderPlan(
            canvasWidth: scale.canvas, canvasHeight: scale.canvas, pixelsPerPoint: ppp,
            originX: (canvas - artboard.width * ppp) / 2, originY: (canvas - artboard.height * ppp) / 2)
    }

    /// How far inside its boundary pixels a fit-mode glyph's governing edges land. The ink box
    /// is measured from antialiased pixels to about a quarter pixel on curves; keeping the
    /// edges this far inside means measurement error never spills a faint column into the
    /// neighbouring pixel, so the glyph covers exactly the target's whole pixels.
    package static let fitInsetPixels = 0.25

    /// Fit mode: `inkBox` (in artboard points) centred on the canvas and scaled so that its
    /// governing dimension covers exactly the target's pixels for its shape.
    /// With `keepingOffsetOf`, the artboard's centre is centred instead of the ink's.
    package static func fit(inkBox: Rect, shape: Shape, scale: Template.Scale, keepingOffsetOf artboard: Size? = nil)
        -> RenderPlan
    {
        let ppp = fitPixelsPerUnit(inkBox: inkBox, shape: shape, scale: scale)
        return fit(
            inkBox: inkBox, artboard: artboard ?? Size(width: 0, height: 0), pixelsPerUnit: ppp,
            keepingOffset: artboard != nil, scale: scale)
    }

    /// The pixels per unit that bring `inkBox`'s governing dimension to `shape`'s target.
    package static func fitPixelsPerUnit(inkBox: Rect, shape: Shape, scale: Template.Scale) -> Double {
        let governing: Double =
            switch shape {
            case .wide: inkBox.width
            case .tall: inkBox.height
            case .square: max(inkBox.width, inkBox.height)
            }
        return (Double(scale.target(for: shape)) - 2 * fitInsetPixels) / governing
    }

    /// Fit mode at a given scale (`--fit=set`): `inkBox` centred on the canvas at
    /// `pixelsPerUnit`; with `keepingOffset`, the artboard's centre is centred instead, so
    /// an optical offset of the ink (an `allowOffCenter` glyph) survives, scaled.
    package static func fit(
        inkBox: Rect, artboard: Size, pixelsPerUnit ppp: Double, keepingOffset: Bool, scale: Template.Scale
    ) -> RenderPlan {
        let centre = Double(scale.canvas) / 2
        let midX = keepingOffset ? artboard.width / 2 : inkBox.midX
        let midY = keepingOffset ? artboard.height / 2 : inkBox.midY
        return RenderPlan(
            canvasWidth: scale.canvas, canvasHeight: scale.canvas, pixelsPerPoint: ppp,
            originX: centre - midX * ppp, originY: centre - midY * ppp)
    }

    /// The canvas rectangle the artboard maps to, in pixels.
    package func viewport(artboard: Size) -> Rect {
        Rect(x: originX, y: originY, width: artboard.width * pixelsPerPoint, height: artboard.height * pixelsPerPoint)
    }

    /// Converts a rectangle in canvas pixels to artboard points.
    package func points(fromPixels rect: Rect) -> Rect {
        Rect(
            x: (rect.x - originX) / pixelsPerPoint, y: (rect.y - originY) / pixelsPerPoint,
            width: rect.width / pixelsPerPoint, height: rect.height / pixelsPerPoint)
    }

    /// Converts a rectangle in artboard points to canvas pixels.
    package func pixels(fromPoints rect: Rect) -> Rect {
        Rect(
            x: originX + rect.x * pixelsPerPoint, y: originY + rect.y * pixelsPerPoint,
            width: rect.width * pixelsPerPoint, height: rect.height * pixelsPerPoint)
    }

    /// The whole canvas, in artboard points.
    package var canvasInPoints: Rect {
        points(fromPixels: Rect(x: 0, y: 0, width: Double(canvasWidth), height: Double(canvasHeight)))
    }

    package init(canvasWidth: Int, canvasHeight: Int, pixelsPerPoint: Double, originX: Double, originY: Double) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.pixelsPerPoint = pixelsPerPoint
        self.originX = originX
        self.originY = originY
    }
}
