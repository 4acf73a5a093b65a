import Foundation
import Testing

/// `make test` on a toolchain without libFuzzer (Xcode's Swift): the fuzz step says it is
/// skipped and the run succeeds; `make fuzz` itself still fails there.
@Suite struct FuzzWithoutLibFuzzerTests {
    static let script = ExternalProgram.repositoryRoot + "/scripts/fuzz.sh"

    /// A Swift that cannot build anything stands in for one without -sanitize=fuzzer.
    func fuzz(optional: Bool) throws -> ExternalProgram.Result {
        try ExternalProgram.run("/bin/bash", [Self.script, "json"], environment: ["SWIFT": "/bin/false", "FUZZ_OPTIONAL": optional ? "1" : "0"])
    }

    @Test func makeTestSkipsFuzzingWithALineSayingSo() throws {
        let result = try fuzz(optional: true)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("fuzz: skipped: no libFuzzer in this toolchain; the other tests ran"), "\(result.output)")
        let makefile = try String(contentsOfFile: ExternalProgram.repositoryRoot + "/Makefile", encoding: .utf8)
        let testRecipe = try #require(makefile.components(separatedBy: "\ntest: ").dropFirst().first?.components(separatedBy: "\n\n").first)
        #expect(testRecipe.contains("FUZZ_OPTIONAL=1 scripts/fuzz.sh"), "\(testRecipe)")
    }

    @Test func makeFuzzFailsWithoutLibFuzzer() throws {
        let result = try fuzz(optional: false)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("cannot build libFuzzer targets"), "\(result.output)")
        #expect(!result.output.contains("skipped"))
    }
}
