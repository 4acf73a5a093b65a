/// The template's size and placement rules, judged on the ink box measured from pixels.
enum GeometryChecks {
    static func run(_ glyph: RenderedGlyph, name: String, options: PipelineOptions, file: String, page: PageNote? = nil)
        -> [Diagnostic]
    {
        guard let ink = glyph.inkBox, let shape = glyph.shape else { return [] }
        let judging = Judging(glyph: glyph, ink: ink, shape: shape, name: name, options: options, file: file)
        var found = judging.clipping() + judging.placement()
        // Under --fit the export normalises size, so authored size and placement are free.
        found += options.mode.isFit ? judging.fitting() : judging.maximum()
        if options.mode == .template {
            found += judging.target()
            if !Template.isCanvas(glyph.artboard) {
                found = Self.ledByThePage(found, statement: (page ?? PageNote.unknown).statement(size: glyph.artboard))
            }
        }
        return found + judging.aspect()
    }

    /// One glyph's measured ink, judged rule by rule, each step returning its findings.
    private struct Judging {
        var glyph: RenderedGlyph
        var ink: Rect
        var shape: Shape
        var name: String
        var options: PipelineOptions
        var file: String

        var artboard: Rect { Rect(x: 0, y: 0, width: glyph.artboard.width, height: glyph.artboard.height) }
        var inkText: String { "\(ink.width.pt) × \(ink.height.pt) pt" }

        func finding(_ rule: RuleID, _ message: String, fix: GeometryFix? = nil) -> Diagnostic {
            var diagnostic = Diagnostic(rule, file: file, message)
            diagnostic.fix = fix
            return diagnostic
        }

        /// Ink cut off by the viewport matters only where it would show: a quarter of a
        /// pixel of the largest output, not 0.2 units of a 512-unit icon drawn at 0.17 px/unit.
        /// The ink box is what a fine render shows (translucent ink by what shows of it), so
        /// no allowance in user units is added, only what a coarse measurement could miss.
        func clipping() -> [Diagnostic] {
            let visible = glyph.plans.last.map { GeometryChecks.visiblePixels / $0.pixelsPerPoint } ?? 0
            guard !artboard.contains(ink, slack: visible + glyph.inkPrecision) else { return [] }
            return [
                finding(
                    .geometryClipped,
                    "ink spans \(ink.describedEdges) but the viewport is \(glyph.artboard.width.pt) × \(glyph.artboard.height.pt) pt, so part of the drawing is cut off; move it inside the viewBox or enlarge the viewBox"
                )
            ]
        }

        /// In every mode the box that placed the glyph must be the ink its PNGs show: a
        /// disagreement is an error, never a wrong PNG.
        func placement() -> [Diagnostic] {
            GeometryChecks.placementMismatch(glyph, fit: options.mode.isFit).map { [finding(.renderFailed, $0)] } ?? []
        }

