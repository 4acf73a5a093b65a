import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeNative
@testable import IconForgeRender
@testable import IconForgeSVG

/// A `<use>` that closes a reference cycle (`svg.use-cycle`) is blanked out of the bytes
/// librsvg renders: librsvg skips it anyway, after a detour that cost one glyph 6 s. The
/// pixels must be the ones librsvg draws from the file as written.
@Suite struct UseCycleTests {
    @Test(
        "the blanked drawing is the one librsvg draws from the file as written",
        arguments: [
            "svg-use-cycle-ancestor.svg", "svg-use-cycle-through-two-uses.svg", "svg-use-cycle-in-fanout.svg",
            "svg-use-cycle-distinct-shapes.svg",
        ])
    func blankedCycleDrawsTheSame(fixture: String) throws {
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("rules/" + fixture))))
        let markup = MarkupChecks.run(
            GlyphSource(name: "cycle", displayPath: "cycle.svg", relativePath: "cycle.svg", bytes: written),
            limits: PipelineOptions().limits)
        #expect(markup.diagnostics.contains { $0.rule == .svgUseCycle })
        let renderable = try #require(markup.renderable)
        #expect(renderable.count == written.count, "blanked with spaces, so every span keeps its offset")
        #expect(renderable != written, "the <use> that closes the loop is gone")
        let viewport = Rect(x: 0, y: 0, width: 105, height: 105)
        let asWritten = try SVGHandle(data: Data(written)).render(width: 105, height: 105, viewport: viewport)
        let blanked = try SVGHandle(data: Data(renderable)).render(width: 105, height: 105, viewport: viewport)
        #expect(asWritten.pixels.contains { $0 != 0 }, "something is drawn")
        #expect(blanked == asWritten)
    }

    @Test("a <use> without a cycle is left as written")
    func noCycleNoChange() throws {
        let written = try [UInt8](
            Data(contentsOf: URL(fileURLWithPath: Fixtures.path("rules/svg-use-cycle-pass-sibling.svg"))))
        let markup = MarkupChecks.run(
            GlyphSource(name: "sibling", displayPath: "sibling.svg", relativePath: "sibling.svg", bytes: written),
            limits: PipelineOptions().limits)
        #expect(!markup.diagnostics.contains { $0.rule == .svgUseCycle })
        #expect(markup.renderable == written)
    }
}
