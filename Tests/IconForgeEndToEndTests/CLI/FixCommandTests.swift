import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `iconforge fix`: the suggestion of a size or centring finding, written into the file.
@Suite struct FixCommandTests {
    func run(_ arguments: [String]) -> ToolRun {
        ToolCommand.run(arguments + ["--isolation", "none"])
    }

    @Test("by default the fix goes to NAME.fixed.svg, the original kept; the fixed glyph passes")
    func writesANewFileThatPasses() throws {
        let folder = TemporaryFolder()
        folder.copy(fixture: "units/inkscape-mm-layer-translate-small.svg", as: "ring.svg")
        let original = try Data(contentsOf: URL(fileURLWithPath: folder.file("ring.svg")))
        let fixed = run(["fix", folder.file("ring.svg")])
        #expect(fixed.status == .clean, "\(fixed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("ring.svg"))) == original, "the original is kept")
        let message = fixed.stderr.joined(separator: "\n")
        #expect(
            message.contains("wrote \(folder.file("ring.fixed.svg"))") && message.contains("ring.svg is unchanged"),
            "\(message)")
        let text = try String(contentsOfFile: folder.file("ring.fixed.svg"), encoding: .utf8)
        // Inkscape's layer stays a layer (a child of the root): the fix goes in front of its
        // own translate, and nothing else changes.
        let fix = "translate(-2.1608 -2.1608) scale(1.35) "
        #expect(
            text.contains("</sodipodi:namedview>\n  <g\n     inkscape:label=\"Layer 1\"")
                || text.contains("/>\n  <g\n     inkscape:label=\"Layer 1\""), "\(text)")
        #expect(text.contains("transform=\"\(fix)translate(-30.5,-40.25)\">"), "\(text)")
        #expect(text.replacing(fix, with: "") == String(decoding: original, as: UTF8.self))
        let check = run(["check", folder.file("ring.fixed.svg")])
        #expect(check.status == .clean && check.diagnostics.isEmpty, "\(check.stderr)")
        // A second run does not replace the file it wrote.
        let again = run(["fix", folder.file("ring.svg")])
        #expect(again.status == .io && again.stderr.joined().contains("already exists"))
    }

    @Test("layers without a transform get one, and a drawing that is not only layers is wrapped as before")
    func layersGetTheTransformAndMixedDrawingsAreWrapped() throws {
        let layered = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 24 24">
              <g inkscape:groupmode="layer" inkscape:label="Glyph"><circle cx="12" cy="12" r="12"/></g>
              <g inkscape:groupmode="layer" inkscape:label="Badge" transform=""><circle cx="20" cy="4" r="2"/></g>
            </svg>
            """
        var fix = GeometryFix(scale: 0.9, centerX: 0, centerY: 0, dx: 0, dy: 0)
        fix.transform = "translate(1 1) scale(0.9)"
        let fixed = String(decoding: try FixApplier.apply(fix, to: Array(layered.utf8)), as: UTF8.self)
        #expect(
            fixed
                == layered
                .replacing(
                    "<g inkscape:groupmode=\"layer\" inkscape:label=\"Glyph\"",
                    with:
                        "<g transform=\"translate(1 1) scale(0.9)\" inkscape:groupmode=\"layer\" inkscape:label=\"Glyph\""
                )
                .replacing("transform=\"\"", with: "transform=\"translate(1 1) scale(0.9)\""), "\(fixed)")
        let mixed = layered.replacing("</svg>", with: "  <rect width=\"1\" height=\"1\"/>\n</svg>")
        let wrapped = String(decoding: try FixApplier.apply(fix, to: Array(mixed.utf8)), as: UTF8.self)
        #expect(
            wrapped.contains("<g transform=\"translate(1 1) scale(0.9)\">\n  <g inkscape:groupmode=\"layer\""),
            "\(wrapped)")
    }

    @Test(
        "fix says plainly that it scales strokes with the drawing and does not rewrite stroke widths; the fixed file passes and its stroke is as thin as the note says"
    )
    func strokesScaledAreSaid() throws {
        let folder = TemporaryFolder()
        folder.copy(fixture: "units/stroked-ring-oversized.svg", as: "ring.svg")
        let fixed = run(["fix", folder.file("ring.svg")])
        #expect(fixed.status == .clean, "\(fixed.stderr)")
        let message = fixed.stderr.joined(separator: "\n")
        #expect(
            message.contains("note: strokes are scaled with the drawing (to 79.4 %: a 2.5 pt stroke becomes 1.99 pt)"),
            "\(message)")
        #expect(message.contains("multiply each stroke-width by 1.2593"), "\(message)")
        // The @3x PNG's ring is as thick as the note says: 1.99 pt at 80/27 px/pt, about 5.9 px.
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("ring.fixed.svg")))
        let glyph = try GlyphRenderer.render(RenderRequest(data, mode: .template, shapeThreshold: 1.2))
        let image = try #require(glyph.images.last)
        let row = image.height / 2
        var run = 0
        for x in 0..<image.width where image.pixel(x: x, y: row)[3] > 0 { run += 1 }
        let ring = Double(run) / 2
        let expected = 2.5 * 0.7941 * Template.scales[1].pixelsPerPoint(for: .square)
        #expect(abs(ring - expected) <= 1.5, "each side of the ring is \(ring) px, \(expected) expected")
    }

    @Test("--dry-run prints the diff and writes nothing; --in-place replaces the glyph")
    func dryRunAndInPlace() throws {
        let folder = TemporaryFolder()
        folder.copy(fixture: "units/fontforge-negative-origin-small.svg", as: "glyph.svg")
        let dry = run(["fix", folder.file("glyph.svg"), "--dry-run"])
        #expect(dry.status == .clean)
        let diff = dry.stdout.joined(separator: "\n")
        #expect(
            diff.hasPrefix("--- a/\(folder.file("glyph.svg"))\n+++ b/\(folder.file("glyph.svg"))\n@@ -1,6 +1,8 @@"),
            "\(diff)")
        #expect(
            diff.contains(
                "\n+   <g transform=\"translate(-9.63 -6.125) scale(1.35)\">\n    <path fill=\"currentColor\"")
                && diff.contains("\n+   </g>\n </svg>"), "\(diff)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("glyph.fixed.svg")))
        let inPlace = run(["fix", folder.file("glyph.svg"), "--in-place"])
        #expect(inPlace.status == .clean && inPlace.stderr.joined().contains("rewrote \(folder.file("glyph.svg"))"))
        let check = run(["check", folder.file("glyph.svg")])
        #expect(check.status == .clean && check.diagnostics.isEmpty, "\(check.stderr)")
        let nothing = run(["fix", folder.file("glyph.svg")])
        #expect(nothing.status == .clean && nothing.stdout.joined().contains("nothing to fix"))
    }

    @Test("a glyph whose errors a transform cannot fix fails, and one line says why")
    func otherErrorsAreNotFixed() throws {
        let folder = TemporaryFolder()
        let glyph = folder.write(
            "two.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"13\" fill=\"#000\"/><rect x=\"4\" y=\"18\" width=\"27\" height=\"13\" fill=\"#f00\"/></svg>"
        )
        let result = run(["fix", glyph])
        #expect(result.status == .checkFailed)
        #expect(result.diagnostics.map(\.rule) == [.colorMonochrome])
        #expect(result.stderr.last?.contains("has no size or centring fix to apply") == true, "\(result.stderr)")
        #expect(run(["fix"]).status == .usage && run(["fix", glyph, "--in-place", "-o", "x.svg"]).status == .usage)
    }

    @Test func unifiedDiffOfInsertedLines() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var lines = (1...10).map { "line \($0)" }
        lines.insert("new", at: 1)
        lines.insert("end", at: 11)
        let diff = UnifiedDiff.of(old, lines.joined(separator: "\n") + "\n", label: "f")
        #expect(
            diff == [
                "--- a/f", "+++ b/f", "@@ -1,4 +1,5 @@", " line 1", "+new", " line 2", " line 3", " line 4",
                "@@ -8,3 +9,4 @@", " line 8", " line 9", " line 10", "+end",
            ])
        #expect(UnifiedDiff.of(old, old, label: "f").isEmpty)
        #expect(
            UnifiedDiff.of("a\nb\n", "a\nc\n", label: "f") == [
                "--- a/f", "+++ b/f", "@@ -1,2 +1,2 @@", " a", "-b", "+c",
            ])
    }
}

extension FixCommandTests {
    @Test("a glyph too big and partly off its page is fixed whole: what is left is judged on the fixed file")
    func theFixedFileIsCheckedAgain() throws {
        let folder = TemporaryFolder()
        let glyph = folder.write(
            "big.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"35pt\" height=\"35pt\" viewBox=\"0 0 35 35\"><rect x=\"10\" y=\"2\" width=\"34\" height=\"34\"/></svg>"
        )
        let before = run(["check", glyph])
        #expect(
            Set(before.diagnostics.map(\.rule)).isSuperset(of: [.sizeTarget, .geometryClipped]), "\(before.stderr)")
        let fixed = run(["fix", glyph])
        #expect(fixed.status == .clean && fixed.diagnostics.isEmpty, "\(fixed.stderr)")
        #expect(run(["check", folder.file("big.fixed.svg")]).diagnostics.isEmpty)
    }
}

extension FixCommandTests {
    @Test("a UTF-8 file with a byte-order mark, CRLF line ends and a prefixed root keeps all three")
    func theFilesOwnConventionsAreKept() throws {
        let folder = TemporaryFolder()
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\r\n<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">\r\n  <svg:title>x</svg:title>\r\n  <svg:rect x=\"5\" y=\"5\" width=\"20\" height=\"20\"/>\r\n</svg:svg>\r\n"
        let glyph = folder.write("crlf.svg", text)
        #expect(run(["fix", glyph]).status == .clean)
        let fixed = try String(contentsOfFile: folder.file("crlf.fixed.svg"), encoding: .utf8)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("crlf.fixed.svg"))).starts(with: [
                0xEF, 0xBB, 0xBF, UInt8(ascii: "<"),
            ]))
        #expect(
            fixed.contains("</svg:title>\r\n  <g transform=\"translate(-2.745 -2.745) scale(1.35)\">\r\n  <svg:rect"),
            "\(fixed.debugDescription)")
        #expect(fixed.hasSuffix("/>\r\n  </g>\r\n</svg:svg>\r\n"), "\(fixed.debugDescription)")
        #expect(run(["check", folder.file("crlf.fixed.svg")]).diagnostics.isEmpty)
    }
}
