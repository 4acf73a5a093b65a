import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgeSVG

/// The set-scale stage on its own: a value planned from the glyphs' measurements, which the
/// build then renders with.
@Suite struct SetScalePlanTests {
    func plan(_ folder: String, mode: ExportMode) throws -> (SetScalePlan, BuildRequest) {
        var request = BuildRequest()
        request.inputs = [folder]
        request.writesOutput = false
        request.options.mode = mode
        request.jobs = 2
        let files = try GlyphDiscovery.discover(request.inputs)
        let onDisk = OnDiskSignatures.unknown(count: files.count, takenAt: 0)
        return (
            SetScalePlan.plan(
                files, nameFindings: NameChecks.run(files), previous: nil, onDisk: onDisk, request: request), request
        )
    }

    @Test func theSetsScalesArePlannedFromItsGlyphsAndAreWhatTheBuildRecords() throws {
        let (planned, request) = try plan(Fixtures.path("fitset"), mode: .fitSet)
        let scales = try #require(planned.scales)
        #expect(scales.map(\.artboard) == [Size(width: 24, height: 24), Size(width: 48, height: 48)])
        #expect(scales.map(\.glyphs) == [7, 4])
        #expect(request.options.setScales == nil, "planning leaves the request as it was")
        let output = TemporaryFolder()
        var build = request
        build.writesOutput = true
        build.outputFolder = output.path
        #expect(try Builder.run(build).catalog.template.setScales == scales)
    }

    @Test func outsideFitSetNothingIsPlannedAndTheOptionsStandAsTheyAre() throws {
        for mode in [ExportMode.template, .fitGlyph] {
            let (planned, request) = try plan(Fixtures.path("fitset"), mode: mode)
            #expect(planned.scales == nil)
            #expect(planned.applied(to: request.options) == request.options)
        }
        var options = PipelineOptions()
        options.mode = .fitSet
        let scale = SetScale(artboard: Size(width: 24, height: 24), pixelsPerUnit: [2.5, 3.7], glyphs: 3)
        var expected = options
        expected.setScales = [scale]
        #expect(SetScalePlan(scales: [scale]).applied(to: options) == expected)
    }
}
