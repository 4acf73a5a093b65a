import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeRender

/// A filtered drawing drawn through a copy whose viewBox is cut to the canvas (`CanvasCrop`):
/// the same pixels, on filter images the canvas's size; refused wherever the copy might draw
/// differently.
@Suite struct CanvasCropTests {
    static let blurred = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
          <filter id="soft" x="-0.5" y="-0.5" width="2" height="2"><feGaussianBlur stdDeviation="0.3"/></filter>
          <circle cx="12" cy="12" r="1" opacity="0.4" filter="url(#soft)"/>
        </svg>
        """

    /// The largest difference of any channel between two images of one size.
    private func largestDifference(_ one: RGBAImage, _ other: RGBAImage) -> Int {
        zip(one.pixels, other.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    @Test(
        "through the copy cut to the canvas, a blurred drawing paints what it paints laid out on its whole artboard: the same bytes, at the @2x and @3x of --fit=glyph (fractional origins) and of a set's scale (whole ones)",
        arguments: [
            ("fixture", ""),
            ("width and height twice the viewBox", #"width="48" height="48" viewBox="0 0 24 24""#),
            ("viewBox off the origin", #"width="24" height="24" viewBox="-3 5 24 24""#),
            ("wide blur (box blurs)", ""),
        ])
    func copyPaintsTheSamePixels(variant: String, root: String) throws {
        var markup =
            variant == "fixture"
            ? try String(contentsOfFile: Fixtures.path("geometry/blurred-two-filters.svg"), encoding: .utf8)
            : Self.blurred
        if !root.isEmpty {
            markup = markup.replacingOccurrences(of: #"width="24" height="24" viewBox="0 0 24 24""#, with: root)
        }
        if variant.hasPrefix("wide") { markup = markup.replacingOccurrences(of: "0.3", with: "0.8") }
        let data = Data(markup.utf8)
        let handle = try SVGHandle(data: data)
        let viewBox = try #require(handle.intrinsicDimensions.viewBox)
        let crop = try #require(CanvasCrop(data: data, viewBox: viewBox))
        let glyph = try GlyphRenderer.render(RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2))
        let ink = try #require(glyph.inkBox)
        let set = SetScale(artboard: glyph.artboard, pixelsPerUnit: [6, 9], glyphs: 1)
        let setPlans = Template.scales.enumerated().map { index, scale in
            RenderPlan.fit(
                inkBox: ink, artboard: glyph.artboard, pixelsPerUnit: set.pixelsPerUnit[index], keepingOffset: false,
                scale: scale)
        }
        for plan in glyph.plans + setPlans {
            let viewport = plan.viewport(artboard: glyph.artboard)
            let window = try #require(
                crop.window(width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport))
            #expect(
                window.viewport.x > -1 && window.viewport.y > -1
                    && window.viewport.width <= 2 * Double(plan.canvasWidth) + 1)
            let whole = try handle.render(width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport)
            let cropped = try CanvasCrop.draw(
                handle, crop: crop, width: plan.canvasWidth, height: plan.canvasHeight, viewport: viewport)
            let difference = largestDifference(whole, cropped)
            #expect(difference == 0, "\(variant) at \(plan)")
            #expect(whole.alphaMaxima().columns.contains { $0 > 0 })
        }
    }

    @Test(
        "a drawing whose layout may depend on the viewport, or whose root's viewBox this scan does not find, is drawn as it is",
        arguments: [
            ("no filter", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle r="1"/></svg>"#),
            ("no viewBox", #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><g filter="x"/></svg>"#),
            (
                "a percentage",
                #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="50%" filter="x"/></svg>"#
            ),
            (
                "a character reference",
                #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="5&#37;" filter="x"/></svg>"#
            ),
            (
                "userSpaceOnUse",
                #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><filter filterUnits="userSpaceOnUse"/></svg>"#
            ),
            ("a nested svg", #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><svg filter="x"/></svg>"#),
            (
                "a symbol",
                ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><symbol id="s"/><use href="#s" filter="x"/></svg>"##
            ),
            (
                "an internal subset",
                #"<!DOCTYPE svg [<!ENTITY v "1">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g filter="x"/></svg>"#
            ),
        ])
    func refused(reason: String, markup: String) {
        #expect(
            CanvasCrop(data: Data(markup.utf8), viewBox: Rect(x: 0, y: 0, width: 24, height: 24)) == nil, "\(reason)")
    }

    @Test(
        "the root's viewBox is found behind a declaration, comments, a DOCTYPE and other attributes, in either quotes")
    func rootViewBoxIsFound() throws {
        let markup = """
            \u{FEFF}<?xml version="1.0"?>
            <!-- viewBox="9 9 9 9" --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">
            <svg:svg xmlns:svg="http://www.w3.org/2000/svg" data-x='a > b' viewBox = '0 0 24 24'><svg:g/></svg:svg>
            """
        let bytes = Array(markup.utf8)
        let span = try #require(CanvasCrop.rootViewBoxValue(in: bytes))
        #expect(String(decoding: bytes[span], as: UTF8.self) == "0 0 24 24")
        #expect(CanvasCrop.rootViewBoxValue(in: Array(#"<svg viewBox="0 0 1 1" viewBox="0 0 2 2"/>"#.utf8)) == nil)
    }

    @Test(
        "a canvas the viewport does not cover (or that is the viewport), or a viewBox of other proportions than the viewport, is drawn as it is"
    )
    func windowOnlyInsideAUniformViewport() throws {
        let crop = try #require(
            CanvasCrop(data: Data(Self.blurred.utf8), viewBox: Rect(x: 0, y: 0, width: 24, height: 24)))
        #expect(crop.window(width: 104, height: 104, viewport: Rect(x: -300, y: -300, width: 720, height: 720)) != nil)
        #expect(crop.window(width: 104, height: 104, viewport: Rect(x: 10, y: -300, width: 720, height: 720)) == nil)
        #expect(crop.window(width: 104, height: 104, viewport: Rect(x: -700, y: -300, width: 720, height: 720)) == nil)
        #expect(crop.window(width: 104, height: 104, viewport: Rect(x: -300, y: -300, width: 720, height: 700)) == nil)
        #expect(crop.window(width: 104, height: 104, viewport: Rect(x: 0, y: 0, width: 104, height: 104)) == nil)
    }

    @Test(
        "a blurred glyph builds as before in both fit modes (its box to 0.001 pt of the uncut layout's), and every draw of it at an output's plan but the artboard's own is through the copy: filter images the canvas's size"
    )
    func blurredGlyphIsDrawnOnCanvasSizedImages() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/blurred-two-filters.svg")))
        // What the build made before the copy (the catalog's box), in both modes.
        let before = Rect(x: 10.654, y: 10.654, width: 2.691, height: 2.691)
        let (measuring, outputs, cropped) = (WorkCount(), WorkCount(), WorkCount())
        let glyph = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with {
                $0.probes = BuildProbes(outputDraws: outputs, measuringDraws: measuring, croppedDraws: cropped)
            })
        #expect(isClose(try #require(glyph.inkBox).roundedForCatalog, before, within: 0.001))
        #expect(GeometryChecks.placementMismatch(glyph) == nil)
        // The artboard's render at the @3x output's scale is its canvas already; every other.
        #expect(cropped.value == measuring.value - 1 + outputs.value && cropped.value >= 2, "\(cropped.value)")
        let handle = try SVGHandle(data: data)
        for (plan, image) in zip(glyph.plans, glyph.images) {
            let whole = try handle.render(
                width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: glyph.artboard))
            #expect(whole == image)
        }
        // Set mode: the planning pass's geometry, judged by the set's @3x output, drawn through the copy.
        let planning = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with { $0.measuringOnly = true })
        let planned = try #require(planning.inkBox)
        let scale = SetScale(
            artboard: planning.artboard,
            pixelsPerUnit: Template.scales.map {
                RenderPlan.fitPixelsPerUnit(inkBox: planned, shape: .square, scale: $0)
            },
            glyphs: 1)
        let (setMeasuring, setOutputs, setCropped) = (WorkCount(), WorkCount(), WorkCount())
        let set = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitSet, shapeThreshold: 1.2).with {
                $0.setScales = [scale]
                $0.measured = InkMeasurement.Measured(box: planned, precision: 0, judgingSlack: planning.judgingSlack)
                $0.probes = BuildProbes(outputDraws: setOutputs, measuringDraws: setMeasuring, croppedDraws: setCropped)
            })
        #expect(isClose(try #require(set.inkBox).roundedForCatalog, before, within: 0.02), "\(set.inkBox!)")
        #expect(setCropped.value == setMeasuring.value + setOutputs.value && setCropped.value >= Template.scales.count)
    }
}
