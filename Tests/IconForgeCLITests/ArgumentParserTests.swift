import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

@Suite struct ArgumentParserTests {
    let spec = OptionSpec(
        valued: ["--output", "--jobs"], flags: ["--fit", "--help"], aliases: ["-o": "--output", "-h": "--help"])

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

    @Test("values are checked against the option's declared range, on the command line and in iconforge.json")
    func validatesNumbersByDeclaration() throws {
        let parsed = try ArgumentParser.parse(
            ["--jobs", "0", "--tolerance", "36"], spec: OptionTable.spec(for: .check))
        let settings = OptionSettings(parsed: parsed)
        #expect(throws: UsageError("option '--jobs' needs a whole number from 1 to 256, not '0'")) {
            try settings.value(of: .jobs)
        }
        #expect(throws: UsageError("option '--tolerance' needs a number from 0 to 35, not '36'")) {
            try settings.value(of: .tolerance)
        }
        #expect(
            throws: configurationError(
                "c.json:1:16: 'tolerance' must be a number from 0 to 35, not the number 36", line: 1, column: 16)
        ) {
            try Configuration.parse(Array("{ \"tolerance\": 36 }".utf8), path: "c.json")
        }
        let isolation = try ArgumentParser.parse(["--isolation", "thread"], spec: OptionTable.spec(for: .check))
        #expect(throws: UsageError("unknown isolation 'thread'; use workers or none")) {
            try OptionSettings(parsed: isolation).value(of: .isolation)
        }
    }

    @Test("the file's value is used unless the command line gives one; a flag's negation undoes the file")
    func commandLineWinsOverTheFile() throws {
        let file = try Configuration.parse(
            Array("{ \"tolerance\": 2, \"fit\": true, \"output\": \"Out\" }".utf8), path: "p/iconforge.json")
        func settings(_ arguments: [String]) throws -> OptionSettings {
            OptionSettings(
                parsed: try ArgumentParser.parse(arguments, spec: OptionTable.spec(for: .build)), configuration: file)
        }
        #expect(try settings([]).value(of: .tolerance) == 2)
        #expect(try settings(["--tolerance", "1"]).value(of: .tolerance) == 1)
        #expect(try settings([]).value(of: .fit) == .set && settings(["--no-fit"]).value(of: .fit) == nil)
        #expect(try settings([]).value(of: .output) == "p/Out", "a path in the file is relative to the file")
    }

    @Test("--fit means --fit=set; --fit=glyph and the file's \"fit\" choose the mode; anything else is refused")
    func fitTakesSetOrGlyph() throws {
        func mode(_ arguments: [String], file: String = "{}") throws -> FitChoice? {
            let configuration = try Configuration.parse(Array(file.utf8), path: "iconforge.json")
            let parsed = try ArgumentParser.parse(arguments, spec: OptionTable.spec(for: .build))
            return try OptionSettings(parsed: parsed, configuration: configuration).value(of: .fit)
        }
        #expect(try mode([]) == nil)
        #expect(try mode(["--fit"]) == .set)
        #expect(try mode(["--fit=set"]) == .set)
        #expect(try mode(["--fit=glyph"]) == .glyph)
        #expect(try mode([], file: "{ \"fit\": true }") == .set)
        #expect(try mode([], file: "{ \"fit\": \"glyph\" }") == .glyph)
        #expect(try mode(["--fit=set"], file: "{ \"fit\": \"glyph\" }") == .set, "the command line wins")
        #expect(try mode(["--no-fit"], file: "{ \"fit\": \"glyph\" }") == nil)
        #expect(throws: UsageError("unknown fit 'each'; use --fit=set or --fit=glyph")) { try mode(["--fit=each"]) }
        #expect(
            throws: configurationError(
                "iconforge.json:1:10: 'fit' must be true, false, \"set\" or \"glyph\", not a string", line: 1,
                column: 10)
        ) {
            try mode([], file: "{ \"fit\": \"each\" }")
        }
        #expect(throws: UsageError("option '--werror' takes no value")) { try mode(["--werror=yes"]) }
        #expect(OptionTable.helpLines(for: .build).contains("--fit[=set|glyph]"))
    }

    @Test("every option has a distinct name per command, a help line, and a configuration key at most once")
    func optionTableIsConsistent() {
        for command in OptionCommand.allCases {
            let names = OptionTable.options(of: command).flatMap {
                [$0.name] + [$0.short, $0.negation].compactMap { $0 }
            }
            #expect(Set(names).count == names.count, "\(command): \(names)")
        }
        #expect(OptionTable.all.allSatisfy { !$0.help.isEmpty && $0.documented.isSubset(of: $0.commands) })
        let keys = Configuration.optionKeys.map(\.key)
        #expect(Set(keys).count == keys.count && Configuration.keys.count == keys.count + Configuration.fileKeys.count)
    }

    @Test("docs/commands.md's table names every option, and docs/designers.md every iconforge.json key")
    func docsListEveryOption() throws {
        let docs = URL(fileURLWithPath: ExternalProgram.repositoryRoot).appendingPathComponent("docs")
        let commands = try String(contentsOf: docs.appendingPathComponent("commands.md"), encoding: .utf8)
        let designers = try String(contentsOf: docs.appendingPathComponent("designers.md"), encoding: .utf8)
        let rows = commands.split(separator: "\n").filter { $0.hasPrefix("|") }.joined(separator: "\n")
        for option in OptionTable.all {
            let after = option.placeholder.isEmpty ? "`" : option.placeholder.hasPrefix("[=") ? "[=" : " "
            #expect(rows.contains(option.name + after), "docs/commands.md has no row for \(option.name)")
            if let negation = option.negation {
                #expect(rows.contains("`\(negation)`"), "docs/commands.md has no row for \(negation)")
            }
        }
        for key in Configuration.keys {
            #expect(designers.contains("\"\(key)\""), "docs/designers.md does not show \(key) in iconforge.json")
        }
    }
}

/// An error in a configuration file: its message and, as a value, where it is.
private func configurationError(_ message: String, line: Int, column: Int) -> UsageError {
    var error = UsageError(message)
    error.location = SourceLocation(line: line, column: column)
    return error
}
