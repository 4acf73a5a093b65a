/// A glyph's ink box from the geometry librsvg draws, confirmed and refined by pixels.
///
/// Two steps, neither of which depends on how the glyph will be placed, so every mode and
/// every first guess meets the same box:
///
/// 1. **Locate.** The document is drawn onto a cairo recording surface, which rasterises
///    nothing: cairo bounds every fill and stroke (joins, miters, caps) under its full
///    transform, to one of its pixels (recorded at a quarter of the refining scale). Where
///    that cannot be trusted (groups composited through an intermediate surface: opacity,
///    masks, filters), a copy drawn without layer opacity (`withoutLayerOpacity`) is
///    recorded at four times the refining scale, and its bounds are the box, confirmed by
///    step 3 to a pixel; or, where they pass the artboard or no such copy can be made, a
///    coarse render of a wide region around the artboard finds the ink.
/// 2. **Refine.** Each edge of a box located otherwise is rendered on its own thin band at
///    `finePixelsPerUnit` (64 px per unit on the 35-unit template) and measured from its
///    antialiased pixels (`AlphaBounds`), so what the box says is what a render shows:
///    sharp tips and hairlines to about 0.01 pt, translucent ink by what shows of it. A band
///    whose ink runs into its outer side, or that shows none, means the location was wrong,
///    and the coarse render locates it again.
/// 3. **Keep what shows.** Ink the @3x output would not show at all (a sliver that paints no
///    pixel at that scale) is left out: see `keepingWhatShows`.
///
/// librsvg's own geometry API is only a hint for where to look: in 2.54 it misplaces strokes
/// under rotations (a line in two nested `matrix(0,-1,-1,0,…)` groups measured 0 wide) and
/// stretches a stroked diagonal's box back to the origin.
package enum InkMeasurement {
    /// The measured ink box in artboard units (nil when nothing is painted), with how far it
    /// may be from the true one: 0 when refined, more when only a coarse render could see it.
    package struct Measured: Equatable, Sendable {
        package var box: Rect?
        package var precision: Double
        /// The byte spans of the shapes left out as wholly off the artboard
        /// (`OffArtboardShapes`) before the box was measured, so that the render pass of
        /// `--fit=set` leaves out the same ones.
        package var offArtboard: [Range<Int>]
        /// nil when the box is final; else it is the drawing's geometry, not yet judged by a
        /// render (`measure(judging: false)`, set mode's planning pass), and this is the slack
        /// in @3x pixels the render that judges it allows (`judge`).
        package var judgingSlack: Double?

        package init(box: Rect?, precision: Double, offArtboard: [Range<Int>] = [], judgingSlack: Double? = nil) {
            self.box = box
            self.precision = precision
            self.offArtboard = offArtboard
            self.judgingSlack = judgingSlack
        }
    }

    /// Pixels per artboard unit of the refining bands: 64 on the 35-unit template (2,240
    /// pixels across it, where a sharp tip's faint last pixel costs ~0.01 pt), the same 2,240
    /// across any other artboard (so a 512-unit one costs what the template does, and is
    /// measured to 1/2,240 of its size, ~1/30 of an output pixel), but never under 4 per unit.
    ///
    /// A document that holds text is refined at no more than 8 px per unit: FreeType refuses
    /// glyphs of a couple of thousand pixels, and the font it failed on then fails in every
    /// later render of the process (the render worker's), whatever the size.
    ///
    /// A document that may apply a filter is refined at no more than 8 px per unit of the
    /// template (280 pixels across any artboard): librsvg runs a filter on an image of the
    /// whole viewport, and a blur's kernel grows with the scale, so at 2,240 pixels one
    /// Inkscape drop shadow took seconds a band (`render.timeout` on a busy machine), where
    /// its soft edge is no sharper than a coarse pixel anyway.
    static func finePixelsPerUnit(artboard: Size, drawsText: Bool = false, filters: Bool = false) -> Double {
        let longer = max(artboard.width, artboard.height, 1e-9)
        var fine = max(4, 64 * Template.canvasPoints / longer)
        if drawsText { fine = min(fine, 8) }
        if filters { fine = min(fine, 8 * Template.canvasPoints / longer) }
        return fine
    }

    /// `finePixelsPerUnit` for the document `data`.
    static func finePixelsPerUnit(for data: Data, artboard: Size) -> Double {
        finePixelsPerUnit(artboard: artboard, drawsText: mayDrawText(data), filters: mayFilter(data))
    }

    /// Whether `data` may apply a filter: a case-insensitive byte search for "filter" (the
    /// element, the attribute, the property). A filter spelt without those letters is
    /// measured at the full resolution, which costs only time.
    static func mayFilter(_ data: Data) -> Bool {
        ASCIIWords.contains("filter", in: Array(data))
    }

    /// Whether `data` may hold an SVG `<text>` (or `<svg:text>`, `<textPath>`) element: a
    /// byte search, so a comment mentioning one counts too, which only costs precision.
    static func mayDrawText(_ data: Data) -> Bool {
        let bytes = Array(data)
        let text = Array("text".utf8)
        guard bytes.count > text.count else { return false }
        for index in 1..<(bytes.count - text.count + 1) where bytes[index] == text[0] {
            let before = bytes[index - 1]
            if before == UInt8(ascii: "<") || before == UInt8(ascii: ":"),
                bytes[index..<(index + text.count)].elementsEqual(text)
            {
                return true
            }
        }
        return false
    }

    /// Whether `data` may draw through an intermediate surface (a group with opacity, a mask,
    /// a filter, a clip path, a blend mode or isolation), whose recording is the viewport's
    /// size whatever it holds: a case-insensitive byte search for those properties (which
    /// also matches `fill-opacity`, `clipPath` or a comment, costing only time), and for what
    /// could spell one without its letters in the file (a character reference, a CSS escape,
    /// a NUL byte of UTF-16). Without any of them, a recording as large as the viewport is
    /// ink that really reaches every edge of the artboard (Font Awesome's, Simple Icons').
    static func mayDrawThroughLayers(_ data: Data) -> Bool {
        mayDrawThroughLayers(Array(data), countingPaintOpacity: true)
    }

    /// `mayDrawThroughLayers`, where `countingPaintOpacity` false passes over `fill-opacity`,
    /// `stroke-opacity` and `stop-opacity` (any `-opacity`), which paint with alpha and draw
    /// through no layer.
    private static func mayDrawThroughLayers(_ bytes: [UInt8], countingPaintOpacity: Bool) -> Bool {
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0 || byte == UInt8(ascii: "\\") { return true }
            if byte == UInt8(ascii: "&"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") { return true }
            let lower = byte | 0x20
            for word in layerWords where lower == word[0] && ASCIIWords.match(word, at: index, in: bytes) {
                if !countingPaintOpacity, word == opacityWord, index > 0, bytes[index - 1] == UInt8(ascii: "-") {
                    continue
                }
                return true
            }
        }
        return false
    }

    private static let opacityWord = Array("opacity".utf8)
    private static let layerWords =
        [opacityWord] + ["mask", "filter", "clip", "blend", "isolation"].map { Array($0.utf8) }

    /// `data` with every `opacity` (the property and the attribute, not `fill-opacity` and
    /// the like) misspelt `opacitx`, which librsvg ignores, so that nothing is drawn through a
    /// layer and cairo's recording bounds every shape; nil when `data` may draw through a
    /// layer in another way (a mask, a filter, a clip path, a blend mode, an escape).
    ///
    /// Where only opacity makes layers (Papirus' colour icons: a shadow at `opacity:0.2`
    /// under each shape), this recording's bounds are the ink box, instead of a coarse
    /// render and rounds of bands. It bounds the same shapes, translucent or not (librsvg
    /// clips a layer to the viewport, so it may be larger, never smaller): where it passes
    /// the artboard, the bands measure the document itself from it; where it holds geometry
    /// that shows nothing (an element at `opacity:0`), the render that judges what shows
    /// measures that edge again (`keepingWhatShows`). The copy never draws less than the
    /// document (which could hide ink), save where the misspelling changes what a `<text>`
    /// spells or a selector matches: documents with text are not measured this way.
    static func withoutLayerOpacity(_ data: Data) -> Data? {
        var bytes = Array(data)
        for index in bytes.indices
        where bytes[index] | 0x20 == opacityWord[0] && ASCIIWords.match(opacityWord, at: index, in: bytes) {
            guard index == 0 || bytes[index - 1] != UInt8(ascii: "-") else { continue }
            bytes[index + opacityWord.count - 1] = UInt8(ascii: "x")
        }
        return mayDrawThroughLayers(bytes, countingPaintOpacity: false) ? nil : Data(bytes)
    }

    /// The recording is made at a quarter of the bands' scale (`recordingPerFine`) and cairo
    /// rounds its bounds out to whole recording pixels, so the located box is off by at most
    /// one of them (four band pixels) outward; bands reach this many recording pixels either
    /// side of an edge.
    static let bandReach = 2.0
    static let recordingPerFine = 0.25
    /// Band pixels either side of an edge located from a recording at the bands' own scale
    /// (the copy without layer opacity, `withoutLayerOpacity`): cairo rounds its bounds out
    /// to whole pixels, so the edge is at most one pixel inside, and `edge` needs it more
    /// than one pixel from either side of its band.
    static let opaqueBandReach = 3.0

    /// Pixels per unit of the recording whose bounds are a layered document's box (the copy
    /// without layer opacity): four times the bands', so cairo's rounding out to whole pixels
    /// costs at most a quarter of a band pixel (0.004 pt on the template), but no more than
    /// keeps ink anywhere within `reach` units of the artboard inside cairo's 24.8 fixed-point
    /// range (8 million pixels).
    static func geometryScale(fine: Double, reach: Double) -> Double {
        min(4 * fine, 4_000_000 / max(reach, 1))
    }

    /// How far (in @3x pixels) a layered document's geometry may lie beyond the pixels that
    /// show before the edge is measured on a band (`keepingWhatShows`): an element drawn at
    /// opacity 0 is geometry that shows nothing. An edge that shows paints its outermost
    /// pixel, so a true edge is never a whole pixel outside what shows.
    static let geometrySlack = 1.0
    /// How far (in @3x pixels) an edge the bands measured may lie beyond the pixels that
    /// show and stand: a faint tip paints less than a pixel's worth of alpha.
    static let bandSlack = 1.5

    /// The most pixels one band may have (16 MB of RGBA); a longer band (a hostile, huge
    /// drawing) leaves the coarse measurement standing.
    static let maximumBandPixels = 1 << 22

    /// Measures `handle`'s ink on `artboard`.
    /// - Parameters:
    ///   - hint: where librsvg's own geometry says the ink is (artboard units), asked only
    ///     when the recording cannot be trusted, to widen the coarse render.
    ///   - located: a first location to refine instead of the recording's (tests: any first
    ///     estimate within reach of the edges gives the same box).
    ///   - shown: set to the render the box was last judged by (`keepingWhatShows`) when
    ///     it is that of the box measured, drawn with `handle` as it is returned, and only
    ///     when `keepingTheRender`.
    ///   - keepingTheRender: whether the caller may ship that render (`--fit=glyph`'s @3x
    ///     output for a square glyph); when not, it is judged from its alpha maxima alone.
    ///   - judging: false to leave step 3 out, for the render that will ship to judge
    ///     (`judge`): the box is then the drawing's geometry, with its `judgingSlack` (a
    ///     filtered drawing measured at the output's resolution: judged by --fit=glyph's
    ///     output, see `measuredAtOutputScale`).
    ///   - handle: the document; replaced by a fresh one from `data` when librsvg failed to
    ///     draw a measuring render (text at a size FreeType refuses), since the failure can
    ///     stay with the handle and fail every later render. The outputs, drawn at their own
    ///     sizes, then report whatever is really wrong.
    ///   - outputScale: the @3x output's pixels per unit where it does not depend on the ink
    ///     box (template mode), for a drawing that may apply a filter, measured at it
    ///     (`measuredAtOutputScale`); nil for `filterPixelsPerUnit`.
    static func measure(
        _ handle: inout SVGHandle, data: Data, artboard: Size, located: Rect? = nil, shown: inout ShownRender?,
        keepingTheRender: Bool,
        judging: Bool = true, outputScale: Double? = nil, measuringDraws: WorkCount? = nil, crop: CanvasCrop? = nil,
        hint: (SVGHandle) throws -> Rect?
    ) throws -> Measured {
        var measuring = Measuring(
            handle: handle, shown: shown, data: data, artboard: artboard, keepingTheRender: keepingTheRender,
            judging: judging)
        defer {
            if measuring.failed, let fresh = try? SVGHandle(data: data) {
                measuring.handle = fresh
                measuring.shown = nil
            }
            handle = measuring.handle
            shown = measuring.shown
        }
        if located == nil, mayFilter(data),
            let measured = measuredAtOutputScale(
                measuring.handle, artboard: artboard, scale: outputScale ?? filterPixelsPerUnit(artboard: artboard),
                judging: judging,
                shown: &measuring.shown, keepingTheRender: keepingTheRender, failed: &measuring.failed,
                draws: measuringDraws, crop: crop)
        {
            return measured
        }
        let first: Rect?
        let margin: Double
        switch located.map({ Measuring.Start.located($0, margin: bandReach / measuring.recordingScale) })
            ?? measuring.start()
        {
        case .measured(let measured): return measured
        case .located(let box, let reach): (first, margin) = (box, reach)
        }
        if let first, let refined = measuring.refined(first, margin: margin) {
            return measuring.showing(refined)
        }
        return try measuring.fromCoarseRender(hint: hint)
    }

    /// One `measure` in progress: the document (replaced when librsvg failed to draw with
    /// it), the render last judged by, and the recordings made so far, shared by its steps.
    private struct Measuring {
        var handle: SVGHandle
        var shown: ShownRender?
        /// librsvg failed to draw a measuring render with `handle`.
        var failed = false
        var fineRecording: SVGRecording?
        let data: Data
        let artboard: Size
        let keepingTheRender: Bool
        let judging: Bool
        let fine: Double
        let reach: Double
        let bounds: Rect
        let layers: Bool

        init(handle: SVGHandle, shown: ShownRender?, data: Data, artboard: Size, keepingTheRender: Bool, judging: Bool)
        {
            (self.handle, self.shown, self.data, self.artboard) = (handle, shown, data, artboard)
            (self.keepingTheRender, self.judging) = (keepingTheRender, judging)
            fine = finePixelsPerUnit(for: data, artboard: artboard)
            reach = 100 * max(artboard.width, artboard.height, Template.canvasPoints)
            bounds = Rect(x: -reach, y: -reach, width: artboard.width + 2 * reach, height: artboard.height + 2 * reach)
            layers = mayDrawThroughLayers(data)
        }

        var recordingScale: Double { fine * recordingPerFine }

        /// Where the bands start: a box already measured, or a first location and how far
        /// either side of its edges the bands reach.
        enum Start {
            case measured(Measured)
            case located(Rect?, margin: Double)
        }

        /// The first location: for a document drawn through layers (not with text: the
        /// misspelling would change the letters a `<text>` draws), the geometry of a copy
        /// without layer opacity, which stands when what shows confirms it; else the recording's.
        mutating func start() -> Start {
            guard layers, !mayDrawText(data),
                let opaque = withoutLayerOpacity(data).flatMap({ try? SVGHandle(data: $0) })
            else {
                let recorded = InkMeasurement.recorded(
                    handle, artboard: artboard, scale: recordingScale, within: bounds, viewportMayBeALayer: layers,
                    failed: &failed)
                return .located(recorded, margin: bandReach / recordingScale)
            }
            // A failure here is the copy's, and the coarse render follows.
            var ignored = false
            let scale = geometryScale(fine: fine, reach: reach)
            let geometry = InkMeasurement.recorded(
                opaque, artboard: artboard, scale: scale, within: bounds, viewportMayBeALayer: false, failed: &ignored)
            let page = Rect(x: 0, y: 0, width: artboard.width, height: artboard.height)
            if let geometry, page.contains(geometry, slack: 1 / scale), let box = geometry.intersection(page) {
                guard judging else { return .measured(Measured(box: box, precision: 0, judgingSlack: geometrySlack)) }
                if let kept = keepingWhatShows(
                    handle, artboard: artboard, box: box, fine: fine, failed: &failed, shown: &shown,
                    keepingTheRender: keepingTheRender,
                    slack: geometrySlack)
                {
                    // The copy's geometry, confirmed by the render that judges what shows, to
                    // a pixel (`geometrySlack`): the bands would composite every translucent
                    // element onto every pixel of four of them, for a box no nearer the drawing.
                    return .measured(Measured(box: kept, precision: 0))
                }
            }
            // Past the artboard, where librsvg cuts each layer off, or where the geometry
            // shows nothing at all (at opacity 0, or too small for the @3x output): the bands
            // measure what is drawn, a few pixels either side of the copy's edges.
            return .located(geometry, margin: opaqueBandReach / fine)
        }

        /// `first` refined on bands at the fine scale, nil when they find no edge.
        mutating func refined(_ first: Rect, margin: Double) -> Rect? {
            fineRecording = recording(of: handle, artboard: artboard, scale: fine, failed: &failed)
            return refine(
                handle, artboard: artboard, box: first, margin: margin, fine: fine, reusing: fineRecording,
                failed: &failed)
        }

        /// A box the bands refined, without what the @3x output would not show.
        mutating func showing(_ refined: Rect) -> Measured {
            guard judging else { return Measured(box: refined, precision: 0, judgingSlack: bandSlack) }
            let kept = keepingWhatShows(
                handle, artboard: artboard, box: refined, fine: fine, reusing: fineRecording, failed: &failed,
                shown: &shown,
                keepingTheRender: keepingTheRender)
            return Measured(box: kept ?? refined, precision: 0)
        }

        /// The coarse render: the artboard, an artboard's width and height around it, and
        /// wherever librsvg's estimate puts ink; then located and refined from there.
        mutating func fromCoarseRender(hint: (SVGHandle) throws -> Rect?) throws -> Measured {
            var around = Rect(
                x: -artboard.width, y: -artboard.height, width: 3 * artboard.width, height: 3 * artboard.height)
            if failed, let fresh = try? SVGHandle(data: data) {
                handle = fresh
                failed = false
                fineRecording = nil
            }
            let estimate = try hint(handle)
            if let estimate { around = around.union(estimate) }
            let (coarse, ppp) = try coarseInk(handle, artboard: artboard, around: around, within: bounds)
            guard let coarse else {
                // Too coarse to see small ink far from the artboard: librsvg's estimate stands.
                return ppp < 4 && estimate != nil
                    ? Measured(box: estimate, precision: 1 / ppp) : Measured(box: nil, precision: 0)
            }
            // Located on bands at a quarter of the fine resolution first (the recording's), then
            // refined with the recording's reach: the fine bands are then a few pixels wide
            // instead of four coarse pixels (a drawing with layers pays for every pixel of every
            // band once per translucent element). Whichever box leads to the fine bands, they
            // measure the same edges (`InkMeasurementTests.placementConverges`).
            let locating = recording(of: handle, artboard: artboard, scale: recordingScale, failed: &failed)
            if fineRecording == nil {
                fineRecording = recording(of: handle, artboard: artboard, scale: fine, failed: &failed)
            }
            if let located = refine(
                handle, artboard: artboard, box: coarse, margin: 2 / ppp, fine: recordingScale, reusing: locating,
                failed: &failed),
                let refined = refine(
                    handle, artboard: artboard, box: located, margin: bandReach / recordingScale, fine: fine,
                    reusing: fineRecording, failed: &failed)
            {
                return showing(refined)
            }
            if let refined = refine(
                handle, artboard: artboard, box: coarse, margin: 2 / ppp, fine: fine, reusing: fineRecording,
                failed: &failed)
            {
                return showing(refined)
            }
            return Measured(box: coarse, precision: ppp >= 4 ? 0 : 1 / ppp)
        }
    }

    /// The recording surface's box in artboard units, or nil when it cannot be trusted (or
    /// librsvg could not draw it, which the coarse render then reports): empty or negative (an intermediate surface it could not bound), the whole viewport
    /// when `viewportMayBeALayer` (an intermediate surface's own size, which hides ink beyond
    /// it), or beyond `bounds`.
    private static func recorded(
        _ handle: SVGHandle, artboard: Size, scale: Double, within bounds: Rect, viewportMayBeALayer: Bool,
        failed: inout Bool
    ) -> Rect? {
        let viewport = Rect(x: 0, y: 0, width: artboard.width * scale, height: artboard.height * scale)
        guard let device = try? handle.recordedInkRect(in: viewport) else {
            failed = true
            return nil
        }
        guard device.width > 0, device.height > 0, device.x.isFinite, device.y.isFinite, device.maxX.isFinite,
            device.maxY.isFinite
        else {
            return nil
        }
        let isViewport =
            abs(device.x) <= 1 && abs(device.y) <= 1 && abs(device.maxX - viewport.maxX) <= 1
            && abs(device.maxY - viewport.maxY) <= 1
        let box = Rect(
            x: device.x / scale, y: device.y / scale, width: device.width / scale, height: device.height / scale)
        guard !(isViewport && viewportMayBeALayer), bounds.contains(box) else { return nil }
        return box
    }

    /// Each edge of `box` measured on its own band, `margin` units either side of it, at
    /// `fine` px per unit on a grid fixed to the artboard's origin (so the same ink gives the
    /// same pixels whatever box led there); nil when an edge is not inside its band.
    /// `recording`: the document recorded at `fine` (`recording(of:…)`), which the bands replay.
    static func refine(
        _ handle: SVGHandle, artboard: Size, box: Rect, margin: Double, fine: Double,
        reusing recording: SVGRecording? = nil, failed: inout Bool
    ) -> Rect? {
        func edge(_ side: Edge, at position: Double, along span: ClosedRange<Double>) -> Double? {
            Self.edge(
                side, of: handle, artboard: artboard, at: position, along: span, margin: margin, fine: fine,
                reusing: recording, failed: &failed)
        }
        guard let minX = edge(.minX, at: box.x, along: box.y...box.maxY),
            let maxX = edge(.maxX, at: box.maxX, along: box.y...box.maxY),
            let minY = edge(.minY, at: box.y, along: box.x...box.maxX),
            let maxY = edge(.maxY, at: box.maxY, along: box.x...box.maxX),
            maxX >= minX, maxY >= minY
        else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `handle` drawn once onto a recording at `scale` px per unit (the viewport every band
    /// at that scale lays it out in), for the bands to replay; nil when librsvg cannot draw
    /// it (`failed`), and each band then draws the document itself.
    static func recording(of handle: SVGHandle, artboard: Size, scale: Double, failed: inout Bool) -> SVGRecording? {
        let viewport = RenderPlan(canvasWidth: 1, canvasHeight: 1, pixelsPerPoint: scale, originX: 0, originY: 0)
            .viewport(artboard: artboard)
        do {
            return try handle.recording(width: viewport.width, height: viewport.height)
        } catch {
            failed = true
            return nil
        }
    }

    /// Which edge of the ink a band measures.
    enum Edge { case minX, maxX, minY, maxY }

    /// One edge of the ink, measured on a band `margin` units either side of `position` and
    /// spanning `along` (the other axis) with `margin` to spare; nil when the edge is not
    /// inside the band (its outermost painted pixel is the band's first or last column or
    /// row), the band would be too large, or librsvg could not draw it (`failed`).
    static func edge(
        _ edge: Edge, of handle: SVGHandle, artboard: Size, at position: Double, along span: ClosedRange<Double>,
        margin: Double, fine: Double,
        reusing recording: SVGRecording? = nil, failed: inout Bool
    ) -> Double? {
        let vertical = edge == .minX || edge == .maxX
        let across = (position - margin)...(position + margin)
        let length = (span.lowerBound - margin)...(span.upperBound + margin)
        let (xs, ys) = vertical ? (across, length) : (length, across)
        let left = (xs.lowerBound * fine).rounded(.down)
        let top = (ys.lowerBound * fine).rounded(.down)
        let columns = (xs.upperBound * fine).rounded(.up) - left
        let rows = (ys.upperBound * fine).rounded(.up) - top
        guard columns > 2, rows > 2, columns * rows <= Double(maximumBandPixels) else { return nil }
        let width = Int(columns)
        let height = Int(rows)
        let plan = RenderPlan(
            canvasWidth: width, canvasHeight: height, pixelsPerPoint: fine, originX: -left, originY: -top)
        // A band librsvg cannot draw (text at a size FreeType refuses) leaves the coarse
        // measurement standing; the outputs themselves are rendered at their own sizes.
        let maxima: (columns: [UInt8], rows: [UInt8])
        do {
            maxima = try handle.renderAlphaMaxima(
                width: width, height: height, viewport: plan.viewport(artboard: artboard), reusing: recording)
        } catch {
            failed = true
            return nil
        }
        guard let painted = AlphaBounds.of(maxima) else { return nil }
        let (value, count, origin): (Double, Int, Double) =
            switch edge {
            case .minX: (painted.x, width, left)
            case .maxX: (painted.maxX, width, left)
            case .minY: (painted.y, height, top)
            case .maxY: (painted.maxY, height, top)
            }
        guard value > 1, value < Double(count) - 1 else { return nil }
        return (value + origin) / fine
    }

    /// `box` without ink the @3x output would not show: a Font Awesome path's 3 × 0.08-unit
    /// sliver 140 units beside the drawing is geometry, but at 80 px for 512 units it paints
    /// no pixel, and fitting it would shrink and shift what does show. The glyph is rendered
    /// once as `--fit=glyph` renders a square glyph's @3x output (80.5 px across its longer
    /// side, centred on the canvas); an edge of `box` more than `slackPixels` of those beyond
    /// the pixels that show (alpha `AlphaBounds.visibleAlpha` or more, as fit mode's guard
    /// counts them: a sliver painting 1–7/255 or a shadow's tail fading to 0 does not, a
    /// badge at opacity 0.05 does) is measured again on a fine band around them; where the
    /// faint ink runs on past that band, the edge is where the ink shows.
    /// - Parameters:
    ///   - shown: that render, when `box` stood as it was and `keep`: then it is the @3x
    ///     output of `--fit=glyph` for a square glyph, which need not be drawn again.
    ///   - slackPixels: how far beyond what shows an edge may lie and stand.
    ///   - output: the @3x output's own plan to judge by instead (set mode: the set's
    ///     scale), where it is known.
    /// - Returns: nil when the render cannot judge `box`: it shows nothing, librsvg could
    ///   not draw it, it is no coarser than `fine`, or the edges measured again cross.
    static func keepingWhatShows(
        _ handle: SVGHandle, artboard: Size, box: Rect, fine: Double, reusing recording: SVGRecording? = nil,
        failed: inout Bool,
        shown render: inout ShownRender?, keepingTheRender keep: Bool, slack slackPixels: Double = bandSlack,
        judgedBy output: RenderPlan? = nil
    ) -> Rect? {
        let plan =
            output ?? RenderPlan.fit(inkBox: box, shape: .square, scale: Template.scales[Template.scales.count - 1])
        let scale = plan.pixelsPerPoint
        guard scale.isFinite, scale > 0, scale < fine else { return nil }
        let viewport = plan.viewport(artboard: artboard)
        // The whole image only where it may ship: converting every pixel to RGBA is wasted
        // on a render that is only judged.
        var image: RGBAImage?
        let maxima: (columns: [UInt8], rows: [UInt8])?
        if keep {
            image = try? handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport)
            maxima = image?.alphaMaxima()
        } else {
            maxima = try? handle.renderAlphaMaxima(
                width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport)
        }
        guard let shown = maxima.flatMap(AlphaBounds.pixelBox(of:)).map({ plan.points(fromPixels: $0) }) else {
            return nil
        }
        let slack = slackPixels / scale
        var moved = false
        func again(_ side: Edge, _ current: Double, _ seen: Double, _ span: ClosedRange<Double>) -> Double {
            // Only where the pixels that show stop short of the edge: pixels beyond it are
            // the bands' ink blurred by a layer drawn at a fraction of a pixel, not more ink.
            let short = side == .minX || side == .minY ? seen - current : current - seen
            guard short > slack else { return current }
            moved = true
            // The edge is at most a pixel inside `seen`; half a pixel more keeps it off the
            // band's sides.
            let reach = max(slackPixels, 1.5) / scale
            return edge(
                side, of: handle, artboard: artboard, at: seen, along: span, margin: reach, fine: fine,
                reusing: recording, failed: &failed) ?? seen
        }
        let minX = again(.minX, box.x, shown.x, shown.y...shown.maxY)
        let maxX = again(.maxX, box.maxX, shown.maxX, shown.y...shown.maxY)
        let minY = again(.minY, box.y, shown.y, shown.x...shown.maxX)
        let maxY = again(.maxY, box.maxY, shown.maxY, shown.x...shown.maxX)
        guard moved else {
            render = image.map { ShownRender(plan: plan, image: $0) }
            return box
        }
        guard maxX > minX, maxY > minY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `measured` (`measure(judging: false)`: the drawing's geometry) without what the @3x
    /// output drawn with `output` would not show, judged by that very render, which is left
    /// in `shown` when the box stands and `keepingTheRender`. Where that render cannot judge
    /// the box (it shows nothing, or librsvg failed), the document is measured again as
    /// `measure` does, judged by a render of its own.
    ///
    /// Set mode's planning pass measures every glyph this way: the set's scale follows from
    /// every glyph's box, so only the render pass knows the output, and judging by it there
    /// saves each glyph a render (a box it changes is rare: none in 1,800 files of six
    /// libraries).
    static func judge(
        _ measured: Measured, _ handle: inout SVGHandle, data: Data, artboard: Size, by output: RenderPlan?,
        shown: inout ShownRender?,
        keepingTheRender: Bool, measuringDraws: WorkCount? = nil, crop: CanvasCrop? = nil,
        hint: (SVGHandle) throws -> Rect?
    ) throws -> Measured {
        guard let slack = measured.judgingSlack, let box = measured.box else { return measured }
        var failed = false
        if slack == filterSettle, mayFilter(data) {
            // Measured at the output's resolution (`measuredAtOutputScale`): judged by the output alone.
            let kept = judgedAtOutput(
                handle, artboard: artboard, box: box, by: output, shown: &shown, keepingTheRender: keepingTheRender,
                failed: &failed, draws: measuringDraws, crop: crop)
            if !failed { return Measured(box: kept, precision: measured.precision, offArtboard: measured.offArtboard) }
            shown = nil
            handle = try SVGHandle(data: data)
        }
        if let kept = keepingWhatShows(
            handle, artboard: artboard, box: box, fine: finePixelsPerUnit(for: data, artboard: artboard),
            failed: &failed, shown: &shown,
            keepingTheRender: keepingTheRender, slack: slack, judgedBy: output), !failed
        {
            return Measured(box: kept, precision: measured.precision, offArtboard: measured.offArtboard)
        }
        shown = nil
        if failed { handle = try SVGHandle(data: data) }
        var again = try measure(
            &handle, data: data, artboard: artboard, shown: &shown, keepingTheRender: keepingTheRender && output == nil,
            hint: hint)
        again.offArtboard = measured.offArtboard
        return again
    }

    /// The render `keepingWhatShows` judged a box by, with its plan.
    package struct ShownRender: Sendable {
        package var plan: RenderPlan
        package var image: RGBAImage
    }

    /// Renders `wanted` (artboard units, clamped to `bounds`: hostile coordinates such as
    /// 1e308 would otherwise shrink the scale to nothing) on one canvas of at most 1,024
    /// pixels a side, at up to 4 px per unit, and measures the ink from its pixels, with the
    /// pixels per unit used. Ink librsvg places beyond `bounds` is kept from `wanted`, which is
    /// enough to report it as outside.
    private static func coarseInk(_ handle: SVGHandle, artboard: Size, around wanted: Rect, within bounds: Rect) throws
        -> (Rect?, Double)
    {
        let region = wanted.intersection(bounds) ?? bounds
        let ppp = min(4, 1024 / max(region.width, region.height, 1e-9))
        let plan = RenderPlan(
            canvasWidth: Int((region.width * ppp).rounded(.up)) + 2,
            canvasHeight: Int((region.height * ppp).rounded(.up)) + 2,
            pixelsPerPoint: ppp, originX: 1 - region.x * ppp, originY: 1 - region.y * ppp)
        let maxima = try handle.renderAlphaMaxima(
            width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        var measured = AlphaBounds.of(maxima).map { plan.points(fromPixels: $0) }
        if let inside = measured, !bounds.contains(wanted) {
            measured = inside.union(wanted)
        }
        return (measured, ppp)
    }
}
