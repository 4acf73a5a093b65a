import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeNative

/// Encoding: what libpng decodes is exactly the render, in the glyph's colour, in the
/// smallest layout that holds it.
@Suite struct PNGEncoderTests {
    /// What a PNG's IHDR chunk says (it follows the 8-byte signature, its length and its type).
    func header(_ png: [UInt8]) -> (width: Int, height: Int, bitDepth: UInt8, colourType: UInt8) {
        let number = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        return (number(16), number(20), png[24], png[25])
    }

    /// The chunk types in a PNG, in order, with their data lengths.
    func chunks(_ png: [UInt8]) -> [(type: String, length: Int)] {
        var found: [(String, Int)] = []
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            found.append((String(decoding: png[at + 4..<at + 8], as: UTF8.self), length))
            at += 12 + length
        }
        return found
    }

    /// A real render with partly covered edge pixels: every alpha value matters.
    func render() throws -> RGBAImage {
        let image = try renderFixture("pipeline/half-covered-edge.svg").images[1]
        #expect(
            image.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 && $0.element < 255 },
            "partial alpha")
        return image
    }

    /// The render as it should come back: every painted pixel in `colour` with its alpha,
    /// every other pixel (0, 0, 0, 0).
    func expected(_ image: RGBAImage, in colour: PixelColor) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: image.pixels.count)
        for index in stride(from: 0, to: pixels.count, by: 4) where image.pixels[index + 3] > 0 {
            pixels[index..<index + 4] = [colour.red, colour.green, colour.blue, image.pixels[index + 3]]
        }
        return RGBAImage(width: image.width, height: image.height, pixels: pixels)
    }

    @Test("a grey glyph is grey+alpha, and decodes to exactly its render", arguments: [0, 128, 255])
    func greyIsGreyAlpha(level: Int) throws {
        let image = try render()
        let colour = PixelColor(red: UInt8(level), green: UInt8(level), blue: UInt8(level))
        let encoded = try PNGEncoder.encode(image, colour: colour, compressionLevel: PNGEncoder.defaultCompressionLevel)
        #expect(encoded.width == image.width && encoded.height == image.height)
        let ihdr = header(encoded.bytes)
        #expect(ihdr.width == image.width && ihdr.height == image.height)
        #expect(ihdr.bitDepth == 8 && ihdr.colourType == 4, "grey+alpha")
        #expect(!chunks(encoded.bytes).contains { $0.type == "PLTE" })
        let decoded = try PNGCodec.decode(encoded.bytes)
        #expect(decoded == expected(image, in: colour))
        if level == 0 { #expect(decoded == image, "a black render is its own expectation") }
    }

    @Test("any other colour is a palette: transparent, then the colour at each alpha present")
    func colourIsAPalette() throws {
        let image = try render()
        let colour = PixelColor(red: 0x00, green: 0x7a, blue: 0xff)
        let encoded = try PNGEncoder.encode(image, colour: colour, compressionLevel: PNGEncoder.defaultCompressionLevel)
        let ihdr = header(encoded.bytes)
        #expect(ihdr.bitDepth == 8 && ihdr.colourType == 3, "palette")
        let alphas = Set(stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }.filter { $0 > 0 })
        let layout = chunks(encoded.bytes)
        #expect(layout.first { $0.type == "PLTE" }?.length == 3 * (alphas.count + 1))
        #expect(layout.first { $0.type == "tRNS" } != nil)
        #expect(try PNGCodec.decode(encoded.bytes) == expected(image, in: colour))
    }

    @Test("the same render gives the same bytes; the compression level never changes the pixels")
    func deterministicAndLossless() throws {
        let image = try render()
        let black = PixelColor(red: 0, green: 0, blue: 0)
        let once = try PNGEncoder.encode(image, colour: black, compressionLevel: PNGEncoder.defaultCompressionLevel)
        #expect(
            try PNGEncoder.encode(image, colour: black, compressionLevel: PNGEncoder.defaultCompressionLevel) == once)
        let fastest = try PNGEncoder.encode(image, colour: black, compressionLevel: 1)
        let smallest = try PNGEncoder.encode(image, colour: black, compressionLevel: 12)
        #expect(try PNGCodec.decode(fastest.bytes) == image && PNGCodec.decode(smallest.bytes) == image)
    }
}
