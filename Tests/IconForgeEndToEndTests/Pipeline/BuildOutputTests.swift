import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeModel

/// What a build writes: deterministic bytes and a catalog that tells the truth.
@Suite struct BuildOutputTests {
    @Test(arguments: [false, true])
    func twoBuildsGiveByteIdenticalFiles(fit: Bool) throws {
        let first = TemporaryFolder()
        let second = TemporaryFolder()
        _ = try build([Fixtures.path("pipeline")], into: first.path, fit: fit, sizeTolerance: 10, jobs: 1)
        _ = try build([Fixtures.path("pipeline")], into: second.path, fit: fit, sizeTolerance: 10, jobs: 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: first.path).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(
            names
                == (try FileManager.default.contentsOfDirectory(atPath: second.path).filter { !$0.hasPrefix(".") }
                    .sorted()))
        // In template mode the 48 pt wide-pt-units.svg breaks the 35 pt maximum and gets no PNGs.
        #expect(names.count == (fit ? 7 : 6) * 2 + 1)
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: first.file(name)))
            let b = try Data(contentsOf: URL(fileURLWithPath: second.file(name)))
            #expect(a == b, "\(name) differs between builds")
        }
    }

    @Test func catalogListsWhatWasWrittenWithCorrectHashes() throws {
        let output = TemporaryFolder()
        _ = try build([Fixtures.path("pipeline")], into: output.path, fit: true)
        let data = try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json")))
        let catalog = try JSONDecoder().decode(Catalog.self, from: data)
        #expect(catalog.schemaVersion == 2)
        #expect(catalog.glyphs.map(\.name) == catalog.glyphs.map(\.name).sorted())
        #expect(catalog.glyphs.count == 7)
        for glyph in catalog.glyphs {
            let source = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("pipeline/" + glyph.source)))
            #expect(glyph.sourceSHA256 == SHA256Digest.hex(of: source))
            #expect(glyph.outputs.map(\.scale) == [2, 3])
            for output in glyph.outputs {
                let bytes = try Data(contentsOf: URL(fileURLWithPath: outputPath(output.file, in: output)))
                #expect(bytes.count == output.bytes)
                #expect(SHA256Digest.hex(of: bytes) == output.sha256)
                let image = try PNGCodec.decode([UInt8](bytes))
                #expect(image.width == output.width && image.height == output.height)
                // The transform reproduces the placement: the ink box lands where it says.
                let transform = try #require(output.transform)
                let ink = try #require(glyph.inkBox)
                let painted = try #require(paintedPixelBox(image))
                let left = transform.x + ink.x * transform.scale
                let right = transform.x + ink.maxX * transform.scale
                #expect(
                    abs(Double(painted.x) - left) <= 1 && abs(Double(painted.x + painted.width) - right) <= 1,
                    "\(output.file): \(painted) \(transform)")
            }
        }
        func outputPath(_ file: String, in _: Catalog.Output) -> String { output.file(file) }
        // Keys are sorted and the file ends with a newline: stable to diff.
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.range(of: "\"glyphs\"")!.lowerBound < text.range(of: "\"mode\"")!.lowerBound)
    }

    @Test func knownSHA256() {
        #expect(
            SHA256Digest.hex(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func pngsAreMinimalAndCarryNoVaryingChunks() throws {
        let output = TemporaryFolder()
        _ = try build([Fixtures.path("pipeline/square-27pt.svg")], into: output.path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output.file("square-27pt@2x.png"))))
        let chunks = pngChunkTypes(bytes)
        #expect(chunks.first == "IHDR" && chunks.last == "IEND")
        #expect(
            !chunks.contains("tIME") && !chunks.contains("tEXt") && !chunks.contains("iTXt") && !chunks.contains("zTXt")
        )
        #expect(bytes[24] == 8, "8-bit")
    }

    @Test func unloadableGlyphIsReportedAndOthersStillBuild() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("broken")], into: output.path)
        #expect(report.errorCount == 1)
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.rule == .svgParse)
        #expect(diagnostic.file.hasSuffix("broken/truncated.svg"))
        #expect(FileManager.default.fileExists(atPath: output.file("good@2x.png")))
        #expect(!FileManager.default.fileExists(atPath: output.file("truncated@2x.png")))
        let failed = try #require(report.catalog.glyphs.first { $0.name == "truncated" })
        #expect(failed.status == .failed && failed.outputs.isEmpty && failed.diagnostics.first?.rule == .svgParse)
    }
}

/// The chunk types of a PNG file, in order.
func pngChunkTypes(_ bytes: [UInt8]) -> [String] {
    var types: [String] = []
    var offset = 8
    while offset + 8 <= bytes.count {
        let length =
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
        types.append(String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self))
        offset += 12 + length
    }
    return types
}
