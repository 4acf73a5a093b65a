/// The convex hull of an image's ink (its pixels at least half covered), as `InkWeight`
/// needs it: how much of its own outline a drawing fills, which tells line art from a
/// solid shape with cut-outs.
package struct InkHull: Sendable, Equatable {
    /// In square pixels.
    package var area = 0.0
    /// In pixels.
    package var perimeter = 0.0

    package init() {}

    /// The hull of the pixel squares of `rows`: each row `y`'s pixels `first...last`, rows
    /// in increasing `y`.
    init(rows: [(y: Int, first: Int, last: Int)]) {
        // Each row's run is a box whose four corners are all the hull can touch. They are
        // sorted by x, then y, as one integer each (x × span + y): faster than sorting pairs
        // of Doubles, and in the same order (points that tie are the same point).
        let span = (rows.last?.y ?? 0) + 2
        var keys: [Int] = []
        keys.reserveCapacity(rows.count * 4)
        for row in rows {
            let (left, right) = (row.first * span, (row.last + 1) * span)
            keys.append(left + row.y)
            keys.append(right + row.y)
            keys.append(left + row.y + 1)
            keys.append(right + row.y + 1)
        }
        keys.sort()
        let points = keys.map { (Double($0 / span), Double($0 % span)) }
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
}