        /// Under --fit: a glyph scaled down alone, and ink the placement carries past the canvas.
        func fitting() -> [Diagnostic] {
            var found: [Diagnostic] = []
            if let set = glyph.scaledDownFrom, let index = Template.scales.indices.last, let plan = glyph.plans.last {
                let setPixels = max(ink.width, ink.height) * set.pixelsPerUnit[index]
                let scale = Template.scales[index]
                found.append(
                    finding(
                        .sizeScaledDown,
                        "at the set's scale (\(set.pixelsPerUnit[index].fixed(3)) px per unit at \(scale.suffix)) the ink box, \(inkText), would be \(setPixels.fixed(1)) px, more than the \((Double(scale.canvas) - 2 * RenderPlan.fitInsetPixels).fixed(1)) px that fit on the \(scale.canvas) px (35 pt) canvas with its \(RenderPlan.fitInsetPixels.fixed(2)) px margins; it was scaled down alone to \(plan.pixelsPerPoint.fixed(3)) px per unit (\((plan.pixelsPerPoint / set.pixelsPerUnit[index] * 100).percentText) of the set's size); draw it smaller, or build with --fit=glyph"
                    ))
            }
            // Fitting centres the ink, unless the glyph's offset is kept (allowOffCenter): scaled
            // up with the glyph, a large offset carries the ink past the canvas edge.
            if case (let scale, let plan)? = zip(Template.scales, glyph.plans).reversed().first(where: {
                GeometryChecks.cutOff(ink, by: $0.1)
            }) {
                let placed = plan.pixels(fromPoints: ink)
                let canvas = Rect(x: 0, y: 0, width: Double(plan.canvasWidth), height: Double(plan.canvasHeight))
                let extent =
                    canvas.intersection(placed) == nil
                    ? "all of it lies off the canvas and the PNG would be empty" : "part of it is cut off"
                let kept = options.allowOffCenter.contains(name)
                let placement =
                    kept
                    ? "placed with its offset from the artboard centre kept (it is listed in \"allowOffCenter\")"
                    : "placed"
                let dx = ink.midX - artboard.midX
                let dy = ink.midY - artboard.midY
                var remedy =
                    "draw it nearer the artboard centre (its ink centre is \(dx.signedPt) pt horizontally and \(dy.signedPt) pt vertically from it)"
                if kept {
                    remedy +=
                        ", or remove \"\(name)\" from \"allowOffCenter\" in iconforge.json so that --fit centres its ink"
                }
                found.append(
                    finding(
                        .sizeMax,
                        "\(placement) and scaled to \(plan.pixelsPerPoint.fixed(3)) px per unit, the ink lands at \(placed.describedPixelEdges) on the \(plan.canvasWidth) × \(plan.canvasHeight) px \(scale.suffix) canvas: \(extent); \(remedy)"
                    ))
            }
            return found
        }

        /// As drawn (template mode): the ink within the 35 pt maximum, and inside the canvas
        /// centred on the artboard.
        func maximum() -> [Diagnostic] {
            let maximum = Template.canvasPoints
            let slack = max(options.edgeSlack, glyph.inkPrecision)
            if ink.width > maximum + slack || ink.height > maximum + slack {
                return [
                    finding(
                        .sizeMax,
                        "ink box is \(inkText), larger than the \(maximum.pt) pt maximum; scale the drawing down to the \(Template.targetPoints(for: shape).pt) pt target"
                    )
                ]
            }
            // On the canvas the artboard is centred; ink must stay inside the 35 pt square.
            let canvas = Rect(
                x: (artboard.width - maximum) / 2, y: (artboard.height - maximum) / 2, width: maximum, height: maximum)
            guard !canvas.contains(ink, slack: slack) else { return [] }
            return [
                finding(
                    .sizeMax,
                    "ink reaches \(ink.describedEdges), outside the 35 pt canvas centred on the artboard; draw on a 35 × 35 pt artboard and keep the glyph inside it"
                )
            ]
        }

        /// Template mode: the governing dimension at its target, and the ink centred; both
        /// findings carry the one fix that passes both.
        func target() -> [Diagnostic] {
            var found: [Diagnostic] = []
            let fix = GeometryChecks.fix(
                ink: ink, shape: shape, artboard: artboard, sizeTolerance: options.sizeTolerance,
                keepingOffset: options.allowOffCenter.contains(name),
                userSpace: glyph.userSpace)
            let target = Template.targetPoints(for: shape)
            let (governing, dimension): (Double, String) =
                switch shape {
                case .wide: (ink.width, "width")
                case .tall: (ink.height, "height")
                case .square: (max(ink.width, ink.height), "longer side")
                }
            if abs(governing - target) > options.sizeTolerance {
                found.append(
                    finding(
                        .sizeTarget,
                        "\(shape.rawValue) glyph's \(dimension) is \(governing.pt) pt; the template wants \(target.pt) ± \(options.sizeTolerance.pt) pt (ink box \(inkText)); \(fix.prose)",
                        fix: fix))
            }
            let dx = ink.midX - artboard.midX
            let dy = ink.midY - artboard.midY
            if abs(dx) > options.centerTolerance || abs(dy) > options.centerTolerance,
                !options.allowOffCenter.contains(name)
            {
                found.append(
                    finding(
                        .geometryOffCenter,
                        "ink centre is \(dx.signedPt) pt horizontally and \(dy.signedPt) pt vertically from the artboard centre (allowed ± \(options.centerTolerance.pt) pt); \(fix.prose), or if the offset is a deliberate optical correction list the glyph under \"allowOffCenter\" in iconforge.json",
                        fix: fix))
            }
            return found
        }

