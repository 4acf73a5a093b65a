import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeRender

/// Issue 44: the box that places a glyph is the ink a person sees in the PNG, whatever the
/// file's intrinsic size, spare subpaths or invisible ink.
@Suite struct BuildFitWhatShowsTests {
    func build(_ fixture: String, mode: ExportMode) throws -> (BuildReport, TemporaryFolder) {
        let output = TemporaryFolder()
        return (try BuildFitSetTests().build([Fixtures.path(fixture)], into: output.path, mode: mode, jobs: 1), output)
    }

    /// The painted pixels of each output of the one glyph built, @2x then @3x.
    /// `visibleFrom`: the weakest alpha counted (1: any paint).
    func paintedBoxes(_ report: BuildReport, in output: TemporaryFolder, visibleFrom alpha: UInt8 = 1) throws -> [(
        x: Int, y: Int, width: Int, height: Int
    )] {
        let glyph = try #require(report.catalog.glyphs.first)
        return try Template.scales.map { scale in
            let image = try decodePNG(output.file(OutputNaming.fileName(glyph: glyph.name, scale: scale)))
            var faintless = image
            for index in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[index] < alpha {
                faintless.pixels[index] = 0
            }
            return try #require(paintedPixelBox(faintless))
        }
    }

    /// Whether `box` is `size` px (±1) on its longer side and centred (±1) on `scale`'s canvas.
    func isFittedAndCentred(_ box: (x: Int, y: Int, width: Int, height: Int), size: Int, on scale: Template.Scale)
        -> Bool
    {
        let centreX = Double(box.x) + Double(box.width) / 2
        let centreY = Double(box.y) + Double(box.height) / 2
        let half = Double(scale.canvas) / 2
        return abs(max(box.width, box.height) - size) <= 1 && abs(centreX - half) <= 1 && abs(centreY - half) <= 1
    }

    /// `width="1e9" height="1e9"` on a 24-unit viewBox: fit mode works in the viewBox's
    /// units, so the triangle is fitted and centred like any other (it came out 20 px at
    /// (54, 54) of the 104 px canvas), and template mode still says the size is absurd.
    @Test(arguments: [ExportMode.fitSet, .fitGlyph])
    func hugeIntrinsicSizeNeitherSizesNorPlacesAFit(mode: ExportMode) throws {
        let (report, output) = try build("viewbox/huge-intrinsic-size.svg", mode: mode)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        // Measured in the viewBox's units, as precisely as any glyph: 16 of 24 units of 1e9 pt.
        let ink = try #require(report.catalog.glyphs.first?.inkBox)
        #expect(abs(ink.width / (2e9 / 3) - 1) < 0.002 && abs(ink.height / (2e9 / 3) - 1) < 0.002, "\(ink)")
        for (box, scale) in zip(try paintedBoxes(report, in: output), Template.scales) {
            #expect(isFittedAndCentred(box, size: scale.target(for: .square), on: scale), "@\(scale.factor)x: \(box)")
        }
    }

    @Test func hugeIntrinsicSizeIsStillAnErrorInTemplateMode() throws {
        let (report, _) = try build("viewbox/huge-intrinsic-size.svg", mode: .template)
        #expect(
            report.diagnostics.contains { $0.rule == .sizeMax && $0.severity == .error },
            "\(report.diagnostics.map(\.message))")
    }
}

extension BuildFitWhatShowsTests {
    /// A path whose second subpath is a copy parked wholly off the artboard: a warning, as a
    /// wholly-outside element is, and no part of the box that places the glyph (it was
    /// `geometry.clipped`, and the copy scaled the glyph to 81 %).
    @Test(arguments: [ExportMode.fitSet, .fitGlyph])
    func subpathWhollyOutsideIsLeftOutLikeAnElement(mode: ExportMode) throws {
        let (report, output) = try build("geometry/subpath-copy-outside.svg", mode: mode)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        #expect(
            report.diagnostics.contains {
                $0.rule == .geometryClipped && $0.severity == .warning && $0.message.contains("subpath")
            })
        for (box, scale) in zip(try paintedBoxes(report, in: output), Template.scales) {
            #expect(isFittedAndCentred(box, size: scale.target(for: .square), on: scale), "@\(scale.factor)x: \(box)")
        }
    }

    @Test func subpathWhollyOutsideIsNotClippedInTemplateMode() throws {
        let (report, _) = try build("geometry/subpath-copy-outside.svg", mode: .template)
        #expect(
            !report.diagnostics.contains { $0.rule == .geometryClipped && $0.severity == .error },
            "\(report.diagnostics.map(\.message))")
        let ink = try #require(report.catalog.glyphs.first?.inkBox)
        #expect(abs(ink.maxX - 20) < 0.1, "\(ink)")
    }
}

