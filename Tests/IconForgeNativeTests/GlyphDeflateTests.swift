import Foundation
import IconForgeModel
import IconForgeTestSupport
import Testing

@testable import IconForgeNative
@testable import IconForgeRender

/// Levels 6 and 7 go through iconforge's own DEFLATE encoder (`GlyphDeflate.c`): libpng
/// (through zlib) must read back every pixel of whatever it is given, and on real glyphs it
/// must make what the documentation says of it.
@Suite struct GlyphDeflateTests {
    /// Pixels from a fixed linear congruential generator: the same on every run.
    static func noise(count: Int, seed: UInt32) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// Encodes `pixels` at `level` and decodes the PNG to RGBA.
    func roundTrip(_ pixels: [UInt8], width: Int, height: Int, layout: PNGCodec.Layout, level: Int32) throws
        -> RGBAImage
    {
        let png = try PNGCodec.encode(
            pixels: pixels, width: width, height: height, layout: layout, settings: .init(compressionLevel: level))
        return try PNGCodec.decode(png)
    }

    /// What grey+alpha pixels decode to as RGBA.
    func rgba(fromGreyAlpha pixels: [UInt8]) -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: pixels.count * 2)
        for index in 0..<pixels.count / 2 {
            rgba[index * 4] = pixels[index * 2]
            rgba[index * 4 + 1] = pixels[index * 2]
            rgba[index * 4 + 2] = pixels[index * 2]
            rgba[index * 4 + 3] = pixels[index * 2 + 1]
        }
        return rgba
    }

    /// Images an encoder can get wrong: nothing to match, everything to match, matches of
    /// the longest length DEFLATE has and longer, runs broken at row ends, one pixel, rows
    /// longer than DEFLATE's 32 KiB window (where the row above is out of reach).
    static let greyAlphaCases: [(name: String, width: Int, height: Int, pixels: [UInt8])] = {
        var cases: [(String, Int, Int, [UInt8])] = [
            ("one pixel", 1, 1, [0, 200]),
            ("transparent", 70, 70, [UInt8](repeating: 0, count: 70 * 70 * 2)),
            ("opaque", 104, 104, (0..<104 * 104).flatMap { _ in [UInt8(0), 255] }),
            ("noise", 64, 48, noise(count: 64 * 48 * 2, seed: 7)),
            (
                "wide rows beyond the window", 16_500, 3,
                noise(count: 16_500 * 2, seed: 3) + [UInt8](repeating: 9, count: 16_500 * 4)
            ),
        ]
        // Stripes that repeat one row up, shifted a pixel (a diagonal edge), with noise cut in.
        var stripes = [UInt8](repeating: 0, count: 90 * 90 * 2)
        let dots = noise(count: 90 * 90, seed: 11)
        for y in 0..<90 {
            for x in 0..<90 where (x + y) % 13 < 4 || dots[y * 90 + x] > 250 {
                stripes[(y * 90 + x) * 2 + 1] = (x + y) % 13 == 0 ? 128 : dots[y * 90 + x] | 1
            }
        }
        cases.append(("diagonal stripes with noise", 90, 90, stripes))
        return cases
    }()

    @Test("grey+alpha comes back exactly at levels 6 and 7", arguments: [Int32(6), 7])
    func greyAlphaRoundTrips(level: Int32) throws {
        for image in Self.greyAlphaCases {
            let decoded = try roundTrip(
                image.pixels, width: image.width, height: image.height, layout: .grayAlpha, level: level)
            #expect(decoded.width == image.width && decoded.height == image.height, "\(image.name)")
            #expect(decoded.pixels == rgba(fromGreyAlpha: image.pixels), "\(image.name)")
        }
    }

    @Test("RGBA and palette images come back exactly too", arguments: [Int32(6), 7])
    func otherLayoutsRoundTrip(level: Int32) throws {
        let rgba = Self.noise(count: 33 * 17 * 4, seed: 5)
        #expect(try roundTrip(rgba, width: 33, height: 17, layout: .rgba, level: level).pixels == rgba)
        let palette: [UInt8] = [0, 0, 0, 0] + (1...255).flatMap { [UInt8(0), 122, 255, UInt8($0)] }
        let indices = Self.noise(count: 70 * 70, seed: 9).map { $0 % 8 == 0 ? $0 : 0 }
        let decoded = try roundTrip(indices, width: 70, height: 70, layout: .palette(palette), level: level)
        #expect(decoded.pixels == indices.flatMap { Array(palette[Int($0) * 4..<Int($0) * 4 + 4]) })
    }

    @Test("an image too large for the encoder is compressed by libdeflate at the same level, losslessly")
    func largeImagesFallBack() throws {
        // 1,100 x 1,000 grey+alpha is 2.2 MB of rows: still the encoder's. 1,100 x 2,000 is
        // 4.4 MB, over its 4 MiB limit.
        let width = 1_100
        for height in [1_000, 2_000] {
            var pixels = [UInt8](repeating: 0, count: width * height * 2)
            for index in 0..<width * height { pixels[index * 2 + 1] = UInt8(truncatingIfNeeded: index / 7) }
            let decoded = try roundTrip(pixels, width: width, height: height, layout: .grayAlpha, level: 6)
            #expect(decoded.pixels == rgba(fromGreyAlpha: pixels), "\(height) rows")
        }
    }

    /// The shipped glyphs' renders at both scales, as grey+alpha bytes at `level`.
    func shippedGlyphBytes(level: Int) throws -> Int {
        let folder = URL(fileURLWithPath: ExternalProgram.repositoryRoot).appendingPathComponent("Glyphs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }
            .sorted()
        #expect(names.count >= 10)
        var total = 0
        for name in names {
            let rendered = try GlyphRenderer.render(
                RenderRequest(
                    Data(contentsOf: folder.appendingPathComponent(name)), mode: .template,
                    shapeThreshold: PipelineOptions().shapeThreshold))
            for image in rendered.images {
                total += try PNGEncoder.encode(
                    image, colour: PixelColor(red: 0, green: 0, blue: 0), compressionLevel: level
                )
                .bytes.count
            }
        }
        return total
    }

    @Test("on the shipped glyphs, level 6 is as small as libdeflate's level 8, and level 7 smaller still")
    func sizesOnRealGlyphs() throws {
        let libdeflate5 = try shippedGlyphBytes(level: 5)
        let own6 = try shippedGlyphBytes(level: 6)
        let own7 = try shippedGlyphBytes(level: 7)
        let libdeflate8 = try shippedGlyphBytes(level: 8)
        // Measured when written: 24,170 bytes at libdeflate's level 5, 22,885 at 6, 22,068 at
        // 7, 22,739 at libdeflate's level 8 (and 23,791 at its level 6, the old default).
        // Measured when written: 23,234 bytes at 6 against 23,791 from libdeflate's level 6;
        // level 8 of libdeflate, 23,124.
        #expect(Double(own6) <= Double(libdeflate5) * 0.97, "\(own6) against level 5's \(libdeflate5)")
        #expect(Double(own6) <= Double(libdeflate8) * 1.01, "\(own6) against libdeflate 8's \(libdeflate8)")
        #expect(own7 < own6, "\(own7) against \(own6)")
    }
}
