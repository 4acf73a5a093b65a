import Testing

@testable import IconForgeKit

@Suite struct ArgumentParserTests {
    let spec = OptionSpec(valued: ["--output", "--jobs"], flags: ["--fit", "--help"], aliases: ["-o": "--output", "-h": "--help"])

    @Test func parsesValuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(["Glyphs", "-o", "Out", "--fit", "--jobs=3", "More"], spec: spec)
        #expect(parsed.positionals == ["Glyphs", "More"])
        #expect(parsed.values == ["--output": "Out", "--jobs": "3"])
        #expect(parsed.flags == ["--fit"])
    }

    @Test("a short option's value may be attached, as getopt allows")
    func attachedShortValues() throws {
        let parsed = try ArgumentParser.parse(["-oOut dir", "Glyphs"], spec: spec)
        #expect(parsed.values == ["--output": "Out dir"] && parsed.positionals == ["Glyphs"])
        // Flags take nothing attached; unknown short options stay unknown.
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["-hx"], spec: spec) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["-x4"], spec: spec) }
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--", "--fit", "-o"], spec: spec)
        #expect(parsed.positionals == ["--fit", "-o"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func rejectsUnknownOptionWithSuggestion() {
        #expect(throws: UsageError("unknown option '--fitt'; did you mean '--fit'?")) {
            try ArgumentParser.parse(["--fitt"], spec: spec)
        }
        #expect(throws: UsageError("unknown option '--zzz'")) {
            try ArgumentParser.parse(["--zzz"], spec: spec)
        }
    }

    @Test func rejectsDuplicatesMissingValuesAndValuedFlags() {
        #expect(throws: UsageError("option '--output' given twice")) {
            try ArgumentParser.parse(["-o", "a", "--output", "b"], spec: spec)
        }
        #expect(throws: UsageError("option '--output' needs a value")) {
            try ArgumentParser.parse(["-o"], spec: spec)
        }
        #expect(throws: UsageError("option '--fit' takes no value")) {
            try ArgumentParser.parse(["--fit=yes"], spec: spec)
        }
    }

    @Test func validatesNumbers() throws {
        let parsed = try ArgumentParser.parse(["--jobs", "0"], spec: spec)
        #expect(throws: UsageError("option '--jobs' needs a whole number from 1 to 8, not '0'")) {
            try parsed.integer("--jobs", in: 1...8)
        }
    }
}
