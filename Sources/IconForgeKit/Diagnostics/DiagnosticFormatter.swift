/// Renders diagnostics for people, editors and CI.
public enum DiagnosticFormatter {
    /// `file:line:col: severity: message [rule.id]`, as compilers print them, so Xcode,
    /// editors and CI logs link them to the source. Colour only when `colored`.
    public static func text(_ diagnostic: Diagnostic, colored: Bool = false) -> String {
        // One diagnostic, one line: a file name holding a newline must not break a log into two.
        func oneLine(_ text: String) -> String { text.escaping(["\n": "\\n", "\r": "\\r"]) }
        var place = oneLine(diagnostic.file)
        if let location = diagnostic.location { place += ":\(location.line):\(location.column)" }
        let severity = diagnostic.severity.rawValue
        let paintedSeverity =
            colored ? (diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m") + severity + "\u{1B}[0m" : severity
        let paintedPlace = colored ? "\u{1B}[1m" + place + "\u{1B}[0m" : place
        return "\(paintedPlace): \(paintedSeverity): \(oneLine(diagnostic.message)) [\(diagnostic.rule.rawValue)]"
    }

    /// A GitHub Actions workflow command that annotates the file in a pull request.
    public static func github(_ diagnostic: Diagnostic) -> String {
        var properties = ["file=\(escapeProperty(diagnostic.file))"]
        if let location = diagnostic.location {
            properties += ["line=\(location.line)", "col=\(location.column)"]
        }
        properties.append("title=\(escapeProperty(diagnostic.rule.rawValue))")
        let command = diagnostic.severity == .error ? "error" : "warning"
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    /// The JSON document `check --format json` prints.
    public static func json(_ report: BuildReport, failed: Bool) -> String {
        json(diagnostics: report.diagnostics, summary: report.catalog.summary, failed: failed)
    }

    /// The JSON document for a list of diagnostics.
    public static func json(diagnostics: [Diagnostic], summary: Catalog.Summary, failed: Bool) -> String {
        struct Document: Encodable {
            var schemaVersion = 1
            var tool = "iconforge"
            var version = Builder.toolVersion
            var passed: Bool
            var summary: Catalog.Summary
            var diagnostics: [Entry]
        }
        struct Entry: Encodable {
            var file: String
            var line: Int?
            var column: Int?
            var severity: Severity
            var rule: RuleID
            var message: String
        }
        let document = Document(
            passed: !failed, summary: summary,
            diagnostics: diagnostics.map {
                Entry(file: $0.file, line: $0.location?.line, column: $0.location?.column, severity: $0.severity, rule: $0.rule, message: $0.message)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    // GitHub's escaping rules for workflow commands.
    private static func escapeData(_ text: String) -> String {
        text.escaping(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    private static func escapeProperty(_ text: String) -> String {
        text.escaping(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}
