/// An axis-aligned rectangle.
public struct Rect: Equatable, Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether `other` lies inside this rectangle, allowing `slack` on every side.
    public func contains(_ other: Rect, slack: Double = 0) -> Bool {
        other.x >= x - slack && other.y >= y - slack
            && other.maxX <= maxX + slack && other.maxY <= maxY + slack
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let minX = min(x, other.x), minY = min(y, other.y)
        return Rect(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}

/// A glyph's proportion class, which decides its target size.
public enum Shape: String, Sendable, Codable, CaseIterable {
    case square, wide, tall

    /// Classifies an ink box: wide when w/h ≥ threshold, tall when h/w ≥ threshold.
    public init(inkWidth width: Double, height: Double, threshold: Double) {
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
public struct Size: Equatable, Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
