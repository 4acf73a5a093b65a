import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

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
                diagnostic.severity == rule.defaultSeverity || (rule.hasWarningVariant && diagnostic.severity == .warning),
                "\(DiagnosticFormatter.text(diagnostic))")
        }
    }

    @Test("--werror is applied in one place, and a run failed by warnings alone is told apart")
    func werrorPolicy() {
        let warning = Diagnostic(.geometryOffCenter, file: "a.svg", "off centre")
        let error = Diagnostic(.svgParse, file: "b.svg", "broken")
        #expect(warning.severity == .warning && error.severity == .error)
        #expect(Diagnostic(warningOf: .glyphEmoji, file: "c.svg", "a symbol").severity == .warning)
        let lenient = SeverityPolicy(), strict = SeverityPolicy(warningsAreErrors: true)
        #expect(!lenient.fails([warning]) && lenient.fails([warning, error]))
        #expect(strict.fails([warning]) && strict.failsByWarningsAlone([warning]) && !strict.failsByWarningsAlone([warning, error]))
        #expect(strict.effectiveSeverity(of: warning) == .error && lenient.effectiveSeverity(of: warning) == .warning)
    }
}
