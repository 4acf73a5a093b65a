/// Runs one glyph through the pipeline, in this order: check the markup (it decides whether
/// librsvg may see the file) → measure and render (one pass) → check what was painted
/// (geometry, then its weight, then its colours) → encode.
package enum GlyphProcessor {
    /// - Parameters:
    ///   - encode: encode a passing glyph's PNGs (a build, a render; not a check).
    ///   - showingFailures: encode the renders of a glyph that gets no PNGs (it failed, or
    ///     `encode` is off for it) as `failedRenders`, for the preview page, which shows
    ///     every glyph as this one path rendered it.
    ///   - measured: what measuring this source's ink gave in `--fit=set`'s planning pass
    ///     (`GlyphOutcome.measured`), which stands in for measuring it again.
    ///   - sourceSHA256: the SHA-256 of `source.bytes`, where the build has it already (set
    ///     mode's render pass, which checked the planning pass's against the bytes).
    ///   - memo: this worker's memo: the planning pass (`options.measuresOnly`) leaves
    ///     each glyph's markup check and parsed document in it, and the render pass takes
    ///     them instead of checking and parsing the same bytes again.
    ///   - probes: the work counts a test reads (`BuildProbes`).
    package static func process(
        _ source: GlyphSource, options: PipelineOptions, encode: Bool, showingFailures: Bool = false,
        measured: InkMeasurement.Measured? = nil,
        sourceSHA256: String? = nil, memo: GlyphMemo? = nil, probes: BuildProbes = BuildProbes()
    ) -> GlyphOutcome {
        let sha256 = sourceSHA256 ?? SHA256Digest.hex(of: source.bytes)
        var outcome = GlyphOutcome(source: source, sourceSHA256: sha256)
        var clock = StageClock()

        // 1. The markup: it decides whether librsvg may see the file.
        let remembered = options.measuresOnly ? nil : memo?.take(sha256, for: source, limits: options.limits)
        let markup = remembered?.markup ?? checkedMarkup(source, options: options, probes: probes)
        clock.end(\.check, in: &outcome.timings)
        outcome.diagnostics = markup.diagnostics
        guard markup.safeToRender, !markup.drawsEmoji, !markup.holdsTemplateGuides else {
            if options.measuresOnly {
                memo?.remember(
                    sha256, source: source, limits: options.limits, markup: markup, handle: nil, parsedFrom: [])
            }
            // Nothing is rendered to weigh the colours against: each counts as written.
            outcome.diagnostics += PaintJudgement.findings(markup.paintUses, file: source.displayPath) { _ in true }
            return outcome.finished(options)
        }

        // 2. Measure and render.
        let drawing: Drawing
        do {
            drawing = try measuredAndRendered(
                source, markup: markup, options: options, measured: measured, remembered: remembered,
                keepsDocument: memo != nil, probes: probes,
                findings: &outcome.diagnostics)
        } catch {
            outcome.diagnostics.append(renderFailure(error, file: source.displayPath, markup: markup))
            return outcome.finished(options)
        }
        clock.end(\.render, in: &outcome.timings)
        outcome.record(drawing)
        // --fit=set's planning pass needs the measurement alone; the glyph is judged when it
        // is rendered at the set's scale.
        if options.measuresOnly {
            memo?.remember(
                sha256, source: source, limits: options.limits, markup: markup, handle: drawing.document,
                parsedFrom: drawing.renderable)
            return outcome.finished(options)
        }

        // 3. Check what was painted.
        guard checkPainted(drawing, markup: markup, options: options, into: &outcome) else {
            return outcome.finished(options)
        }
        clock.end(\.check, in: &outcome.timings)

        // 4. Encode, unless the glyph failed (with the project's severities): a failed glyph gets no PNGs.
        outcome.diagnostics = options.applyingSeverities(to: outcome.diagnostics)
        if encode, !outcome.hasErrors, let color = outcome.color {
            encodeOutputs(drawing.rendered, colour: color, options: options, into: &outcome)
            clock.end(\.encode, in: &outcome.timings)
        } else if showingFailures {
            // Not encoded as outputs (it failed, here or by its name): shown only.
            outcome.failedRenders = failedRenders(drawing.rendered, options: options)
            clock.end(\.encode, in: &outcome.timings)
        }
        return outcome.finished(options)
    }

    /// The markup checks, run (and counted) because no memo had them.
    private static func checkedMarkup(_ source: GlyphSource, options: PipelineOptions, probes: BuildProbes)
        -> MarkupChecks.Result
    {
        probes.markupChecks?.count.add(1, ordering: .relaxed)
        return MarkupChecks.run(source, limits: options.limits)
    }

    /// The finding for a glyph librsvg could not load or draw.
    private static func renderFailure(_ error: RenderFailure, file: String, markup: MarkupChecks.Result) -> Diagnostic {
        let (rule, message): (RuleID, String) =
            switch error {
            case .unreadable(let text): (.svgParse, "librsvg cannot load the file: \(text)")
            case .noSize(let text): (.svgParse, text)
            case .failed(let text): (.renderFailed, "librsvg failed: \(text)")
            }
        return Diagnostic(rule, file: file, at: markup.rootLocation, message)
    }
}

