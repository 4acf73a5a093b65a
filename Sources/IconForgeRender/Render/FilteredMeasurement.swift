/// A document that may apply a filter, measured at the output's resolution.
///
/// librsvg runs a filter on an image the size of the whole viewport, whatever the canvas, so
/// the bands, recordings and fine renders that measure other drawings each pay for the filter
/// at their resolution (280 pixels across even capped: a dozen times the pixels of the @3x
/// output, for each of about ten draws). A blur's edge is also no edge at all: how far it
/// reaches depends on the alpha a person is said to see, and that is judged on the output's
/// pixels (`AlphaBounds.visibleAlpha`), so measuring it finer only finds faint ink the output
/// does not show (a 2-unit blurred disc measured 6 px wider each side than its @3x PNG, which
/// the placement guard then failed).
///
/// So a filtered drawing whose ink lies inside its artboard is measured from one render of the
/// artboard at the @3x output's resolution, and judged by the @3x output itself: about what
/// rsvg-convert spends on it. Ink that reaches the artboard's edge (cut there, or past it) is
/// measured as other drawings are.
extension InkMeasurement {
    /// Pixels per unit of the render that measures a filtered drawing when the output's scale
    /// is not known before its ink box is (the fit modes): the @3x canvas across the
    /// artboard's longer side, which is the output's own scale for ink as large as the canvas
    /// and a little under it for smaller ink (a 20-unit glyph on a 24-unit artboard: 4.33
    /// where its output is 4.03).
    static func filterPixelsPerUnit(artboard: Size) -> Double {
        Double(outputScale.canvas) / max(artboard.width, artboard.height, 1e-9)
    }

    private static var outputScale: Template.Scale { Template.scales[Template.scales.count - 1] }

    /// How far (in output pixels) the ink the judging render shows may be from where its plan
    /// put the box before the box is taken from that render instead; also the `judgingSlack`
    /// that marks a box measured at the output's resolution (the others' are 1 and 1.5).
    static let filterSettle = 0.5

    /// The ink box of a filtered drawing, measured on one render at `scale` px per unit (the
    /// output's), from its pixels that show, then judged by the @3x output
    /// (`judgedAtOutput`); nil when that render cannot measure it (nothing shows, ink reaches
    /// the artboard's edge, the render is too large, or librsvg failed: `failed`), and the
    /// general measurement follows. `draws` counts the renders made (tests); `crop` is the
    /// copy the judging renders draw through (`CanvasCrop`).
    ///
    /// Without `judging` (set mode's planning pass) the box is judged so too, by --fit=glyph's
    /// own @3x output, and marked (`judgingSlack`) for the render pass to judge by the set's
    /// (`judge`). A glyph alone in its set is placed there as --fit=glyph places it, so that
    /// judgement stands at once and its render ships; judged from the artboard's render
    /// instead, a blur's visible edge always moved by more than `filterSettle` at the
    /// output's scale, the set was planned again, and the glyph drawn twice.
    static func measuredAtOutputScale(
        _ handle: SVGHandle, artboard: Size, scale: Double, judging: Bool, shown: inout ShownRender?,
        keepingTheRender: Bool, failed: inout Bool,
        draws: WorkCount? = nil, crop: CanvasCrop? = nil
    ) -> Measured? {
        let columns = (artboard.width * scale).rounded(.up)
        let rows = (artboard.height * scale).rounded(.up)
        guard scale.isFinite, scale > 0, columns > 2, rows > 2, columns * rows <= Double(maximumBandPixels) else {
            return nil
        }
        let plan = RenderPlan(
            canvasWidth: Int(columns), canvasHeight: Int(rows), pixelsPerPoint: scale, originX: 0, originY: 0)
        let maxima: (columns: [UInt8], rows: [UInt8])
        do {
            draws?.count.add(1, ordering: .relaxed)
            maxima = try handle.renderAlphaMaxima(
                width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        } catch {
            failed = true
            return nil
        }
        // Ink that reaches the artboard's edge may be cut there, or run past it: the general
        // measurement says where it ends.
        guard let whole = AlphaBounds.pixelBox(of: maxima), whole.x >= 1, whole.y >= 1, whole.maxX <= columns - 1,
            whole.maxY <= rows - 1,
            let pixels = AlphaBounds.visibleEdges(of: maxima)
        else { return nil }
        let box = plan.points(fromPixels: pixels)
        return Measured(
            box: judgedAtOutput(
                handle, artboard: artboard, box: box, by: nil, shown: &shown, keepingTheRender: keepingTheRender,
                failed: &failed, draws: draws, crop: crop),
            precision: 0, judgingSlack: judging ? nil : filterSettle)
    }

    /// `box` as the @3x output shows it: drawn with `output` (set mode's plan), or without
    /// one with `--fit=glyph`'s plan for a square glyph of this box, re-planned from what it
    /// shows until the two agree to `filterSettle` (at most four renders). Edges the canvas
    /// cuts off are kept from `box`. `shown` is set to the last render when the box stood and
    /// `keep`. `draws` counts the renders made (tests).
    static func judgedAtOutput(
        _ handle: SVGHandle, artboard: Size, box: Rect, by output: RenderPlan?, shown: inout ShownRender?,
        keepingTheRender keep: Bool,
        failed: inout Bool, draws: WorkCount? = nil, crop: CanvasCrop? = nil
    ) -> Rect {
        var box = box
        for _ in 0..<4 {
            let plan = output ?? RenderPlan.fit(inkBox: box, shape: .square, scale: outputScale)
            guard plan.pixelsPerPoint.isFinite, plan.pixelsPerPoint > 0 else { return box }
            let viewport = plan.viewport(artboard: artboard)
            var image: RGBAImage?
            let maxima: (columns: [UInt8], rows: [UInt8])
            do {
                draws?.count.add(1, ordering: .relaxed)
                if keep {
                    image = try CanvasCrop.draw(
                        handle, crop: crop, width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport)
                    maxima = image?.alphaMaxima() ?? ([], [])
                } else {
                    maxima = try CanvasCrop.drawAlphaMaxima(
                        handle, crop: crop, width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport)
                }
            } catch {
                failed = true
                return box
            }
            guard let whole = AlphaBounds.pixelBox(of: maxima), let edges = AlphaBounds.visibleEdges(of: maxima) else {
                return box
            }
            let placed = plan.pixels(fromPoints: box)
            let width = Double(plan.canvasWidth)
            let height = Double(plan.canvasHeight)
            // Where the shown ink runs into the canvas's side, the canvas cut it: the box's edge stands.
            let minX = whole.x > 0 ? edges.x : placed.x
            let minY = whole.y > 0 ? edges.y : placed.y
            let maxX = whole.maxX < width ? edges.maxX : placed.maxX
            let maxY = whole.maxY < height ? edges.maxY : placed.maxY
            let settled = [minX - placed.x, minY - placed.y, maxX - placed.maxX, maxY - placed.maxY].allSatisfy {
                abs($0) <= filterSettle
            }
            if settled {
                shown = image.map { ShownRender(plan: plan, image: $0) }
                return box
            }
            guard maxX > minX, maxY > minY else { return box }
            box = plan.points(fromPixels: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
            // A fixed plan does not move with the box: its render has said all it can.
            if output != nil { return box }
        }
        return box
    }
}
