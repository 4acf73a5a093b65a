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
    /// How far (in pixels) a fit-mode render may be from its target before it is redone
    /// with the ink box measured from pixels.
    static let fitTolerancePixels = 0.1

    /// Loads `data`, measures the artboard and ink box, and renders every template scale.
    /// - Parameters:
    ///   - setScales: `--fit=set`'s scale per artboard size; a glyph whose artboard has none
    ///     is fitted on its own, as `--fit=glyph` does.
    ///   - keepingOffset: in the fit modes, centre the artboard rather than the ink, so an
    ///     optical offset (an `allowOffCenter` glyph) survives.
    ///   - preserveAspectRatio: the root's attribute, which decides how a viewBox of other
    ///     proportions than the width and height maps onto the artboard.
    package static func render(
        _ data: Data, mode: ExportMode, shapeThreshold: Double, librsvgPath: String? = nil, setScales: [SetScale] = [], keepingOffset: Bool = false,
        preserveAspectRatio: PreserveAspectRatio = .init()
    ) throws(RenderFailure) -> RenderedGlyph {
        do {
            try SVGHandle.loadLibrary(path: librsvgPath)
        } catch {
            throw .failed(error.message)
        }
        let handle: SVGHandle
        do {
            handle = try SVGHandle(data: data)
        } catch {
            throw .unreadable(error.message)
        }
        let dimensions = handle.intrinsicDimensions
        let declared = try artboard(dimensions, preserveAspectRatio: preserveAspectRatio)
        let artboard = declared.size
        do {
            let estimate = try inkEstimate(handle, dimensions: dimensions, artboard: artboard)
            var glyph: RenderedGlyph
            if let estimate {
                switch mode {
                case .template:
                    glyph = try renderTemplate(handle, artboard: artboard, estimate: estimate, shapeThreshold: shapeThreshold)
                case .fitGlyph, .fitSet:
                    let setScale = mode == .fitSet ? setScales.first { $0.artboard == artboard } : nil
                    glyph = try renderFit(
                        handle, artboard: artboard, estimate: estimate, shapeThreshold: shapeThreshold, setScale: setScale, keepingOffset: keepingOffset)
                }
            } else {
                glyph = RenderedGlyph(artboard: artboard, inkBox: nil, shape: nil, images: [], plans: [])
            }
            glyph.userSpace = declared.userSpace
            return glyph
        } catch let error as NativeError {
            throw .failed(error.message)
        } catch {
            throw .failed("\(error)")
        }
    }

    /// librsvg's ink rectangle in artboard points, or nil when nothing is painted.
    ///
    /// librsvg renders the viewBox onto the viewport it is given, but measures a document
    /// whose root also has a width and height (Material Symbols: width="24",
    /// viewBox="0 -960 960 960") in the units of that width and height, whatever the
    /// viewport. When the two have the same proportions the measurement is scaled by their
    /// ratio; when they do not (or are relative, like "50%"), the ink is measured from
    /// pixels instead, over the artboard and an artboard's width and height around it.
    static func inkEstimate(_ handle: SVGHandle, dimensions: IntrinsicDimensions, artboard: Size) throws -> Rect? {
        let measured = try handle.inkRect(in: Rect(x: 0, y: 0, width: artboard.width, height: artboard.height))
        guard dimensions.viewBox != nil, dimensions.width != nil || dimensions.height != nil else { return measured }
        if let width = dimensions.width?.points, let height = dimensions.height?.points, width > 0, height > 0,
            abs(width / height - artboard.width / artboard.height) <= 1e-9 * (width / height)
        {
            let scale = artboard.width / width
            return measured.map { Rect(x: $0.x * scale, y: $0.y * scale, width: $0.width * scale, height: $0.height * scale) }
        }
        let around = Rect(x: -artboard.width, y: -artboard.height, width: 3 * artboard.width, height: 3 * artboard.height)
        return try measureInk(handle, artboard: artboard, around: around).0
    }

    /// The artboard librsvg's reading of the root declares (`Artboard.declared`): its width
    /// and height in points (relative units count as absent), its viewBox in user units.
    static func artboard(_ dimensions: IntrinsicDimensions, preserveAspectRatio: PreserveAspectRatio = .init()) throws(RenderFailure) -> Artboard {
        do {
            return try Artboard.declared(
                width: dimensions.width?.points, height: dimensions.height?.points, viewBox: dimensions.viewBox, preserveAspectRatio: preserveAspectRatio)
        } catch {
            throw .noSize(error.message)
        }
    }

    private static func renderTemplate(
        _ handle: SVGHandle, artboard: Size, estimate: Rect, shapeThreshold: Double
    ) throws -> RenderedGlyph {
        // @3x's scale depends on the shape: lay out for the shape librsvg's estimate gives,
        // and render again only the scales whose plan the measured shape changes.
        let estimatedShape = Shape(inkWidth: estimate.width, height: estimate.height, threshold: shapeThreshold)
        var plans = Template.scales.map { RenderPlan.template(artboard: artboard, shape: estimatedShape, scale: $0) }
        var images = try plans.map { plan in
            try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        }
        // The largest render measures the ink, unless librsvg's estimate says some ink may
        // lie beyond the canvas, where the render cannot see it.
        let measuring = plans.count - 1
        var inkBox: Rect?
        var precision = 0.0
        let painted = AlphaBounds.of(images[measuring])
        let canvas = Rect(x: 0, y: 0, width: Double(plans[measuring].canvasWidth), height: Double(plans[measuring].canvasHeight))
        // The render sees all the ink unless librsvg's estimate (off by up to a stroke
        // width) says it may reach past the canvas, or the pixels run into its edge.
        if plans[measuring].canvasInPoints.contains(estimate.expanded(by: 1)), painted.map({ canvas.contains($0, slack: -0.5) }) ?? true {
            inkBox = painted.map { plans[measuring].points(fromPixels: $0) }
        } else {
            (inkBox, precision) = try measureInk(handle, artboard: artboard, around: estimate.union(plans[measuring].canvasInPoints))
            // Too coarse to see small ink far from the canvas: trust librsvg's estimate.
            if inkBox == nil, precision > 0 { inkBox = estimate }
        }
        let shape = inkBox.map { Shape(inkWidth: $0.width, height: $0.height, threshold: shapeThreshold) }
        if let shape, shape != estimatedShape {
            for (index, scale) in Template.scales.enumerated() {
                let corrected = RenderPlan.template(artboard: artboard, shape: shape, scale: scale)
                guard corrected != plans[index] else { continue }
                plans[index] = corrected
                images[index] = try handle.render(width: corrected.canvasWidth, height: corrected.canvasHeight, viewport: corrected.viewport(artboard: artboard))
            }
        }
        var glyph = RenderedGlyph(artboard: artboard, inkBox: inkBox, shape: shape, images: inkBox == nil ? [] : images, plans: plans)
        glyph.inkPrecision = precision
        return glyph
    }

    private static func renderFit(
        _ handle: SVGHandle, artboard: Size, estimate: Rect, shapeThreshold: Double, setScale: SetScale?, keepingOffset: Bool
    ) throws -> RenderedGlyph {
        // Lay out from librsvg's estimate, measure the largest render, and redo the layout
        // only when the pixels disagree with the estimate.
        let largest = Template.scales[Template.scales.count - 1]
        var shape = Shape(inkWidth: estimate.width, height: estimate.height, threshold: shapeThreshold)
        var plan = RenderPlan.fit(inkBox: estimate, shape: shape, scale: largest)
        var image = try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        guard let painted = AlphaBounds.of(image) else {
            return RenderedGlyph(artboard: artboard, inkBox: nil, shape: nil, images: [], plans: [])
        }
        let canvas = Rect(x: 0, y: 0, width: Double(plan.canvasWidth), height: Double(plan.canvasHeight))
        let inkBox: Rect
        var precision = 0.0
        if canvas.contains(painted, slack: -0.5) {
            inkBox = plan.points(fromPixels: painted)
        } else {
            let (measured, coarseness) = try measureInk(handle, artboard: artboard, around: estimate.expanded(by: max(estimate.width, estimate.height)))
            inkBox = measured ?? estimate
            precision = coarseness
        }
        shape = Shape(inkWidth: inkBox.width, height: inkBox.height, threshold: shapeThreshold)
        // Everything above measures the ink the same way in both fit modes, so the set's
        // scale, planned from a `--fit=glyph` measurement, meets the same ink box here.
        if let setScale {
            var glyph = try renderAtSetScale(
                handle, artboard: artboard, inkBox: inkBox, shape: shape, setScale: setScale, keepingOffset: keepingOffset)
            glyph.inkPrecision = precision
            return glyph
        }
        let offset = keepingOffset ? artboard : nil
        let corrected = RenderPlan.fit(inkBox: inkBox, shape: shape, scale: largest, keepingOffsetOf: offset)
        if !corrected.placesClose(to: plan, box: inkBox, tolerance: fitTolerancePixels) {
            plan = corrected
            image = try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        }
        var plans: [RenderPlan] = []
        var images: [RGBAImage] = []
        for scale in Template.scales.dropLast() {
            let smaller = RenderPlan.fit(inkBox: inkBox, shape: shape, scale: scale, keepingOffsetOf: offset)
            plans.append(smaller)
            images.append(try handle.render(width: smaller.canvasWidth, height: smaller.canvasHeight, viewport: smaller.viewport(artboard: artboard)))
        }
        plans.append(plan)
        images.append(image)
        var glyph = RenderedGlyph(artboard: artboard, inkBox: inkBox, shape: shape, images: images, plans: plans)
        glyph.inkPrecision = precision
        return glyph
    }

    /// `--fit=set`: every scale at the set's pixels per unit (or the glyph's own, scaled down
    /// to the 35 pt maximum), centred by the ink box.
    private static func renderAtSetScale(
        _ handle: SVGHandle, artboard: Size, inkBox: Rect, shape: Shape, setScale: SetScale, keepingOffset: Bool
    ) throws -> RenderedGlyph {
        var plans: [RenderPlan] = []
        var images: [RGBAImage] = []
        var scaledDown = false
        for (index, scale) in Template.scales.enumerated() {
            let (ppp, down) = setScale.pixelsPerUnit(inkBox: inkBox.roundedForCatalog, scale: index)
            scaledDown = scaledDown || down
            let plan = RenderPlan.fit(inkBox: inkBox, artboard: artboard, pixelsPerUnit: ppp, keepingOffset: keepingOffset, scale: scale)
            plans.append(plan)
            images.append(try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard)))
        }
        var glyph = RenderedGlyph(artboard: artboard, inkBox: inkBox, shape: shape, images: images, plans: plans)
        glyph.scaledDownFrom = scaledDown ? setScale : nil
        return glyph
    }

    /// Renders `region` (artboard points) on its own canvas at up to 4 px/pt and measures
    /// the ink from its pixels, with how coarse that measurement is (pt). Used only when a
    /// normal render cannot see all the ink.
    ///
    /// The region is clamped to 100 artboards around the artboard: hostile coordinates
    /// (1e308) would otherwise shrink the measuring scale to nothing. Ink librsvg places
    /// beyond that is kept from its estimate, which is enough to report it as outside.
    private static func measureInk(_ handle: SVGHandle, artboard: Size, around wanted: Rect) throws -> (Rect?, Double) {
        let reach = 100 * max(artboard.width, artboard.height, Template.canvasPoints)
        let bounds = Rect(x: -reach, y: -reach, width: artboard.width + 2 * reach, height: artboard.height + 2 * reach)
        let region = wanted.intersection(bounds) ?? bounds
        let maximumSide = 1024.0
        let ppp = min(4, maximumSide / max(region.width, region.height, 1e-9))
        let plan = RenderPlan(
            canvasWidth: Int((region.width * ppp).rounded(.up)) + 2, canvasHeight: Int((region.height * ppp).rounded(.up)) + 2,
            pixelsPerPoint: ppp, originX: 1 - region.x * ppp, originY: 1 - region.y * ppp)
        let image = try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        var measured = AlphaBounds.of(image).map { plan.points(fromPixels: $0) }
        if let inside = measured, !bounds.contains(wanted) {
            measured = inside.union(wanted)
        }
        return (measured, ppp >= 4 ? 0 : 1 / ppp)
    }
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

extension RenderPlan {
    /// Whether the two plans put `box`'s corners within `tolerance` pixels of each other.
    fileprivate func placesClose(to other: RenderPlan, box: Rect, tolerance: Double) -> Bool {
        let a = pixels(fromPoints: box), b = other.pixels(fromPoints: box)
        return abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
            && abs(a.maxX - b.maxX) <= tolerance && abs(a.maxY - b.maxY) <= tolerance
    }
}
