/// `iconforge diff`'s outputs other than the page: the text summary, the JSON document,
/// GitHub annotations and the job summary's Markdown.
enum DiffFormatter {
    /// "@2x: 120 of 4900 pixels differ, @3x: 260 of 10816"; "not rendered in the base".
    static func detail(_ entry: DiffResult.Entry) -> String {
        if let note = entry.note { return note }
        switch entry.status {
        case .renamed: return "renamed from \(entry.baseFile ?? entry.baseName ?? "?"), same pixels"
        case .changed:
            return entry.scales.filter { $0.changedPixels > 0 }.map { change in
                if let sizes = change.sizes { return "@\(change.scale)x: canvas \(sizes.before) → \(sizes.after) px" }
                return "@\(change.scale)x: \(change.changedPixels) of \(change.pixels) pixels differ"
            }.joined(separator: ", ")
        default: return ""
        }
    }

    private static func findingText(_ finding: DiffResult.Finding) -> String {
        let diagnostic = finding.diagnostic
        let location = diagnostic.line.map { ":\($0):\(diagnostic.column ?? 1)" } ?? ""
        return
            "\(finding.file)\(location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule.rawValue)]"
    }

    /// The short summary: a line of counts, then one line per change and per finding new or fixed.
    static func text(_ result: DiffResult) -> String {
        var lines = ["iconforge diff against \(result.base): \(result.tally)"]
        for entry in result.entries where entry.status != .unchanged {
            let detail = detail(entry)
            let file = entry.status == .renamed ? "\(entry.baseFile ?? "?") → \(entry.file)" : entry.file
            lines.append(
                "  " + entry.status.rawValue.padded(to: 9) + file
                    + (detail.isEmpty || entry.status == .renamed ? "" : " (\(detail))"))
        }
        for finding in result.newFindings { lines.append("  new      " + findingText(finding)) }
        for finding in result.fixedFindings { lines.append("  fixed    " + findingText(finding)) }
        // File names and messages come from the glyphs: nothing in them may act on a terminal.
        return lines.map { DisplayText.neutralised($0) }.joined(separator: "\n")
    }