/// Seconds since the last stage ended, added to that stage's time.
private struct StageClock {
    private let clock = ContinuousClock()
    private var stageStart: ContinuousClock.Instant

    init() { stageStart = clock.now }

    mutating func end(_ stage: WritableKeyPath<GlyphTimings, Double>, in timings: inout GlyphTimings) {
        let now = clock.now
        timings[keyPath: stage] += (now - stageStart).seconds
        stageStart = now
    }
}

/// A glyph measured and rendered, with what was left out of its bytes to get there.
private struct Drawing {
    var rendered: RenderedGlyph
    /// The bytes rendered: the markup's, a background and the shapes off the artboard blanked.
    var renderable: [UInt8]
    /// The spans of the shapes parked wholly off the artboard (`OffArtboardShapes`).
    var offArtboard: [Range<Int>]
    /// What the markup paints, without those shapes.
    var paintUses: [PaintUse]
    /// The document drawn last, for the memo (planning pass only).
    var document: SVGHandle?

    /// Whether a use of paint lies in a shape left off the artboard.
    func isOffArtboard(_ use: PaintUse) -> Bool {
        use.span.map { span in offArtboard.contains { $0.contains(span.lowerBound) } } ?? false
    }

    /// Whether a use of paint holds a subpath left off the artboard (a wholly-outside
    /// subpath is what a wholly-outside element is: `OffArtboardShapes`).
    func holdsOffArtboardSubpath(_ use: PaintUse) -> Bool {
        use.span.map { span in offArtboard.contains { $0.lowerBound > span.lowerBound && span.contains($0.lowerBound) }
        } ?? false
    }
}

