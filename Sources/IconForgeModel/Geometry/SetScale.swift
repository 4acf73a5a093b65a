/// `--fit=set`'s one scale for every glyph drawn on the same artboard size: output pixels
/// per artboard unit, per template scale. Planned by `FitSetPlanner` before any glyph is
/// rendered, carried to the render workers in `PipelineOptions`.
package struct SetScale: Sendable, Codable, Equatable {
    /// The artboard size (points) the scale is for.
    package var artboard: Size
    /// Pixels per artboard unit, one per `Template.scales` entry.
    package var pixelsPerUnit: [Double]
    /// How many glyphs on this artboard size the scale was chosen from.
    package var glyphs: Int

    package init(artboard: Size, pixelsPerUnit: [Double], glyphs: Int) {
        self.artboard = artboard
        self.pixelsPerUnit = pixelsPerUnit
        self.glyphs = glyphs
    }

    /// The pixels per unit a glyph gets at `scale` (index into `Template.scales`): the set's,
    /// unless its ink box would then break the 35 pt maximum (the canvas), in which case it
    /// is scaled down alone to fit. `inkBox` is the catalog's (rounded) ink box, so that
    /// the build deciding whether a glyph's files can be kept finds the same answer.
    package func pixelsPerUnit(inkBox: Rect, scale index: Int) -> (value: Double, scaledDown: Bool) {
        let scale = Template.scales[index]
        let longer = max(inkBox.width, inkBox.height)
        let set = pixelsPerUnit[index]
        guard longer > 0 else { return (set, false) }
        let limit = Self.quantized((Double(scale.canvas) - 2 * RenderPlan.fitInsetPixels) / longer)
        return set > limit ? (limit, true) : (set, false)
    }

    /// Scales are kept to 1/1,000,000 px per unit: the catalog records exactly the value
    /// rendered with, and a later build compares it exactly. A scale under 0.001 px per unit
    /// (a viewBox whose width and height say 1e9 pt: fit mode places by the drawing, not its
    /// intrinsic size) keeps seven significant digits instead of rounding to nothing.
    package static func quantized(_ value: Double) -> Double {
        var steps = 1_000_000.0
        while value > 0, value < 0.001, value * steps < 1_000_000, steps < 1e300 { steps *= 10 }
        return (value * steps).rounded(.down) / steps
    }

    /// Artboard sizes within this fraction of each other, in each dimension, are one size:
    /// what a person calls the same size (16 × 16 and 16 × 16.083, 55 × 55 and 55 × 54.696,
    /// 22 and 22.16: pages saved with a rounding or a nudge, as in the Faba and Sugar themes),
    /// never two sets with two scales. 1 %: a 24-unit artboard takes 24 ± 0.24; sharing one
    /// scale then moves no glyph's edge by more than 0.8 px of its 80 px at @3x, while two
    /// sets fitted each to its own median came out up to 26 % apart.
    package static let sameSizeTolerance = 0.01

    /// Whether `a` and `b` are one artboard size (within `sameSizeTolerance`).
    package static func isSameSize(_ a: Size, _ b: Size) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= sameSizeTolerance * max(abs(x), abs(y)) }
        return close(a.width, b.width) && close(a.height, b.height)
    }

    /// The set a glyph on `artboard` belongs to: the one whose size is the same size as its
    /// artboard, the nearest where two are (the rule `sizes(grouping:)` assigns by).
    package static func forArtboard(_ artboard: Size, in sets: [SetScale]) -> SetScale? {
        nearest(artboard, among: sets.map(\.artboard)).flatMap { size in sets.first { $0.artboard == size } }
    }

    /// Each artboard size mapped to the size its set is named by: the most common size of
    /// those that are one size (ties: the smaller), whatever order the glyphs come in.
    package static func sizes(grouping artboards: [Size]) -> [Size: Size] {
        var counts: [Size: Int] = [:]
        for artboard in artboards { counts[artboard, default: 0] += 1 }
        let byCommonness = counts.keys.sorted { a, b in
            counts[a]! != counts[b]! ? counts[a]! > counts[b]! : (a.width, a.height) < (b.width, b.height)
        }
        var named: [Size] = []
        for size in byCommonness where !named.contains(where: { isSameSize($0, size) }) { named.append(size) }
        return Dictionary(uniqueKeysWithValues: counts.keys.map { ($0, nearest($0, among: named)!) })
    }

    /// Of `sizes`, the one nearest `artboard` that is the same size as it (ties: the smaller).
    private static func nearest(_ artboard: Size, among sizes: [Size]) -> Size? {
        func distance(_ size: Size) -> Double {
            max(abs(size.width - artboard.width), abs(size.height - artboard.height))
        }
        return sizes.filter { isSameSize($0, artboard) }.min { a, b in
            distance(a) != distance(b) ? distance(a) < distance(b) : (a.width, a.height) < (b.width, b.height)
        }
    }
}
