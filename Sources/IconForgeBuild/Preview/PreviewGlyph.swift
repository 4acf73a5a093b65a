import Synchronization

/// What the preview page shows of one glyph. Its measured data (shape, ink box, outputs,
/// diagnostics) is read from the catalog entry and nowhere else, so a field the catalog gains
/// (a per-output transform, say) is added to the page here; the renders are made for the page.
struct PreviewGlyph: Sendable {
    /// One scale's render, as the page shows it.
    struct Render: Sendable {
        var scale: Template.Scale
        /// A PNG of the render: one colour plus alpha, or RGBA when a second colour was found.
        var png: [UInt8]
        var width: Int
        var height: Int
        /// Where the artboard was placed: its scale (px/pt) and top-left corner on the canvas.
        var plan: RenderPlan
        /// Where a second colour was found, in canvas pixels, and which.
        var secondColour: (x: Int, y: Int, hex: String)?
    }

    var entry: Catalog.Glyph
    /// One per template scale; empty when the glyph could not be rendered for the page.
    var renders: [Render]

    var hasErrors: Bool { entry.diagnostics.contains { $0.severity == .error } }
    var hasWarnings: Bool { entry.diagnostics.contains { $0.severity == .warning } }
    var rules: [RuleID] { Array(Set(entry.diagnostics.map(\.rule))).sorted() }

    /// Failing glyphs first, then those with warnings, then the rest; by name within each.
    static func pageOrder(_ lhs: PreviewGlyph, _ rhs: PreviewGlyph) -> Bool {
        func rank(_ glyph: PreviewGlyph) -> Int { glyph.hasErrors ? 0 : glyph.hasWarnings ? 1 : 2 }
        return (rank(lhs), lhs.entry.name) < (rank(rhs), rhs.entry.name)
    }

    /// How the artboard maps onto one output: "2 px/pt, artboard at (0, 0) px".
    func transformText(_ render: Render) -> String {
        "\(render.plan.pixelsPerPoint.fixed(4)) px/pt, artboard origin at (\(render.plan.originX.pt), \(render.plan.originY.pt)) px"
    }

    /// An output's size as the page lists it: the file written, or the canvas the page rendered.
    func outputText(_ render: Render) -> String {
        let size = "\(render.width) × \(render.height) px"
        guard let output = entry.outputs.first(where: { $0.scale == render.scale.factor }) else {
            return "\(size) (not written)"
        }
        return "\(output.file): \(size), \(output.bytes) bytes"
    }
}

/// Renders glyphs for the page: the same markup checks, librsvg render and colour analysis
/// as a build, without writing anything.
enum PreviewRenderer {
    /// Rules after which a glyph is not rendered again here: librsvg failed, crashed or ran
    /// out of time on it in a worker, and the page is rendered in this process.
    static let unrenderable: Set<RuleID> = [.renderCrashed, .renderTimeout, .renderFailed, .svgLimit, .inputUnreadable]

    static func glyphs(_ catalog: Catalog, inputs: [String], options: PipelineOptions, jobs: Int) -> [PreviewGlyph] {
        let files = (try? GlyphDiscovery.discover(inputs)) ?? []
        let fileByName = Dictionary(files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = catalog.glyphs
        let next = Atomic<Int>(0)
        let results = Lock<[[PreviewGlyph.Render]]>(Array(repeating: [], count: entries.count))
        Threads.run(max(1, min(jobs, entries.count))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < entries.count else { return }
                let entry = entries[index]
                guard let file = fileByName[entry.name], !entry.diagnostics.contains(where: { unrenderable.contains($0.rule) }) else { continue }
                let renders = self.renders(file, options: options)
                results.withLock { $0[index] = renders }
            }
        }
        let renders = results.withLock { $0 }
        return zip(entries, renders).map { PreviewGlyph(entry: $0, renders: $1) }.sorted(by: PreviewGlyph.pageOrder)
    }

    /// The glyph at every scale, or nothing when it cannot be read or rendered.
    static func renders(_ file: GlyphFile, options: PipelineOptions) -> [PreviewGlyph.Render] {
        guard case .source(let source) = GlyphDiscovery.read(file, limits: options.limits) else { return [] }
        let markup = MarkupChecks.run(source, limits: options.limits)
        guard markup.safeToRender,
            let rendered = try? GlyphRenderer.render(
                Data(markup.renderable ?? source.bytes), mode: options.mode, shapeThreshold: options.shapeThreshold, librsvgPath: options.librsvgPath,
                preserveAspectRatio: markup.preserveAspectRatio)
        else { return [] }
        var renders: [PreviewGlyph.Render] = []
        for (index, (image, plan)) in zip(rendered.images, rendered.plans).enumerated() {
            let colours = PaintedColors.of(image)
            let png: [UInt8]?
            if let colours, colours.other == nil {
                png = try? PNGEncoder.encode(image, colour: colours.primary, compressionLevel: 4).bytes
            } else {
                png = try? PNGCodec.encode(
                    pixels: image.pixels, width: image.width, height: image.height, layout: .rgba, settings: PNGCodec.Settings(compressionLevel: 4))
            }
            guard let png else { return [] }
            renders.append(
                PreviewGlyph.Render(
                    scale: Template.scales[index], png: png, width: image.width, height: image.height, plan: plan,
                    secondColour: colours?.other.map { ($0.x, $0.y, $0.color.hex) }))
        }
        return renders
    }
}
