/// Everything iconforge learned and produced for one glyph.
struct GlyphOutcome: Sendable {
    var source: GlyphSource
    var sourceSHA256: String
    var diagnostics: [Diagnostic]
    var artboard: Size?
    var inkBox: Rect?
    var shape: Shape?
    var color: PixelColor?
    /// One PNG per template scale, in `Template.scales` order; empty when the glyph failed
    /// or its files were reused from the previous build.
    var pngs: [PNGEncoder.Encoded]
    /// The output files as the catalog lists them (for new and reused PNGs alike).
    var outputs: [Catalog.Output] = []
    /// True when nothing changed since the previous build and its files were kept.
    var reused = false
    /// The source's size and modification time when it was read, if it was settled (see
    /// `BuildState.sourceSignatures`).
    var sourceSignature: FileSignature?
    /// For a reused glyph, the size and time of each output file as checked against the
    /// previous build's record, by file name: what the next build's state records for them.
    var verifiedOutputs: [String: FileSignature] = [:]
    var timings = GlyphTimings()

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Runs one glyph through the pipeline: load → measure → check → render → encode.
enum GlyphProcessor {
    static func process(_ source: GlyphSource, options: PipelineOptions, encode: Bool) -> GlyphOutcome {
        var outcome = GlyphOutcome(
            source: source, sourceSHA256: SHA256Digest.hex(of: source.bytes), diagnostics: [],
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
        let markup = MarkupChecks.run(source, limits: options.limits)
        endStage(\.check)
        outcome.diagnostics = markup.diagnostics
        guard markup.safeToRender, !markup.drawsEmoji else { return outcome.sorted() }

        // Measure and render.
        let rendered: RenderedGlyph
        do {
            rendered = try GlyphRenderer.render(
                Data(markup.renderable ?? source.bytes), mode: options.mode, shapeThreshold: options.shapeThreshold, librsvgPath: options.librsvgPath,
                setScales: options.setScales ?? [], keepingOffset: options.allowOffCenter.contains(source.name), measuringOnly: options.measuresOnly)
        } catch {
            let (rule, message): (RuleID, String) =
                switch error {
                case .unreadable(let text): (.svgParse, "librsvg cannot load the file: \(text)")
                case .noSize(let text): (.svgParse, text)
                case .failed(let text): (.renderFailed, "librsvg failed: \(text)")
                }
            outcome.diagnostics.append(Diagnostic(rule, file: file, at: markup.rootLocation, message))
            return outcome.sorted()
        }
        endStage(\.render)
        outcome.artboard = rendered.artboard
        outcome.inkBox = rendered.inkBox.map(\.roundedForCatalog)
        outcome.shape = rendered.shape
        // --fit=set's planning pass needs the measurement alone; the glyph is judged when it
        // is rendered at the set's scale.
        if options.measuresOnly { return outcome.sorted() }

        // Check what was painted.
        let emptyMessage = "the glyph paints nothing visible; draw filled or stroked shapes with an opaque colour"
        guard rendered.inkBox != nil else {
            outcome.diagnostics.append(Diagnostic(.svgEmpty, file: file, at: markup.rootLocation, emptyMessage))
            return outcome.sorted()
        }
        outcome.diagnostics += GeometryChecks.run(rendered, name: source.name, options: options, file: file)
        // Ink that lies wholly off the canvas has no colour to judge; the geometry checks
        // have said where it is.
        let colors = rendered.images.lazy.compactMap(PaintedColors.of).first
        outcome.color = colors?.primary
        if let colors, !markup.reportedColor {
            for (image, plan) in zip(rendered.images, rendered.plans) {
                guard let other = PaintedColors.of(image)?.other else { continue }
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

        // Encode, unless the glyph failed: a failed glyph gets no PNGs.
        if encode, !outcome.hasErrors, let color = outcome.color {
            do {
                outcome.pngs = try rendered.images.map { image throws(NativeError) in try PNGEncoder.encode(image, colour: color, compressionLevel: options.pngCompression) }
                outcome.outputs = zip(Template.scales, zip(outcome.pngs, rendered.plans)).map { scale, rendering in
                    let (png, plan) = rendering
                    return Catalog.Output(
                        scale: scale.factor, file: OutputWriter.fileName(glyph: source.name, scale: scale),
                        width: png.width, height: png.height, bytes: png.bytes.count, sha256: SHA256Digest.hex(of: png.bytes),
                        transform: plan.catalogTransform)
                }
            } catch {
                outcome.diagnostics.append(Diagnostic(.renderFailed, file: file, "could not encode PNG: \(error.message)"))
            }
            endStage(\.encode)
        }
        return outcome.sorted()
    }
}

/// Seconds one glyph spent in each stage.
struct GlyphTimings: Sendable {
    var check = 0.0
    var render = 0.0
    var encode = 0.0

    static let stageNames = ["check", "render", "encode"]

    subscript(stage: String) -> Double {
        switch stage {
        case "check": check
        case "render": render
        case "encode": encode
        default: 0
        }
    }
}

extension GlyphOutcome {
    fileprivate func sorted() -> GlyphOutcome {
        var copy = self
        copy.diagnostics.sort(by: Diagnostic.sortOrder)
        return copy
    }
}

extension RenderPlan {
    /// The plan as the catalog records it: the scale exactly (`--fit=set` scales are kept to
    /// 1/1,000,000 already), the offsets to 1/1000 px.
    var catalogTransform: Catalog.Transform {
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
