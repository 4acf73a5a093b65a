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
    static func spans(_ candidates: [Range<Int>], in data: [UInt8], artboard: Size, librsvgPath: String?) -> [Range<
        Int
    >] {
        let distinct = Array(Set(candidates)).sorted { $0.lowerBound < $1.lowerBound }
        guard !distinct.isEmpty, distinct.count <= mostCandidates, artboard.width > 0, artboard.height > 0 else {
            return []
        }
        let scale = pixelsAcross / max(artboard.width, artboard.height)
        let plan = RenderPlan(
            canvasWidth: Int((artboard.width * scale).rounded(.up)),
            canvasHeight: Int((artboard.height * scale).rounded(.up)),
            pixelsPerPoint: scale, originX: 0, originY: 0)
        let page = Rect(x: 0, y: 0, width: artboard.width * scale, height: artboard.height * scale)
        guard
            let whole = try? GlyphRenderer.render(Data(data), plan: plan, artboard: artboard, librsvgPath: librsvgPath)
        else { return [] }
        func changesNothing(_ span: Range<Int>) -> Bool? {
            guard
                let without = try? GlyphRenderer.render(
                    Data(PaintJudgement.blanking([span], in: data)), plan: plan, artboard: artboard,
                    librsvgPath: librsvgPath)
            else { return nil }
            return whole.largestDifference(from: without, in: page) <= PaintJudgement.invisibleDifference
        }
        var off: [Range<Int>] = []
        for span in distinct {
            guard let unseen = changesNothing(span) else { return [] }
            if unseen { off.append(span) }
        }
        // A subpath is what an element is: a copy parked beside the page in the same <path>
        // shows in no output either (issue 44).
        let subpaths = distinct.filter { !off.contains($0) }.flatMap { subpathSpans(ofPath: $0, in: data) }
        guard distinct.count + subpaths.count <= mostCandidates else { return off }
        for span in subpaths {
            guard let unseen = changesNothing(span) else { return off }
            if unseen { off.append(span) }
        }
        return off
    }

    /// The byte spans of the subpaths of the `<path>` element at `element` that can be left
    /// out alone (blanked) without moving another: every subpath but a lone one whose next
    /// subpath starts with an absolute `M` (a relative `m` would move with what went before),
    /// or that is the last. None for any other element or a `d` it cannot find.
    static func subpathSpans(ofPath element: Range<Int>, in data: [UInt8]) -> [Range<Int>] {
        guard let value = pathData(of: element, in: data) else { return [] }
        // A move-to starts a subpath; path data has no other `M` or `m` (exponents are `e`).
        let starts = value.filter { data[$0] == UInt8(ascii: "M") || data[$0] == UInt8(ascii: "m") }
        guard starts.count > 1 else { return [] }
        var spans: [Range<Int>] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : value.upperBound
            let nextIsAbsolute = index + 1 == starts.count || data[end] == UInt8(ascii: "M")
            if nextIsAbsolute { spans.append(start..<end) }
        }
        return spans
    }

    /// The bytes of the `d` attribute's value in the start tag of the `<path>` at `element`.
    private static func pathData(of element: Range<Int>, in data: [UInt8]) -> Range<Int>? {
        let tag = Array("<path".utf8)
        let alternative = Array("<svg:path".utf8)
        let opening =
            data[element].starts(with: tag)
            ? tag.count : data[element].starts(with: alternative) ? alternative.count : nil
        guard let opening else { return nil }
        var index = element.lowerBound + opening
        var quote: UInt8?
        while index < element.upperBound {
            let byte = data[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: ">") {
                return nil
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "d"), isSpace(data[index - 1]),
                let start = attributeValueStart(after: index + 1, in: data, before: element.upperBound)
            {
                guard let end = data[start..<element.upperBound].firstIndex(of: data[start - 1]) else { return nil }
                return start..<end
            }
            index += 1
        }
        return nil
    }

    /// After an attribute name ending before `index`: `=` and a quote (spaces allowed), and
    /// the index just after the quote; nil when the name goes on or no quoted value follows.
    private static func attributeValueStart(after index: Int, in data: [UInt8], before end: Int) -> Int? {
        var index = index
        while index < end, isSpace(data[index]) { index += 1 }
        guard index < end, data[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < end, isSpace(data[index]) { index += 1 }
        guard index < end, data[index] == UInt8(ascii: "\"") || data[index] == UInt8(ascii: "'") else { return nil }
        return index + 1
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// How far past the artboard, as a share of its longer side, the ink must reach before
    /// its shapes are tried: a spare beside the page takes the box far out; ink at the edge of
    /// a tight viewBox (Font Awesome's, Simple Icons') reaches a hair past it and costs no render.
    static let reach = 0.01

    /// Whether `box` reaches past `artboard` by more than `reach`.
    static func reachesPast(_ box: Rect, _ artboard: Size) -> Bool {
        let slack = reach * max(artboard.width, artboard.height)
        return box.x < -slack || box.y < -slack || box.maxX > artboard.width + slack
            || box.maxY > artboard.height + slack
    }
}
