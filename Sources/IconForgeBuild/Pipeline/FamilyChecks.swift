/// The family checks: whether a build's glyphs read as one family, judged once every glyph
/// is processed, from the weights each one's render measured (`GlyphWeight`, recorded in
/// the catalog, so an unchanged glyph is compared without being rendered again).
///
/// - `set.stroke-weight`: a glyph whose dominant stroke is more than the share from the
///   set's median stroke. Only glyphs drawn as strokes have one (`InkWeight`: not a disc,
///   a triangle or a solid glyph with cut-outs); the others are left out, and so is the
///   check when they are most of a set of one style (a filled library).
///   Strokes are compared only when `agreeingShare` of the stroked glyphs agree with the
///   median: a filled library's bars and outlines vary by design.
/// - `set.optical-weight`: a glyph whose ink covers much more of the target box than the
///   set's glyphs do: more than `heavierFactor` times the median, and beyond the set's own
///   spread (`spreadFences` interquartile ranges above the upper quartile); in a stroked
///   family of one style, also a filled glyph that looks darker than the median glyph
///   (`looksDarker`: a solid glyph beside outline ones).
///
/// A set that mixes filled and outline glyphs on purpose (`FamilyOptions.Styles.mixed`)
/// weighs each glyph among its own style: outlines against outlines, filled against filled.
///
/// Only glyphs without errors count (the others ship no PNGs), and only when there are at
/// least `FamilyOptions.minimumGlyphs` of them.
enum FamilyChecks {
    static let rules: Set<RuleID> = [.setStrokeWeight, .setOpticalWeight]
    /// How much more of the target box than the median an optical outlier covers, at least.
    static let heavierFactor = 2.0
    /// How far beyond the upper quartile, in interquartile ranges, an optical outlier lies:
    /// Tukey's "far out". A filled library's glyphs spread widely (a solid square covers
    /// twice what a solid circle with a cut-out does) and pass; a solid glyph among
    /// outlines lies far beyond theirs.
    static let spreadFences = 3.0
    /// The share of stroked glyphs within the share of the median stroke for the set to be
    /// judged as a stroked family.
    static let agreeingShare = 0.75
    /// How much darker (CIELAB ΔL*) than the median glyph's a filled glyph's tone must be to
    /// look heavier beside outline ones. A glyph's optical weight is how dark its box looks
    /// at a squint, as type designers compare glyphs: on white, a grey of luminance
    /// 1 − coverage. 5 is where observers see two different greys, not one (ΔE*ab 5, which
    /// for greys is ΔL*, in Mokrzycki and Tatol's survey of colour difference, 2011): on a set
    /// whose glyphs cover 28 %, a filled glyph covering 38 % or more (1.33 times).
    static let visibleLightness = 5.0

    /// Whether ink covering `coverage` of the target box looks darker than `median` does.
    static func looksDarker(_ coverage: Double, than median: Double) -> Bool {
        ColorDifference.lightness(luminance: 1 - median) - ColorDifference.lightness(luminance: 1 - coverage)
            > visibleLightness
    }

