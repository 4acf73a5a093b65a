/// `--fit=set`'s one scale for every glyph drawn on the same artboard size: output pixels
/// per artboard unit, per template scale. Planned by `FitSetPlanner` before any glyph is
/// rendered, carried to the render workers in `PipelineOptions`.
public struct SetScale: Sendable, Codable, Equatable {
    /// The artboard size (points) the scale is for.
    public var artboard: Size
    /// Pixels per artboard unit, one per `Template.scales` entry.
    public var pixelsPerUnit: [Double]
    /// How many glyphs on this artboard size the scale was chosen from.
    public var glyphs: Int

    public init(artboard: Size, pixelsPerUnit: [Double], glyphs: Int) {
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
    /// rendered with, and a later build compares it exactly.
    package static func quantized(_ value: Double) -> Double { (value * 1_000_000).rounded(.down) / 1_000_000 }
}
