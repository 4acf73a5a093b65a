import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgeRender

/// The family checks on real renders: the fixture families of Fixtures/family (three 2 pt
/// outline glyphs and an odd or a fitting fourth), built in template mode.
@Suite struct FamilyChecksTests {
    /// Builds one fixture family into a fresh output folder.
    func built(_ family: String, configure: (inout BuildRequest) -> Void = { _ in }) throws -> (
        report: BuildReport, project: TemporaryFolder
    ) {
        let project = TemporaryFolder()
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("family/" + family)).sorted() {
            project.copy(fixture: "family/\(family)/\(name)", as: "Glyphs/" + name)
        }
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.jobs = 2
        configure(&request)
        return (try Builder.run(request), project)
    }

    func findings(_ report: BuildReport) -> [String] {
        report.diagnostics.filter { FamilyChecks.rules.contains($0.rule) }.map {
            "\($0.rule.rawValue) \(($0.file as NSString).lastPathComponent)"
        }
    }

    /// The @3x render.
    func image(_ glyph: RenderedGlyph) throws -> RGBAImage { try #require(glyph.images.last) }

    /// The @3x render of `body` on the 35 pt template.
    func rendered(_ body: String) throws -> RGBAImage {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">\(body)</svg>"
        return try image(
            try GlyphRenderer.render(
                RenderRequest(Data(svg.utf8), mode: .template, shapeThreshold: PipelineOptions().shapeThreshold)))
    }

    @Test("a 2 pt stroke measures 2 pt from the @3x render, and a solid disc has no dominant stroke")
    func strokesAreMeasuredInPoints() throws {
        let scale = try #require(Template.scales.last)
        for (fixture, stroke) in [("circle", 2.0), ("square", 2.0), ("plus-circle", 2.0)] {
            let glyph = try renderFixture("family/stroke-weight-one-heavier/\(fixture).svg")
            let weight = try #require(InkWeight.measure(try image(glyph), shape: .square, scale: scale))
            let measured = try #require(weight.stroke, "\(fixture) has a dominant stroke")
            #expect(abs(measured - stroke) < 0.08, "\(fixture): \(measured) pt")
        }
        let heavy = try renderFixture("family/stroke-weight-one-heavier/minus-circle.svg")
        let heavyStroke = try #require(InkWeight.measure(try image(heavy), shape: .square, scale: scale)?.stroke)
        #expect(abs(heavyStroke - 3) < 0.1, "\(heavyStroke) pt")
        let disc = try renderFixture("family/optical-weight-solid-disc/record.svg")
        let discWeight = try #require(InkWeight.measure(try image(disc), shape: .square, scale: scale))
        #expect(discWeight.stroke == nil)
        // π × 13.5² of 27 × 27 pt.
        #expect(abs(discWeight.coverage - Double.pi * 13.5 * 13.5 / 729) < 0.02, "\(discWeight.coverage)")
    }

    @Test(
        "a crossing search cut short gives what all eight crossings in full give, from any first direction, at every ink pixel of strokes, a disc and a fill"
    )
    func crossingsCutShortAgreeWithAllEightInFull() throws {
        let (elongation, directions) = (InkWeight.elongation, RGBAImage.crossingDirections)
        var compared = 0
        var found = 0
        for fixture in [
            "stroke-weight-one-heavier/circle", "stroke-weight-one-heavier/minus-circle",
            "optical-weight-solid-disc/record",
        ] {
            let image = try image(try renderFixture("family/\(fixture).svg"))
            let alpha = (0..<image.width * image.height).map {
                Float(RGBAImage.alphaValues[Int(image.pixels[$0 * 4 + 3])])
            }
            try alpha.withUnsafeBufferPointer { alpha in
                for y in Swift.stride(from: 1, to: image.height - 1, by: 2) {
                    for x in Swift.stride(from: 1, to: image.width - 1, by: 2) where image.alpha(x: x, y: y) >= 128 {
                        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                        let reach = 12.0
                        // Each crossing integrated to its end, then the rule on all eight.
                        let full = directions.map {
                            RGBAImage.crossing(
                                alpha, width: image.width, height: image.height, x: px, y: py, dx: $0.0, dy: $0.1,
                                reach: reach)
                        }
                        let narrowest = try #require(full.min())
                        let widest = try #require(full.max())
                        let expected = widest >= elongation * narrowest ? narrowest : nil
                        for first in 0..<8 {
                            let cut = RGBAImage.narrowestCrossing(
                                alpha, width: image.width, height: image.height, x: px, y: py, reach: reach,
                                elongation: elongation, startingAt: first)
                            #expect(
                                cut?.bitPattern == expected?.bitPattern,
                                "\(fixture) at (\(x), \(y)) from direction \(first)")
                            compared += 1
                        }
                        if expected != nil { found += 1 }
                    }
                }
            }
        }
        // Strokes were found, and not everywhere (the disc's middle is as wide every way).
        #expect(found > 100 && found * 8 < compared, "\(found) of \(compared / 8)")
    }

    @Test(
        "strokes of one declared width are that width, however they overlap; a fill or a transform is measured from pixels"
    )
    func strokesOfOneDeclaredWidthAreThatWidth() throws {
        // Heroicons' bold nests outlines that merge into bars: measured across, twice its pen.
        let (report, _) = try built("stroke-weight-pass-nested-outlines") { $0.options.mode = .fitSet }
        #expect(findings(report).isEmpty, "\(report.diagnostics.map(\.message))")
        let strokes = report.catalog.glyphs.compactMap { glyph in glyph.weight?.stroke.map { (glyph.name, $0) } }
        #expect(strokes.count == 4)
        let family = try #require(report.catalog.family?.stroke)
        // One pen, in points as exported: a square glyph's 80/27 px/pt and a tall one's 88/30 differ by 1 %.
        for (name, stroke) in strokes {
            #expect(abs(stroke / family - 1) < 0.012, "\(name): \(stroke) pt, the set's \(family) pt")
        }
        let bold = try renderFixture("family/stroke-weight-pass-nested-outlines/bold.svg", mode: .fitGlyph)
        let scale = try #require(Template.scales.last)
        let (render, shape, plan) = (try image(bold), try #require(bold.shape), try #require(bold.plans.last))
        let measured = try #require(InkWeight.measure(render, shape: shape, scale: scale)?.stroke)
        let drawn = try #require(
            InkWeight.measure(render, shape: shape, scale: scale, drawnStroke: 1.5 * plan.pixelsPerPoint)?.stroke)
        #expect(measured > 1.5 * drawn, "measured across, \(measured) pt; drawn, \(drawn) pt")

        func width(_ body: String) -> Double? {
            let svg =
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\">\(body)</svg>"
            return MarkupChecks.run(
                GlyphSource(name: "g", displayPath: "g.svg", relativePath: "g.svg", bytes: Array(svg.utf8)),
                limits: Limits()
            ).uniformStrokeWidth
        }
        #expect(width("<path d=\"M4 4h16\"/><circle cx=\"12\" cy=\"12\" r=\"6\" style=\"stroke-width:2px\"/>") == 2)
        #expect(
            width("<path d=\"M4 4h16\" stroke=\"none\"/><path d=\"M4 8h16\" stroke-width=\"1.5\"/>") == 1.5,
            "what paints nothing does not count")
        for mixed in [
            "<path d=\"M4 4h16\"/><path d=\"M4 8h16\" stroke-width=\"3\"/>",  // two widths
            "<path d=\"M4 4h16\"/><circle cx=\"12\" cy=\"12\" r=\"2\" fill=\"#000\"/>",  // a fill
            "<g transform=\"scale(2)\"><path d=\"M4 4h8\"/></g>",  // another user space
            "<defs><path id=\"a\" d=\"M4 4h16\"/></defs><use href=\"#a\"/>",
            "<path d=\"M4 4h16\" vector-effect=\"non-scaling-stroke\"/>",
            "<marker id=\"m\"><path d=\"M0 0h2\"/></marker><path d=\"M4 4h16\" marker-end=\"url(#m)\"/>",
            "<path d=\"M4 4h16\" stroke-width=\"5%\"/>",
        ] {
            #expect(width(mixed) == nil, "\(mixed)")
        }
    }

    @Test("three 2 pt glyphs and one 3 pt: the heavier one is reported, with both weights and the factor")
    func theHeavierStrokeIsReported() throws {
        let (report, _) = try built("stroke-weight-one-heavier")
        #expect(findings(report) == ["set.stroke-weight minus-circle.svg"])
        let finding = try #require(report.diagnostics.first { $0.rule == .setStrokeWeight })
        #expect(finding.severity == .warning && finding.location == SourceLocation(line: 1, column: 1))
        #expect(
            finding.message.contains("scale stroke-width by 0.66")
                || finding.message.contains("scale stroke-width by 0.67"), "\(finding.message)")
        #expect(
            finding.message.firstMatch(of: /strokes are 3\.0\d pt; the set's are (1\.9\d|2\.0\d) pt/) != nil,
            "\(finding.message)")
        #expect(!report.failed, "a warning: the PNGs are written")
        #expect(report.pngCount == 8)
        let family = try #require(report.catalog.family)
        #expect(family.glyphs == 4 && family.strokedGlyphs == 4)
        let stroke = try #require(family.stroke)
        #expect(abs(stroke - 2) < 0.08)
        // The preview states the set's stroke to 1/100 pt (PreviewGlyph); the CLI says the same.
        #expect(finding.message.contains("the set's are \(stroke.fixed(2)) pt"), "\(finding.message)")
    }

    @Test(
        "a glyph drawn small with the family's pen: one family as drawn and under --fit, heavier under --fit=glyph, which the finding names"
    )
    func fitGlyphScalesStrokesWithTheGlyph() throws {
        let family = "stroke-weight-fit-glyph-small-drawing"
        for mode in [ExportMode.template, .fitSet] {
            let (report, _) = try built(family) { $0.options.mode = mode }
            #expect(findings(report).isEmpty, "\(mode): \(report.diagnostics.map(\.message))")
        }
        let (report, _) = try built(family) { $0.options.mode = .fitGlyph }
        #expect(findings(report) == ["set.stroke-weight small-circle.svg"], "\(report.diagnostics.map(\.message))")
        let finding = try #require(report.diagnostics.first { $0.rule == .setStrokeWeight })
        #expect(
            finding.message.contains("--fit=glyph scaled this glyph on its own")
                && finding.message.contains("build with --fit"), "\(finding.message)")
    }

    @Test("a consistent family gives no set finding, and the catalog records every glyph's weight")
    func aConsistentFamilyPasses() throws {
        let (report, project) = try built("stroke-weight-pass-consistent")
        #expect(findings(report).isEmpty, "\(report.diagnostics.map(\.message))")
        let catalog = try JSONDecoder().decode(
            Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: project.file("Output/catalog.json"))))
        #expect(catalog.glyphs.count == 4)
        for glyph in catalog.glyphs {
            let weight = try #require(glyph.weight, "\(glyph.name)")
            let stroke = try #require(weight.stroke)
            #expect(abs(stroke - 2) < 0.08, "\(glyph.name): \(weight)")
            #expect(weight.coverage > 0.15 && weight.coverage < 0.4, "\(glyph.name): \(weight)")
        }
    }

    @Test("a solid disc beside outline glyphs is reported as heavier; an outline with a small dot is not")
    func aSolidGlyphAmongOutlinesIsReported() throws {
        let (solid, _) = try built("optical-weight-solid-disc")
        #expect(findings(solid) == ["set.optical-weight record.svg"])
        let message = try #require(solid.diagnostics.first { $0.rule == .setOpticalWeight }?.message)
        #expect(
            message.hasPrefix("a filled glyph among outline ones: its ink covers 7")
                && message.contains("% of the target box"), "\(message)")
        let (outline, _) = try built("optical-weight-pass-outline")
        #expect(findings(outline).isEmpty, "\(outline.diagnostics.map(\.message))")
    }

    @Test(
        "a solid glyph with cut-outs, a disc and a triangle have no stroke: left out of the stroke comparison, whatever the width of their ink"
    )
    func solidGlyphsHaveNoStroke() throws {
        let (report, _) = try built("stroke-weight-pass-solid-card")
        // Heavier, yes (a filled glyph among outlines), but not a 5 pt stroke.
        #expect(findings(report) == ["set.optical-weight card-solid.svg"], "\(report.diagnostics.map(\.message))")
        let card = try #require(report.catalog.glyphs.first { $0.name == "card-solid" }?.weight)
        #expect(card.stroke == nil, "\(card)")
        #expect(report.catalog.family?.strokedGlyphs == 3)
        let message = try #require(report.diagnostics.first { $0.rule == .setOpticalWeight }?.message)
        #expect(message.contains("\"family\": {\"styles\": \"mixed\"}"), "\(message)")
        // The pixels alone: the card, a disc and a triangle, against a 2 pt outline.
        let scale = try #require(Template.scales.last)
        for fixture in ["stroke-weight-pass-solid-card/card-solid", "optical-weight-solid-disc/record"] {
            let weight = try #require(
                InkWeight.measure(try image(try renderFixture("family/\(fixture).svg")), shape: .square, scale: scale))
            #expect(weight.stroke == nil, "\(fixture): \(weight)")
        }
        let triangle = try rendered("<path d=\"M6 4l23 13.5l-23 13.5z\"/>")
        #expect(InkWeight.measure(triangle, shape: .square, scale: scale)?.stroke == nil)
        let minus = try rendered(
            "<path d=\"M5 17.5h25\" stroke=\"#000\" stroke-width=\"2\" transform=\"rotate(30 17.5 17.5)\"/>")
        let bar = try #require(
            InkWeight.measure(minus, shape: .square, scale: scale)?.stroke, "a single stroke is a stroke")
        #expect(abs(bar - 2) < 0.1, "\(bar) pt")
    }

    @Test(
        "a filled glyph among outlines is reported only when it looks darker: its tone at a squint 5 L* below the median glyph's"
    )
    func aSlightlyHeavierFilledGlyphIsNotReported() throws {
        let (report, _) = try built("optical-weight-pass-filled-dots")
        #expect(findings(report).isEmpty, "\(report.diagnostics.map(\.message))")
        #expect(report.catalog.glyphs.first { $0.name == "dots-solid" }?.weight?.stroke == nil)
        // On a set whose glyphs cover 28 %: 37 % looks the same, 39 % darker.
        #expect(!FamilyChecks.looksDarker(0.37, than: 0.28) && FamilyChecks.looksDarker(0.39, than: 0.28))
        #expect(!FamilyChecks.looksDarker(0.30, than: 0.272))
    }

    @Test("a set that mixes filled and outline glyphs on purpose weighs each among its own style")
    func aSetOfMixedStylesWeighsEachAmongItsOwn() throws {
        for family in ["optical-weight-solid-disc", "stroke-weight-pass-solid-card"] {
            let (report, _) = try built(family) { $0.options.family.styles = .mixed }
            #expect(findings(report).isEmpty, "\(family): \(report.diagnostics.map(\.message))")
            let recorded = try #require(report.catalog.family)
            #expect(recorded.filledCoverage != nil && recorded.coverage < 0.3, "\(recorded)")
        }
        // Strokes are still compared among the outline glyphs.
        let (heavier, _) = try built("stroke-weight-one-heavier") { $0.options.family.styles = .mixed }
        #expect(findings(heavier) == ["set.stroke-weight minus-circle.svg"])
    }

    @Test("below three glyphs, or switched off, nothing is judged; the share is the project's")
    func fewGlyphsOrSwitchedOffJudgeNothing() throws {
        let (off, _) = try built("stroke-weight-one-heavier") {
            $0.options.family.strokeWeight = false
            $0.options.family.opticalWeight = false
        }
        #expect(findings(off).isEmpty && off.catalog.family == nil)
        #expect(off.catalog.glyphs.allSatisfy { $0.weight == nil }, "not weighed when both checks are off")
        // 3 pt against 2 pt is 50 % off: within a share of 0.6.
        let (wide, _) = try built("stroke-weight-one-heavier") { $0.options.family.share = 0.6 }
        #expect(findings(wide).isEmpty)
        let project = TemporaryFolder()
        project.copy(fixture: "family/stroke-weight-one-heavier/circle.svg", as: "Glyphs/circle.svg")
        project.copy(fixture: "family/stroke-weight-one-heavier/minus-circle.svg", as: "Glyphs/minus-circle.svg")
        let two = try build([project.file("Glyphs")], into: project.file("Output"))
        #expect(findings(two).isEmpty && two.catalog.family == nil)
    }

    @Test("an incremental build judges the set again from the recorded weights, rendering only what changed")
    func incrementalBuildsReuseTheRecordedWeights() throws {
        let (first, project) = try built("stroke-weight-pass-consistent")
        #expect(findings(first).isEmpty)
        // The odd glyph replaces one: only it is rendered; the others' weights come from the state.
        project.copy(fixture: "family/stroke-weight-one-heavier/minus-circle.svg", as: "Glyphs/minus-circle.svg")
        let request = { (request: inout BuildRequest) in request.inputs = [project.file("Glyphs")] }
        var second = BuildRequest()
        request(&second)
        second.outputFolder = project.file("Output")
        second.jobs = 2
        let report = try Builder.run(second)
        #expect(report.reusedCount == 3)
        #expect(findings(report) == ["set.stroke-weight minus-circle.svg"])
        // Put back: the warning goes, though the glyph's neighbours were never rendered again.
        project.copy(fixture: "family/stroke-weight-pass-consistent/minus-circle.svg", as: "Glyphs/minus-circle.svg")
        let third = try Builder.run(second)
        #expect(third.reusedCount == 3 && findings(third).isEmpty)
    }

    @Test("check judges the set too, and reports it in every format as a warning")
    func checkJudgesTheSet() throws {
        let (report, _) = try built("optical-weight-solid-disc") { $0.writesOutput = false }
        #expect(findings(report) == ["set.optical-weight record.svg"])
        #expect(report.warningCount == 1 && report.errorCount == 0)
    }

    @Test(
        "the preview page shows each glyph's weights against the set's and marks the odd one, in a browser",
        .enabled(if: HeadlessBrowser.path != nil, HeadlessBrowser.missing))
    func thePreviewMarksTheOddOne() throws {
        let (report, project) = try built("stroke-weight-one-heavier") {
            $0.writesOutput = false
            $0.keepsImages = true
        }
        var request = BuildRequest()
        request.outputFolder = project.file("Output")
        let html = String(decoding: Preview.page(report: report, request: request), as: UTF8.self)
        let page = project.write("preview.html", html)
        let dom = try HeadlessBrowser.domAfterLoad(page, scratch: project.file("browser"))
        #expect(dom.contains("data-ready=\"true\""))
        // Every glyph rendered, every image decoded at its size.
        let images = HTMLScan.tags("img", in: dom)
        #expect(images.filter { $0["data-width"] == "104" }.count == 4)
        for image in images where image["data-width"] != nil {
            #expect(image["data-decoded"] == "\(image["data-width"] ?? "")x\(image["data-height"] ?? "")", "\(image)")
        }
        #expect(dom.contains("family of 4 glyphs: strokes 2.") && dom.contains("(median of 4 stroked)"))
        // The odd one's stroke is marked; the others' are not.
        let outliers = HTMLScan.tags("dd", in: dom).filter { $0["class"] == "outlier" }
        #expect(outliers.count == 1)
        let odd = try #require(dom.range(of: "data-name=\"minus-circle\""))
        let card = dom[odd.lowerBound...].split(separator: "</article>").first ?? ""
        #expect(
            card.contains("<dt>stroke weight</dt><dd class=\"outlier\">") && card.contains("pt (the set's: 2."),
            "\(card.prefix(3000))")
        let even = try #require(dom.range(of: "data-name=\"circle\""))
        let other = dom[even.lowerBound...].split(separator: "</article>").first ?? ""
        #expect(other.contains("<dt>stroke weight</dt><dd>2.") && !other.contains("outlier"))
    }

    @Test("\"family\" in iconforge.json: false, or the checks and the share; mistakes are located")
    func configurationKey() throws {
        func parse(_ json: String) throws(UsageError) -> Configuration {
            try Configuration.parse(Array(json.utf8), path: "iconforge.json")
        }
        #expect(try parse("{}").family == nil)
        let off = try #require(try parse("{\"family\": false}").family)
        #expect(!off.strokeWeight && !off.opticalWeight)
        let some = try #require(try parse("{\"family\": {\"opticalWeight\": false, \"share\": 0.2}}").family)
        #expect(some.strokeWeight && !some.opticalWeight && some.share == 0.2 && some.styles == .one)
        #expect(try parse("{\"family\": {\"styles\": \"mixed\"}}").family?.styles == .mixed)
        for (bad, says) in [
            ("{\"family\": {\"share\": 2}}", "iconforge.json:1:22: 'share' must be a number from 0.01 to 1"),
            ("{\"family\": {\"strokeWeigt\": true}}", "unknown key 'family.strokeWeigt'; did you mean 'strokeWeight'?"),
            ("{\"family\": \"on\"}", "'family' must be true, false or an object"),
            ("{\"family\": {\"styles\": \"both\"}}", "'styles' must be \"one\" or \"mixed\""),
        ] {
            #expect(throws: UsageError.self) { try parse(bad) }
            do { _ = try parse(bad) } catch { #expect(error.message.contains(says), "\(error.message)") }
        }
    }
}