extension BuildFitWhatShowsTests {
    /// A 0.25 × 0.01-unit sliver 3 units above a square paints 1–7/255: nobody sees it, so it
    /// does not place the glyph (it sat high on the canvas, its box 4 units taller).
    @Test(arguments: [ExportMode.fitSet, .fitGlyph])
    func invisibleSliverDoesNotPlaceTheGlyph(mode: ExportMode) throws {
        let (report, output) = try build("geometry/faint-sliver-above.svg", mode: mode)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        for (box, scale) in zip(
            try paintedBoxes(report, in: output, visibleFrom: AlphaBounds.visibleAlpha), Template.scales)
        {
            #expect(isFittedAndCentred(box, size: scale.target(for: .square), on: scale), "@\(scale.factor)x: \(box)")
        }
    }

    /// A shadow fading to opacity 0 that passes the bottom edge by 0.13 units: what passes
    /// it shows nothing, so it is not clipped (it was `geometry.clipped` in every mode).
    @Test(arguments: [ExportMode.template, .fitSet, .fitGlyph])
    func fadedTailPastTheEdgeIsNotClipped(mode: ExportMode) throws {
        let (report, _) = try build("geometry/shadow-fading-past-edge.svg", mode: mode)
        #expect(
            !report.diagnostics.contains { $0.rule == .geometryClipped || $0.rule == .renderFailed },
            "\(report.diagnostics.map(\.message))")
        let ink = try #require(report.catalog.glyphs.first?.inkBox)
        #expect(ink.maxY <= 24 && ink.y >= 2.9 && ink.y <= 3.1, "\(ink)")
    }
}

extension BuildFitWhatShowsTests {
    /// Template mode guards its PNGs as fit mode does: planned from a box 1.5 px off the ink
    /// the render shows, the glyph fails (render.failed) instead of shipping; within a pixel
    /// it passes.
    @Test func templateModeFailsAPNGWhoseInkIsNotItsPlan() throws {
        let glyph = try renderFixture("pipeline/square-27pt.svg", mode: .template)
        var options = PipelineOptions()
        options.mode = .template
        #expect(GeometryChecks.placementMismatch(glyph, fit: false) == nil)
        let ppp = try #require(glyph.plans.last).pixelsPerPoint
        func shifted(byPixels pixels: Double) -> RenderedGlyph {
            var wrong = glyph
            wrong.inkBox = wrong.inkBox.map {
                Rect(x: $0.x + pixels / ppp, y: $0.y, width: $0.width, height: $0.height)
            }
            return wrong
        }
        let findings = GeometryChecks.run(shifted(byPixels: 1.5), name: "square", options: options, file: "square.svg")
        #expect(
            findings.contains {
                $0.rule == .renderFailed && $0.severity == .error && $0.message.contains("the template placed")
            }, "\(findings.map(\.message))")
        #expect(
            !GeometryChecks.run(shifted(byPixels: 0.75), name: "square", options: options, file: "square.svg").contains
            { $0.rule == .renderFailed })
    }

    /// LibreOffice Draw's export (a 12.35 mm page in 0.01 mm units, a page-sized clip path)
    /// of a 29.99 × 16.98 pt glyph: in every mode the PNGs show the measured box, no wider.
    @Test(arguments: [ExportMode.template, .fitSet, .fitGlyph])
    func libreOfficeExportShowsItsMeasuredBox(mode: ExportMode) throws {
        let (report, output) = try build("units/libreoffice-wide-30x17.svg", mode: mode)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        let glyph = try #require(report.catalog.glyphs.first)
        let ink = try #require(glyph.inkBox)
        #expect(abs(ink.width - 1058 * 72 / 2540) < 0.02 && abs(ink.height - 599 * 72 / 2540) < 0.02, "\(ink)")
        for (box, scale) in zip(
            try paintedBoxes(report, in: output, visibleFrom: AlphaBounds.visibleAlpha), Template.scales)
        {
            #expect(abs(box.width - scale.target(for: .wide)) <= 1, "@\(scale.factor)x: \(box)")
        }
    }
}
