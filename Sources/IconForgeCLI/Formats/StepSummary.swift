/// The Markdown a GitHub Actions step appends to `$GITHUB_STEP_SUMMARY`: the result, the
/// count per rule and the failing glyphs as tables, for the job's summary page.
package enum StepSummary {
    /// Rows of the findings table at most: GitHub takes 1 MiB of summary per step.
    package static let rowLimit = 500

    /// The summary of a run of `command` (`check` or `build`) with these findings, over
    /// `glyphs` glyphs whose files are `glyphFiles`.
    package static func markdown(
        command: String, diagnostics: [Diagnostic], glyphs: Int, glyphFiles: Set<String>, failed: Bool,
        rowLimit: Int = rowLimit
    ) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var lines = [
            "## iconforge \(command): \(failed ? "failed" : "passed")", "",
            "\(count(glyphs, "glyph")), \(DiagnosticFormatter.count(.error, in: diagnostics, glyphFiles: glyphFiles)), \(DiagnosticFormatter.count(.warning, in: diagnostics, glyphFiles: glyphFiles)).",
        ]
        guard !diagnostics.isEmpty else { return (lines + [""]).joined(separator: "\n") }

        struct Tally {
            var severity: Severity
            var files = Set<String>()
            var findings = 0
        }
        var tallies: [RuleID: Tally] = [:]
        for diagnostic in diagnostics {
            tallies[diagnostic.rule, default: Tally(severity: diagnostic.severity)].findings += 1
            tallies[diagnostic.rule]!.files.insert(diagnostic.file)
            if diagnostic.severity == .error { tallies[diagnostic.rule]!.severity = .error }
        }
        lines += ["", "| rule | severity | files | findings |", "|---|---|---:|---:|"]
        let ordered = tallies.sorted {
            ($0.value.severity == .error ? 1 : 0, $0.value.files.count, $1.key) > (
                $1.value.severity == .error ? 1 : 0, $1.value.files.count, $0.key
            )
        }
        for (rule, tally) in ordered {
            lines.append(
                "| `\(rule.rawValue)` | \(tally.severity.rawValue) | \(tally.files.count) | \(tally.findings) |")
        }

        // Errors first, then warnings, each rule once per file as in the text output.
        let grouped = DiagnosticFormatter.grouped(diagnostics)
        let rows = grouped.filter { $0.severity == .error } + grouped.filter { $0.severity == .warning }
        let failing =
            Set(rows.filter { $0.severity == .error }.map(\.file)).isSubset(of: glyphFiles)
            ? "### Failing glyphs" : "### Failing files"
        lines += [
            "", errors > 0 ? failing : "### Warnings", "", "| file | line | rule | severity | message |",
            "|---|---:|---|---|---|",
        ]
        for diagnostic in rows.prefix(rowLimit) {
            let place = diagnostic.location.map { "\($0.line):\($0.column)" } ?? ""
            lines.append(
                "| \(cell(diagnostic.file)) | \(place) | `\(diagnostic.rule.rawValue)` | \(diagnostic.severity.rawValue) | \(cell(diagnostic.message)) |"
            )
        }
        if rows.count > rowLimit {
            lines += [
                "",
                "… and \(rows.count - rowLimit) more rows; run `iconforge \(command) --format json` for every finding.",
            ]
        }
        return (lines + [""]).joined(separator: "\n")
    }

    /// Text as a Markdown table cell shows it, the one escaper of every job summary (`check`'s
    /// and `build`'s here, `diff`'s in `DiffFormatter`): a line break (CR, LF or both) is a
    /// space, since it would end the row; Markdown's and HTML's characters are
    /// backslash-escaped, so a file name or message can neither leave its cell (`|`), open
    /// a link or an image (`[`, `![`), a code span or raw HTML (`` ` ``, `<`), nor start a
    /// heading; and every other control or bidirectional override is shown as `DisplayText`
    /// shows it (`\u{1B}`). Not for inside a code span, where backslashes are kept.
    static func cell(_ text: String) -> String {
        var escaped = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\r": escaped += " "
            case "\n": if previous != "\r" { escaped += " " }
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "!", "&": escaped += "\\" + String(scalar)
            case _ where DisplayText.isNeutralised(scalar): escaped += "\\" + DisplayText.escape(scalar)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
