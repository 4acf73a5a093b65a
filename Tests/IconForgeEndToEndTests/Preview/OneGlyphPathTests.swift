import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI

/// One path for a glyph: the preview page and `render` show the pixels `build` writes,
/// on a set whose glyphs each need a different treatment under `--fit=set` (Fixtures/fitset:
/// typical glyphs, small ones `--fit=glyph` would blow up, a second artboard size, and a
/// glyph scaled down alone).
@Suite struct OneGlyphPathTests {
    static let glyphs = [
        "big-square-48", "circle", "dot", "house", "mail", "minus", "square", "square-48-a", "square-48-b",
        "square-48-c", "wifi-zero",
    ]

    func project() -> TemporaryFolder {
        let project = TemporaryFolder()
        for name in Self.glyphs { project.copy(fixture: "fitset/\(name).svg", as: "Glyphs/\(name).svg") }
        return project
    }

    /// The page's images by their `alt` ("circle @2x"), as the PNG bytes the page holds.
    func pageImages(_ path: String) throws -> [String: [UInt8]] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        var images: [String: [UInt8]] = [:]
        for tag in HTMLScan.tags("img", in: html) {
            guard let png = tag["data-png"], let alt = tag["alt"], let bytes = Data(base64Encoded: png) else {
                continue
            }
            images[alt] = Array(bytes)
        }
        return images
    }

    /// Every PNG the build wrote, by the page's name for it.
    func builtPNGs(_ project: TemporaryFolder) throws -> [String: [UInt8]] {
        var built: [String: [UInt8]] = [:]
        for name in Self.glyphs {
            for scale in Template.scales {
                let file = project.file("Output/" + OutputNaming.fileName(glyph: name, scale: scale))
                built["\(name) \(scale.suffix)"] = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            }
        }
        return built
    }

    func expectSamePixels(
        _ shown: [UInt8]?, _ built: [UInt8], _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let shown = try #require(shown, "\(what): not shown", sourceLocation: sourceLocation)
        let a = try PNGCodec.decode(shown)
        let b = try PNGCodec.decode(built)
        #expect(
            a.width == b.width && a.height == b.height && a.pixels == b.pixels, "\(what): the pixels differ",
            sourceLocation: sourceLocation)
        #expect(shown == built, "\(what): the bytes differ", sourceLocation: sourceLocation)
    }

    @Test func buildPreviewShowsExactlyThePNGsTheBuildWrote() throws {
        let project = project()
        let run = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--fit", "--preview", "--isolation", "none",
            "-q",
        ])
        #expect(run.status == .clean, "\(run.stderr)")
        let built = try builtPNGs(project)
        let shown = try pageImages(project.file("Output/preview.html"))
        #expect(built.count == 22)
        for (name, png) in built.sorted(by: { $0.key < $1.key }) { try expectSamePixels(shown[name], png, name) }

        // A second build finds nothing changed: the page shows the files it kept.
        let again = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--fit", "--preview", "--isolation", "none",
            "-q",
        ])
        #expect(again.status == .clean, "\(again.stderr)")
        let kept = try pageImages(project.file("Output/preview.html"))
        for (name, png) in built.sorted(by: { $0.key < $1.key }) {
            try expectSamePixels(kept[name], png, "kept \(name)")
        }
    }

    @Test func previewShowsWhatBuildWritesAndSaysWhetherItIsWritten() throws {
        let project = project()
        let page = project.file("Output/preview.html")
        let before = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Output"), "--fit", "--isolation", "none", "-q",
        ])
        #expect(before.status == .clean, "\(before.stderr)")
        var html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("circle@2x.png: 70 × 70 px") && html.contains("(not in the output folder yet)"))
        #expect(!html.contains("(not written)"))

        _ = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--fit", "--isolation", "none", "-q",
        ])
        let after = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Output"), "--fit", "--isolation", "none", "-q",
        ])
        #expect(after.status == .clean, "\(after.stderr)")
        html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!html.contains("(not written)") && !html.contains("(not in the output folder yet)"))
        let built = try builtPNGs(project)
        let shown = try pageImages(page)
        for (name, png) in built.sorted(by: { $0.key < $1.key }) { try expectSamePixels(shown[name], png, name) }
    }

    @Test(arguments: [["--fit"], ["--fit=glyph"]])
    func renderWritesTheBytesBuildWritesForTheSameGlyphInTheSameSet(fit: [String]) throws {
        let project = project()
        let run = ToolCommand.run(
            ["build", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none", "-q"] + fit)
        #expect(run.status == .clean, "\(run.stderr)")
        let built = try builtPNGs(project)
        for name in Self.glyphs {
            for scale in Template.scales {
                let target = project.file("\(name)\(scale.suffix).png")
                let rendered = ToolCommand.run(
                    [
                        "render", project.file("Glyphs/\(name).svg"), "--scale", "\(scale.factor)", "-o", target,
                        "--isolation", "none",
                    ] + fit)
                #expect(rendered.status == .clean, "\(name): \(rendered.stderr)")
                try expectSamePixels(
                    try? Array(Data(contentsOf: URL(fileURLWithPath: target))),
                    try #require(built["\(name) \(scale.suffix)"]), "\(fit) \(name) \(scale.suffix)")
            }
        }
    }

    /// A set whose outputs judge a sliver away (Font Awesome's half star, whose geometry holds
    /// a sliver that paints no pixel, beside Lucide's circle): the build plans the set's scales
    /// again after its render pass (`SetScalePlan.replanned`), and `render` settles on the
    /// same scales, with no build before it (its own passes re-plan) and after one (the
    /// build's recorded boxes stand in for the glyphs).
    @Test func renderWritesTheBytesBuildWritesWhenTheBuildPlansTheSetAgain() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        let elsewhere = TemporaryFolder()
        glyphs.copy(fixture: "real/fontawesome-invisible-sliver-512.svg")
        glyphs.copy(fixture: "fitset/circle.svg")
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        request.options.mode = .fitSet
        request.jobs = 2
        let files = try GlyphDiscovery.discover(request.inputs)
        let measuringPass = SetScalePlan.plan(
            files, nameFindings: NameChecks.run(files), previous: nil, onDisk: .unknown(count: files.count, takenAt: 0),
            request: request)
        let built = try Builder.run(request)
        #expect(built.errorCount == 0, "\(built.diagnostics.map(\.message))")
        // The set is planned again: the measuring pass's scales are not those the build wrote.
        let scales = try #require(built.catalog.template.setScales)
        #expect(measuringPass.scales != scales, "\(scales)")
        for folder in [elsewhere.path, output.path] {
            var rendering = request
            rendering.outputFolder = folder
            for name in ["fontawesome-invisible-sliver-512", "circle"] {
                let rendered = try Builder.render(glyphs.file("\(name).svg"), request: rendering)
                #expect(rendered.pngs.count == Template.scales.count, "\(name): \(rendered.diagnostics.map(\.message))")
                for (scale, png) in zip(Template.scales, rendered.pngs) {
                    let file = output.file(OutputNaming.fileName(glyph: name, scale: scale))
                    try expectSamePixels(
                        png, Array(try Data(contentsOf: URL(fileURLWithPath: file))),
                        "\(name) \(scale.suffix), state in \(folder == output.path ? "the output folder" : "none")")
                }
            }
        }
    }
}
