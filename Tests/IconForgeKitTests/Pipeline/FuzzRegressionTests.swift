import Foundation
import Testing

@testable import IconForgeKit

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
        let target = try #require(FuzzEntryPoints.targets[String(input.prefix { $0 != "/" })])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("fuzz/" + input))))
        target(bytes)
    }

    /// The seeds `make fuzz` starts from go through the parsers and checks without a finding
    /// from the sanitizers (the glyph target's renders are the rest of the suite's work).
    @Test func theSeedsRunThroughTheParsersAndChecks() throws {
        let files = FileManager.default.enumerator(atPath: Fixtures.root.path)?.compactMap { $0 as? String } ?? []
        let svgs = files.filter { $0.hasSuffix(".svg") }, jsons = files.filter { $0.hasSuffix(".json") }
        #expect(svgs.count > 10 && jsons.count > 5)
        for name in svgs {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name))))
            FuzzEntryPoints.markup(bytes)
            FuzzEntryPoints.css(bytes)
        }
        for name in jsons {
            FuzzEntryPoints.json(try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path(name)))))
        }
    }
}
