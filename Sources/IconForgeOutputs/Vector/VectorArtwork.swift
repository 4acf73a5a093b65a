/// One glyph's drawing and where its @2x PNG placed it: what its vector forms (a PDF or SVG
/// image set, a custom symbol) are drawn from, so that they place the glyph as the PNGs do.
package struct VectorArtwork: Sendable, Equatable {
    package var name: String
    /// The glyph's SVG, as checked.
    package var source: [UInt8]
    /// The artboard in points (`Catalog.Glyph.artboard`).
    package var artboard: Size
    /// The @2x output's placement as the catalog records it: pixels per artboard unit, and
    /// where the artboard's origin lands, in pixels.
    package var placement: Catalog.Transform

    package init(name: String, source: [UInt8], artboard: Size, placement: Catalog.Transform) {
        self.name = name
        self.source = source
        self.artboard = artboard
        self.placement = placement
    }

    /// The page of a vector file: the template's 35 × 35 pt canvas.
    package static let pagePoints = Template.canvasPoints

    /// Where the artboard lands on the 35 pt page, in points. @2x is exactly 2 px per point
    /// on its 70 px canvas (the whole 35 pt), so this is the @2x placement, in either
    /// export mode. (@3x is Apple's 104 px canvas at the shape's own 80/27 or 88/30 px per
    /// point, which no single-scale file can be: a vector image drawn at 3× differs from it
    /// by that scale, about 1 %.)
    package var pageViewport: Rect {
        let pixelsPerPoint = Double(Template.scales[0].factor)
        return Rect(
            x: placement.x / pixelsPerPoint, y: placement.y / pixelsPerPoint,
            width: artboard.width * placement.scale / pixelsPerPoint,
            height: artboard.height * placement.scale / pixelsPerPoint)
    }

    /// The glyph as a one-page 35 × 35 pt PDF, or as a normalised SVG (`CairoSVG.normalised`).
    /// `drawings` counts the drawings made (`BuildProbes.vectorDrawings`).
    package func file(_ format: VectorFormat, librsvgPath: String? = nil, drawings: WorkCount? = nil)
        throws(VectorError) -> [UInt8]
    {
        let bytes = try drawn(
            format, width: Self.pagePoints, height: Self.pagePoints, viewport: pageViewport, librsvgPath: librsvgPath,
            drawings: drawings)
        return format == .pdf ? bytes : try CairoSVG.normalised(bytes, glyph: name)
    }

    /// The drawing on a page of `width` × `height` (points, or the units of an SVG), its
    /// artboard mapped to `viewport`, as cairo's PDF or SVG surface writes it.
    func drawn(
        _ format: VectorFormat, width: Double, height: Double, viewport: Rect, librsvgPath: String? = nil,
        drawings: WorkCount? = nil
    ) throws(VectorError) -> [UInt8] {
        drawings?.count.add(1, ordering: .relaxed)
        do {
            try SVGHandle.loadLibrary(path: librsvgPath)
            return try SVGHandle(data: Data(source)).vectorFile(
                format, width: width, height: height, viewport: viewport)
        } catch {
            throw VectorError(glyph: name, message: "librsvg could not draw it as a vector file: \(error.message)")
        }
    }
}

/// Why a glyph's vector form could not be made.
package struct VectorError: Error, Equatable, Sendable {
    package var glyph: String
    package var message: String
}
