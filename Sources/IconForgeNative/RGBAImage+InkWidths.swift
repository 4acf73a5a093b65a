/// The pixel work behind `InkWeight` (IconForgeRender), here with the other code that
/// handles pointers: it reads every pixel of every glyph's @3x render, so its loops run over
/// buffer pointers rather than paying the arrays' bounds and uniqueness checks per pixel.
extension RGBAImage {
    /// The ink's area (the sum of alpha, in pixels) and the width in pixels measured across
    /// the ink at up to `maximumSamples` pixels of its medial axis, spread evenly along it,
    /// where a stroke runs through (see `InkWeight` for the method).
    ///
    /// - Parameter elongation: how much longer than across a medial-axis pixel's longest
    ///   crossing must be for a stroke to run through it (a dot's middle is as wide every way).
    package func inkWidths(maximumSamples: Int, elongation: Double) -> (area: Double, widths: [Double]) {
        let width = width, height = height
        guard width > 2, height > 2 else { return (0, []) }
        let count = width * height
        var alpha = [Float](repeating: 0, count: count)
        var area = 0.0
        pixels.withUnsafeBufferPointer { pixels in
            alpha.withUnsafeMutableBufferPointer { alpha in
                for index in 0..<count {
                    let value = Float(pixels[index * 4 + 3]) * (1 / 255)
                    alpha[index] = value
                    area += Double(value)
                }
            }
        }
        guard area > 0 else { return (0, []) }
        let distances = Self.squaredDistances(alpha, width: width, height: height)
        var ridge: [Int] = []
        distances.withUnsafeBufferPointer { distances in
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    let index = y * width + x
                    let here = distances[index]
                    guard here > 0 else { continue }
                    // The ridge: no neighbour farther from the background.
                    if distances[index - width - 1] > here || distances[index - width] > here || distances[index - width + 1] > here
                        || distances[index - 1] > here || distances[index + 1] > here
                        || distances[index + width - 1] > here || distances[index + width] > here || distances[index + width + 1] > here
                    {
                        continue
                    }
                    ridge.append(index)
                }
            }
        }
        let stride = max(1, (ridge.count + maximumSamples - 1) / maximumSamples)
        var widths: [Double] = []
        widths.reserveCapacity(ridge.count / stride + 1)
        alpha.withUnsafeBufferPointer { alpha in
            for index in Swift.stride(from: 0, to: ridge.count, by: stride) {
                let pixel = ridge[index]
                let halfWidth = Double(distances[pixel]).squareRoot()
                // Far enough each way to tell a stroke (twice as long as across) from a dot.
                let reach = (elongation + 0.1) * halfWidth + 1.5
                let x = Double(pixel % width) + 0.5, y = Double(pixel / width) + 0.5
                var narrowest = Double.infinity, widest = 0.0
                for (dx, dy) in Self.crossingDirections {
                    let across = Self.crossing(alpha, width: width, height: height, x: x, y: y, dx: dx, dy: dy, reach: reach)
                    narrowest = min(narrowest, across)
                    widest = max(widest, across)
                }
                if widest >= elongation * narrowest { widths.append(narrowest) }
            }
        }
        return (area, widths)
    }

    /// Eight directions over half a turn, 22.5° apart, as unit vectors: the narrowest
    /// crossing is within 11.25° of a straight stroke's normal, 2 % over its width at most.
    static let crossingDirections: [(Double, Double)] = {
        let (c1, c2, c3) = (0.9238795325112867, 0.7071067811865476, 0.3826834323650898)  // cos 22.5°, 45°, 67.5°
        return [(1, 0), (c1, c3), (c2, c2), (c3, c1), (0, 1), (-c3, c1), (-c2, c2), (-c1, c3)]
    }()

    /// Sample spacing along a crossing, in pixels.
    static let crossingStep = 0.5
    /// Alpha below which a crossing has left the ink.
    static let outsideInk: Float = 0.02

    /// The integral of alpha along the line through (`x`, `y`) in direction (`dx`, `dy`),
    /// both ways until it leaves the ink or goes `reach` pixels: the ink's width across there
    /// (for a straight antialiased edge, alpha interpolated linearly integrates to the edge).
    static func crossing(_ alpha: UnsafeBufferPointer<Float>, width: Int, height: Int, x: Double, y: Double, dx: Double, dy: Double, reach: Double) -> Double {
        func oneWay(_ sign: Double) -> Double {
            var total = 0.0
            var distance = crossingStep / 2
            while distance < reach {
                let value = sample(alpha, width: width, height: height, x: x + sign * distance * dx, y: y + sign * distance * dy)
                if value < outsideInk { break }
                total += Double(value) * crossingStep
                distance += crossingStep
            }
            return total
        }
        return oneWay(-1) + oneWay(1)
    }

    /// Alpha at (`x`, `y`) in pixel coordinates (pixel centres at half-integers), bilinear;
    /// 0 outside the image.
    @inline(__always)
    static func sample(_ alpha: UnsafeBufferPointer<Float>, width: Int, height: Int, x: Double, y: Double) -> Float {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        guard x0 >= 0, y0 >= 0, x0 + 1 < width, y0 + 1 < height else { return 0 }
        let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
        let index = y0 * width + x0
        let top = alpha[index] * (1 - tx) + alpha[index + 1] * tx
        let bottom = alpha[index + width] * (1 - tx) + alpha[index + width + 1] * tx
        return top * (1 - ty) + bottom * ty
    }

    /// Each pixel's squared distance to the nearest pixel under half coverage (outside the
    /// image counts as such): 0 for background. Felzenszwalb and Huttenlocher's exact
    /// transform, one pass over columns and one over rows.
    static func squaredDistances(_ alpha: [Float], width: Int, height: Int) -> [Int] {
        // Larger than any squared distance inside the image.
        let far = (width + height) * (width + height) + 1
        var grid = alpha.map { $0 >= 0.5 ? far : 0 }
        let longest = max(width, height) + 2
        var line = [Int](repeating: 0, count: longest)
        var result = [Int](repeating: 0, count: longest)
        var parabolas = [Int](repeating: 0, count: longest)
        var bounds = [Double](repeating: 0, count: longest + 1)
        grid.withUnsafeMutableBufferPointer { grid in
            line.withUnsafeMutableBufferPointer { line in
                result.withUnsafeMutableBufferPointer { result in
                    parabolas.withUnsafeMutableBufferPointer { parabolas in
                        bounds.withUnsafeMutableBufferPointer { bounds in
                            // The line is padded with background at both ends (outside the image).
                            line[0] = 0
                            for x in 0..<width {
                                for y in 0..<height { line[y + 1] = grid[y * width + x] }
                                line[height + 1] = 0
                                lowerEnvelope(line, count: height + 2, into: result, parabolas: parabolas, bounds: bounds)
                                for y in 0..<height { grid[y * width + x] = result[y + 1] }
                            }
                            for y in 0..<height {
                                for x in 0..<width { line[x + 1] = grid[y * width + x] }
                                line[width + 1] = 0
                                lowerEnvelope(line, count: width + 2, into: result, parabolas: parabolas, bounds: bounds)
                                for x in 0..<width { grid[y * width + x] = result[x + 1] }
                            }
                        }
                    }
                }
            }
        }
        return grid
    }

    /// The one-dimensional squared distance transform of `values[0..<count]`: for each i, the
    /// least `values[j] + (i - j)²` (the lower envelope of parabolas rooted at each j).
    static func lowerEnvelope(
        _ values: UnsafeMutableBufferPointer<Int>, count: Int, into result: UnsafeMutableBufferPointer<Int>,
        parabolas: UnsafeMutableBufferPointer<Int>, bounds: UnsafeMutableBufferPointer<Double>
    ) {
        var last = 0
        parabolas[0] = 0
        bounds[0] = -.infinity
        bounds[1] = .infinity
        for q in 1..<count {
            var s = 0.0
            while true {
                let p = parabolas[last]
                s = Double((values[q] + q * q) - (values[p] + p * p)) / Double(2 * q - 2 * p)
                if s > bounds[last] { break }
                last -= 1
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