extension GlyphProcessor {
    /// Step 2: the glyph measured and rendered without a background (reported in `findings`)
    /// and without the shapes parked wholly off the artboard (`OffArtboardShapes`): looked
    /// for only when the ink reaches past it, and left out by their blanked bytes, so every
    /// span of the markup still points where it did.
    private static func measuredAndRendered(
        _ source: GlyphSource, markup: MarkupChecks.Result, options: PipelineOptions,
        measured: InkMeasurement.Measured?,
        remembered: GlyphMemo.Entry?, keepsDocument: Bool, probes: BuildProbes, findings: inout [Diagnostic]
    ) throws(RenderFailure) -> Drawing {
        var renderable = markup.renderable ?? source.bytes
        if let background = markup.background, let span = background.span {
            findings.append(
                Diagnostic(
                    .colorBackground, file: source.displayPath, at: background.location,
                    "a background: this \(background.property) (\(background.shown)\(background.origin.map { ", " + $0 } ?? "")) covers the whole artboard behind the glyph; glyphs are drawn on transparency and the system tints them, so delete the background shape (matplotlib: savefig(..., transparent=True))"
                ))
            // Blanked, not cut out: every later span of the markup still points where it did.
            renderable = PaintJudgement.blanking([span], in: renderable)
        }
        var drawn: SVGHandle?
        func render(measured: InkMeasurement.Measured?, parsed: SVGHandle? = nil) throws(RenderFailure) -> RenderedGlyph
        {
            try GlyphRenderer.render(
                RenderRequest(
                    Data(renderable), mode: options.mode, shapeThreshold: options.shapeThreshold,
                    librsvgPath: options.librsvgPath
                ).with {
                    $0.setScales = options.setScales ?? []
                    $0.keepingOffset = options.allowOffCenter.contains(source.name)
                    $0.preserveAspectRatio = markup.preserveAspectRatio
                    $0.measuringOnly = options.measuresOnly
                    $0.measured = measured
                    $0.parsed = parsed
                    $0.keep = keepsDocument && options.measuresOnly ? { drawn = $0 } : nil
                    $0.probes = probes
                })
        }
        var offArtboard = measured?.offArtboard ?? []
        if !offArtboard.isEmpty { renderable = PaintJudgement.blanking(offArtboard, in: renderable) }
        // The planning pass's document, if it was parsed from exactly these bytes.
        let parsed = remembered.flatMap { $0.parsedFrom == renderable ? $0.handle : nil }
        var rendered = try render(measured: measured, parsed: parsed)
        if measured == nil, let box = rendered.inkBox, OffArtboardShapes.reachesPast(box, rendered.artboard) {
            offArtboard = OffArtboardShapes.spans(
                markup.paintUses.compactMap(\.span), in: renderable, artboard: rendered.artboard,
                librsvgPath: options.librsvgPath)
            if !offArtboard.isEmpty {
                renderable = PaintJudgement.blanking(offArtboard, in: renderable)
                rendered = try render(measured: nil)
            }
        }
        var drawing = Drawing(
            rendered: rendered, renderable: renderable, offArtboard: offArtboard, paintUses: markup.paintUses,
            document: nil)
        drawing.paintUses.removeAll(where: drawing.isOffArtboard)
        drawing.document = drawn
        return drawing
    }

    /// Step 3: the geometry checks, the shapes left off the artboard, the glyph's weight and
    /// its colours, judged on what was rendered; false, with that finding, when nothing was
    /// painted (nothing to judge).
    private static func checkPainted(
        _ drawing: Drawing, markup: MarkupChecks.Result, options: PipelineOptions, into outcome: inout GlyphOutcome
    ) -> Bool {
        let file = outcome.source.displayPath
        let rendered = drawing.rendered
        guard rendered.inkBox != nil else {
            outcome.diagnostics.append(Diagnostic(.svgEmpty, file: file, at: markup.rootLocation, emptyMessage))
            return false
        }
        outcome.diagnostics += GeometryChecks.run(
            rendered, name: outcome.source.name, options: options, file: file, page: markup.page)
        outcome.diagnostics += offArtboardFindings(drawing, markup: markup, file: file)
        // Weighed from the @3x image already rendered (no render of its own), for the set's
        // checks after every glyph is processed.
        if options.family.weighs { outcome.weight = weight(rendered, markup: markup) }
        let colours = colourFindings(drawing, file: file, librsvgPath: options.librsvgPath)
        outcome.diagnostics += colours.findings
        // Ink that lies wholly off the canvas has no colour to judge; the geometry checks
        // have said where it is.
        outcome.color = colours.primary
        if colours.primary == nil, !outcome.hasErrors {
            outcome.diagnostics.append(Diagnostic(.svgEmpty, file: file, at: markup.rootLocation, emptyMessage))
        }
        return true
    }

    private static let emptyMessage =
        "the glyph paints nothing visible; draw filled or stroked shapes with an opaque colour"

    /// Left out, but said: a spare beside the page is harmless, a leftover (Lucide's
    /// save-off carries one) is worth deleting.
    private static func offArtboardFindings(_ drawing: Drawing, markup: MarkupChecks.Result, file: String)
        -> [Diagnostic]
    {
        var findings: [Diagnostic] = []
        let artboard = drawing.rendered.artboard
        let count = drawing.offArtboard.count
        if let spare = markup.paintUses.first(where: drawing.isOffArtboard) {
            let one = count == 1
            let (subject, it, they) =
                one
                ? ("this shape lies", "it", "it is a leftover")
                : ("this shape and \(count - 1) more lie", "them", "they are leftovers")
            findings.append(
                Diagnostic(
                    warningOf: .geometryClipped, file: file, at: spare.location,
                    "\(subject) wholly outside the \(artboard.width.pt) × \(artboard.height.pt) pt artboard, so no output shows \(it): left out of the glyph's ink box, colours and PNGs; delete \(it) if \(they), or move \(it) onto the artboard if \(one ? "it belongs" : "they belong") to the glyph"
                ))
        }
        if let path = markup.paintUses.first(where: {
            drawing.holdsOffArtboardSubpath($0) && !drawing.isOffArtboard($0)
        }) {
            findings.append(
                Diagnostic(
                    warningOf: .geometryClipped, file: file, at: path.location,
                    "a subpath of this path lies wholly outside the \(artboard.width.pt) × \(artboard.height.pt) pt artboard, so no output shows it: left out of the glyph's ink box and PNGs; delete it from the path data if it is a leftover, or move it onto the artboard if it belongs to the glyph"
                ))
        }
        return findings
    }

