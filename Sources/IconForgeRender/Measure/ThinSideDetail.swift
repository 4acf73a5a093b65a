/// Whether a thin glyph has fine detail across its thin side, measured from its pixels.
///
/// A minus, a dash, an ellipsis or a kebab is one bar or a row of dots: every line drawn
/// across the thin side meets the ink at most once. A wordmark squeezed into a strip has
/// letters whose bowls and counters the same lines cross several times, with strokes far
/// thinner than an icon's: that detail is what becomes illegible when the strip is a few
/// points high. (On 15,000 library glyphs, icons' strokes across the thin side measure
/// 2.3–3.4 pt at the target size; squeezed wordmarks' 0.5–2 pt.)
struct ThinSideDetail: Sendable, Equatable {
    /// Lines across the thin side that meet the ink at all.
    var inkedLines: Int
    /// Of those, the lines that meet it more than once.
    var crossedLines: Int
    /// The median length, in pixels, of the runs of ink on the lines that meet it more
    /// than once: how thick the strokes across the thin side are.
    var medianStrokePixels: Double

    /// Strokes across the thin side thinner than this at the target size are hard to read.
    static let legibleStrokePoints = 2.0

    /// Share of inked lines with more than one run above which the glyph has detail: a
    /// bar's rounded caps or a dot's antialiasing never make more than a few.
    static let detailShare = 0.1
    /// Pixels at least this opaque are ink; fainter ones are edges.
    static let inkAlpha: UInt8 = 128

    var hasDetail: Bool { inkedLines > 0 && Double(crossedLines) > Self.detailShare * Double(inkedLines) }

    /// Counts, for a wide glyph, each column (for a tall one, each row) by its runs of ink.
    static func of(_ image: RGBAImage, wide: Bool) -> ThinSideDetail? {
        let (lines, length) = wide ? (image.width, image.height) : (image.height, image.width)
        guard lines > 0, length > 0 else { return nil }
        var inked = 0
        var crossed = 0
        var strokes: [Int] = []
        var runs: [Int] = []
        for line in 0..<lines {
            runs.removeAll(keepingCapacity: true)
            var inside = false
            for step in 0..<length {
                let (x, y) = wide ? (line, step) : (step, line)
                let isInk = image.pixels[(y * image.width + x) * 4 + 3] >= inkAlpha
                if isInk {
                    if inside { runs[runs.count - 1] += 1 } else { runs.append(1) }
                }
                inside = isInk
            }
            if !runs.isEmpty { inked += 1 }
            if runs.count > 1 {
                crossed += 1
                strokes += runs
            }
        }
        strokes.sort()
        let median = strokes.isEmpty ? 0 : Double(strokes[strokes.count / 2])
        return ThinSideDetail(inkedLines: inked, crossedLines: crossed, medianStrokePixels: median)
    }
}
