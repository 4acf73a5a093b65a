import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// Files iconforge did not write: each gets a named diagnostic, nothing hangs or crashes,
/// and one bad file never stops the others.
@Suite struct HostileInputTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">"
    static let square = "<rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/>"

    /// Writes every case into one folder, checks it in one run, and returns the rules per file.
    func check(_ files: [String: [UInt8]]) throws -> (report: BuildReport, rules: [String: [RuleID]]) {
        let folder = TemporaryFolder()
        for (name, bytes) in files {
            try Data(bytes).write(to: URL(fileURLWithPath: folder.file(name)))
        }
        folder.write("good.svg", Self.svg + Self.square + "</svg>")
        var request = BuildRequest()
        request.inputs = [folder.path]
        request.writesOutput = false
        let report = try Builder.run(request)
        var rules: [String: [RuleID]] = [:]
        for diagnostic in report.diagnostics {
            rules[diagnostic.file.lastPathComponent, default: []].append(diagnostic.rule)
        }
        return (report, rules)
    }

    func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    @Test func brokenFilesGetNamedDiagnostics() throws {
        let home = Self.svg + Self.square + "</svg>"
        let cases: [String: [UInt8]] = [
            "empty.svg": [],
            "whitespace.svg": text("  \n\t"),
            "truncated.svg": text(String(home.prefix(60))),
            "png-bytes.svg": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13],
            "gzip.svg": [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00],
            "binary.svg": [0x00, 0x01, 0x02, 0xFF, 0xFE],
            "page.svg": text("<!DOCTYPE html><html><body><p>hi<br></body></html>"),
            "xhtml.svg": text("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>"),
            "no-namespace.svg": text("<svg viewBox=\"0 0 35 35\">" + Self.square + "</svg>"),
            "wrong-namespace.svg": text(
                "<svg xmlns=\"http://example.com/svg\" viewBox=\"0 0 35 35\">" + Self.square + "</svg>"),
            "utf16-no-bom.svg": Array(home.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            "latin1.svg": text(Self.svg + "<title>caf") + [0xE9] + text("</title>" + Self.square + "</svg>"),
            "declared-ebcdic.svg": text("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?>" + home),
            "nul.svg": text(Self.svg) + [0] + text(Self.square + "</svg>"),
            "no-size.svg": text("<svg xmlns=\"http://www.w3.org/2000/svg\">" + Self.square + "</svg>"),
            "percent-size.svg": text(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"100%\">" + Self.square + "</svg>"),
            "zero-viewbox.svg": text(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0 0\">" + Self.square + "</svg>"),
            "negative-viewbox.svg": text(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 -35 35\">" + Self.square + "</svg>"),
            "nan-viewbox.svg": text(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 NaN 35\">" + Self.square + "</svg>"),
            "short-viewbox.svg": text(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35\">" + Self.square + "</svg>"),
            "bad-path.svg": text(Self.svg + "<path d=\"M4 4 H31 V31 H4 Z oops\"/></svg>"),
            "notes.svg": text("\u{FEFF}  compose icon: 27 pt, black\nsee the template\n"),
            "preamble.svg": text("Exported by Tool 1.0\n" + Self.svg + Self.square + "</svg>"),
        ]
        let (report, rules) = try check(cases)
        for name in cases.keys {
            #expect(
                rules[name] == [.svgParse],
                "\(name): \(report.diagnostics.filter { $0.file.hasSuffix("/" + name) }.map(\.message))")
        }
        #expect(rules["good.svg"] == nil, "one bad file never stops the others")
        let message = { (name: String) in report.diagnostics.first { $0.file.hasSuffix("/" + name) }?.message ?? "" }
        #expect(message("gzip.svg").contains("gunzip"))
        #expect(message("png-bytes.svg").contains("PNG image"))
        #expect(message("page.svg").contains("HTML"))
        #expect(message("utf16-no-bom.svg").contains("UTF-16"))
        #expect(message("declared-ebcdic.svg").contains("'EBCDIC-US'"), "an encoding iconforge does not read is named")
        #expect(message("latin1.svg").contains("ISO-8859-1"), "an undeclared Latin-1 byte gets advice on declaring it")
        #expect(message("empty.svg").contains("empty"))
        #expect(message("bad-path.svg").contains("oops"))
        #expect(
            message("notes.svg")
                == "this is not SVG markup: a text file with no '<' in it, beginning \"compose icon: 27 pt, black\"; export the glyph as SVG"
        )
        #expect(
            message("preamble.svg").hasPrefix(
                "this is not SVG markup: the file begins with text, \"Exported by Tool 1.0\", where '<' should be"),
            "\(message("preamble.svg"))")
    }

    @Test func resourceBombsFinishWithALimitOrADiagnostic() throws {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY a0 \"lol\">\n"
        for level in 1...9 {
            laughs += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">\n"
        }
        laughs += "]>\n" + Self.svg + "<title>&a9;</title>" + Self.square + "</svg>"
        var fanOut =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 35 35\"><defs><rect id=\"u0\" width=\"1\" height=\"1\"/>"
        for level in 1...8 {
            fanOut +=
                "<g id=\"u\(level)\">" + String(repeating: "<use xlink:href=\"#u\(level - 1)\"/>", count: 10) + "</g>"
        }
        fanOut += "</defs><use xlink:href=\"#u8\"/>" + Self.square + "</svg>"
        let deep =
            Self.svg + String(repeating: "<g>", count: 10_000) + Self.square + String(repeating: "</g>", count: 10_000)
            + "</svg>"
        let many = Self.svg + String(repeating: "<rect width=\"1\" height=\"1\"/>", count: 30_000) + "</svg>"
        let huge =
            Self.svg + "<path d=\"M 1e308 1e308 L -1e308 5 L 4 4 Z\" stroke=\"#000\" stroke-width=\"1e300\"/>"
            + Self.square + "</svg>"
        let blur =
            Self.svg
            + "<filter id=\"f\" x=\"-50\" y=\"-50\" width=\"100\" height=\"100\"><feGaussianBlur stdDeviation=\"1e6\"/></filter><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\" filter=\"url(#f)\"/></svg>"
        let enormous =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1e9\" height=\"1e9\">" + Self.square + "</svg>"
        let big = [UInt8](repeating: 0x20, count: 6 * 1024 * 1024)
        let (report, rules) = try check([
            "laughs.svg": text(laughs), "use-fan-out.svg": text(fanOut), "deep.svg": text(deep), "many.svg": text(many),
            "huge-coordinates.svg": text(huge), "huge-blur.svg": text(blur), "enormous-size.svg": text(enormous),
            "big.svg": text(Self.svg) + big + text("</svg>"),
        ])
        #expect(rules["laughs.svg"] == [.svgExternal])
        // 10⁸ copies: refused from the reference graph before librsvg (whose own instancing limit
        // stopped it as render.failed) sees it.
        #expect(rules["use-fan-out.svg"] == [.svgLimit])
        #expect(rules["deep.svg"] == [.svgLimit])
        #expect(rules["many.svg"] == [.svgLimit])
        #expect(rules["big.svg"] == [.svgLimit])
        #expect(rules["huge-coordinates.svg"]?.contains(.geometryClipped) == true)
        #expect(rules["huge-blur.svg"] == [.svgEmpty])
        #expect(rules["enormous-size.svg"]?.contains(.sizeMax) == true)
        #expect(rules["good.svg"] == nil)
        let limits = report.diagnostics.filter { $0.rule == .svgLimit }.map(\.message)
        #expect(limits.contains { $0.contains("--max-file-size") } && limits.contains { $0.contains("--max-elements") })
    }

    /// librsvg gets the bytes with no base file, so it cannot read a sibling, an absolute
    /// path or a URL, even when the markup checks that normally stop such files are bypassed.
    @Test func rendererCannotReadBeyondTheGlyph() throws {
        let folder = TemporaryFolder()
        // A red PNG and an SVG full of red that would show up in the pixels if they were read.
        let redPNG = try PNGCodec.encode(
            pixels: [UInt8](repeating: 0, count: 8 * 8).enumerated().flatMap { _ in [255, 0, 0, 255] as [UInt8] },
            width: 8, height: 8, layout: .rgba, settings: PNGCodec.Settings(compressionLevel: 6))
        try Data(redPNG).write(to: URL(fileURLWithPath: folder.file("red.png")))
        folder.write("shapes.svg", Self.svg + "<rect id=\"big\" width=\"35\" height=\"35\" fill=\"#ff0000\"/></svg>")
        folder.write("style.css", "rect { fill: #ff0000 }")
        let references = [
            "<image href=\"red.png\" width=\"35\" height=\"35\"/>",
            "<image href=\"\(folder.file("red.png"))\" width=\"35\" height=\"35\"/>",
            "<image href=\"file://\(folder.file("red.png"))\" width=\"35\" height=\"35\"/>",
            "<use href=\"shapes.svg#big\"/>",
            "<use href=\"file://\(folder.file("shapes.svg"))#big\"/>",
            "<filter id=\"f\"><feImage href=\"file://\(folder.file("red.png"))\"/></filter><rect width=\"35\" height=\"35\" filter=\"url(#f)\"/>",
            "<style>@import url(\"file://\(folder.file("style.css"))\");</style>",
            "<rect width=\"35\" height=\"35\" fill=\"url(file://\(folder.file("shapes.svg"))#big) none\"/>",
        ]
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        for reference in references {
            let glyph =
                Self.svg + reference + "<rect x=\"4\" y=\"4\" width=\"27\" height=\"27\" fill=\"#000000\"/></svg>"
            let rendered = try GlyphRenderer.render(
                RenderRequest(Data(glyph.utf8), mode: .template, shapeThreshold: 1.2))
            for image in rendered.images {
                var reddish = 0
                for index in stride(from: 0, to: image.pixels.count, by: 4)
                where image.pixels[index + 3] > 0 && image.pixels[index] > 0 {
                    reddish += 1
                }
                #expect(reddish == 0, "\(reference) read something outside the glyph")
            }
        }
    }
}
