import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs

/// The fuzz targets' code paths in the ordinary suite: every input a fuzzer ever failed on
/// (kept, minimised, in `Fixtures/fuzz/TARGET/` by `make fuzz`) runs through exactly the
/// entry point that failed on it, and the seeds run through the cheap targets, so that
/// `make sanitize` looks at the same code `make fuzz` does.
@Suite struct FuzzRegressionTests {
    /// Every file under `Fixtures/fuzz/TARGET/`, as (target, file name).
    static let keptInputs: [String] = FuzzEntryPoints.targets.keys.sorted().flatMap { target in
        let folder = Fixtures.path("fuzz/" + target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { target + "/" + $0 }
    }

    @Test func everyKeptInputNamesATarget() throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("fuzz"))) ?? []
        for folder in folders where !folder.hasPrefix(".") {
            #expect(FuzzEntryPoints.targets[folder] != nil, "Fixtures/fuzz/\(folder) is no fuzz target's folder")
        }
    }

    @Test(arguments: keptInputs)
    func aKeptInputRunsToTheEnd(_ input: String) throws {
        let targetName = String(input.prefix { $0 != "/" })
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("fuzz/" + input))))
        try Self.run(
            kept: String(input.dropFirst(targetName.count + 1)), target: targetName, bytes: bytes, renderTimeout: 60)
    }

    /// Runs a kept input through its target. One the glyph target kept for running too long
    /// or too large (libFuzzer's `timeout-`, `oom-`, `slow-unit-` names) would do so again in
    /// this process, for as long as it ran there, or for ever: it runs where iconforge runs
    /// such a file, in a render worker within its limits, and must end.
    /// Returns the worker build's report, nil when the input ran in this process.
    @discardableResult
    static func run(kept name: String, target: String, bytes: [UInt8], renderTimeout: Double) throws -> BuildReport? {
        let run = try #require(FuzzEntryPoints.targets[target])
        guard target == "glyph", ["timeout-", "oom-", "slow-unit-"].contains(where: name.hasPrefix) else {
            run(bytes)
            return nil
        }
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let folder = TemporaryFolder()
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file("kept.svg")))
        var request = BuildRequest()
        request.inputs = [folder.file("kept.svg")]
        request.writesOutput = false
        request.isolation = .workers(executable: iconforge, timeout: renderTimeout, memoryBytes: 1 << 30)
        let report = try Builder.run(request)
        #expect(report.glyphCount == 1)
        return report
    }

    /// The route above, with a glyph that keeps librsvg busy for hours (a stand-in for a kept
    /// timeout: none has been kept): it ends as a render.timeout.
    @Test func aKeptTimeoutOfTheGlyphTargetEndsInAWorker() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("isolation/spins-for-hours.svg"))))
        let report = try Self.run(kept: "timeout-spins-for-hours", target: "glyph", bytes: bytes, renderTimeout: 1)
        #expect(report?.diagnostics.map(\.rule) == [.renderTimeout])
    }

    /// The seeds `make fuzz` starts from go through the parsers and checks without a finding
    /// from the sanitizers (the glyph target's renders are the rest of the suite's work).
    @Test func theSeedsRunThroughTheParsersAndChecks() throws {
        let files = FileManager.default.enumerator(atPath: Fixtures.root.path)?.compactMap { $0 as? String } ?? []
        let svgs = files.filter { $0.hasSuffix(".svg") }
        let jsons = files.filter { $0.hasSuffix(".json") }
        #expect(svgs.count > 10 && jsons.count > 5)
        for name in svgs {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
            FuzzEntryPoints.markup(bytes)
            FuzzEntryPoints.css(bytes)
        }
        for name in jsons {
            FuzzEntryPoints.json(try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name)))))
        }
        let appFiles = files.filter { $0.hasSuffix(".plist") || $0.hasSuffix(".xcstrings") || $0.hasSuffix(".strings") }
        #expect(appFiles.count >= 4)
        for name in appFiles {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
            FuzzEntryPoints.plist(bytes)
            FuzzEntryPoints.appFiles(bytes)
        }
        // The example the app-file target updates with is a real one.
        #expect(AppFileReaders.Example.shared.definitions?.actions.count == 2)
        #expect(!AppFileReaders.Example.shared.stringsBlock.isEmpty)
        let updated = try #require(
            try InfoPlistUpdate.updated(
                [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("app-files/Info.plist")))),
                generated: QuickActions.check(
                    fileBytes: Array(
                        "{\"locales\":[\"en\"],\"actions\":[{\"type\":\"a.b\",\"title\":{\"en\":\"Open\"},\"icon\":{\"system\":\"add\"}}]}"
                            .utf8), displayPath: "q.json", glyphs: [:], appName: nil
                ).files[0].bytes))
        #expect(String(decoding: updated, as: UTF8.self).contains("UIApplicationShortcutItems"))
    }
}
