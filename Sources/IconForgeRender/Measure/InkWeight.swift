/// Measures how heavy a glyph looks from its @3x render (`GlyphWeight`): the width of its
/// dominant stroke and the share of the target box its ink covers.
///
/// The stroke is found along the ink's medial axis: the ridge of the distance transform
/// (each ink pixel's distance to the nearest background pixel). The distance transform
/// alone counts whole pixels, too coarse for a 6 px stroke, so at each ridge pixel the
/// width is measured again across the antialiased edges: the integral of alpha along a
/// line through the pixel, in the direction where that line is shortest (the stroke's
/// normal, within 11°: a straight stroke's width to about 2 %). The median of those widths
/// is the glyph's stroke when most ridge pixels agree with it; a glyph whose widths spread
/// (a filled shape, whose medial axis runs from its corners to its middle) or whose stroke
/// is a large part of its size has none. A ridge pixel the distance transform already puts
/// farther across than any stroke could be (`widestStroke`, with the agreement's margin) is
/// not measured across: it counts as infinitely wide.
///
/// A stroke is found only in a glyph drawn as strokes: line art leaves most of its own
/// outline empty, so its ink covers at most `mostOfItsHull` of its convex hull, or the hull
/// is itself one stroke (a minus, a slash: no wider than `singleStroke` strokes). A solid
/// glyph, with cut-outs or none (a disc, a triangle, a square with a letter cut out of it,
/// Iconoir's solid set: 79–100 % of the hull), has ink of some width between its
/// cut-outs and its edge, but no stroke: it is left out of the stroke comparison.
///
/// A glyph that paints nothing but strokes of one declared width, untransformed
/// (`MarkupChecks.Result.uniformStrokeWidth`), is not measured across: its stroke is that
/// width as exported. Where such strokes overlap or nest (Heroicons' `bold`, outlines drawn
/// inside outlines) the ink is wider than any one stroke, but the glyph is still drawn with
/// its family's pen, which is what the stroke comparison is about; how heavy it looks is
/// the optical weight's to judge.
package enum InkWeight {
    /// Bumped whenever the same render would be weighed differently; part of the build key
    /// (when glyphs are weighed), so that a catalog's recorded weights are never compared
    /// with weights measured another way.
    package static let revision = 3
    /// The share of ridge widths within `agreement` of the median for a stroke to dominate.
    static let dominantShare = 0.5
    /// Ridge widths from 1/`agreement` to `agreement` times the median agree with it.
    static let agreement = 1.3
    /// A "stroke" wider than this share of the shape's target is a filled shape.
    static let widestStroke = 0.2
    /// How much longer than across a ridge pixel's longest crossing must be for a stroke to
    /// run through it (a stroke's is capped by `reach`, at about twice its width).
    static let elongation = 1.5
    /// Ridge pixels measured across at most, spread evenly along the ridge. The crossings are
    /// most of the weighing's cost; on 300 Font Awesome glyphs, 64 samples gave the stroke
    /// 160 did for nine glyphs in ten to 0.1 %, 99 in 100 to 1.3 %.
    static let sampledRidgePixels = 64
    /// The most of its convex hull that a glyph drawn as strokes covers. Measured on Iconoir
    /// 7 (flet-iconoir 0.3.0), with `--fit`: its 1,367 outline glyphs cover 37 % of their
    /// hull (the median), 56 % (99 in 100), 63 % at most apart from single strokes (a table's
    /// grid); its solid glyphs with cut-outs, 79 % and more.
    static let mostOfItsHull = 0.7
    /// How many strokes wide the hull of a single straight stroke is, at most (its width
    /// taken as twice its area over its perimeter, under a bar's width). On Iconoir, a minus,
    /// a slash and a line with end dots are 0.93–1.16; solid glyphs 1.8 and more (a wedge
    /// with a cut-out, Wi-Fi's) to 3.3.
    static let singleStroke = 1.5

    /// The weight of `image`, rendered at `scale` for a glyph of `shape`; nil when nothing
    /// is painted.
    /// - Parameter drawnStroke: the width in pixels of `image` of the one stroke width that
    ///   is all the glyph paints, if it is so drawn: its stroke, unmeasured.
    package static func measure(_ image: RGBAImage, shape: Shape, scale: Template.Scale, drawnStroke: Double? = nil)
        -> GlyphWeight?
    {
        let target = Double(scale.target(for: shape))
        if let drawnStroke {
            let area = image.inkArea
            guard area > 0 else { return nil }
            // A stroke this wide draws bars, not lines: filled, as the measure would find it.
            let stroke = drawnStroke <= widestStroke * target ? drawnStroke / scale.pixelsPerPoint(for: shape) : nil
            return GlyphWeight(stroke: stroke, coverage: area / (target * target))
        }
        // Wider than the widest stroke that agrees with a median stroke: no stroke.
        let (area, widths, hull) = image.inkWidths(
            maximumSamples: sampledRidgePixels, elongation: elongation, beyondStrokes: agreement * widestStroke * target
        )
        guard area > 0 else { return nil }
        let coverage = area / (target * target)
        var stroke: Double?
        if !widths.isEmpty {
            let sorted = widths.sorted()
            let median = sorted[sorted.count / 2]
            let agreeing = sorted.filter { $0 >= median / agreement && $0 <= median * agreement }.count
            if Double(agreeing) >= dominantShare * Double(sorted.count), median <= widestStroke * target,
                drawnAsStrokes(area: area, hull: hull, stroke: median)
            {
                stroke = median / scale.pixelsPerPoint(for: shape)
            }
        }
        return GlyphWeight(stroke: stroke, coverage: coverage)
    }

    /// Whether ink of `area` (pixels) whose dominant width is `stroke` pixels is line art:
    /// it leaves most of its convex hull empty, or the hull is one stroke.
    static func drawnAsStrokes(area: Double, hull: InkHull, stroke: Double) -> Bool {
        guard hull.area > 0, hull.perimeter > 0 else { return false }
        return area <= mostOfItsHull * hull.area || 2 * hull.area / hull.perimeter <= singleStroke * stroke
    }
}
