/// The units a fit mode measures ink in: the viewBox's, whatever the root's width and height.
///
/// The output of a fit mode depends only on where the ink lies within the drawing, so an
/// intrinsic size must not size a measuring surface: `width="1e9"` on a 24-unit viewBox put
/// 1e9 points under a measurement that resolves at least 4 px per point, past cairo's
/// fixed-point range, and the glyph came out a quarter of its size, off centre. Measuring
/// happens on the artboard scaled uniformly so that its longer side is the viewBox's, and the
/// box is given back in artboard points (the catalog's and the checks' unit). Template mode
/// and documents without a viewBox measure in points (`points`), where the width and height
/// are the drawing's size.
struct MeasuringUnits: Equatable {
    /// Measuring units per artboard point.
    var perPoint: Double

    static let points = MeasuringUnits(perPoint: 1)

    init(perPoint: Double) { self.perPoint = perPoint }

    /// The units of `viewBox` mapped onto `artboard`, or `points` without a usable viewBox.
    init(artboard: Size, viewBox: Rect?) {
        let longer = max(artboard.width, artboard.height)
        guard let viewBox, longer > 0, longer.isFinite else {
            self = .points
            return
        }
        let ratio = max(viewBox.width, viewBox.height) / longer
        self = ratio.isFinite && ratio > 0 ? MeasuringUnits(perPoint: ratio) : .points
    }

    func size(_ points: Size) -> Size { Size(width: points.width * perPoint, height: points.height * perPoint) }
    func measuring(_ points: Rect) -> Rect { scaled(points, by: perPoint) }
    func points(_ measuring: Rect) -> Rect { scaled(measuring, by: 1 / perPoint) }

    /// A plan in points as one in measuring units: the same viewport, drawn the same.
    func measuring(_ plan: RenderPlan) -> RenderPlan {
        var converted = plan
        converted.pixelsPerPoint = plan.pixelsPerPoint / perPoint
        return converted
    }

    func points(_ plan: RenderPlan) -> RenderPlan {
        var converted = plan
        converted.pixelsPerPoint = plan.pixelsPerPoint * perPoint
        return converted
    }

    func measuring(_ measured: InkMeasurement.Measured) -> InkMeasurement.Measured {
        var converted = measured
        converted.box = measured.box.map(measuring)
        converted.precision = measured.precision * perPoint
        return converted
    }

    func points(_ measured: InkMeasurement.Measured) -> InkMeasurement.Measured {
        var converted = measured
        converted.box = measured.box.map(points)
        converted.precision = measured.precision / perPoint
        return converted
    }

    private func scaled(_ rect: Rect, by factor: Double) -> Rect {
        guard factor != 1 else { return rect }
        return Rect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
    }
}

extension GlyphRenderer {
    /// The ink box measured in `units` (`MeasuringUnits`) and given back in artboard points,
    /// with the box planned before the render that ships judged it (set mode's render pass).
    /// `judgedBy`: the @3x output plan (points) that judges a box (points), where known.
    /// `measuringDraws`: counts the draws that measure a filtered drawing (tests).
    static func measureInk(
        _ handle: inout SVGHandle, data: Data, artboard: Size, units: MeasuringUnits, dimensions: IntrinsicDimensions,
        known: InkMeasurement.Measured?, firstEstimate: Rect?, shown: inout InkMeasurement.ShownRender?, mayShip: Bool,
        measuringOnly: Bool,
        outputScale: Double? = nil, measuringDraws: WorkCount? = nil, crop: CanvasCrop? = nil,
        judgedBy: (Rect) -> RenderPlan?
    ) throws -> (measured: InkMeasurement.Measured, planned: Rect?) {
        let measuring = units.size(artboard)
        let hint = { (handle: SVGHandle) throws -> Rect? in
            try inkEstimate(handle, dimensions: dimensions, artboard: measuring)
        }
        var measured =
            try known.map(units.measuring)
            ?? InkMeasurement.measure(
                &handle, data: data, artboard: measuring, located: firstEstimate.map(units.measuring), shown: &shown,
                keepingTheRender: mayShip,
                judging: !measuringOnly, outputScale: outputScale.map { $0 / units.perPoint },
                measuringDraws: measuringDraws, crop: crop, hint: hint)
        let planned = measured.box.map(units.points)
        if !measuringOnly, let box = measured.box, measured.judgingSlack != nil {
            let output = judgedBy(units.points(box)).map(units.measuring)
            measured = try InkMeasurement.judge(
                measured, &handle, data: data, artboard: measuring, by: output, shown: &shown,
                keepingTheRender: output != nil || mayShip,
                measuringDraws: measuringDraws, crop: crop, hint: hint)
        }
        shown = shown.map { InkMeasurement.ShownRender(plan: units.points($0.plan), image: $0.image) }
        return (units.points(measured), planned)
    }
}