    /// One JSON document (docs/schemas/diff-report.schema.json).
    static func json(_ result: DiffResult, page: String) -> String {
        struct Document: Encodable {
            var schemaVersion = 1
            var tool = "iconforge"
            var version = Builder.toolVersion
            var base: String
            var page: String
            var summary: [String: Int]
            var glyphs: [Glyph]
            var findings: Findings
        }
        struct Glyph: Encodable {
            var name: String
            var status: String
            var file: String
            var baseName: String?
            var baseFile: String?
            var note: String?
            var scales: [Scale]?
        }
        struct Scale: Encodable {
            var scale: Int
            var changedPixels: Int
            var pixels: Int
            var baseSize: String?
            var size: String?
        }
        struct Finding: Encodable {
            var glyph: String?
            var file: String
            var line: Int?
            var column: Int?
            var severity: Severity
            var rule: RuleID
            var message: String
        }
        struct Findings: Encodable {
            var new: [Finding]
            var fixed: [Finding]
        }
        var summary = Dictionary(
            uniqueKeysWithValues: DiffResult.Status.allCases.map { ($0.rawValue, result.count($0)) })
        summary["newFindings"] = result.newFindings.count
        summary["fixedFindings"] = result.fixedFindings.count
        func finding(_ finding: DiffResult.Finding) -> Finding {
            let diagnostic = finding.diagnostic
            return Finding(
                glyph: finding.glyph, file: finding.file, line: diagnostic.line, column: diagnostic.column,
                severity: diagnostic.severity, rule: diagnostic.rule,
                message: diagnostic.message)
        }
        let document = Document(
            base: result.base, page: page, summary: summary,
            glyphs: result.entries.map { entry in
                Glyph(
                    name: entry.name, status: entry.status.rawValue, file: entry.file, baseName: entry.baseName,
                    baseFile: entry.baseFile, note: entry.note,
                    scales: entry.status == .changed && !entry.scales.isEmpty
                        ? entry.scales.map {
                            Scale(
                                scale: $0.scale, changedPixels: $0.changedPixels, pixels: $0.pixels,
                                baseSize: $0.sizes?.before, size: $0.sizes?.after)
                        } : nil)
            },
            findings: Findings(new: result.newFindings.map(finding), fixed: result.fixedFindings.map(finding)))
        let bytes =
            (try? JSONText.encode(document, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Array("{}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// GitHub workflow commands: a notice on each changed, added or renamed glyph's file
    /// (a removed one's file is gone, so its notice names it instead), and a warning for
    /// each new finding at its line. `path` makes a file relative to the repository root.
    static func annotations(_ result: DiffResult, path: (String) -> String) -> [String] {
        func notice(file: String?, title: String, _ message: String) -> String {
            let properties =
                (file.map { ["file=" + DiagnosticFormatter.escapeProperty(path($0))] } ?? []) + [
                    "title=" + DiagnosticFormatter.escapeProperty(title)
                ]
            return "::notice \(properties.joined(separator: ","))::" + DiagnosticFormatter.escapeData(message)
        }
        var lines: [String] = []
        for entry in result.entries where entry.status != .unchanged {
            let detail = detail(entry)
            switch entry.status {
            case .removed:
                lines.append(
                    notice(file: nil, title: "glyph removed", "\(path(entry.file)) removed (against \(result.base))"))
            case .added:
                lines.append(
                    notice(file: entry.file, title: "glyph added", "\(entry.name) is new (against \(result.base))"))
            default:
                lines.append(
                    notice(
                        file: entry.file, title: "glyph \(entry.status.rawValue)",
                        "\(entry.name): \(detail) (against \(result.base)); see the diff page"))
            }
        }
        for finding in result.newFindings {
            var properties = ["file=" + DiagnosticFormatter.escapeProperty(path(finding.file))]
            if let line = finding.diagnostic.line { properties.append("line=\(line)") }
            if let column = finding.diagnostic.column { properties.append("col=\(column)") }
            properties.append(
                "title="
                    + DiagnosticFormatter.escapeProperty(
                        "new \(finding.diagnostic.severity.rawValue): \(finding.diagnostic.rule.rawValue)"))
            lines.append(
                "::warning \(properties.joined(separator: ","))::"
                    + DiagnosticFormatter.escapeData(finding.diagnostic.message))
        }
        lines.append(notice(file: nil, title: "iconforge diff", result.tally))
        return lines
    }

    /// The job summary: the counts, a table of the changes and of the findings new and fixed.
    static func markdown(
        _ result: DiffResult, page: String, path: (String) -> String, rowLimit: Int = StepSummary.rowLimit
    ) -> String {
        // File names and messages come from the glyphs: escaped as check's summary escapes
        // them, and never inside a code span (where a backtick would end it and a backslash
        // would show).
        let cell = StepSummary.cell
        var lines = ["## iconforge diff against \(cell(result.base))", "", result.tally + "."]
        let changes = result.entries.filter { $0.status != .unchanged }
        if !changes.isEmpty {
            lines += ["", "| glyph | change | detail |", "|---|---|---|"]
            for entry in changes.prefix(rowLimit) {
                lines.append("| \(cell(path(entry.file))) | \(entry.status.rawValue) | \(cell(detail(entry))) |")
            }
            if changes.count > rowLimit {
                lines += ["", "… and \(changes.count - rowLimit) more changes: see the page."]
            }
        }
        for (title, list) in [("New findings", result.newFindings), ("Fixed findings", result.fixedFindings)]
        where !list.isEmpty {
            lines += ["", "### \(title)", "", "| file | severity | rule | message |", "|---|---|---|---|"]
            for finding in list.prefix(rowLimit) {
                let location = finding.diagnostic.line.map { ":\($0)" } ?? ""
                lines.append(
                    "| \(cell(path(finding.file) + location)) | \(finding.diagnostic.severity.rawValue) | `\(finding.diagnostic.rule.rawValue)` | \(cell(finding.diagnostic.message)) |"
                )
            }
        }
        lines += [
            "",
            "The pictures, before, after and their difference: \(cell(page.lastPathComponent)) in the job's artifacts.",
            "",
        ]
        return lines.joined(separator: "\n")
    }
}