        /// A thin glyph reads fine when it is one bar or a row of dots (a minus, an
        /// ellipsis), or bold enough; it costs legibility when fine detail crosses its thin
        /// side, as in a wordmark squeezed into a strip.
        func aspect() -> [Diagnostic] {
            let longer = max(ink.width, ink.height)
            let shorter = min(ink.width, ink.height)
            let limit = options.maximumAspectRatio
            guard shorter <= 0 || longer / shorter > limit,
                let image = glyph.images.last, let plan = glyph.plans.last,
                let detail = ThinSideDetail.of(image, wide: ink.width >= ink.height), detail.hasDetail
            else { return [] }
            let toTarget = Template.targetPoints(for: shape) / longer
            let stroke = detail.medianStrokePixels / plan.pixelsPerPoint * toTarget
            // Just past the ratio a wide or tall glyph's thin side is still nearly 10 pt at
            // its target (Inkscape's chain link: 3.16:1, 9.5 pt), room for four legible
            // strokes: a side is thin only under the square target over the ratio (9 pt).
            let thinSide = Template.targetPoints(for: .square) / limit
            guard stroke < ThinSideDetail.legibleStrokePoints, shorter * toTarget < thinSide else { return [] }
            let ratio = shorter > 0 ? GeometryChecks.ratioText(longer / shorter, beside: limit) : "∞"
            return [
                finding(
                    .geometryAspect,
                    "aspect ratio is \(ratio):1 (ink box \(inkText)), beyond \(limit.pt):1, with detail across its thin side: at the target size that side is \((shorter * toTarget).pt) pt and its strokes \(stroke.pt) pt, under \(ThinSideDetail.legibleStrokePoints.pt) pt, hard to read; redraw it more compact (a wordmark as a monogram), or raise maximumAspectRatio"
                )
            ]
        }
    }

    /// On a page that is not the template's, the size findings (and the centring that
    /// follows from the page) become one, which names the page first: a 99 pt page's
    /// oversize is the page's, not the drawing's. Nothing is merged when the glyph's size is
    /// right (an off-centre warning alone keeps its own advice).
    static func ledByThePage(_ found: [Diagnostic], statement: String) -> [Diagnostic] {
        let rules: [RuleID] = [.sizeMax, .sizeTarget, .geometryOffCenter]
        guard let lead = rules.lazy.compactMap({ rule in found.first { $0.rule == rule } }).first,
            lead.rule != .geometryOffCenter,
            let position = found.firstIndex(where: { rules.contains($0.rule) })
        else { return found }
        var merged = lead
        merged.message = statement + "; as drawn, " + lead.message
        merged.fix = lead.fix ?? found.first { rules.contains($0.rule) && $0.fix != nil }?.fix
        var kept = found.filter { !rules.contains($0.rule) }
        kept.insert(merged, at: min(position, kept.count))
        return kept
    }

    /// What brings the glyph to the template: its governing dimension scaled to the target
    /// about the artboard centre (when it is off by more than the tolerance), then its ink
    /// centred (unless its offset is allowed). Both template-mode findings carry the whole
    /// remedy, so following either passes both.
    static func fix(
        ink: Rect, shape: Shape, artboard: Rect, sizeTolerance: Double, keepingOffset: Bool,
        userSpace: UserSpace = .identity
    ) -> GeometryFix {
        let governing: Double =
            switch shape {
            case .wide: ink.width
            case .tall: ink.height
            case .square: max(ink.width, ink.height)
            }
        let target = Template.targetPoints(for: shape)
        let scale = governing > 0 && abs(governing - target) > sizeTolerance ? target / governing : 1
        // Scaled about the centre, the ink's centre moves to centre + scale × (mid − centre).
        let dx = keepingOffset ? 0 : -scale * (ink.midX - artboard.midX)
        let dy = keepingOffset ? 0 : -scale * (ink.midY - artboard.midY)
        return GeometryFix(
            scale: scale, centerX: artboard.midX, centerY: artboard.midY, dx: dx, dy: dy, userSpace: userSpace)
    }

