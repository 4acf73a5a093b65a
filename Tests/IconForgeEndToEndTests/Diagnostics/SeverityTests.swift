import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

@Suite struct SeverityTests {
    @Test("a finding takes its severity from its rule; only rules with a warning variant also warn")
    func findingsTakeTheirRulesSeverity() throws {
        var request = BuildRequest()
        request.inputs = [Fixtures.path("rules"), Fixtures.path("broken"), Fixtures.path("exports")]
        request.writesOutput = false
        let report = try Builder.run(request)
        #expect(report.diagnostics.count > 20)
        for diagnostic in report.diagnostics {
            let rule = diagnostic.rule
            #expect(
                diagnostic.severity == rule.defaultSeverity
                    || (rule.hasWarningVariant && diagnostic.severity == .warning),
                "\(DiagnosticFormatter.text(diagnostic))")
        }
    }

    @Test("--werror is applied in one place, and a run failed by warnings alone is told apart")
    func werrorPolicy() {
        let warning = Diagnostic(.geometryOffCenter, file: "a.svg", "off centre")
        let error = Diagnostic(.svgParse, file: "b.svg", "broken")
        #expect(warning.severity == .warning && error.severity == .error)
        #expect(Diagnostic(warningOf: .glyphEmoji, file: "c.svg", "a symbol").severity == .warning)
        let lenient = SeverityPolicy()
        let strict = SeverityPolicy(warningsAreErrors: true)
        #expect(!lenient.fails([warning]) && lenient.fails([warning, error]))
        #expect(
            strict.fails([warning]) && strict.failsByWarningsAlone([warning])
                && !strict.failsByWarningsAlone([warning, error]))
        #expect(strict.effectiveSeverity(of: warning) == .error && lenient.effectiveSeverity(of: warning) == .warning)
    }

    /// A 27 pt square with a letter on it (black on black), left as text.
    static let labelled =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/><text x=\"10\" y=\"20\" font-size=\"6\">A</text></svg>"

    @Test("svg.text is an error: the PNG would show the build machine's fonts; a project can make it a warning")
    func textIsAnErrorUnlessTheProjectLowersIt() throws {
        let folder = TemporaryFolder()
        folder.write("Glyphs/label.svg", Self.labelled)
        let strict = ToolCommand.run([
            "build", folder.file("Glyphs"), "-o", folder.file("Output"), "--isolation", "none",
        ])
        #expect(strict.status == .checkFailed)
        #expect(strict.diagnostics.contains { $0.rule == .svgText && $0.severity == .error })
        #expect(!FileManager.default.fileExists(atPath: folder.file("Output/label@2x.png")))

        let config = folder.write(
            "iconforge.json", "{ \"severities\": { \"svg.text\": \"warning\", \"geometry.off-center\": \"error\" } }")
        let lenient = ToolCommand.run([
            "build", folder.file("Glyphs"), "-o", folder.file("Output"), "--config", config, "--isolation", "none",
        ])
        #expect(lenient.status == .clean, "\(lenient.stderr)")
        #expect(lenient.diagnostics.map(\.severity) == [.warning] && lenient.diagnostics.first?.rule == .svgText)
        let png = try decodePNG(folder.file("Output/label@2x.png"))
        #expect(png.width == 70)

        // Raised to an error, an off-centre glyph fails (and gets no PNGs).
        folder.write(
            "Glyphs/label.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"6\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        )
        let raised = ToolCommand.run(["check", folder.file("Glyphs"), "--config", config, "--isolation", "none"])
        #expect(
            raised.status == .checkFailed && raised.diagnostics.map(\.severity) == [.error]
                && raised.diagnostics.first?.rule == .geometryOffCenter)
    }

    @Test(arguments: [
        (
            "{ \"severities\": { \"svg.parse\": \"warning\" } }",
            "'svg.parse' is not a glyph rule whose severity can be set"
        ),
        ("{ \"severities\": { \"color.monochrome\": \"warning\" } }", "'color.monochrome' cannot be made a warning"),
        ("{ \"severities\": { \"svg.txt\": \"warning\" } }", "did you mean 'svg.text'?"),
        ("{ \"severities\": { \"svg.text\": \"note\" } }", "must be \"error\" or \"warning\""),
        ("{ \"severities\": [\"svg.text\"] }", "'severities' must be an object"),
    ])
    func severitiesTheProjectCannotSetAreRefused(json: String, message: String) throws {
        let folder = TemporaryFolder()
        folder.write("Glyphs/label.svg", Self.labelled)
        let config = folder.write("iconforge.json", json)
        let run = ToolCommand.run(["check", folder.file("Glyphs"), "--config", config, "--isolation", "none"])
        #expect(run.status == .usage)
        #expect(run.stderr.joined(separator: "\n").contains(message), "\(run.stderr)")
    }
}

extension ToolRun {
    /// The diagnostics the run printed, as values.
    var diagnostics: [Diagnostic] {
        lines.compactMap { if case .diagnostic(let diagnostic) = $0 { diagnostic } else { nil } }
    }
}
