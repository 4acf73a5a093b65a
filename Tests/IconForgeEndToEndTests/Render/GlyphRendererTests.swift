import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgeRender
@testable import IconForgeSVG

/// Rendering with librsvg: canvas sizes, placement and the pixels themselves.
@Suite struct GlyphRendererTests {
    @Test("template mode renders the artboard centred on each scale's canvas")
    func templateRendersEveryScale() throws {
        let glyph = try renderFixture("pipeline/square-27pt.svg")
        let drawn = Rect(x: 4, y: 4, width: 27, height: 27)
        #expect(glyph.artboard == Size(width: 35, height: 35))
        #expect(glyph.shape == .square)
        #expect(isClose(try #require(glyph.inkBox), drawn, within: 0.02))
        #expect(glyph.images.count == Template.scales.count && glyph.plans.count == Template.scales.count)
        for (scale, (image, plan)) in zip(Template.scales, zip(glyph.images, glyph.plans)) {
            #expect(image.width == scale.canvas && image.height == scale.canvas)
            #expect(plan == RenderPlan.template(artboard: glyph.artboard, shape: .square, scale: scale))
            // Painted: the drawn rectangle on the canvas, partly covered pixels included (its
            // edges fall on whole pixels, give or take rounding of the scale).
            let expected = plan.pixels(fromPoints: drawn)
            let box = try #require(paintedPixelBox(image))
            #expect(
                box.x == Int((expected.x + 1e-6).rounded(.down)) && box.y == Int((expected.y + 1e-6).rounded(.down)),
                "@\(scale.factor)x \(box)")
            #expect(
                box.x + box.width == Int((expected.maxX - 1e-6).rounded(.up))
                    && box.y + box.height == Int((expected.maxY - 1e-6).rounded(.up)), "@\(scale.factor)x \(box)")
            // Straight alpha: opaque black inside, and nothing at all outside.
            #expect(image.pixel(x: scale.canvas / 2, y: scale.canvas / 2) == [0, 0, 0, 255])
            #expect(image.pixel(x: 0, y: 0) == [0, 0, 0, 0])
            let edge = image.pixel(x: box.x, y: scale.canvas / 2)
            #expect(edge[0...2] == [0, 0, 0] && edge[3] > 0, "an edge pixel of a black glyph stays black: \(edge)")
        }
    }

    @Test("the machine's language does not choose a <switch>'s child: LANGUAGE=ja builds what any machine does")
    func renderingDoesNotDependOnTheLanguage() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        var hashes: [String] = []
        for language in ["ja", "ja_JP.UTF-8:en", "C"] {
            let output = TemporaryFolder()
            let fixture = Fixtures.path("rules/svg-dynamic-switch-system-language.svg")
            let result = try ExternalProgram.run(
                iconforge, ["build", fixture, "--output", output.path],
                environment: ["LANGUAGE": language, "LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"])
            let data = try Data(
                contentsOf: URL(fileURLWithPath: output.file("svg-dynamic-switch-system-language@2x.png")))
            let image = try decodePNG(output.file("svg-dynamic-switch-system-language@2x.png"))
            #expect(
                image.pixel(x: image.width / 2, y: image.height / 2) == [0, 0, 0, 255],
                "LANGUAGE=\(language): the child without systemLanguage, black; \(result.output)")
            hashes.append(SHA256Digest.hex(of: data))
        }
        #expect(Set(hashes).count == 1, "the same PNG bytes whatever the language")
    }

    @Test(
        "a 12.35 mm page with no viewBox: user units are CSS px, so its 36-unit square is 27 pt and comes out 54 px @2x"
    )
    func anAbsolutePageWithoutAViewBoxHasCSSPixelUnits() throws {
        let glyph = try renderFixture("rules/geometry-clipped-pass-mm-page-without-viewbox.svg")
        #expect(abs(glyph.artboard.width - 35) < 1e-3)
        #expect(
            isClose(try #require(glyph.inkBox), Rect(x: 4, y: 4, width: 27, height: 27), within: 0.02),
            "\(String(describing: glyph.inkBox))")
        #expect(abs(glyph.userSpace.scaleX - 0.75) < 1e-12)
        let box = try #require(paintedPixelBox(glyph.images[0]))
        #expect(box.width == 54 && box.height == 54, "\(box)")
    }

    @Test("a colour comes out exactly as written in the SVG")
    func colourIsExact() throws {
        // wide-pt-units.svg fills with #007aff.
        let glyph = try renderFixture("pipeline/wide-pt-units.svg")
        for image in glyph.images {
            var opaque = 0
            for y in 0..<image.height {
                for x in 0..<image.width where image.alpha(x: x, y: y) == 255 {
                    #expect(image.pixel(x: x, y: y) == [0x00, 0x7a, 0xff, 255], "(\(x), \(y))")
                    opaque += 1
                }
            }
            #expect(opaque > 0)
        }
    }

    @Test("fit mode scales the ink box to the target and centres it")
    func fitHitsTheTarget() throws {
        // A 20 pt square drawn off centre, at (3, 5).
        let glyph = try renderFixture("pipeline/offcenter-20pt.svg", mode: .fitGlyph)
        #expect(glyph.shape == .square)
        #expect(isClose(try #require(glyph.inkBox), Rect(x: 3, y: 5, width: 20, height: 20), within: 0.02))
        for (scale, image) in zip(Template.scales, glyph.images) {
            #expect(image.width == scale.canvas && image.height == scale.canvas)
            let target = scale.target(for: .square)
            let margin = (scale.canvas - target) / 2
            let box = try #require(paintedPixelBox(image))
            #expect(
                box.x == margin && box.y == margin && box.width == target && box.height == target,
                "@\(scale.factor)x: \(box)")
        }
    }

    @Test("documents librsvg cannot read, or without a size, are refused; an invisible one renders nothing")
    func refusalsAndEmptyDrawings() throws {
        #expect(throws: RenderFailure.self) {
            try GlyphRenderer.render(RenderRequest(Data("<svg".utf8), mode: .template, shapeThreshold: 1.2))
        }
        do {
            _ = try renderFixture("rules/svg-parse-no-size.svg")
            Issue.record("a document without a size rendered")
        } catch let failure as RenderFailure {
            guard case .noSize = failure else {
                Issue.record("\(failure)")
                return
            }
        }
        let empty = try renderFixture("rules/svg-empty-transparent.svg")
        #expect(empty.artboard == Size(width: 35, height: 35))
        #expect(empty.inkBox == nil && empty.images.isEmpty)
    }
}
