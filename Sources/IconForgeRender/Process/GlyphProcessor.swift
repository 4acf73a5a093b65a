/// Everything iconforge learned and produced for one glyph.
package struct GlyphOutcome: Sendable {
    package var source: GlyphSource
    package var sourceSHA256: String
    package var diagnostics: [Diagnostic]
    package var artboard: Size?
    package var inkBox: Rect?
    package var shape: Shape?
    package var color: PixelColor?
    /// One PNG per template scale, in `Template.scales` order; empty when the glyph failed
    /// or its files were reused from the previous build.
    package var pngs: [PNGEncoder.Encoded]
    /// The output files as the catalog lists them (for new and reused PNGs alike).
    package var outputs: [Catalog.Output] = []
    /// True when nothing changed since the previous build and its files were kept.
    package var reused = false
    /// The source's size and modification time when it was read, if it was settled (see
    /// `BuildState.sourceSignatures`).
    package var sourceSignature: FileSignature?
    /// For a reused glyph, the size and time of each output file as checked against the
    /// previous build's record, by file name: what the next build's state records for them.
    package var verifiedOutputs: [String: FileSignature] = [:]
    package var timings = GlyphTimings()
    /// Where the artboard was placed at each scale, in `Template.scales` order; empty when
    /// the glyph was not rendered (or was reused).
    package var plans: [RenderPlan] = []
    /// A failed glyph's renders, for the preview page only (never written, never in the
    /// catalog): encoded as its PNGs would have been, or in RGBA when a second colour shows.
    /// Only when asked for (`showingFailures`).
    package var failedRenders: [PNGEncoder.Encoded] = []
    /// What measuring the ink gave, unrounded (`inkBox` is rounded for the catalog): what
    /// `--fit=set`'s planning pass hands to the render pass, so that it is measured once.
    package var measured: InkMeasurement.Measured?
    /// Set mode's render pass: the box (rounded for the catalog) the set's scale was planned
    /// from, where the outputs' judgement made it another `inkBox` (`RenderedGlyph.plannedBox`),
    /// so that the build plans again (`SetScalePlan.replanned`).
    package var plannedBox: Rect?
    /// How heavy the glyph looks (`InkWeight`, from its @3x render), for the family checks;
    /// nil when it was not rendered or the checks are off.
    package var weight: GlyphWeight?

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    package init(source: GlyphSource, sourceSHA256: String, diagnostics: [Diagnostic], artboard: Size? = nil, inkBox: Rect? = nil, shape: Shape? = nil, color: PixelColor? = nil, pngs: [PNGEncoder.Encoded], outputs: [Catalog.Output] = [], reused: Bool = false, sourceSignature: FileSignature? = nil, verifiedOutputs: [String: FileSignature] = [:], timings: GlyphTimings = GlyphTimings(), plans: [RenderPlan] = [], failedRenders: [PNGEncoder.Encoded] = []) {
        self.source = source
        self.sourceSHA256 = sourceSHA256
        self.diagnostics = diagnostics
        self.artboard = artboard
        self.inkBox = inkBox
        self.shape = shape
        self.color = color
        self.pngs = pngs
        self.outputs = outputs
        self.reused = reused
        self.sourceSignature = sourceSignature
        self.verifiedOutputs = verifiedOutputs
        self.timings = timings
        self.plans = plans
        self.failedRenders = failedRenders
    }
}

