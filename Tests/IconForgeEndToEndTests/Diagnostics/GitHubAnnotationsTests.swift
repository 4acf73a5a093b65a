import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

@Suite struct GitHubAnnotationsTests {
    @Test("at most 10 errors and 10 warnings are annotated, every rule among them, and a notice counts the rest")
    func selectionKeepsWithinTheLimit() throws {
        var diagnostics = (0..<30).map { Diagnostic(.colorMonochrome, file: "Glyphs/c\($0).svg", "two colours") }
        diagnostics.append(Diagnostic(.svgParse, file: "Glyphs/z.svg", "broken"))
        diagnostics += (0..<12).map { Diagnostic(.geometryOffCenter, file: "Glyphs/w\($0).svg", "off centre") }
        let selection = GitHubAnnotations.select(diagnostics, summaryWritten: true)
        #expect(selection.annotations.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(selection.annotations.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(selection.annotations.contains { $0.contains("title=svg.parse") }, "the rare rule is not crowded out")
        #expect(selection.rest.count == 23)
        let notice = try #require(selection.notice)
        #expect(
            notice.hasPrefix("::notice title=iconforge::21 more errors and 2 more warnings than GitHub annotates"),
            "\(notice)")
        #expect(notice.contains("job summary"))
        #expect(GitHubAnnotations.select(Array(diagnostics.prefix(5)), summaryWritten: false).notice == nil)
    }

    @Test("check --format github on many failing glyphs: the limit, the log, the notice and the step summary")
    func manyFailuresInCI() throws {
        let folder = TemporaryFolder()
        for index in 0..<25 {
            folder.write(
                "Glyphs/c\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\" fill=\"#f00\"/><rect x=\"5\" y=\"5\" width=\"2\" height=\"2\" fill=\"#0f0\"/></svg>"
            )
        }
        folder.write("Glyphs/b.svg", "<svg")
        let run = ToolCommand.run(
            ["check", folder.file("Glyphs"), "--format", "github", "--path-base", folder.path, "--isolation", "none"],
            environment: ToolEnvironment(writesStepSummary: true))
        #expect(run.status == .checkFailed)
        let errors = run.stdout.filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 10 && errors.contains { $0.contains("title=svg.parse") }, "\(run.stdout)")
        #expect(run.stdout.last?.hasPrefix("::notice title=iconforge::16 more errors") == true, "\(run.stdout)")
        #expect(run.stderr.filter { $0.hasSuffix("[color.monochrome]") }.count == 16, "the rest are in the log")
        let summary = try #require(run.stepSummary)
        #expect(summary.hasPrefix("## iconforge check: failed\n"))
        #expect(summary.contains("| `color.monochrome` | error | 25 | 25 |"), "\(summary)")
        #expect(summary.contains("| Glyphs/b.svg | 1:1 | `svg.parse` | error |"), "\(summary)")
        #expect(
            ToolCommand.run(["check", folder.file("Glyphs/b.svg"), "--isolation", "none"]).stepSummary == nil,
            "only when asked for")
    }

    @Test("table cells escape Markdown and HTML")
    func cellsAreEscaped() {
        #expect(StepSummary.cell("a|b <img> *x*\nnext") == "a\\|b \\<img\\> \\*x\\* next")
        let clean = StepSummary.markdown(command: "build", diagnostics: [], glyphs: 3, glyphFiles: [], failed: false)
        #expect(clean == "## iconforge build: passed\n\n3 glyphs, 0 errors, 0 warnings.\n")
        let findings = [
            Diagnostic(.sizeTarget, file: "Glyphs/a.svg", "small"),
            Diagnostic(.colorMonochrome, file: "Glyphs/a.svg", "two colours"),
            Diagnostic(.geometryOffCenter, file: "Glyphs/b.svg", "off centre"),
        ]
        let glyphFiles: Set = ["Glyphs/a.svg", "Glyphs/b.svg", "Glyphs/c.svg"]
        let failed = StepSummary.markdown(
            command: "check", diagnostics: findings, glyphs: 3, glyphFiles: glyphFiles, failed: true)
        #expect(
            failed.hasPrefix("## iconforge check: failed\n\n3 glyphs, 2 errors in 1 glyph, 1 warning in 1 glyph.\n"),
            "\(failed)")
        #expect(failed.contains("### Failing glyphs"))
    }

    /// A missing input or the quick-action definitions are files, not glyphs: a new user saw
    /// "1 glyph, 2 errors in 2 glyphs" for one glyph and one missing path, and
    /// quick-actions.json under "Failing glyphs".
    @Test func onlyTheGlyphsCheckedAreCalledGlyphs() {
        let findings = [
            Diagnostic(.colorMonochrome, file: "Glyphs/a.svg", "two colours"),
            Diagnostic(.inputUnreadable, file: "nothere.svg", "no such file"),
        ]
        let glyphFiles: Set = ["Glyphs/a.svg"]
        #expect(DiagnosticFormatter.count(.error, in: findings, glyphFiles: glyphFiles) == "2 errors in 2 files")
        #expect(
            DiagnosticFormatter.count(.error, in: Array(findings.prefix(1)), glyphFiles: glyphFiles)
                == "1 error in 1 glyph")
        #expect(
            DiagnosticFormatter.failureTally(findings, glyphFiles: glyphFiles)?.hasPrefix("2 files failed: ") == true)
        let summary = StepSummary.markdown(
            command: "check", diagnostics: findings, glyphs: 1, glyphFiles: glyphFiles, failed: true)
        #expect(summary.contains("### Failing files") && !summary.contains("### Failing glyphs"), "\(summary)")
    }
}
