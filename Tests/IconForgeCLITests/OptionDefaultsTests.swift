import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The defaults the help states are the ones a command uses: each option's "(default: …)"
/// is read back from `iconforge help build` and compared with the request a command line
/// without the option makes.
@Suite struct OptionDefaultsTests {
    /// The help text of `option` in `help`, its lines joined.
    func helpText(of label: String, in help: String) -> String? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("  " + label + " ") }) else { return nil }
        var text = [String(lines[first].dropFirst(27))]
        for line in lines[(first + 1)...] {
            guard line.hasPrefix(String(repeating: " ", count: 27)) else { break }
            text.append(line.trimmingCharacters(in: .whitespaces))
        }
        return text.joined(separator: " ")
    }

    /// What the help says the option's default is.
    func shownDefault(of label: String, in help: String) -> String? {
        guard let text = helpText(of: label, in: help), let start = text.range(of: "(default: ") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != ")" })
    }

    /// The request of `iconforge build` with no options, an empty iconforge.json beside it.
    func defaultRequest(_ command: OptionCommand = .build) throws -> BuildRequest {
        let folder = TemporaryFolder()
        let config = folder.write("iconforge.json", "{}")
        let parsed = try ArgumentParser.parse(["--config", config], spec: OptionTable.spec(for: command))
        return try ToolCommand.request(from: parsed, command: command, environment: ToolEnvironment()).0
    }

    @Test func everyDefaultTheHelpStatesIsTheValueABuildWithoutTheOptionUses() throws {
        let help = HelpText.build
        let request = try defaultRequest()
        func number(_ label: String) -> Double? { shownDefault(of: label, in: help).flatMap(Double.init) }
        #expect(shownDefault(of: "-o, --output DIR", in: help) == request.outputFolder)
        #expect(number("--shape-threshold R") == request.options.shapeThreshold)
        #expect(number("--tolerance PT") == request.options.sizeTolerance)
        #expect(number("--png-compression N").map(Int.init) == request.options.pngCompression)
        #expect(number("--max-file-size BYTES").map(Int.init) == request.options.limits.maximumFileBytes)
        #expect(number("--max-elements N").map(Int.init) == request.options.limits.maximumElements)
        guard case .workers(_, let timeout, _) = request.isolation else {
            Issue.record("the help says workers are the default isolation, and the request has \(request.isolation)")
            return
        }
        #expect(helpText(of: "--isolation MODE", in: help)?.hasPrefix("workers (default):") == true)
        #expect(number("--render-timeout S") == timeout)
        #expect(
            shownDefault(of: "-j, --jobs N", in: help) == "all cores"
                && request.jobs == ProcessInfo.processInfo.activeProcessorCount)
        #expect(helpText(of: "--format FORMAT", in: help)?.hasPrefix("text (default):") == true)
        #expect(try OptionSettings(parsed: ParsedArguments()).value(of: .format) == .text)
        // Each of them is stated: a default dropped from the help fails too.
        for label in [
            "-o, --output DIR", "--shape-threshold R", "--tolerance PT", "--png-compression N", "--max-file-size BYTES",
            "--max-elements N", "--render-timeout S",
        ] {
            #expect(shownDefault(of: label, in: help) != nil, "\(label) states its default")
        }
    }

    @Test func theHelpStatesTheDefaultsTheOptionsDeclare() {
        let help = HelpText.build
        #expect(shownDefault(of: "--render-timeout S", in: help) == Option.renderTimeout.defaultValue.pt)
        #expect(shownDefault(of: "--shape-threshold R", in: help) == Option.shapeThreshold.defaultValue.pt)
        #expect(shownDefault(of: "--png-compression N", in: help) == "\(Option.pngCompression.defaultValue)")
        #expect(shownDefault(of: "-o, --output DIR", in: help) == Option.output.defaultValue)
    }

    @Test func aDefaultGoesOnTheLastHelpLineWhenItFitsAndOnLinesOfItsOwnWhenItDoesNot() {
        #expect(
            Option<Int>.helpLines(["glyphs processed at once"], default: "all cores") == [
                "glyphs processed at once (default: all cores)"
            ])
        #expect(
            Option<Int>.helpLines(["aspect ratio at which a glyph is wide or tall"], default: "1.2") == [
                "aspect ratio at which a glyph is wide or tall", "(default: 1.2)",
            ])
        let wrapped = Option<Int>.helpLines(
            ["paths are relative to DIR"],
            default: String(repeating: "word ", count: 20).trimmingCharacters(in: .whitespaces))
        #expect(
            wrapped.count >= 3 && wrapped[0] == "paths are relative to DIR"
                && wrapped.allSatisfy { $0.count <= Option<Int>.helpWidth } && wrapped[1].hasPrefix("(default: word"))
        #expect(Option<Int>.helpLines(["no default"], default: nil) == ["no default"])
    }
}
