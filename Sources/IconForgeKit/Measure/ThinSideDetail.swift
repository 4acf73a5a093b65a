/// Whether a thin glyph has detail across its thin side, measured from its pixels.
///
/// A minus, a dash, an ellipsis or a kebab is one bar or a row of dots: every line drawn
/// across the thin side meets the ink at most once. A wordmark squeezed into a strip has
/// letters whose bowls and counters the same lines cross several times: that detail is
/// what becomes illegible when the strip is a few points high.
struct ThinSideDetail: Sendable, Equatable {
    /// Lines across the thin side that meet the ink at all.
    var inkedLines: Int
    /// Of those, the lines that meet it more than once.
    var crossedLines: Int

    /// Share of inked lines with more than one run above which the glyph has detail: a
    /// bar's rounded caps or a dot's antialiasing never make more than a few.
    static let detailShare = 0.1
    /// Pixels at least this opaque are ink; fainter ones are edges.
    static let inkAlpha: UInt8 = 128

    var hasDetail: Bool { inkedLines > 0 && Double(crossedLines) > Self.detailShare * Double(inkedLines) }

    var percentText: String { (100 * Double(crossedLines) / Double(max(inkedLines, 1))).fixed(0) + " %" }

    /// Counts, for a wide glyph, each column (for a tall one, each row) by its runs of ink.
    static func of(_ image: RGBAImage, wide: Bool) -> ThinSideDetail? {
        let (lines, length) = wide ? (image.width, image.height) : (image.height, image.width)
        guard lines > 0, length > 0 else { return nil }
        var inked = 0, crossed = 0
        for line in 0..<lines {
            var runs = 0
            var inside = false
            for step in 0..<length {
                let (x, y) = wide ? (line, step) : (step, line)
                let isInk = image.pixels[(y * image.width + x) * 4 + 3] >= inkAlpha
                if isInk, !inside { runs += 1 }
                inside = isInk
            }
            if runs > 0 { inked += 1 }
            if runs > 1 { crossed += 1 }
        }
        return ThinSideDetail(inkedLines: inked, crossedLines: crossed)
    }
}
