import Foundation
import Testing

@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// The worker codec writes `GlyphOutcome` field by field, by position: every field of the
/// type is either carried (and comes back exactly) or named as the build's own, so that a
/// field added to the outcome cannot be lost between a worker and the build unnoticed.
@Suite struct OutcomeCodecTests {
    static let source = GlyphSource(
        name: "a", displayPath: "dir/a.svg", relativePath: "a.svg", bytes: Array("<svg/>".utf8))

    /// An outcome whose every field holds something other than a new outcome's value.
    static var everyFieldSet: GlyphOutcome {
        var located = Diagnostic(
            .warning, .sizeTarget, file: "dir/a.svg", at: SourceLocation(line: 3, column: 7), "too small")
        located.fix = GeometryFix(
            scale: 1.25, centerX: 17.5, centerY: 17.5, dx: 0.5, dy: -0.25,
            userSpace: UserSpace(scaleX: 0.75, scaleY: 0.75, originX: 1, originY: 2))
        var outcome = GlyphOutcome(
            source: source, sourceSHA256: "5ha",
            diagnostics: [located, Diagnostic(.colorMonochrome, file: "dir/a.svg", "two colours")])
        outcome.artboard = Size(width: 35, height: 30)
        outcome.inkBox = Rect(x: 1.5, y: 2.25, width: 20, height: 21.125)
        outcome.shape = .wide
        outcome.color = PixelColor(red: 0x12, green: 0x34, blue: 0x56)
        outcome.pngs = [
            PNGEncoder.Encoded(bytes: [1, 2, 3], width: 70, height: 70),
            PNGEncoder.Encoded(bytes: [4, 5], width: 104, height: 104),
        ]
        outcome.outputs = [
            Catalog.Output(
                scale: 2, file: "a@2x.png", width: 70, height: 70, bytes: 3, sha256: "two",
                transform: Catalog.Transform(scale: 2, x: 0.5, y: -1)),
            Catalog.Output(
                scale: 3, file: "a@3x.png", width: 104, height: 104, bytes: 2, sha256: "three", transform: nil),
        ]
        outcome.reused = true
        outcome.sourceSignature = FileSignature(size: 6, modified: 42, inode: 7)
        outcome.verifiedOutputs = ["a@2x.png": FileSignature(size: 3, modified: 43, inode: 8)]
        outcome.timings = GlyphTimings(check: 0.125, render: 0.25, encode: 0.5)
        outcome.plans = [RenderPlan(canvasWidth: 70, canvasHeight: 70, pixelsPerPoint: 2, originX: 1.5, originY: -2)]
        outcome.failedRenders = [PNGEncoder.Encoded(bytes: [9], width: 7, height: 8)]
        outcome.measured = InkMeasurement.Measured(
            box: Rect(x: 1, y: 2, width: 3, height: 4), precision: 0.01, offArtboard: [3..<9], judgingSlack: 1.5)
        outcome.plannedBox = Rect(x: 0.5, y: 0.25, width: 30, height: 20)
        outcome.weight = GlyphWeight(stroke: 1.25, coverage: 0.4)
        return outcome
    }

    /// Each stored field of `outcome` by name, as text (exact for doubles and bytes).
    static func fields(_ outcome: GlyphOutcome) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: Mirror(reflecting: outcome).children.map {
                ($0.label ?? "?", String(describing: $0.value))
            })
    }

    @Test func everyFieldOfAnOutcomeIsCarriedOrTheBuildsOwn() {
        let names = Set(Self.fields(Self.everyFieldSet).keys)
        let listed = OutcomeCodec.carriedFields + OutcomeCodec.fieldsTheBuildSets
        #expect(Set(listed).count == listed.count, "a field listed twice")
        #expect(
            names.subtracting(listed).isEmpty,
            "GlyphOutcome fields the codec neither carries nor names: \(names.subtracting(listed).sorted())")
        #expect(
            Set(listed).subtracting(names).isEmpty,
            "listed, but not GlyphOutcome fields: \(Set(listed).subtracting(names).sorted())")
    }

    @Test func everyCarriedFieldComesBackExactlyAndTheBuildsOwnStayItsOwn() throws {
        let original = Self.everyFieldSet
        let fresh = Self.fields(GlyphOutcome(source: Self.source, sourceSHA256: ""))
        let sent = Self.fields(original)
        let back = Self.fields(
            try #require(OutcomeCodec.decodeOutcome(OutcomeCodec.encodeOutcome(original), source: Self.source)))
        for name in OutcomeCodec.carriedFields {
            // A field left at a new outcome's value would come back so without being carried.
            #expect(sent[name] != fresh[name], "\(name): the sample must set it")
            #expect(back[name] == sent[name], "\(name) did not survive the wire")
        }
        for name in OutcomeCodec.fieldsTheBuildSets where name != "source" {
            #expect(sent[name] != fresh[name], "\(name): the sample must set it")
            #expect(back[name] == fresh[name], "\(name) is the build's: a worker's reply must not set it")
        }
        #expect(back["source"] == sent["source"])
    }
}
