import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI

/// Issue 43, items 5 and 6: text from a repository (file names, SVG attributes, quick-action
/// titles) reaches terminals, logs, workflow commands and Markdown summaries made harmless.
@Suite struct OutputNeutralisingTests {
    /// One scalar of every class that must never be printed raw.
    static let hostile: [Unicode.Scalar] = [
        "\u{0}", "\u{7}", "\u{8}", "\u{1B}", "\r", "\n", "\t", "\u{7F}",  // C0 (NUL, BEL, BS, ESC, CR, LF, TAB), DEL
        "\u{85}", "\u{9B}",  // C1: NEL, CSI
        "\u{2028}", "\u{2029}",  // line and paragraph separators
        // bidi embeddings, overrides, isolates
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{61C}",  // bidi marks
    ]
    static var hostileText: String { "a" + String(String.UnicodeScalarView(hostile)) + "z" }

    /// The raw scalars `line` carries that it should not.
    func raw(_ line: String) -> [String] {
        line.unicodeScalars.filter { Self.hostile.contains($0) }.map {
            "U+" + String($0.value, radix: 16, uppercase: true)
        }
    }

    /// Every line of `text`, split at every line break a terminal or Markdown knows.
    func physicalLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("each class of control, separator and bidirectional override is shown escaped, in one readable form")
    func theOneFunction() {
        #expect(DisplayText.neutralised("plain Glyphs/é.svg — fine") == "plain Glyphs/é.svg — fine")
        #expect(DisplayText.neutralised("a\u{1B}[2Jb\u{7}\u{0}") == "a\\u{1B}[2Jb\\u{7}\\u{0}")
        #expect(DisplayText.neutralised("x\ny\rz\tw") == "x\\ny\\rz\\tw")
        #expect(DisplayText.neutralised("x\u{2028}\u{202E}\u{85}") == "x\\u{2028}\\u{202E}\\u{85}")
        #expect(DisplayText.neutralised("a\tb", keepingTabs: true) == "a\tb")
        #expect(raw(DisplayText.neutralised(Self.hostileText)).isEmpty)
        for scalar in Self.hostile {
            #expect(DisplayText.isNeutralised(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("a diagnostic's file and message carry no control through text, github annotations or the step summary")
    func everyClassThroughEveryDiagnosticFormat() {
        let diagnostic = Diagnostic(
            .nameInvalid, file: "Glyphs/" + Self.hostileText + ".svg", at: SourceLocation(line: 3, column: 4),
            "title " + Self.hostileText)
        let text = DiagnosticFormatter.text(diagnostic)
        #expect(raw(text).isEmpty, "text: \(raw(text))")
        #expect(text.contains("a\\u{0}\\u{7}\\u{8}\\u{1B}\\r\\n\\t\\u{7F}\\u{85}"), "\(text)")
        let annotation = DiagnosticFormatter.github(diagnostic)
        #expect(raw(annotation).isEmpty, "github: \(raw(annotation))")
        let selection = GitHubAnnotations.select([diagnostic], summaryWritten: true)
        #expect(selection.annotations.allSatisfy { raw($0).isEmpty })
        let summary = StepSummary.markdown(
            command: "check", diagnostics: [diagnostic], glyphs: 1, glyphFiles: [diagnostic.file], failed: true)
        for line in physicalLines(summary) { #expect(raw(line).isEmpty, "summary: \(raw(line)) in \(line)") }
        // Every line a command writes to standard error, also the ones no formatter made.
        var run = ToolRun(environment: ToolEnvironment())
        run.err("iconforge: error: cannot read " + Self.hostileText + "\nhint")
        #expect(
            run.stderr.count == 1 && physicalLines(run.stderr[0]).count == 2
                && physicalLines(run.stderr[0]).allSatisfy { raw($0).isEmpty }, "\(run.stderr)")
    }

    /// A diff with the hostile text in every place a repository controls: names, notes, messages.
    static func hostileDiff(message: String = hostileText) -> DiffResult {
        let file = "Glyphs/" + hostileText + ".svg"
        let finding = DiffResult.Finding(
            glyph: "g", file: file,
            diagnostic: Catalog.CatalogDiagnostic(
                severity: .error, rule: .sizeTarget, line: 2, column: 1, message: message))
        return DiffResult(
            base: "origin/main (3f2a9c1)",
            entries: [
                DiffResult.Entry(
                    status: .changed, name: "g", file: file, scales: [], note: "not rendered in the base " + hostileText
                ),
                DiffResult.Entry(
                    status: .renamed, name: "h", baseName: hostileText, file: "Glyphs/h.svg", baseFile: file, scales: []
                ),
                DiffResult.Entry(status: .added, name: hostileText, file: file, scales: []),
            ],
            newFindings: [finding], fixedFindings: [finding])
    }

    @Test("diff's text, annotations and job summary carry no control either")
    func everyClassThroughEveryDiffFormat() {
        let result = Self.hostileDiff()
        let text = DiffFormatter.text(result)
        for line in physicalLines(text) { #expect(raw(line).isEmpty, "diff text: \(raw(line)) in \(line)") }
        #expect(physicalLines(text).count == 6, "one line per change and finding: \(text)")
        for line in DiffFormatter.annotations(result, path: { $0 }) {
            #expect(raw(line).isEmpty, "diff annotation: \(raw(line)) in \(line)")
        }
        let summary = DiffFormatter.markdown(result, page: "Output/diff.html", path: { $0 })
        for line in physicalLines(summary) { #expect(raw(line).isEmpty, "diff summary: \(raw(line)) in \(line)") }
    }

    @Test("check, end to end: a glyph's file name and a quick-action title with controls reach no output raw")
    func endToEnd() throws {
        let folder = TemporaryFolder()
        // A file name may hold anything but NUL and '/'; a JSON string anything, NUL included.
        let name = "x\u{1B}[31m\u{7}\u{7F}\u{85}\u{9B}\u{2028}\u{2029}\u{202E}\u{2066}\u{200F}\u{61C}\r\n\t"
        folder.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/" + name + ".svg")
        folder.write(
            "Glyphs/quick-actions.json",
            #"{ "appName": "Mosaic", "locales": ["en"], "actions": [ { "type": "com.example.mosaic.new", "title": { "en": "Mosaic \u0000\u001b]0;owned\u0007 \u2028\u202e" }, "icon": { "symbol": "plus" } } ] }"#
        )
        var outputs: [String] = []
        for format in ["text", "github"] {
            let run = ToolCommand.run(
                [
                    "check", folder.file("Glyphs"), "--format", format, "--path-base", folder.path, "--isolation",
                    "none",
                ], environment: ToolEnvironment(writesStepSummary: true))
            #expect(run.status == .checkFailed, "\(run.lines)")
            #expect(
                run.stderr.joined().contains("name.invalid") || run.stdout.joined().contains("name.invalid"),
                "\(run.lines)")
            #expect((run.stderr + run.stdout).joined().contains("actions.app-name"), "\(run.lines)")
            outputs += run.stdout + run.stderr + [try #require(run.stepSummary)]
        }
        for output in outputs {
            for line in physicalLines(output) { #expect(raw(line).isEmpty, "\(raw(line)) in \(line)") }
        }
    }

    @Test(
        "a finding cannot break out of diff's job summary table: no heading, image, link, HTML or code span escapes its cell"
    )
    func markdownBreakout() {
        let breakout =
            "ok\r## Owned\r![x](https://evil.example/x.png)\r\n[click](https://evil.example) <img src=x> `code` | extra | cell\u{2028}# also"
        let summary = DiffFormatter.markdown(
            Self.hostileDiff(message: breakout), page: "Output/diff.html", path: { $0 })
        // Markdown ends a line at CR, LF or CRLF.
        let lines = summary.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }.map(
            String.init)
        #expect(!lines.contains { $0.hasPrefix("## Owned") || $0.hasPrefix("# also") }, "\(lines)")
        for line in lines where line.hasPrefix("|") && !line.hasPrefix("|---") {
            // What Markdown reads as markup: the line without its backslash-escaped characters.
            var markup = ""
            var escaped = false
            for character in line {
                if !escaped && character != "\\" { markup.append(character) }
                escaped = character == "\\" && !escaped
            }
            // The row's own cell borders only, and the rule id's code span.
            let isFinding = line.contains("| severity |") || line.contains("| error |")
            #expect(markup.filter { $0 == "|" }.count == (isFinding ? 5 : 4), "\(line)")
            #expect(
                markup.filter { $0 == "`" }.count == (isFinding && !line.contains("| severity |") ? 2 : 0), "\(line)")
            #expect(!markup.contains("[") && !markup.contains("]") && !markup.contains("<"), "\(line)")
        }
        // check's summary and diff's escape a cell with the one function.
        #expect(StepSummary.cell(breakout).contains("\\!\\[x\\](https://evil.example/x.png)"))
        #expect(StepSummary.cell("a\r\nb\rc\nd") == "a b c d")
    }
}
