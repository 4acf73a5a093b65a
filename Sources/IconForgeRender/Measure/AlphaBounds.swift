/// Measures what a render actually painted, from its alpha channel.
enum AlphaBounds {
    /// The bounding box of painted pixels, in pixels, refined to a fraction of a pixel
    /// by edge coverage; nil when nothing is painted.
    ///
    /// The outermost painted column (or row) is only partly covered: for an edge at
    /// x = 10.3 the column 10 is 70 % covered, so its strongest alpha puts the edge at
    /// 11 - 0.7. This is exact for straight edges and within a few tenths of a pixel for
    /// curves, which is what lets one render at ~3 px/pt measure to ~0.05 pt.
    static func of(_ image: RGBAImage) -> Rect? { of(image.alphaMaxima()) }

    /// `of` from the strongest alpha of each column and row (`SVGHandle.renderAlphaMaxima`).
    static func of(_ maxima: (columns: [UInt8], rows: [UInt8])) -> Rect? {
        let (columnMax, rowMax) = maxima
        guard let minX = columnMax.firstIndex(where: { $0 > 0 }),
            let maxX = columnMax.lastIndex(where: { $0 > 0 }),
            let minY = rowMax.firstIndex(where: { $0 > 0 }),
            let maxY = rowMax.lastIndex(where: { $0 > 0 })
        else { return nil }
        func coverage(_ alpha: UInt8) -> Double { Double(alpha) / 255 }
        let left = Double(minX + 1) - coverage(columnMax[minX])
        let right = Double(maxX) + coverage(columnMax[maxX])
        let top = Double(minY + 1) - coverage(rowMax[minY])
        let bottom = Double(maxY) + coverage(rowMax[maxY])
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// `of`, counting only the pixels that show (alpha `visibleAlpha` or more): the outermost
    /// of them refined by its coverage, as `of` refines a sharp edge. A blur's faint tail is
    /// left out, as the output shows it.
    static func visibleEdges(of maxima: (columns: [UInt8], rows: [UInt8])) -> Rect? {
        func shown(_ values: [UInt8]) -> [UInt8] { values.map { $0 >= visibleAlpha ? $0 : 0 } }
        return of((shown(maxima.columns), shown(maxima.rows)))
    }

    /// The weakest alpha a person sees (8/255, about 3 %): ink whose pixels all stay below it
    /// at the output scale (a 0.25 × 0.01-unit sliver painting 1–7/255, a shadow's tail
    /// fading to opacity 0) neither places a glyph nor counts as clipped. A badge at
    /// `fill-opacity` 0.05 (13/255) shows.
    static let visibleAlpha: UInt8 = 8

    /// The whole pixels that hold paint a person sees (alpha `visibleAlpha` or more), as a
    /// rectangle of pixel edges; nil when none does. A sharp tip's faint last pixel may fall
    /// below it, and is within a pixel of what does show.
    static func pixelBox(of image: RGBAImage) -> Rect? { pixelBox(of: image.alphaMaxima()) }

    /// `pixelBox` from the strongest alpha of each column and row.
    static func pixelBox(of maxima: (columns: [UInt8], rows: [UInt8])) -> Rect? {
        let (columnMax, rowMax) = maxima
        let shows = { (alpha: UInt8) in alpha >= visibleAlpha }
        guard let minX = columnMax.firstIndex(where: shows), let maxX = columnMax.lastIndex(where: shows),
            let minY = rowMax.firstIndex(where: shows), let maxY = rowMax.lastIndex(where: shows)
        else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX + 1 - minX), height: Double(maxY + 1 - minY))
    }
}
