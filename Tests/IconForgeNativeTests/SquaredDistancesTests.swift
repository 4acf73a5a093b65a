import IconForgeTestSupport
import Testing

@testable import IconForgeNative

/// The distance transform behind the ink widths (`RGBAImage.squaredDistances(in:)`) against
/// the definition, searched pixel by pixel.
@Suite struct SquaredDistancesTests {
    /// A width × height image whose alpha is `alpha(x, y)`.
    func image(width: Int, height: Int, _ alpha: (Int, Int) -> UInt8) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width { pixels[(y * width + x) * 4 + 3] = alpha(x, y) }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The box of the pixels at least half covered, nil when there are none.
    func inkBox(_ image: RGBAImage) -> RGBAImage.PixelBox? {
        var (minX, minY, maxX, maxY) = (image.width, image.height, -1, -1)
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] >= 128 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        guard maxX >= 0 else { return nil }
        return RGBAImage.PixelBox(minX: minX, minY: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The transform by its definition: for each pixel of `box`, the least squared distance
    /// to a pixel under half coverage or outside the image (the nearest outside is in the
    /// ring just around it), in the box's grid with its ring of 0.
    func bruteForce(_ image: RGBAImage, _ box: RGBAImage.PixelBox) -> [Int] {
        func isBackground(_ x: Int, _ y: Int) -> Bool {
            x < 0 || y < 0 || x >= image.width || y >= image.height || image.pixels[(y * image.width + x) * 4 + 3] < 128
        }
        let stride = box.width + 2
        var grid = [Int](repeating: 0, count: stride * (box.height + 2))
        for row in 0..<box.height {
            for column in 0..<box.width {
                let (x, y) = (box.minX + column, box.minY + row)
                var nearest = Int.max
                for v in -1...image.height {
                    for u in -1...image.width where isBackground(u, v) {
                        nearest = min(nearest, (u - x) * (u - x) + (v - y) * (v - y))
                    }
                }
                grid[(row + 1) * stride + column + 1] = nearest
            }
        }
        return grid
    }

    /// The transform of `image` against the brute force, naming the first cell they differ at.
    func expectExact(_ image: RGBAImage, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
    {
        let box = try #require(inkBox(image), "\(name) has ink", sourceLocation: sourceLocation)
        let transform = image.squaredDistances(in: box)
        let expected = bruteForce(image, box)
        try #require(transform.count == expected.count, "\(name): the grid's size", sourceLocation: sourceLocation)
        let stride = box.width + 2
        let wrong = transform.indices.first { transform[$0] != expected[$0] }
        #expect(
            wrong == nil,
            "\(name): grid cell (\((wrong ?? 0) % stride), \((wrong ?? 0) / stride)) is \(transform[wrong ?? 0]), not \(expected[wrong ?? 0])",
            sourceLocation: sourceLocation)
    }

    @Test("random masks of every density, alpha on both sides of half coverage")
    func randomMasksAreExact() throws {
        // Seeded (IconForgeTestSupport's generator), so that the masks are the same every run.
        var generator = SplitMix64(seed: 26)
        for trial in 0..<60 {
            let width = Int.random(in: 3...24, using: &generator)
            let height = Int.random(in: 3...24, using: &generator)
            // From sparse specks to ink with a few holes.
            let density = Double(trial % 10 + 1) / 11
            var alphas: [UInt8] = []
            for _ in 0..<(width * height) {
                let inked = Double.random(in: 0..<1, using: &generator) < density
                // 127 and 128 are the two sides of half coverage.
                alphas.append(
                    inked
                        ? [128, 200, 255].randomElement(using: &generator)!
                        : [0, 60, 127].randomElement(using: &generator)!)
            }
            try expectExact(
                image(width: width, height: height) { x, y in alphas[y * width + x] },
                "mask \(trial) (\(width)×\(height))")
        }
    }

    @Test("a filled disc, a ring, one-pixel lines, all ink, and ink touching the border")
    func shapesAreExact() throws {
        func inside(_ x: Int, _ y: Int, centre: (x: Double, y: Double), radius: Double) -> Bool {
            let (dx, dy) = (Double(x) + 0.5 - centre.x, Double(y) + 0.5 - centre.y)
            return dx * dx + dy * dy <= radius * radius
        }
        // A disc deep enough that the envelope of a row spans most of it (its middle is 18
        // pixels from the background).
        try expectExact(
            image(width: 40, height: 40) { x, y in inside(x, y, centre: (20, 20), radius: 18) ? 255 : 0 }, "disc")
        try expectExact(
            image(width: 40, height: 40) { x, y in
                inside(x, y, centre: (20, 20), radius: 17) && !inside(x, y, centre: (20, 20), radius: 11) ? 255 : 0
            },
            "ring")
        try expectExact(image(width: 30, height: 9) { _, y in y == 4 ? 255 : 0 }, "horizontal line")
        try expectExact(image(width: 9, height: 30) { x, _ in x == 4 ? 255 : 0 }, "vertical line")
        try expectExact(image(width: 25, height: 25) { x, y in x == y ? 255 : 0 }, "diagonal line")
        try expectExact(image(width: 17, height: 11) { _, _ in 255 }, "all ink")
        try expectExact(
            image(width: 30, height: 20) { x, y in
                x < 12 || y == 0 || inside(x, y, centre: (27, 14), radius: 7) ? 255 : 0
            }, "ink on the border")
        try expectExact(image(width: 3, height: 3) { x, y in x == 1 && y == 1 ? 128 : 0 }, "one pixel")
    }
}