    /// How heavy the glyph looks, from its @3x render (`InkWeight`); nil when nothing was rendered.
    private static func weight(_ rendered: RenderedGlyph, markup: MarkupChecks.Result) -> GlyphWeight? {
        guard let image = rendered.images.last, let plan = rendered.plans.last, let shape = rendered.shape,
            let scale = Template.scales.last
        else { return nil }
        // Strokes of one width in a user space scaled alike both ways: that width drawn.
        let space = rendered.userSpace
        let drawnStroke = markup.uniformStrokeWidth.flatMap { width in
            abs(space.scaleX - space.scaleY) <= 1e-9 * space.scaleX ? width * space.scaleX * plan.pixelsPerPoint : nil
        }
        return InkWeight.measure(image, shape: shape, scale: scale, drawnStroke: drawnStroke)?.roundedForCatalog
    }

    /// What the markup paints, weighed against the pixels (a colour whose elements change
    /// nothing seen when deleted is not a second colour), then a second colour the pixels
    /// show; and the glyph's colour, nil when no output shows any.
    private static func colourFindings(_ drawing: Drawing, file: String, librsvgPath: String?) -> (
        findings: [Diagnostic], primary: PixelColor?
    ) {
        let rendered = drawing.rendered
        let page = Rect(x: 0, y: 0, width: rendered.artboard.width, height: rendered.artboard.height)
        // The opaque pixels' colours are collected only when the markup holds a second colour.
        var opaque: Set<PixelColor>?
        func appears(_ colour: PixelColor) -> Bool {
            if opaque == nil {
                opaque =
                    rendered.images.last.flatMap { image in
                        rendered.plans.last.map { image.opaqueColors(in: $0.pixels(fromPoints: page)) }
                    } ?? []
            }
            return opaque?.contains(colour) ?? false
        }
        // Each output's colours read once: a scan of every pixel, with colour maths at edges.
        let painted = rendered.images.map(PaintedColors.of)
        let colors = painted.lazy.compactMap { $0 }.first
        // Where deleting a paint's elements cannot tell whether it shows, the pixels say.
        func inPixels(_ paint: PaintUse.Paint) -> Bool {
            if painted.contains(where: { $0?.other != nil }) { return true }
            guard case .color(let colour) = paint, let primary = colors?.primary else { return false }
            return ColorDifference.same(colour, primary)
        }
        let markupColor = PaintJudgement.findings(drawing.paintUses, file: file, appears: appears, inPixels: inPixels) {
            spans in
            guard let image = rendered.images.last, let plan = rendered.plans.last,
                let without = try? GlyphRenderer.render(
                    Data(PaintJudgement.deleting(spans, from: drawing.renderable)), plan: plan,
                    artboard: rendered.artboard, librsvgPath: librsvgPath)
            else { return true }
            return image.largestDifference(from: without, in: plan.pixels(fromPoints: page))
                > PaintJudgement.invisibleDifference
        }
        guard let colors, markupColor.isEmpty else { return (markupColor, colors?.primary) }
        return (
            secondColour(painted, plans: rendered.plans, primary: colors.primary, file: file).map { [$0] } ?? [],
            colors.primary
        )
    }

