import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// One registry of commands (`CommandTable`) drives dispatch and help; `--help` is answered
/// in one place (`CommandDeclaration.invoke`), for every command; a command line is scanned
/// once (`ArgumentParser.scan`, called there). The runs below show the registry at work; the
/// source scans fail when a second registry, a second `--help` or a second scan appears.
@Suite struct OneCommandRegistryTests {
    /// Every word the registry runs, with the command it runs.
    static var registeredWords: [(word: String, command: CommandDeclaration)] {
        (CommandTable.all + CommandTable.unlisted).flatMap { command in
            ([command.name] + command.aliases).map { ($0, command) }
        }
    }

    @Test func everyRegisteredWordDispatchesToItsOwnCommandAndNoWordToTwo() {
        let words = Self.registeredWords.map(\.word)
        #expect(Set(words).count == words.count, "a word names two commands: \(words)")
        for (word, command) in Self.registeredWords {
            #expect(CommandTable.dispatched(word)?.name == command.name, "\(word)")
        }
        // What the registry does not hold is no command, whatever a switch elsewhere knows.
        let unknown = ToolCommand.run(["__no-such-command"])
        #expect(
            unknown.status == .usage
                && unknown.stderr.first?.hasPrefix("iconforge: error: unknown command '__no-such-command'\n") == true)
    }

    @Test func everyCommandThatReadsOptionsAnswersHelpFromItsDeclaration() {
        for (word, command) in Self.registeredWords where command.readsOptions {
            for flag in ["--help", "-h"] {
                let run = ToolCommand.run([word, flag])
                #expect(run.status == .clean && run.stdout == [command.help()], "\(word) \(flag)")
            }
        }
        // The unlisted commands read every word as a positional: `--version --help` is the version.
        #expect(ToolCommand.run(["--version", "--help"]).stdout == ["iconforge \(Builder.toolVersion)"])
    }

    /// The words the scan keeps as written, for a command line it refuses: the `--format`
    /// CI asked for after the unknown option, and the option another command takes.
    @Test func oneScanKeepsWhatARefusedCommandLineSays() {
        let scanned = ArgumentParser.scan(
            ["--bogus", "-o", "Out", "--format=json", "--", "--fit"], spec: OptionTable.spec(for: .check))
        #expect(scanned.error?.message == "unknown option '--bogus'")
        #expect(scanned.written.map(\.option) == ["--bogus", "-o", "--format"])
        #expect(scanned.written.map(\.value) == ["-o", "Out", "json"])
        #expect(ToolCommand.requestedFormat(scanned) == .json)
        #expect(
            ToolCommand.foreignOptionError(scanned, command: .check)?.message
                == "option '-o' is for 'build'; 'check' writes nothing")
        let run = ToolCommand.run(["check", "--bogus", "--format", "json"])
        #expect(
            run.status == .usage && run.stdout.count == 1 && run.stdout[0].contains("unknown option '--bogus'"),
            "\(run.stdout)")
    }

    // MARK: The sources: one of each

    /// Every code line (comments left out) of the Swift files under `folders`, with its file
    /// (relative to the root) and 1-based line number.
    static func codeLines(under folders: [String]) throws -> [(file: String, line: Int, text: String)] {
        var lines: [(String, Int, String)] = []
        for folder in folders {
            let files = SourceTree.files(under: folder)
            try #require(!files.isEmpty, "no Swift files under \(folder)")
            for file in files {
                let text = try SourceTree.text(of: file)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    lines.append((file, index + 1, String(line)))
                }
            }
        }
        return lines
    }

    static let commandLayers = ["Sources/IconForgeCLI", "Sources/iconforge"]

    @Test func noCommandWordIsSwitchedOnOutsideTheRegistry() throws {
        let words = Self.registeredWords.map { NSRegularExpression.escapedPattern(for: $0.word) }.joined(separator: "|")
        // `case "build"`, `case "-h", "--help"`, `word == "version"`, `name != "help"`.
        let pattern = try NSRegularExpression(pattern: #"(case\s+("[^"]*",\s*)*|[=!]=\s*)"(\#(words))""#)
        let found = try Self.codeLines(under: Self.commandLayers).filter { file, _, text in
            !file.hasSuffix("/CommandDeclaration.swift")
                && pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        #expect(
            found.isEmpty,
            "a command is dispatched outside CommandTable: \(found.map { "\($0.file):\($0.line): \($0.text)" })")
    }

    @Test func helpIsAnsweredInOnePlace() throws {
        // The option's declaration names it; CommandDeclaration.invoke reads it; nothing else.
        let pattern = try NSRegularExpression(
            pattern: #""--help"|"-h"|\bOption\.help\b|\(of: \.help\)|given\(\.help\)|helpOption\.name"#)
        let found = try Self.codeLines(under: ["Sources"]).filter { file, _, text in
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        let places = found.map { "\($0.file): \($0.text.trimmingCharacters(in: .whitespaces))" }
        #expect(
            Set(found.map(\.file)) == [
                "Sources/IconForgeCLI/CLI/Options.swift", "Sources/IconForgeCLI/CLI/CommandDeclaration.swift",
            ], "\(places)")
        #expect(found.filter { $0.text.contains("(of: .help)") }.count == 1, "\(places)")
    }

    @Test func theArgumentsAreScannedInOnePlace() throws {
        // One call of the scanner, and no other code that reads words as options (the
        // end-of-options word is the scanner's alone).
        let lines = try Self.codeLines(under: ["Sources"])
        let scans = lines.filter {
            $0.text.contains("ArgumentParser.scan(") || $0.text.contains("ArgumentParser.parse(")
        }
        #expect(
            scans.map(\.file) == ["Sources/IconForgeCLI/CLI/CommandDeclaration.swift"],
            "\(scans.map { "\($0.file):\($0.line)" })")
        let endOfOptions = try Self.codeLines(under: Self.commandLayers).filter { $0.text.contains(#""--""#) }.map(
            \.file)
        #expect(Set(endOfOptions) == ["Sources/IconForgeCLI/CLI/ArgumentParser.swift"], "\(endOfOptions)")
    }
}