/// Runs one glyph through the pipeline: check the markup (it decides whether librsvg may see
/// the file) → measure and render (one pass) → check what was painted (geometry, colour) and
/// weigh it → encode.
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
    package static func process(
        _ source: GlyphSource, options: PipelineOptions, encode: Bool, showingFailures: Bool = false, measured: InkMeasurement.Measured? = nil,
        sourceSHA256: String? = nil, memo: GlyphMemo? = nil
    ) -> GlyphOutcome {
        let sha256 = sourceSHA256 ?? SHA256Digest.hex(of: source.bytes)
        var outcome = GlyphOutcome(
            source: source, sourceSHA256: sha256, diagnostics: [],
            artboard: nil, inkBox: nil, shape: nil, color: nil, pngs: [])
        let file = source.displayPath
        let clock = ContinuousClock()
        var stageStart = clock.now
        func endStage(_ keyPath: WritableKeyPath<GlyphTimings, Double>) {
            let now = clock.now
            outcome.timings[keyPath: keyPath] += (now - stageStart).seconds
            stageStart = now
        }

        // Load and check the markup first: it decides whether librsvg may see the file.
        let remembered = options.measuresOnly ? nil : memo?.take(sha256, for: source, limits: options.limits)
        let markup =
            remembered?.markup
            ?? {
                markupChecks?.count.add(1, ordering: .relaxed)
                return MarkupChecks.run(source, limits: options.limits)
            }()
        endStage(\.check)
        outcome.diagnostics = markup.diagnostics
        guard markup.safeToRender, !markup.drawsEmoji, !markup.holdsTemplateGuides else {
            if options.measuresOnly { memo?.remember(sha256, source: source, limits: options.limits, markup: markup, handle: nil, parsedFrom: []) }
            // Nothing is rendered to weigh the colours against: each counts as written.
            outcome.diagnostics += PaintJudgement.findings(markup.paintUses, file: file) { _ in true }
            return outcome.finished(options)
        }

        // A background is not part of the glyph: reported, and left out of what is measured.
        var renderable = markup.renderable ?? source.bytes
        if let background = markup.background, let span = background.span {
            outcome.diagnostics.append(Diagnostic(.colorBackground, file: file, at: background.location, "a background: this \(background.property) (\(background.shown)\(background.origin.map { ", " + $0 } ?? "")) covers the whole artboard behind the glyph; glyphs are drawn on transparency and the system tints them, so delete the background shape (matplotlib: savefig(..., transparent=True))"))
            // Blanked, not cut out: every later span of the markup still points where it did.
            renderable = PaintJudgement.blanking([span], in: renderable)
        }

        // Measure and render, without the shapes parked wholly off the artboard
        // (`OffArtboardShapes`): looked for only when the ink reaches past it, and left out
        // by their blanked bytes, so every span of the markup still points where it did.
        var rendered: RenderedGlyph
        var offArtboard = measured?.offArtboard ?? []
        var paintUses = markup.paintUses
        func isOffArtboard(_ use: PaintUse) -> Bool { use.span.map { span in offArtboard.contains { $0.contains(span.lowerBound) } } ?? false }
        // The document drawn last, for the memo (planning pass only).
        var drawn: SVGHandle?
        do {
            func render(measured: InkMeasurement.Measured?, parsed: SVGHandle? = nil) throws(RenderFailure) -> RenderedGlyph {
                try GlyphRenderer.render(
                    Data(renderable), mode: options.mode, shapeThreshold: options.shapeThreshold, librsvgPath: options.librsvgPath,
                    setScales: options.setScales ?? [], keepingOffset: options.allowOffCenter.contains(source.name),
                    preserveAspectRatio: markup.preserveAspectRatio, measuringOnly: options.measuresOnly, measured: measured,
                    parsed: parsed, keep: memo != nil && options.measuresOnly ? { drawn = $0 } : nil)
            }
            if !offArtboard.isEmpty { renderable = PaintJudgement.blanking(offArtboard, in: renderable) }
            // The planning pass's document, if it was parsed from exactly these bytes.
            let parsed = remembered.flatMap { $0.parsedFrom == renderable ? $0.handle : nil }
            rendered = try render(measured: measured, parsed: parsed)
            if measured == nil, let box = rendered.inkBox, OffArtboardShapes.reachesPast(box, rendered.artboard) {
                offArtboard = OffArtboardShapes.spans(paintUses.compactMap(\.span), in: renderable, artboard: rendered.artboard, librsvgPath: options.librsvgPath)
                if !offArtboard.isEmpty {
                    renderable = PaintJudgement.blanking(offArtboard, in: renderable)
                    rendered = try render(measured: nil)
                }
            }
            paintUses.removeAll(where: isOffArtboard)
        } catch {
            let (rule, message): (RuleID, String) =
                switch error {
                case .unreadable(let text): (.svgParse, "librsvg cannot load the file: \(text)")
                case .noSize(let text): (.svgParse, text)
                case .failed(let text): (.renderFailed, "librsvg failed: \(text)")
                }
            outcome.diagnostics.append(Diagnostic(rule, file: file, at: markup.rootLocation, message))
            return outcome.finished(options)
        }
        endStage(\.render)
        outcome.artboard = rendered.artboard
        outcome.inkBox = rendered.inkBox.map(\.roundedForCatalog)
        outcome.shape = rendered.shape
        outcome.plans = rendered.plans
        outcome.measured = InkMeasurement.Measured(
            box: rendered.inkBox, precision: rendered.inkPrecision, offArtboard: offArtboard, judgingSlack: rendered.judgingSlack)
        outcome.plannedBox = rendered.plannedBox.map(\.roundedForCatalog).flatMap { $0 == outcome.inkBox ? nil : $0 }
        // --fit=set's planning pass needs the measurement alone; the glyph is judged when it
        // is rendered at the set's scale.
        if options.measuresOnly {
            memo?.remember(sha256, source: source, limits: options.limits, markup: markup, handle: drawn, parsedFrom: renderable)
            return outcome.finished(options)
        }

        // Check what was painted.
        let emptyMessage = "the glyph paints nothing visible; draw filled or stroked shapes with an opaque colour"
        guard rendered.inkBox != nil else {
            outcome.diagnostics.append(Diagnostic(.svgEmpty, file: file, at: markup.rootLocation, emptyMessage))
            return outcome.finished(options)
        }
        outcome.diagnostics += GeometryChecks.run(rendered, name: source.name, options: options, file: file, page: markup.page)
        // Left out, but said: a spare beside the page is harmless, a leftover (Lucide's
        // save-off carries one) is worth deleting.
        if let spare = markup.paintUses.first(where: isOffArtboard) {
            let one = offArtboard.count == 1
            let (subject, it, they) = one ? ("this shape lies", "it", "it is a leftover") : ("this shape and \(offArtboard.count - 1) more lie", "them", "they are leftovers")
            outcome.diagnostics.append(Diagnostic(warningOf: .geometryClipped, file: file, at: spare.location, "\(subject) wholly outside the \(rendered.artboard.width.pt) × \(rendered.artboard.height.pt) pt artboard, so no output shows \(it): left out of the glyph's ink box, colours and PNGs; delete \(it) if \(they), or move \(it) onto the artboard if \(one ? "it belongs" : "they belong") to the glyph"))
        }
        // A subpath wholly outside is what a wholly-outside element is (`OffArtboardShapes`).
        let inside = { (use: PaintUse) in use.span.map { span in offArtboard.contains { $0.lowerBound > span.lowerBound && span.contains($0.lowerBound) } } ?? false }
        if let path = markup.paintUses.first(where: { inside($0) && !isOffArtboard($0) }) {
            outcome.diagnostics.append(Diagnostic(warningOf: .geometryClipped, file: file, at: path.location, "a subpath of this path lies wholly outside the \(rendered.artboard.width.pt) × \(rendered.artboard.height.pt) pt artboard, so no output shows it: left out of the glyph's ink box and PNGs; delete it from the path data if it is a leftover, or move it onto the artboard if it belongs to the glyph"))
        }
        // Weighed from the @3x image already rendered (no render of its own), for the set's
        // checks after every glyph is processed.
        if options.family.weighs, let image = rendered.images.last, let plan = rendered.plans.last, let shape = rendered.shape, let scale = Template.scales.last {
            // Strokes of one width in a user space scaled alike both ways: that width drawn.
            let space = rendered.userSpace
            let drawnStroke = markup.uniformStrokeWidth.flatMap { width in
                abs(space.scaleX - space.scaleY) <= 1e-9 * space.scaleX ? width * space.scaleX * plan.pixelsPerPoint : nil
            }
            outcome.weight = InkWeight.measure(image, shape: shape, scale: scale, drawnStroke: drawnStroke)?.roundedForCatalog
        }
        // What the markup paints, weighed against the pixels: a colour whose elements change
        // nothing seen when deleted is not a second colour.
        // The opaque pixels' colours are collected only when the markup holds a second colour.
        var opaque: Set<PixelColor>?
        func appears(_ colour: PixelColor) -> Bool {
            if opaque == nil {
                opaque = rendered.images.last.flatMap { image in rendered.plans.last.map { image.opaqueColors(in: $0.pixels(fromPoints: Rect(x: 0, y: 0, width: rendered.artboard.width, height: rendered.artboard.height))) } } ?? []
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
        let markupColor = PaintJudgement.findings(paintUses, file: file, appears: appears, inPixels: inPixels) { spans in
            guard let image = rendered.images.last, let plan = rendered.plans.last,
                let without = try? GlyphRenderer.render(Data(PaintJudgement.deleting(spans, from: renderable)), plan: plan, artboard: rendered.artboard, librsvgPath: options.librsvgPath)
            else { return true }
            let artboard = plan.pixels(fromPoints: Rect(x: 0, y: 0, width: rendered.artboard.width, height: rendered.artboard.height))
            return image.largestDifference(from: without, in: artboard) > PaintJudgement.invisibleDifference
        }
        outcome.diagnostics += markupColor
        // Ink that lies wholly off the canvas has no colour to judge; the geometry checks
        // have said where it is.
        outcome.color = colors?.primary
        if let colors, markupColor.isEmpty {
            for (found, plan) in zip(painted, rendered.plans) {
                guard let other = found?.other else { continue }
                let x = (Double(other.x) - plan.originX) / plan.pixelsPerPoint
                let y = (Double(other.y) - plan.originY) / plan.pixelsPerPoint
                outcome.diagnostics.append(Diagnostic(.colorMonochrome, file: file, "rendered pixels show a second colour \(other.color.hex) near (\(x.pt), \(y.pt)) pt (first was \(colors.primary.hex)); glyphs must be one colour, since the system tints them"))
                break
            }
        }
        if colors == nil, !outcome.hasErrors {
            outcome.diagnostics.append(Diagnostic(.svgEmpty, file: file, at: markup.rootLocation, emptyMessage))
        }
        endStage(\.check)

        // Encode, unless the glyph failed (with the project's severities): a failed glyph gets no PNGs.
        outcome.diagnostics = options.applyingSeverities(to: outcome.diagnostics)
        if encode, !outcome.hasErrors, let color = outcome.color {
            do {
                outcome.pngs = try rendered.images.map { image throws(NativeError) in try PNGEncoder.encode(image, colour: color, compressionLevel: options.pngCompression) }
                outcome.outputs = zip(Template.scales, zip(outcome.pngs, rendered.plans)).map { scale, rendering in
                    let (png, plan) = rendering
                    return Catalog.Output(
                        scale: scale.factor, file: OutputNaming.fileName(glyph: source.name, scale: scale),
                        width: png.width, height: png.height, bytes: png.bytes.count, sha256: SHA256Digest.hex(of: png.bytes),
                        transform: plan.catalogTransform)
                }
            } catch {
                outcome.diagnostics.append(Diagnostic(.renderFailed, file: file, "could not encode PNG: \(error.message)"))
            }
            endStage(\.encode)
        } else if showingFailures {
            // Not encoded as outputs (it failed, here or by its name): shown only.
            outcome.failedRenders = rendered.images.compactMap { image in
                let colours = PaintedColors.of(image)
                if let colours, colours.other == nil {
                    return try? PNGEncoder.encode(image, colour: colours.primary, compressionLevel: options.pngCompression)
                }
                let settings = PNGCodec.Settings(compressionLevel: Int32(options.pngCompression))
                return (try? PNGCodec.encode(pixels: image.pixels, width: image.width, height: image.height, layout: .rgba, settings: settings))
                    .map { PNGEncoder.Encoded(bytes: $0, width: image.width, height: image.height) }
            }
            if outcome.failedRenders.count != rendered.images.count { outcome.failedRenders = [] }
            endStage(\.encode)
        }
        return outcome.finished(options)
    }
}

extension GlyphProcessor {
    /// A count of the markup checks run (not those a memo answered), for a test to see that
    /// set mode's render pass does not check again; set as `GlyphRenderer.$renders` is.
    @TaskLocal package static var markupChecks: WorkCount?
}

/// Seconds one glyph spent in each stage.
package struct GlyphTimings: Sendable {
    var check = 0.0
    var render = 0.0
    var encode = 0.0

    package static let stageNames = ["check", "render", "encode"]

    package subscript(stage: String) -> Double {
        switch stage {
        case "check": check
        case "render": render
        case "encode": encode
        default: 0
        }
    }

    package init(check: Double = 0.0, render: Double = 0.0, encode: Double = 0.0) {
        self.check = check
        self.render = render
        self.encode = encode
    }
}

extension GlyphOutcome {
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
        return Catalog.Transform(scale: (pixelsPerPoint * 1_000_000_000).rounded() / 1_000_000_000, x: round(originX), y: round(originY))
    }
}

extension Rect {
    /// Rounded to 1/1000 pt, so that the catalog's numbers are stable and readable.
    var roundedForCatalog: Rect {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return Rect(x: round(x), y: round(y), width: round(width), height: round(height))
    }
}
