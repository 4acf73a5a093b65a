/// Apple's quick-action icon template: the canvas and target sizes per scale.
package struct Template: Sendable, Codable, Equatable {
    /// One output scale: its canvas and target sizes in pixels.
    package struct Scale: Sendable, Codable, Equatable {
        /// 2 or 3.
        package var factor: Int
        /// Canvas (maximum) width and height in pixels.
        package var canvas: Int
        /// Target size of a square glyph's longer side, in pixels.
        package var squareTarget: Int
        /// Target width of a wide glyph, and target height of a tall one, in pixels.
        package var wideTallTarget: Int

        /// Pixels per point when the 35 pt artboard maps exactly onto the canvas.
        package var pixelsPerPoint: Double { Double(canvas) / Template.canvasPoints }

        /// Template mode's pixels per point for `shape`: the shape's own target in pixels
        /// over its target in points (2 at @2x; 80/27 or 88/30 at @3x), so a glyph drawn at
        /// its target covers exactly the target's whole pixels.
        package func pixelsPerPoint(for shape: Shape) -> Double {
            Double(target(for: shape)) / Template.targetPoints(for: shape)
        }

        /// The target length of `shape`'s governing dimension, in pixels.
        package func target(for shape: Shape) -> Int {
            shape == .square ? squareTarget : wideTallTarget
        }

        /// The output file suffix, "@2x" or "@3x".
        package var suffix: String { "@\(factor)x" }
    }

    /// The artboard and maximum size, 35 pt.
    package static let canvasPoints = 35.0
    /// Target of a square glyph's longer side, 27 pt.
    package static let squareTargetPoints = 27.0
    /// Target width of a wide glyph and height of a tall glyph, 30 pt.
    package static let wideTallTargetPoints = 30.0

    /// How far (pt) an artboard's sides may be from 35 pt and still be the template: tools
    /// round a 35 pt page in their own units (Inkscape's 12.347222 mm is 34.99999 pt,
    /// LibreOffice's 12.35 mm is 35.008 pt).
    package static let canvasSlackPoints = 0.05

    /// Whether an artboard of `size` points is the 35 × 35 pt template.
    package static func isCanvas(_ size: Size) -> Bool {
        abs(size.width - canvasPoints) <= canvasSlackPoints && abs(size.height - canvasPoints) <= canvasSlackPoints
    }

    /// The target in points for `shape`'s governing dimension.
    package static func targetPoints(for shape: Shape) -> Double {
        shape == .square ? squareTargetPoints : wideTallTargetPoints
    }

    /// The scales iconforge exports, from Apple's template: @3x is drawn on 104 px
    /// (34.67 pt), not 1.5 × @2x.
    package static let scales: [Scale] = [
        Scale(factor: 2, canvas: 70, squareTarget: 54, wideTallTarget: 60),
        Scale(factor: 3, canvas: 104, squareTarget: 80, wideTallTarget: 88),
    ]
}