    /// The set's figures, as the catalog records them (`Catalog.Family`).
    /// `mode` is the build's: under `--fit=glyph` each glyph is scaled on its own, so its
    /// strokes come out heavier or lighter than drawn, and a finding says so.
    static func judge(_ outcomes: [GlyphOutcome], options: FamilyOptions, mode: ExportMode = .template) -> (
        outcomes: [GlyphOutcome], family: Catalog.Family?
    ) {
        let members = outcomes.indices.filter { outcomes[$0].weight != nil && !outcomes[$0].hasErrors }
        guard options.weighs, members.count >= FamilyOptions.minimumGlyphs else { return (outcomes, nil) }
        var judged = outcomes
        var family = Catalog.Family(glyphs: members.count, strokedGlyphs: 0, stroke: nil, coverage: 0)
        func report(_ index: Int, _ rule: RuleID, _ message: String) {
            judged[index].diagnostics.append(
                Diagnostic(
                    rule, file: judged[index].source.displayPath, at: SourceLocation(line: 1, column: 1), message))
            judged[index].diagnostics.sort(by: Diagnostic.sortOrder)
        }

        let stroked = members.compactMap { index in outcomes[index].weight?.stroke.map { (index, $0) } }
        family.strokedGlyphs = stroked.count
        let strokeMedian = stroked.isEmpty ? 0 : Self.median(stroked.map(\.1))
        let agreeing = stroked.filter { abs($0.1 / strokeMedian - 1) <= options.share }.count
        // A set of strokes that mostly agree: one that mostly disagrees is no stroked family
        // (a filled library's bars and outlines), and which glyph is odd would be a guess.
        let mixed = options.styles == .mixed
        let strokedFamily =
            stroked.count >= FamilyOptions.minimumGlyphs && (mixed || 2 * stroked.count >= members.count)
            && Double(agreeing) >= agreeingShare * Double(stroked.count)
        if strokedFamily {
            let median = strokeMedian
            family.stroke = median
            if options.strokeWeight {
                for (index, stroke) in stroked where abs(stroke / median - 1) > options.share {
                    let factor = median / stroke
                    let remedy =
                        mode == .fitGlyph
                        ? "--fit=glyph scaled this glyph on its own, so its strokes are not as drawn: build with --fit (every glyph at the set's one scale), or scale stroke-width by \(factor.fixed(2))"
                        : "scale stroke-width by \(factor.fixed(2))"
                    report(
                        index, .setStrokeWeight,
                        "strokes are \(stroke.fixed(2)) pt; the set's are \(median.fixed(2)) pt (the median of \(stroked.count) stroked glyphs); \(remedy) so that it reads as one family with the others (allowed: ±\(Int((options.share * 100).rounded())) %, \"family\" in iconforge.json)"
                    )
                }
            }
        }

        // One style: every glyph among all. Mixed on purpose: outlines among outlines and
        // filled glyphs among filled ones, each style judged when it has enough glyphs.
        let styles: [(glyphs: [Int], filled: Bool?)] =
            mixed
            ? [
                (members.filter { outcomes[$0].weight?.stroke != nil }, false),
                (members.filter { outcomes[$0].weight?.stroke == nil }, true),
            ]
            : [(members, nil)]
        for (glyphs, filled) in styles where !glyphs.isEmpty {
            let coverages = glyphs.map { outcomes[$0].weight?.coverage ?? 0 }
            let (median, limit) = Self.spread(coverages)
            if filled == true {
                (family.filledCoverage, family.filledCoverageLimit) = (median, limit)
            } else {
                (family.coverage, family.coverageLimit) = (median, limit)
            }
            guard options.opticalWeight, glyphs.count >= FamilyOptions.minimumGlyphs else { continue }
            let among = filled.map { $0 ? "filled glyphs" : "outline glyphs" } ?? "glyphs"
            for (index, coverage) in zip(glyphs, coverages) {
                let filledAmongOutlines =
                    !mixed && strokedFamily && outcomes[index].weight?.stroke == nil
                    && looksDarker(coverage, than: median)
                guard coverage > limit || filledAmongOutlines else { continue }
                let found = filledAmongOutlines ? "a filled glyph among outline ones: its ink" : "ink"
                let remedy =
                    filledAmongOutlines
                    ? "draw it in outline as the others are, or thin its filled parts; if the set mixes filled and outline glyphs on purpose, say so in iconforge.json (\"family\": {\"styles\": \"mixed\"})"
                    : "draw it in outline as the others are, or thin its filled parts"
                report(
                    index, .setOpticalWeight,
                    "\(found) covers \(Int((coverage * 100).rounded())) % of the target box; the set's \(among) cover \(Int((median * 100).rounded())) % (the median of \(glyphs.count)), so this one looks \((coverage / median).fixed(1)) times as heavy beside them; \(remedy)"
                )
            }
        }
        return (judged, family.roundedForCatalog)
    }

    /// The median of `coverages` and the coverage beyond which one is an optical outlier.
    static func spread(_ coverages: [Double]) -> (median: Double, limit: Double) {
        let median = Self.median(coverages)
        let sorted = coverages.sorted()
        // Quartiles by the lower index, so that in a small set the odd glyph is not its own quartile.
        let upper = sorted[3 * (sorted.count - 1) / 4]
        let lower = sorted[(sorted.count - 1) / 4]
        return (median, max(heavierFactor * median, upper + spreadFences * (upper - lower)))
    }

    /// The middle value (the mean of the two middle ones for an even count).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
