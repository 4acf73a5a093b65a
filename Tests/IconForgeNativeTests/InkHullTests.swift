import IconForgeTestSupport
import Testing

@testable import IconForgeNative

/// The ink's convex hull (`InkHull(rows:)`), which sorts its corner points as integers,
/// against the same monotone chain over points sorted as pairs of Doubles: the same hull,
/// to the bit.
@Suite struct InkHullTests {
    /// The hull as first written: the corners sorted by x, then y, as Doubles.
    func reference(_ rows: [(y: Int, first: Int, last: Int)]) -> (area: Double, perimeter: Double) {
        var points: [(Double, Double)] = []
        for row in rows {
            let (top, bottom) = (Double(row.y), Double(row.y + 1))
            let (left, right) = (Double(row.first), Double(row.last + 1))
            points += [(left, top), (right, top), (left, bottom), (right, bottom)]
        }
        points.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
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
        guard hull.count >= 3 else { return (0, 0) }
        var (twiceArea, perimeter) = (0.0, 0.0)
        for index in hull.indices {
            let (a, b) = (hull[index], hull[(index + 1) % hull.count])
            twiceArea += a.0 * b.1 - b.0 * a.1
            perimeter += ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot()
        }
        return (abs(twiceArea) / 2, perimeter)
    }

    @Test("random row runs, a single pixel, a single row and rows with gaps give the reference's hull")
    func hullsMatchTheReference() {
        // Seeded, so that the runs are the same every run.
        var generator = SplitMix64(seed: 46)
        var cases: [[(y: Int, first: Int, last: Int)]] = [[(3, 5, 5)], [(0, 0, 40)], [(2, 1, 3), (9, 7, 8)]]
        for _ in 0..<200 {
            var rows: [(y: Int, first: Int, last: Int)] = []
            var y = Int.random(in: 0...5, using: &generator)
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let first = Int.random(in: 0...80, using: &generator)
                rows.append((y, first, first + Int.random(in: 0...30, using: &generator)))
                y += Int.random(in: 1...3, using: &generator)
            }
            cases.append(rows)
        }
        for (number, rows) in cases.enumerated() {
            let hull = InkHull(rows: rows)
            let expected = reference(rows)
            #expect(
                hull.area.bitPattern == expected.area.bitPattern
                    && hull.perimeter.bitPattern == expected.perimeter.bitPattern,
                "case \(number): \(hull) vs \(expected)")
        }
    }
}
