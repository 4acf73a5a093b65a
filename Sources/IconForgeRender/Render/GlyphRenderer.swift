/// A glyph laid out and rendered at every scale, with its measured geometry.
package struct RenderedGlyph: Sendable {
    /// Artboard size in points (`Artboard`: width and height in their units, or the viewBox).
    var artboard: Size
    /// How the drawing's user units map onto the artboard (for fixes written into the file).
    var userSpace = UserSpace.identity
    /// The painted area in artboard points, measured from pixels; nil when nothing is painted.
    var inkBox: Rect?
    /// How far (pt) the measured ink box may be from the true one: a few hundredths of a
    /// point normally, more when ink far outside the canvas forced a coarse measurement.
    var inkPrecision = 0.0
    var shape: Shape?
    /// One render per template scale, in `Template.scales` order; empty when nothing is painted.
    package var images: [RGBAImage]
    /// The plan each image was rendered with.
    package var plans: [RenderPlan]
    /// `--fit=set`: the set's scale for this artboard size, when the glyph was scaled down
    /// from it to fit the 35 pt maximum (then `plans` hold its own scale).
    var scaledDownFrom: SetScale?
    /// Set mode's planning pass (`measuringOnly`): the slack the render pass judges
    /// `inkBox`, the drawing's geometry, with (`InkMeasurement.Measured.judgingSlack`).
    var judgingSlack: Double?
    /// Set mode's render pass: the box the set's scale was planned from, where judging
    /// what the output shows changed it (`InkMeasurement.judge`).
    var plannedBox: Rect?
}

/// Why a glyph could not be rendered at all.
package enum RenderFailure: Error, Equatable, Sendable {
    /// librsvg rejected the document.
    case unreadable(String)
    /// The document declares no usable size (no viewBox and no absolute width/height).
    case noSize(String)
    /// librsvg failed while measuring or rendering.
    case failed(String)
}

