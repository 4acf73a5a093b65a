/// `--fit=set`'s scales: one per artboard size (sizes within 1 % of each other are one
/// size), chosen before any glyph is rendered.
///
/// The typical glyph of an artboard size is the median of its glyphs by the scale
/// `--fit=glyph` would give each (the one that brings its governing dimension to its
/// target): with an even count, the lower of the two middle ones, so the choice is always
/// one glyph's own. A median ignores the outliers a mean would follow (a dot, a `signal-zero`
/// whose ink is a few units wide) and any order the files come in. The set's scale at every
/// template scale is that glyph's, so it comes out exactly as `--fit=glyph` would draw it,
/// and every other glyph on the same artboard size shares its stroke weights.
///
/// Measured from the catalog's rounded ink boxes, so that a build from scratch and one that
/// kept most glyphs' files choose the same scale to the last digit.
enum FitSetPlanner {
    /// A glyph as `--fit=glyph` measured it.
    struct Measured: Sendable {
        var artboard: Size
        var inkBox: Rect
        var shape: Shape
    }

    static func plan(_ glyphs: [Measured]) -> [SetScale] {
        // Artboards that are one size to a person are one set (`SetScale.isSameSize`).
        let named = SetScale.sizes(grouping: glyphs.map(\.artboard))
        let byArtboard = Dictionary(grouping: glyphs, by: { named[$0.artboard] ?? $0.artboard })
        let largest = Template.scales.count - 1
        return byArtboard.map { artboard, members in
            let own = members.map { glyph in
                Template.scales.map { RenderPlan.fitPixelsPerUnit(inkBox: glyph.inkBox, shape: glyph.shape, scale: $0) }
            }
            // Sorted by every scale in turn, so that equal @3x scales still order one way.
            let sorted = own.sorted {
                $0[largest] != $1[largest] ? $0[largest] < $1[largest] : $0.lexicographicallyPrecedes($1)
            }
            let typical = sorted[(sorted.count - 1) / 2]
            return SetScale(artboard: artboard, pixelsPerUnit: typical.map(SetScale.quantized), glyphs: members.count)
        }
        .sorted { ($0.artboard.width, $0.artboard.height) < ($1.artboard.width, $1.artboard.height) }
    }
}
