/// Measures how heavy a glyph looks from its @3x render (`GlyphWeight`): the width of its
/// dominant stroke and the share of the target box its ink covers.
///
/// The stroke is found along the ink's medial axis: the ridge of the distance transform
/// (each ink pixel's distance to the nearest background pixel). The distance transform
/// alone counts whole pixels, too coarse for a 6 px stroke, so at each ridge pixel the
/// width is measured again across the antialiased edges: the integral of alpha along a
/// line through the pixel, in the direction where that line is shortest (the stroke's
/// normal, within 11°: a straight stroke's width to about 2 %). The median of those widths
/// is the glyph's stroke when most ridge pixels agree with it; a glyph whose widths spread
/// (a filled shape, whose medial axis runs from its corners to its middle) or whose stroke
/// is a large part of its size has none.
package enum InkWeight {
    /// The share of ridge widths within `agreement` of the median for a stroke to dominate.
    static let dominantShare = 0.5
    /// Ridge widths from 1/`agreement` to `agreement` times the median agree with it.
    static let agreement = 1.3
    /// A "stroke" wider than this share of the shape's target is a filled shape.
    static let widestStroke = 0.2
    /// How much longer than across a ridge pixel's longest crossing must be for a stroke to
    /// run through it (a stroke's is capped by `reach`, at about twice its width).
    static let elongation = 1.5
    /// Ridge pixels measured across at most, spread evenly along the ridge.
    static let sampledRidgePixels = 600

    /// The weight of `image`, rendered at `scale` for a glyph of `shape`; nil when nothing
    /// is painted.
    package static func measure(_ image: RGBAImage, shape: Shape, scale: Template.Scale) -> GlyphWeight? {
        let width = image.width, height = image.height
        guard width > 2, height > 2 else { return nil }
        var alpha = [Float](repeating: 0, count: width * height)
        var area = 0.0
        for index in 0..<(width * height) {
            let value = Float(image.pixels[index * 4 + 3]) / 255
            alpha[index] = value
            area += Double(value)
        }
        guard area > 0 else { return nil }
        let target = Double(scale.target(for: shape))
        let coverage = area / (target * target)
        let widths = ridgeWidths(alpha, width: width, height: height)
        var stroke: Double?
        if !widths.isEmpty {
            let sorted = widths.sorted()
            let median = sorted[sorted.count / 2]
            let agreeing = sorted.filter { $0 >= median / agreement && $0 <= median * agreement }.count
            if Double(agreeing) >= dominantShare * Double(sorted.count), median <= widestStroke * target {
                stroke = median / scale.pixelsPerPoint(for: shape)
            }
        }
        return GlyphWeight(stroke: stroke, coverage: coverage)
    }

    /// The stroke width in pixels measured across each (sampled) ridge pixel of the ink that
    /// a stroke runs through.
    static func ridgeWidths(_ alpha: [Float], width: Int, height: Int) -> [Double] {
        let distances = squaredDistances(alpha, width: width, height: height)
        var ridge: [Int] = []
        for y in 0..<height {
            for x in 0..<width {
                let here = distances[y * width + x]
                guard here > 0 else { continue }
                var isRidge = true
                neighbours: for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                        if distances[ny * width + nx] > here {
                            isRidge = false
                            break neighbours
                        }
                    }
                }
                if isRidge { ridge.append(y * width + x) }
            }
        }
        let stride = max(1, (ridge.count + sampledRidgePixels - 1) / sampledRidgePixels)
        var widths: [Double] = []
        widths.reserveCapacity(ridge.count / stride + 1)
        for index in Swift.stride(from: 0, to: ridge.count, by: stride) {
            let pixel = ridge[index]
            let reach = 2 * Double(distances[pixel]).squareRoot() + 2
            let centreX = Double(pixel % width) + 0.5, centreY = Double(pixel / width) + 0.5
            var narrowest = Double.infinity, widest = 0.0
            for (dx, dy) in directions {
                let across = crossing(alpha, width: width, height: height, x: centreX, y: centreY, dx: dx, dy: dy, reach: reach)
                narrowest = min(narrowest, across)
                widest = max(widest, across)
            }
            // A dot's middle (a round cap alone, a small disc) is as wide every way: no
            // stroke runs through it.
            if widest >= elongation * narrowest { widths.append(narrowest) }
        }
        return widths
    }

    /// Eight directions over half a turn, 22.5° apart, as unit vectors.
    static let directions: [(Double, Double)] = {
        let (c1, c2, c3) = (0.9238795325112867, 0.7071067811865476, 0.3826834323650898)  // cos 22.5°, 45°, 67.5°
        return [(1, 0), (c1, c3), (c2, c2), (c3, c1), (0, 1), (-c3, c1), (-c2, c2), (-c1, c3)]
    }()

    /// Sample spacing along a crossing, in pixels.
    static let step = 0.5
    /// Alpha below which a crossing has left the ink.
    static let outside: Float = 0.02

    /// The integral of alpha along the line through (`x`, `y`) in direction (`dx`, `dy`),
    /// both ways until it leaves the ink or goes `reach` pixels: the ink's width across there.
    static func crossing(_ alpha: [Float], width: Int, height: Int, x: Double, y: Double, dx: Double, dy: Double, reach: Double) -> Double {
        var total = 0.0
        for sign in [-1.0, 1.0] {
            var distance = step / 2
            while distance < reach {
                let value = sample(alpha, width: width, height: height, x: x + sign * distance * dx, y: y + sign * distance * dy)
                if value < outside { break }
                total += Double(value) * step
                distance += step
            }
        }
        return total
    }

    /// Alpha at (`x`, `y`) in pixel coordinates (pixel centres at half-integers), bilinear;
    /// 0 outside the image.
    static func sample(_ alpha: [Float], width: Int, height: Int, x: Double, y: Double) -> Float {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
        func at(_ px: Int, _ py: Int) -> Float {
            px >= 0 && py >= 0 && px < width && py < height ? alpha[py * width + px] : 0
        }
        let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
        let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// Each pixel's squared distance to the nearest pixel under half coverage (outside the
    /// image counts as such): 0 for background. Felzenszwalb and Huttenlocher's exact
    /// transform, one pass over columns and one over rows.
    static func squaredDistances(_ alpha: [Float], width: Int, height: Int) -> [Int] {
        // Larger than any squared distance inside the image.
        let far = (width + height) * (width + height) + 1
        var grid = alpha.map { $0 >= 0.5 ? far : 0 }
        var line = [Int](repeating: 0, count: max(width, height) + 2)
        var result = line
        func transform(count: Int) {
            // The line is padded with background at both ends (outside the image).
            let padded = count + 2
            line[0] = 0
            line[padded - 1] = 0
            lowerEnvelope(line, count: padded, into: &result)
        }
        for x in 0..<width {
            for y in 0..<height { line[y + 1] = grid[y * width + x] }
            transform(count: height)
            for y in 0..<height { grid[y * width + x] = result[y + 1] }
        }
        for y in 0..<height {
            for x in 0..<width { line[x + 1] = grid[y * width + x] }
            transform(count: width)
            for x in 0..<width { grid[y * width + x] = result[x + 1] }
        }
        return grid
    }

    /// The one-dimensional squared distance transform of `values[0..<count]`: for each i, the
    /// least `values[j] + (i - j)²`.
    static func lowerEnvelope(_ values: [Int], count: Int, into result: inout [Int]) {
        var parabolas = [Int](repeating: 0, count: count)
        var bounds = [Double](repeating: 0, count: count + 1)
        var last = 0
        parabolas[0] = 0
        bounds[0] = -.infinity
        bounds[1] = .infinity
        func intersection(_ q: Int, _ p: Int) -> Double {
            Double((values[q] + q * q) - (values[p] + p * p)) / Double(2 * q - 2 * p)
        }
        for q in 1..<count {
            var s = intersection(q, parabolas[last])
            while s <= bounds[last] {
                last -= 1
                s = intersection(q, parabolas[last])
            }
            last += 1
            parabolas[last] = q
            bounds[last] = s
            bounds[last + 1] = .infinity
        }
        last = 0
        for q in 0..<count {
            while bounds[last + 1] < Double(q) { last += 1 }
            let p = parabolas[last]
            result[q] = (q - p) * (q - p) + values[p]
        }
    }
}
