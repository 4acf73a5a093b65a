import Foundation
import IconForgeTestSupport
import Testing

/// `make test` on a toolchain without libFuzzer (Xcode's Swift): the fuzz step says it is
/// skipped and the run succeeds; `make fuzz` itself still fails there.
@Suite struct FuzzWithoutLibFuzzerTests {
    static let script = ExternalProgram.repositoryRoot + "/scripts/fuzz.sh"

    /// A Swift that cannot build anything stands in for one without -sanitize=fuzzer.
    func fuzz(optional: Bool) throws -> ExternalProgram.Result {
        try ExternalProgram.run(
            "/bin/bash", [Self.script, "json"],
            environment: ["SWIFT": "/bin/false", "FUZZ_OPTIONAL": optional ? "1" : "0"])
    }

    @Test func makeTestSkipsFuzzingWithALineSayingSo() throws {
        let result = try fuzz(optional: true)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.contains("fuzz: skipped: no libFuzzer in this toolchain; the other tests run without it"),
            "\(result.output)")
        // make test's fuzzing, in the lane beside the tests, is the optional kind.
        let makefile = try String(contentsOfFile: ExternalProgram.repositoryRoot + "/Makefile", encoding: .utf8)
        func recipe(_ target: String) throws -> String {
            try #require(
                makefile.components(separatedBy: "\n\(target):").dropFirst().first?.components(separatedBy: "\n\n")
                    .first, "no rule for \(target)")
        }
        let test = try recipe("test")
        let fuzzLane = try recipe("test-thread-lane")
        #expect(test.contains("test-thread-lane"), "\(test)")
        #expect(fuzzLane.contains("FUZZ_OPTIONAL=1 scripts/fuzz.sh"), "\(fuzzLane)")
    }

    @Test func makeFuzzFailsWithoutLibFuzzer() throws {
        let result = try fuzz(optional: false)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("cannot build libFuzzer targets"), "\(result.output)")
        #expect(!result.output.contains("skipped"))
    }
}