/// Measures and renders glyphs with librsvg.
package enum GlyphRenderer {
    /// Loads the request's bytes, measures the artboard and ink box, and renders every
    /// template scale (see `RenderRequest` for what may be known already).
    package static func render(_ request: RenderRequest) throws(RenderFailure) -> RenderedGlyph {
        request.probes.renders?.count.add(1, ordering: .relaxed)
        var handle = try document(request)
        let dimensions = handle.intrinsicDimensions
        let declared = try artboard(dimensions, preserveAspectRatio: request.preserveAspectRatio)
        do {
            var glyph = try measuredAndRendered(request, &handle, dimensions: dimensions, artboard: declared.size)
            glyph.userSpace = declared.userSpace
            request.keep?(handle)
            return glyph
        } catch let error as NativeError {
            throw .failed(error.message)
        } catch {
            throw .failed("\(error)")
        }
    }

    /// librsvg's document of the request's bytes: the one it lends, or a new one.
    private static func document(_ request: RenderRequest) throws(RenderFailure) -> SVGHandle {
        do {
            try SVGHandle.loadLibrary(path: request.librsvgPath)
        } catch {
            throw .failed(error.message)
        }
        if let parsed = request.parsed { return parsed }
        request.probes.parses?.count.add(1, ordering: .relaxed)
        do {
            return try SVGHandle(data: request.data)
        } catch {
            throw .unreadable(error.message)
        }
    }

    /// The ink measured (or taken from `request.measured`), then every scale laid out and
    /// rendered from it; no images when nothing is painted or only measuring was asked for.
    private static func measuredAndRendered(
        _ request: RenderRequest, _ handle: inout SVGHandle, dimensions: IntrinsicDimensions, artboard: Size
    ) throws -> RenderedGlyph {
        let mode = request.mode
        var shown: InkMeasurement.ShownRender?
        // Only `--fit=glyph`'s own plans (not the set's scale, the template's or an
        // offset kept) can be the render measuring judges by.
        let setScale = mode == .fitSet ? SetScale.forArtboard(artboard, in: request.setScales) : nil
        let mayShip = !request.measuringOnly && mode != .template && setScale == nil && !request.keepingOffset
        let units = mode.isFit ? MeasuringUnits(artboard: artboard, viewBox: dimensions.viewBox) : .points
        let crop = CanvasCrop(data: request.data, viewBox: dimensions.viewBox, cropped: request.probes.croppedDraws)
        let (measured, planned) = try measureInk(
            &handle, data: request.data, artboard: artboard, units: units, dimensions: dimensions,
            known: request.measured,
            firstEstimate: request.firstEstimate, shown: &shown, mayShip: mayShip, measuringOnly: request.measuringOnly,
            // Template mode's @3x scale does not depend on the ink box: a filter is measured at it.
            outputScale: mode == .template
                ? Template.scales[Template.scales.count - 1].pixelsPerPoint(for: .square) : nil,
            measuringDraws: request.probes.measuringDraws, crop: crop
        ) { box in
            // Judged by the @3x output itself where the set's scale places it, unless its
            // canvas cuts the box off (a kept offset): what shows is then the canvas's edge.
            setScale.flatMap {
                setPlans(inkBox: box, artboard: artboard, setScale: $0, keepingOffset: request.keepingOffset).plans.last
            }
            .flatMap { plan in plan.canvasInPoints.expanded(by: -1 / plan.pixelsPerPoint).contains(box) ? plan : nil }
        }
        let plannedBox = measured.box == planned ? nil : planned
        guard let inkBox = measured.box else {
            var empty = RenderedGlyph(artboard: artboard, inkBox: nil, shape: nil, images: [], plans: [])
            empty.plannedBox = plannedBox
            return empty
        }
        var glyph = try laidOut(
            request, handle, crop: crop, artboard: artboard, inkBox: inkBox, setScale: setScale,
            shown: shown)
        glyph.inkPrecision = measured.precision
        glyph.judgingSlack = measured.judgingSlack
        glyph.plannedBox = plannedBox
        return glyph
    }

    /// The glyph's shape, and its plan and render at every scale as its mode places it (none
    /// when only measuring); `shown`: a render measuring made that one of them may reuse;
    /// `crop`: the copy a filtered drawing is drawn through (`CanvasCrop`).
    private static func laidOut(
        _ request: RenderRequest, _ handle: SVGHandle, crop: CanvasCrop?, artboard: Size, inkBox: Rect,
        setScale: SetScale?,
        shown: InkMeasurement.ShownRender?
    ) throws -> RenderedGlyph {
        // Classified as the catalog records the box (to 1/1000 pt), so that a drawing
        // exactly at the threshold (Lucide's 12 × 10 units) is one shape, not the other by
        // a coverage rounding.
        let recorded = inkBox.roundedForCatalog
        let shape = Shape(inkWidth: recorded.width, height: recorded.height, threshold: request.shapeThreshold)
        let draws = request.probes.outputDraws
        switch request.mode {
        case _ where request.measuringOnly:
            return RenderedGlyph(artboard: artboard, inkBox: inkBox, shape: shape, images: [], plans: [])
        case .template:
            let plans = Template.scales.map { RenderPlan.template(artboard: artboard, shape: shape, scale: $0) }
            return RenderedGlyph(
                artboard: artboard, inkBox: inkBox, shape: shape,
                images: try render(handle, plans, artboard: artboard, crop: crop, draws: draws), plans: plans)
        case .fitGlyph, .fitSet:
            if let setScale {
                return try renderAtSetScale(
                    handle, crop: crop, artboard: artboard, inkBox: inkBox, shape: shape, setScale: setScale,
                    keepingOffset: request.keepingOffset, shown: shown,
                    draws: draws)
            }
            let offset = request.keepingOffset ? artboard : nil
            let plans = Template.scales.map {
                RenderPlan.fit(inkBox: inkBox, shape: shape, scale: $0, keepingOffsetOf: offset)
            }
            return RenderedGlyph(
                artboard: artboard, inkBox: inkBox, shape: shape,
                images: try render(handle, plans, artboard: artboard, crop: crop, shown: shown, draws: draws),
                plans: plans)
        }
    }

    /// Renders `data` with `plan` on `artboard` alone (a variant of a glyph already laid out).
    static func render(_ data: Data, plan: RenderPlan, artboard: Size, librsvgPath: String? = nil) throws -> RGBAImage {
        try SVGHandle.loadLibrary(path: librsvgPath)
        let handle = try SVGHandle(data: data)
        return try handle.render(
            width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
    }

    /// One render per plan (a filtered drawing through its `crop`); a plan measuring already
    /// drew (`shown`) is not drawn again. `draws` counts those drawn here.
    private static func render(
        _ handle: SVGHandle, _ plans: [RenderPlan], artboard: Size, crop: CanvasCrop?,
        shown: InkMeasurement.ShownRender? = nil, draws: WorkCount?
    ) throws -> [RGBAImage] {
        try plans.map { plan in
            if let shown, shown.plan == plan { return shown.image }
            draws?.count.add(1, ordering: .relaxed)
            return try CanvasCrop.draw(
                handle, crop: crop, width: plan.canvasWidth, height: plan.canvasHeight,
                viewport: plan.viewport(artboard: artboard))
        }
    }

    /// librsvg's ink rectangle in artboard points, or nil when nothing is painted: where
    /// `InkMeasurement` looks when cairo's recording of the drawing cannot be trusted.
    ///
    /// librsvg renders the viewBox onto the viewport it is given, but measures a document
    /// whose root also has a width and height (Material Symbols: width="24",
    /// viewBox="0 -960 960 960") in the units of that width and height, whatever the
    /// viewport. When the two have the same proportions the measurement is scaled by their
    /// ratio; when they do not (or are relative, like "50%"), there is no estimate, and the
    /// coarse render looks over the artboard and an artboard's width and height around it.
    static func inkEstimate(_ handle: SVGHandle, dimensions: IntrinsicDimensions, artboard: Size) throws -> Rect? {
        let measured = try handle.inkRect(in: Rect(x: 0, y: 0, width: artboard.width, height: artboard.height))
        guard dimensions.viewBox != nil, dimensions.width != nil || dimensions.height != nil else { return measured }
        guard let width = dimensions.width?.points, let height = dimensions.height?.points, width > 0, height > 0,
            abs(width / height - artboard.width / artboard.height) <= 1e-9 * (width / height)
        else { return nil }
        let scale = artboard.width / width
        return measured.map {
            Rect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale)
        }
    }

    /// The artboard librsvg's reading of the root declares (`Artboard.declared`): its width
    /// and height in points (relative units count as absent), its viewBox in user units.
    static func artboard(_ dimensions: IntrinsicDimensions, preserveAspectRatio: PreserveAspectRatio = .init())
        throws(RenderFailure) -> Artboard
    {
        do {
            return try Artboard.declared(
                width: dimensions.width?.points, height: dimensions.height?.points, viewBox: dimensions.viewBox,
                preserveAspectRatio: preserveAspectRatio,
                absolute: [dimensions.width, dimensions.height].contains { $0?.isAbsolute == true })
        } catch {
            throw .noSize(error.message)
        }
    }

    /// `--fit=set`: every scale at the set's pixels per unit (or the glyph's own, scaled down
    /// to the 35 pt maximum), centred by the ink box.
    /// `shown`: the render that judged the box, when it is one of these outputs.
    private static func renderAtSetScale(
        _ handle: SVGHandle, crop: CanvasCrop?, artboard: Size, inkBox: Rect, shape: Shape, setScale: SetScale,
        keepingOffset: Bool,
        shown: InkMeasurement.ShownRender?,
        draws: WorkCount?
    ) throws -> RenderedGlyph {
        let (plans, scaledDown) = setPlans(
            inkBox: inkBox, artboard: artboard, setScale: setScale, keepingOffset: keepingOffset)
        var glyph = RenderedGlyph(
            artboard: artboard, inkBox: inkBox, shape: shape,
            images: try render(handle, plans, artboard: artboard, crop: crop, shown: shown, draws: draws),
            plans: plans)
        glyph.scaledDownFrom = scaledDown ? setScale : nil
        return glyph
    }

    /// The plan of every scale at the set's pixels per unit (or the glyph's own, scaled
    /// down to the 35 pt maximum), centred by the ink box, and whether any was scaled down.
    private static func setPlans(inkBox: Rect, artboard: Size, setScale: SetScale, keepingOffset: Bool) -> (
        plans: [RenderPlan], scaledDown: Bool
    ) {
        var scaledDown = false
        let plans = Template.scales.enumerated().map { index, scale in
            let (ppp, down) = setScale.pixelsPerUnit(inkBox: inkBox.roundedForCatalog, scale: index)
            scaledDown = scaledDown || down
            return RenderPlan.fit(
                inkBox: inkBox, artboard: artboard, pixelsPerUnit: ppp, keepingOffset: keepingOffset, scale: scale)
        }
        return (plans, scaledDown)
    }
}

extension Rect {
    /// The overlap of two rectangles, or nil if they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let minX = max(x, other.x)
        let minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX)
        let maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle grown by `amount` on every side.
    func expanded(by amount: Double) -> Rect {
        Rect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