    /// The first second colour an output's pixels show, if any.
    private static func secondColour(
        _ painted: [PaintedColors?], plans: [RenderPlan], primary: PixelColor, file: String
    ) -> Diagnostic? {
        for (found, plan) in zip(painted, plans) {
            guard let other = found?.other else { continue }
            let x = (Double(other.x) - plan.originX) / plan.pixelsPerPoint
            let y = (Double(other.y) - plan.originY) / plan.pixelsPerPoint
            return Diagnostic(
                .colorMonochrome, file: file,
                "rendered pixels show a second colour \(other.color.hex) near (\(x.pt), \(y.pt)) pt (first was \(primary.hex)); glyphs must be one colour, since the system tints them"
            )
        }
        return nil
    }

    /// Step 4: a passing glyph's PNGs, and its outputs as the catalog lists them.
    private static func encodeOutputs(
        _ rendered: RenderedGlyph, colour: PixelColor, options: PipelineOptions, into outcome: inout GlyphOutcome
    ) {
        let name = outcome.source.name
        do {
            outcome.pngs = try rendered.images.map { image throws(NativeError) in
                try PNGEncoder.encode(image, colour: colour, compressionLevel: options.pngCompression)
            }
            outcome.outputs = zip(Template.scales, zip(outcome.pngs, rendered.plans)).map { scale, rendering in
                let (png, plan) = rendering
                return Catalog.Output(
                    scale: scale.factor, file: OutputNaming.fileName(glyph: name, scale: scale),
                    width: png.width, height: png.height, bytes: png.bytes.count,
                    sha256: SHA256Digest.hex(of: png.bytes),
                    transform: plan.catalogTransform)
            }
        } catch {
            outcome.diagnostics.append(
                Diagnostic(.renderFailed, file: outcome.source.displayPath, "could not encode PNG: \(error.message)"))
        }
    }

    /// A glyph that gets no PNGs, encoded for the preview page only: as its PNGs would have
    /// been, or in RGBA when a second colour shows; none unless every render encodes.
    private static func failedRenders(_ rendered: RenderedGlyph, options: PipelineOptions) -> [PNGEncoder.Encoded] {
        let encoded = rendered.images.compactMap { image in
            let colours = PaintedColors.of(image)
            if let colours, colours.other == nil {
                return try? PNGEncoder.encode(image, colour: colours.primary, compressionLevel: options.pngCompression)
            }
            let settings = PNGCodec.Settings(compressionLevel: Int32(options.pngCompression))
            return
                (try? PNGCodec.encode(
                    pixels: image.pixels, width: image.width, height: image.height, layout: .rgba, settings: settings))
                .map { PNGEncoder.Encoded(bytes: $0, width: image.width, height: image.height) }
        }
        return encoded.count == rendered.images.count ? encoded : []
    }
}

extension GlyphOutcome {
    /// What measuring and rendering found: the geometry, and the measurement (unrounded)
    /// that set mode's planning pass hands to its render pass.
    fileprivate mutating func record(_ drawing: Drawing) {
        let rendered = drawing.rendered
        artboard = rendered.artboard
        inkBox = rendered.inkBox.map(\.roundedForCatalog)
        shape = rendered.shape
        plans = rendered.plans
        measured = InkMeasurement.Measured(
            box: rendered.inkBox, precision: rendered.inkPrecision, offArtboard: drawing.offArtboard,
            judgingSlack: rendered.judgingSlack)
        plannedBox = rendered.plannedBox.map(\.roundedForCatalog).flatMap { $0 == inkBox ? nil : $0 }
    }

    /// The outcome with the project's severities, its findings in order.
    fileprivate func finished(_ options: PipelineOptions) -> GlyphOutcome {
        var copy = self
        copy.diagnostics = options.applyingSeverities(to: copy.diagnostics).sorted(by: Diagnostic.sortOrder)
        return copy
    }
}

extension RenderPlan {
    /// The plan as the catalog records it: the scale exactly (`--fit=set` scales are kept to
    /// 1/1,000,000 already), the offsets to 1/1000 px.
    package var catalogTransform: Catalog.Transform {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return Catalog.Transform(
            scale: (pixelsPerPoint * 1_000_000_000).rounded() / 1_000_000_000, x: round(originX), y: round(originY))
    }
}

extension Rect {
    /// Rounded to 1/1000 pt, so that the catalog's numbers are stable and readable.
    var roundedForCatalog: Rect {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return Rect(x: round(x), y: round(y), width: round(width), height: round(height))
    }
}
