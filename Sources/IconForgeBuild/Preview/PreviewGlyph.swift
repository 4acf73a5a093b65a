/// What the preview page shows of one glyph. Its measured data (shape, ink box, outputs,
/// diagnostics) is read from the catalog entry and nowhere else, so a field the catalog gains
/// (a per-output transform, say) is added to the page here; its images are the PNGs the
/// build made (`PreviewImages`).
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
        /// Whether the output folder holds this PNG, byte for byte, under its output name.
        var written: Bool
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

    /// The glyph's measured weights as the page lists them, against the set's, and whether
    /// the family checks reported it (an outlier is marked).
    func weightFacts(family: Catalog.Family?) -> [(term: String, text: String, outlier: Bool)] {
        guard let weight = entry.weight else { return [] }
        let rules = Set(entry.diagnostics.map(\.rule))
        let stroke: String
        if let measured = weight.stroke {
            stroke = "\(measured.fixed(2)) pt" + (family?.stroke.map { " (the set's: \($0.fixed(2)) pt)" } ?? "")
        } else {
            stroke = "none dominant (filled): left out of the stroke comparison"
        }
        let coverage =
            "\(Int((weight.coverage * 100).rounded())) % of the target box"
            + (family.map { " (the set's: \(Int(($0.coverage(filled: weight.stroke == nil) * 100).rounded())) %)" }
                ?? "")
        return [
            ("stroke weight", stroke, rules.contains(.setStrokeWeight)),
            ("optical weight", coverage, rules.contains(.setOpticalWeight)),
        ]
    }

    /// The set's weights, as the page's header gives them.
    static func familyText(_ family: Catalog.Family) -> String {
        let strokes =
            family.stroke.map { "strokes \($0.fixed(2)) pt (median of \(family.strokedGlyphs) stroked)" }
            ?? "strokes not compared (\(family.strokedGlyphs) of \(family.glyphs) stroked, or their widths vary)"
        return
            "family of \(family.glyphs) glyphs: \(strokes) · ink covers \(Int((family.coverage * 100).rounded())) % of the target box (median)"
    }

    /// How the artboard maps onto one output: "2 px/pt, artboard at (0, 0) px".
    func transformText(_ render: Render) -> String {
        "\(render.plan.pixelsPerPoint.fixed(4)) px/pt, artboard origin at (\(render.plan.originX.pt), \(render.plan.originY.pt)) px"
    }

    /// An output's size as the page lists it: the file, and whether it is in the output
    /// folder yet (a check's page: `iconforge build` writes it); a failed glyph's canvas.
    func outputText(_ render: Render) -> String {
        let size = "\(render.width) × \(render.height) px"
        guard let output = entry.outputs.first(where: { $0.scale == render.scale.factor }) else {
            return "\(size) (not written)"
        }
        return "\(output.file): \(size), \(output.bytes) bytes"
            + (render.written ? "" : " (not in the output folder yet)")
    }
}

/// The page's glyphs, from what the build made: never rendered a second way.
enum PreviewImages {
    /// Every glyph of `catalog`, in page order, with the PNGs the run made of it
    /// (`images`, see `BuildReport.images`), or, for a glyph whose files the build kept,
    /// those files as the catalog lists them in `outputFolder`.
    static func glyphs(_ catalog: Catalog, images: [String: GlyphImages], outputFolder: String) -> [PreviewGlyph] {
        catalog.glyphs.map { entry in
            let shown =
                images[entry.name].map { renders($0, entry: entry, outputFolder: outputFolder) }
                ?? kept(entry, outputFolder: outputFolder)
            return PreviewGlyph(entry: entry, renders: shown)
        }.sorted(by: PreviewGlyph.pageOrder)
    }

    static func renders(_ images: GlyphImages, entry: Catalog.Glyph, outputFolder: String) -> [PreviewGlyph.Render] {
        zip(Template.scales, zip(images.pngs, images.plans)).map { scale, made in
            let (png, plan) = made
            // Only a failed glyph can show a second colour: it is never encoded as one colour.
            let second = images.areOutputs ? nil : (try? PNGCodec.decode(png.bytes)).flatMap(PaintedColors.of)?.other
            let output = entry.outputs.first { $0.scale == scale.factor }
            return PreviewGlyph.Render(
                scale: scale, png: png.bytes, width: png.width, height: png.height, plan: plan,
                secondColour: second.map { ($0.x, $0.y, $0.color.hex) },
                written: output.map { isInPlace($0, bytes: png.bytes, outputFolder: outputFolder) } ?? false)
        }
    }

    /// The entry's files as the build kept them, if each is still the one the catalog lists.
    static func kept(_ entry: Catalog.Glyph, outputFolder: String) -> [PreviewGlyph.Render] {
        var renders: [PreviewGlyph.Render] = []
        for scale in Template.scales {
            guard let output = entry.outputs.first(where: { $0.scale == scale.factor }),
                let transform = output.transform,
                let png = try? FileSystem.readRegularFile(outputFolder + "/" + output.file, limit: output.bytes),
                SHA256Digest.hex(of: png) == output.sha256
            else { return [] }
            let plan = RenderPlan(
                canvasWidth: output.width, canvasHeight: output.height, pixelsPerPoint: transform.scale,
                originX: transform.x, originY: transform.y)
            renders.append(
                PreviewGlyph.Render(
                    scale: scale, png: png, width: output.width, height: output.height, plan: plan, secondColour: nil,
                    written: true))
        }
        return renders
    }

    /// Whether the output folder holds exactly these bytes under the output's name.
    static func isInPlace(_ output: Catalog.Output, bytes: [UInt8], outputFolder: String) -> Bool {
        (try? FileSystem.readRegularFile(outputFolder + "/" + output.file, limit: output.bytes)) == bytes
    }
}
