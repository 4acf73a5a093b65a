/// The convex hull of an image's ink (its pixels at least half covered), as `InkWeight`
/// needs it: how much of its own outline a drawing fills, which tells line art from a
/// solid shape with cut-outs.
package struct InkHull: Sendable, Equatable {
    /// In square pixels.
    package var area = 0.0
    /// In pixels.
    package var perimeter = 0.0

    package init() {}

    /// The hull of the pixel squares of `rows`: each row `y`'s pixels `first...last`.
    init(rows: [(y: Int, first: Int, last: Int)]) {
        let points = Self.corners(rows)
        // Andrew's monotone chain: the lower hull left to right, then the upper right to left.
        func turn(_ o: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
            (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        }
        var hull: [(Double, Double)] = []
        for pass in [points, points.reversed()] {
            let start = hull.count
            for point in pass {
                while hull.count >= start + 2, turn(hull[hull.count - 2], hull[hull.count - 1], point) <= 0 {
                    hull.removeLast()
                }
                hull.append(point)
            }
            hull.removeLast()
        }
        guard hull.count >= 3 else { return }
        var twiceArea = 0.0
        var perimeter = 0.0
        for index in hull.indices {
            let (a, b) = (hull[index], hull[(index + 1) % hull.count])
            twiceArea += a.0 * b.1 - b.0 * a.1
            let (dx, dy) = (b.0 - a.0, b.1 - a.1)
            perimeter += (dx * dx + dy * dy).squareRoot()
        }
        self.area = abs(twiceArea) / 2
        self.perimeter = perimeter
    }

    /// The corners of `rows`' pixel squares that the hull can touch, sorted by x, then y: of
    /// the corners on each vertical line, the topmost and the bottommost. The others lie
    /// between those two, on the hull's edge at most, which the chain drops as it would
    /// have dropped them (it keeps only strict turns), so the hull is the same to the bit;
    /// and listing them line by line needs no sort.
    static func corners(_ rows: [(y: Int, first: Int, last: Int)]) -> [(Double, Double)] {
        var lines = 1
        for row in rows { lines = max(lines, row.last + 2) }
        var top = [Int](repeating: .max, count: lines)
        var bottom = [Int](repeating: .min, count: lines)
        // Each run's box has corners at x = first and x = last + 1, from y to y + 1.
        func reach(_ x: Int, from y: Int) {
            top[x] = min(top[x], y)
            bottom[x] = max(bottom[x], y + 1)
        }
        for row in rows {
            reach(row.first, from: row.y)
            reach(row.last + 1, from: row.y)
        }
        var points: [(Double, Double)] = []
        for x in 0..<lines where top[x] != .max {
            points.append((Double(x), Double(top[x])))
            points.append((Double(x), Double(bottom[x])))
        }
        return points
    }
}