    /// How far (px) a fit-mode output's painted edges may be from where its plan put the ink
    /// box before the glyph fails rather than ship a misplaced PNG.
    static let placementTolerancePixels = 1.0

    /// The guard of every mode: each output's painted pixels (those that show,
    /// `AlphaBounds.visibleAlpha`) against the ink box its plan placed (the part on the canvas
    /// and the artboard), both as the whole pixels they touch, so that a sharp tip's faint
    /// last pixel counts on both sides; a message when an edge is more than
    /// `placementTolerancePixels` (plus what a coarse measurement could miss) away.
    static func placementMismatch(_ glyph: RenderedGlyph, fit: Bool = true) -> String? {
        guard let ink = glyph.inkBox else { return nil }
        for (scale, (plan, image)) in zip(Template.scales, zip(glyph.plans, glyph.images)).reversed() {
            let canvas = Rect(x: 0, y: 0, width: Double(plan.canvasWidth), height: Double(plan.canvasHeight))
            // Ink placed wholly off the canvas is size.max's finding, and ink past the
            // artboard geometry.clipped's (librsvg cuts it off), not a misplacement.
            guard let shown = canvas.intersection(plan.viewport(artboard: glyph.artboard)),
                let placed = shown.intersection(plan.pixels(fromPoints: ink))
            else { continue }
            let expected = Rect(
                x: placed.x.rounded(.down), y: placed.y.rounded(.down),
                width: placed.maxX.rounded(.up) - placed.x.rounded(.down),
                height: placed.maxY.rounded(.up) - placed.y.rounded(.down))
            let tolerance = placementTolerancePixels + glyph.inkPrecision * plan.pixelsPerPoint
            let painted = AlphaBounds.pixelBox(of: image)
            if let painted, abs(painted.x - expected.x) <= tolerance, abs(painted.y - expected.y) <= tolerance,
                abs(painted.maxX - expected.maxX) <= tolerance, abs(painted.maxY - expected.maxY) <= tolerance
            {
                continue
            }
            let painting = painted.map { "ink in pixels \($0.describedPixelEdges)" } ?? "no ink"
            let placer = fit ? "the fit placed" : "the template placed"
            let remedy = fit ? "build this glyph in template mode, or report" : "report"
            return
                "the \(scale.suffix) PNG shows \(painting), but \(placer) the measured ink box (\(ink.describedEdges)) in pixels \(expected.describedPixelEdges), more than \(tolerance.pt) px apart; the ink was mismeasured, so no PNG is written rather than a misplaced one: \(remedy) the file to iconforge"
        }
        return nil
    }

    /// A quarter of a pixel: ink cut off by less than this in the largest output does not show.
    static let visiblePixels = 0.25

    /// Whether `plan` puts part of `ink` (artboard points) beyond its canvas by a visible amount.
    static func cutOff(_ ink: Rect, by plan: RenderPlan) -> Bool {
        let canvas = Rect(x: 0, y: 0, width: Double(plan.canvasWidth), height: Double(plan.canvasHeight))
        return !canvas.contains(plan.pixels(fromPoints: ink), slack: visiblePixels)
    }

    /// `ratio` with enough decimals to differ from `limit` when it is not equal to it
    /// ("3.004", not "3", beside a limit of 3).
    static func ratioText(_ ratio: Double, beside limit: Double) -> String {
        var digits = 2
        var text = ratio.fixed(digits)
        while digits < 6, Double(text) == limit, ratio != limit {
            digits += 1
            text = ratio.fixed(digits)
        }
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension Rect {
    /// "x 1.2–33.8 pt, y 0–35 pt"
    var describedEdges: String { "x \(x.pt)–\(maxX.pt) pt, y \(y.pt)–\(maxY.pt) pt" }

    /// "x -120–-40 px, y 12–92 px"
    var describedPixelEdges: String { "x \(x.pt)–\(maxX.pt) px, y \(y.pt)–\(maxY.pt) px" }
}
