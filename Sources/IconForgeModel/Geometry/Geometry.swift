/// An axis-aligned rectangle.
package struct Rect: Equatable, Hashable, Sendable, Codable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var midX: Double { x + width / 2 }
    package var midY: Double { y + height / 2 }

    /// Whether `other` lies inside this rectangle, allowing `slack` on every side.
    package func contains(_ other: Rect, slack: Double = 0) -> Bool {
        other.x >= x - slack && other.y >= y - slack
            && other.maxX <= maxX + slack && other.maxY <= maxY + slack
    }

    /// The smallest rectangle holding both.
    package func union(_ other: Rect) -> Rect {
        let minX = min(x, other.x)
        let minY = min(y, other.y)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}

/// A glyph's proportion class, which decides its target size.
package enum Shape: String, Sendable, Codable, CaseIterable {
    case square, wide, tall

    /// Classifies an ink box: wide when w/h ≥ threshold, tall when h/w ≥ threshold.
    package init(inkWidth width: Double, height: Double, threshold: Double) {
        if height > 0, width / height >= threshold {
            self = .wide
        } else if width > 0, height / width >= threshold {
            self = .tall
        } else {
            self = .square
        }
    }
}

/// A width and height.
package struct Size: Equatable, Hashable, Sendable, Codable {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
