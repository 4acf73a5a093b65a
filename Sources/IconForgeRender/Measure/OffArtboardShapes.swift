/// Shapes parked wholly off the artboard: Inkscape users keep spares and helper shapes beside
/// the page, and every tool's export of the page leaves them out. They show in no output, so
/// they are no part of the glyph: not its ink box (fit mode would otherwise scale the glyph
/// down to make room for them and draw them on the canvas), not clipped ink, not a colour.
///
/// An element is off the artboard when deleting it changes no pixel of the artboard by more
/// than `PaintJudgement.invisibleDifference`, rendered at `pixelsAcross` pixels across its
/// longer side (a sliver reaching 0.05 pt into a 35 pt page changes its pixels by a third).
/// Only asked when the measured ink reaches well past the artboard (`reach`), so a glyph
/// drawn on its page costs nothing; a shape cut by the page edge changes the page and stays (`geometry.clipped`).
enum OffArtboardShapes {
    static let pixelsAcross = 512.0
    /// At most this many elements are tried, one render each; a drawing with more keeps them
    /// all (and its findings say where its ink is).
    static let mostCandidates = 48

    /// The spans of `candidates` (elements of `data`) whose deletion leaves the artboard as it
    /// is, or none when any render fails.
    static func spans(_ candidates: [Range<Int>], in data: [UInt8], artboard: Size, librsvgPath: String?) -> [Range<Int>] {
        let distinct = Array(Set(candidates)).sorted { $0.lowerBound < $1.lowerBound }
        guard !distinct.isEmpty, distinct.count <= mostCandidates, artboard.width > 0, artboard.height > 0 else { return [] }
        let scale = pixelsAcross / max(artboard.width, artboard.height)
        let plan = RenderPlan(
            canvasWidth: Int((artboard.width * scale).rounded(.up)), canvasHeight: Int((artboard.height * scale).rounded(.up)),
            pixelsPerPoint: scale, originX: 0, originY: 0)
        let page = Rect(x: 0, y: 0, width: artboard.width * scale, height: artboard.height * scale)
        guard let whole = try? GlyphRenderer.render(Data(data), plan: plan, artboard: artboard, librsvgPath: librsvgPath) else { return [] }
        var off: [Range<Int>] = []
        for span in distinct {
            guard let without = try? GlyphRenderer.render(Data(PaintJudgement.blanking([span], in: data)), plan: plan, artboard: artboard, librsvgPath: librsvgPath)
            else { return [] }
            if whole.largestDifference(from: without, in: page) <= PaintJudgement.invisibleDifference { off.append(span) }
        }
        return off
    }

    /// How far past the artboard, as a share of its longer side, the ink must reach before
    /// its shapes are tried: a spare beside the page takes the box far out; ink at the edge of
    /// a tight viewBox (Font Awesome's, Simple Icons') reaches a hair past it and costs no render.
    static let reach = 0.01

    /// Whether `box` reaches past `artboard` by more than `reach`.
    static func reachesPast(_ box: Rect, _ artboard: Size) -> Bool {
        let slack = reach * max(artboard.width, artboard.height)
        return box.x < -slack || box.y < -slack || box.maxX > artboard.width + slack || box.maxY > artboard.height + slack
    }
}
