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
    /// Loads `data`, measures the artboard and ink box, and renders every template scale.
    /// - Parameters:
    ///   - setScales: `--fit=set`'s scale per artboard size; a glyph whose artboard has none
    ///     is fitted on its own, as `--fit=glyph` does.
    ///   - keepingOffset: in the fit modes, centre the artboard rather than the ink, so an
    ///     optical offset (an `allowOffCenter` glyph) survives.
    ///   - preserveAspectRatio: the root's attribute, which decides how a viewBox of other
    ///     proportions than the width and height maps onto the artboard.
    ///   - firstEstimate: where to start measuring instead of cairo's recording (tests: the
    ///     same bytes come out whichever estimate measuring starts from).
    ///   - measuringOnly: measure the artboard, ink box and shape, and render nothing (set
    ///     mode's planning pass): the box is the drawing's geometry, which the render pass
    ///     judges by its @3x output (`InkMeasurement.judge`).
    ///   - measured: what measuring these very bytes gave before (`--fit=set`'s planning
    ///     pass), which stands in for measuring them again: measuring is deterministic, so
    ///     the bytes that come out are the same either way.
    ///   - parsed: librsvg's document of these very bytes, parsed before (`GlyphMemo`), to
    ///     draw instead of parsing them again; drawing leaves a document as it was.
    ///   - keep: given the document drawn, once measuring and rendering are done with it.
    package static func render(
        _ data: Data, mode: ExportMode, shapeThreshold: Double, librsvgPath: String? = nil, setScales: [SetScale] = [], keepingOffset: Bool = false,
        preserveAspectRatio: PreserveAspectRatio = .init(), firstEstimate: Rect? = nil, measuringOnly: Bool = false,
        measured known: InkMeasurement.Measured? = nil, parsed: SVGHandle? = nil, keep: ((SVGHandle) -> Void)? = nil
    ) throws(RenderFailure) -> RenderedGlyph {
        renders?.count.add(1, ordering: .relaxed)
        do {
            try SVGHandle.loadLibrary(path: librsvgPath)
        } catch {
            throw .failed(error.message)
        }
        var handle: SVGHandle
        if let parsed {
            handle = parsed
        } else {
            parses?.count.add(1, ordering: .relaxed)
            do {
                handle = try SVGHandle(data: data)
            } catch {
                throw .unreadable(error.message)
            }
        }
        let dimensions = handle.intrinsicDimensions
        let declared = try artboard(dimensions, preserveAspectRatio: preserveAspectRatio)
        let artboard = declared.size
        do {
            var shown: InkMeasurement.ShownRender?
            // Only `--fit=glyph`'s own plans (not the set's scale, the template's or an
            // offset kept) can be the render measuring judges by.
            let setScale = mode == .fitSet ? SetScale.forArtboard(artboard, in: setScales) : nil
            let mayShip = !measuringOnly && mode != .template && setScale == nil && !keepingOffset
            let units = mode.isFit ? MeasuringUnits(artboard: artboard, viewBox: dimensions.viewBox) : .points
            let (measured, planned) = try measureInk(
                &handle, data: data, artboard: artboard, units: units, dimensions: dimensions, known: known, firstEstimate: firstEstimate,
                shown: &shown, mayShip: mayShip, measuringOnly: measuringOnly,
                // Template mode's @3x scale does not depend on the ink box: a filter is measured at it.
                outputScale: mode == .template ? Template.scales[Template.scales.count - 1].pixelsPerPoint(for: .square) : nil
            ) { box in
                // Judged by the @3x output itself where the set's scale places it, unless its
                // canvas cuts the box off (a kept offset): what shows is then the canvas's edge.
                setScale.flatMap { setPlans(inkBox: box, artboard: artboard, setScale: $0, keepingOffset: keepingOffset).plans.last }
                    .flatMap { plan in plan.canvasInPoints.expanded(by: -1 / plan.pixelsPerPoint).contains(box) ? plan : nil }
            }
            let plannedBox = measured.box == planned ? nil : planned
            guard let inkBox = measured.box else {
                var empty = RenderedGlyph(artboard: artboard, inkBox: nil, shape: nil, images: [], plans: [])
                empty.userSpace = declared.userSpace
                empty.plannedBox = plannedBox
                keep?(handle)
                return empty
            }
            // Classified as the catalog records the box (to 1/1000 pt), so that a drawing
            // exactly at the threshold (Lucide's 12 × 10 units) is one shape, not the other by
            // a coverage rounding.
            let recorded = inkBox.roundedForCatalog
            let shape = Shape(inkWidth: recorded.width, height: recorded.height, threshold: shapeThreshold)
            var glyph: RenderedGlyph
            switch mode {
            case _ where measuringOnly:
                glyph = RenderedGlyph(artboard: artboard, inkBox: inkBox, shape: shape, images: [], plans: [])
            case .template:
                let plans = Template.scales.map { RenderPlan.template(artboard: artboard, shape: shape, scale: $0) }
                glyph = RenderedGlyph(
                    artboard: artboard, inkBox: inkBox, shape: shape, images: try render(handle, plans, artboard: artboard), plans: plans)
            case .fitGlyph, .fitSet:
                if let setScale {
                    glyph = try renderAtSetScale(
                        handle, artboard: artboard, inkBox: inkBox, shape: shape, setScale: setScale, keepingOffset: keepingOffset, shown: shown)
                } else {
                    let offset = keepingOffset ? artboard : nil
                    let plans = Template.scales.map { RenderPlan.fit(inkBox: inkBox, shape: shape, scale: $0, keepingOffsetOf: offset) }
                    glyph = RenderedGlyph(
                        artboard: artboard, inkBox: inkBox, shape: shape, images: try render(handle, plans, artboard: artboard, shown: shown),
                        plans: plans)
                }
            }
            glyph.inkPrecision = measured.precision
            glyph.judgingSlack = measured.judgingSlack
            glyph.plannedBox = plannedBox
            glyph.userSpace = declared.userSpace
            keep?(handle)
            return glyph
        } catch let error as NativeError {
            throw .failed(error.message)
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Renders `data` with `plan` on `artboard` alone (a variant of a glyph already laid out).
    static func render(_ data: Data, plan: RenderPlan, artboard: Size, librsvgPath: String? = nil) throws -> RGBAImage {
        try SVGHandle.loadLibrary(path: librsvgPath)
        let handle = try SVGHandle(data: data)
        return try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
    }

    /// One render per plan; a plan measuring already drew (`shown`) is not drawn again.
    private static func render(
        _ handle: SVGHandle, _ plans: [RenderPlan], artboard: Size, shown: InkMeasurement.ShownRender? = nil
    ) throws -> [RGBAImage] {
        try plans.map { plan in
            if let shown, shown.plan == plan { return shown.image }
            outputDraws?.count.add(1, ordering: .relaxed)
            return try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
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
        return measured.map { Rect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale) }
    }

    /// The artboard librsvg's reading of the root declares (`Artboard.declared`): its width
    /// and height in points (relative units count as absent), its viewBox in user units.
    static func artboard(_ dimensions: IntrinsicDimensions, preserveAspectRatio: PreserveAspectRatio = .init()) throws(RenderFailure) -> Artboard {
        do {
            return try Artboard.declared(
                width: dimensions.width?.points, height: dimensions.height?.points, viewBox: dimensions.viewBox, preserveAspectRatio: preserveAspectRatio,
                absolute: [dimensions.width, dimensions.height].contains { $0?.isAbsolute == true })
        } catch {
            throw .noSize(error.message)
        }
    }

    /// `--fit=set`: every scale at the set's pixels per unit (or the glyph's own, scaled down
    /// to the 35 pt maximum), centred by the ink box.
    /// `shown`: the render that judged the box, when it is one of these outputs.
    private static func renderAtSetScale(
        _ handle: SVGHandle, artboard: Size, inkBox: Rect, shape: Shape, setScale: SetScale, keepingOffset: Bool, shown: InkMeasurement.ShownRender?
    ) throws -> RenderedGlyph {
        let (plans, scaledDown) = setPlans(inkBox: inkBox, artboard: artboard, setScale: setScale, keepingOffset: keepingOffset)
        var glyph = RenderedGlyph(
            artboard: artboard, inkBox: inkBox, shape: shape, images: try render(handle, plans, artboard: artboard, shown: shown), plans: plans)
        glyph.scaledDownFrom = scaledDown ? setScale : nil
        return glyph
    }

    /// The plan of every scale at the set's pixels per unit (or the glyph's own, scaled
    /// down to the 35 pt maximum), centred by the ink box, and whether any was scaled down.
    private static func setPlans(inkBox: Rect, artboard: Size, setScale: SetScale, keepingOffset: Bool) -> (plans: [RenderPlan], scaledDown: Bool) {
        var scaledDown = false
        let plans = Template.scales.enumerated().map { index, scale in
            let (ppp, down) = setScale.pixelsPerUnit(inkBox: inkBox.roundedForCatalog, scale: index)
            scaledDown = scaledDown || down
            return RenderPlan.fit(inkBox: inkBox, artboard: artboard, pixelsPerUnit: ppp, keepingOffset: keepingOffset, scale: scale)
        }
        return (plans, scaledDown)
    }
}

extension GlyphRenderer {
    /// A count of the glyphs loaded, measured and drawn, for a test to see which glyphs a
    /// build rendered: set for a task with `$renders.withValue` (the build's threads take
    /// it on; a render worker, another process, counts in its own).
    @TaskLocal package static var renders: WorkCount?
    /// A count of the glyph documents librsvg parsed for `render` (not those a memo lent it),
    /// for a test to see that set mode's render pass does not parse again.
    @TaskLocal package static var parses: WorkCount?
    /// A count of the outputs drawn (not those measuring had drawn already), for a test to
    /// see that `--fit=glyph` does not draw a square glyph's @3x twice.
    @TaskLocal package static var outputDraws: WorkCount?
}

extension Rect {
    /// The overlap of two rectangles, or nil if they do not overlap.
    func intersection(_ other: Rect) -> Rect? {
        let minX = max(x, other.x), minY = max(y, other.y)
        let maxX = min(self.maxX, other.maxX), maxY = min(self.maxY, other.maxY)
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle grown by `amount` on every side.
    func expanded(by amount: Double) -> Rect {
        Rect(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
