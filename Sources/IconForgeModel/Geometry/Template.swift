/// Apple's quick-action icon template: the canvas and target sizes per scale.
public struct Template: Sendable, Codable, Equatable {
    /// One output scale: its canvas and target sizes in pixels.
    public struct Scale: Sendable, Codable, Equatable {
        /// 2 or 3.
        public var factor: Int
        /// Canvas (maximum) width and height in pixels.
        public var canvas: Int
        /// Target size of a square glyph's longer side, in pixels.
        public var squareTarget: Int
        /// Target width of a wide glyph, and target height of a tall one, in pixels.
        public var wideTallTarget: Int

        /// Pixels per point when the 35 pt artboard maps exactly onto the canvas.
        public var pixelsPerPoint: Double { Double(canvas) / Template.canvasPoints }

        /// Template mode's pixels per point for `shape`: the shape's own target in pixels
        /// over its target in points (2 at @2x; 80/27 or 88/30 at @3x), so a glyph drawn at
        /// its target covers exactly the target's whole pixels.
        public func pixelsPerPoint(for shape: Shape) -> Double {
            Double(target(for: shape)) / Template.targetPoints(for: shape)
        }

        /// The target length of `shape`'s governing dimension, in pixels.
        public func target(for shape: Shape) -> Int {
            shape == .square ? squareTarget : wideTallTarget
        }

        /// The output file suffix, "@2x" or "@3x".
        public var suffix: String { "@\(factor)x" }
    }

    /// The artboard and maximum size, 35 pt.
    public static let canvasPoints = 35.0
    /// Target of a square glyph's longer side, 27 pt.
    public static let squareTargetPoints = 27.0
    /// Target width of a wide glyph and height of a tall glyph, 30 pt.
    public static let wideTallTargetPoints = 30.0

    /// How far (pt) an artboard's sides may be from 35 pt and still be the template: tools
    /// round a 35 pt page in their own units (Inkscape's 12.347222 mm is 34.99999 pt,
    /// LibreOffice's 12.35 mm is 35.008 pt).
    public static let canvasSlackPoints = 0.05

    /// Whether an artboard of `size` points is the 35 × 35 pt template.
    public static func isCanvas(_ size: Size) -> Bool {
        abs(size.width - canvasPoints) <= canvasSlackPoints && abs(size.height - canvasPoints) <= canvasSlackPoints
    }

    /// The target in points for `shape`'s governing dimension.
    public static func targetPoints(for shape: Shape) -> Double {
        shape == .square ? squareTargetPoints : wideTallTargetPoints
    }

    /// The scales iconforge exports, from Apple's template: @3x is drawn on 104 px
    /// (34.67 pt), not 1.5 × @2x.
    public static let scales: [Scale] = [
        Scale(factor: 2, canvas: 70, squareTarget: 54, wideTallTarget: 60),
        Scale(factor: 3, canvas: 104, squareTarget: 80, wideTallTarget: 88),
    ]
}
