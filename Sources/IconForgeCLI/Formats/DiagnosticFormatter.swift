/// Renders diagnostics for people, editors and CI.
package enum DiagnosticFormatter {
    /// `file:line:col: severity: message [rule.id]`, as compilers print them, so Xcode,
    /// editors and CI logs link them to the source. Colour only when `colored`.
    package static func text(_ diagnostic: Diagnostic, colored: Bool = false) -> String {
        // One diagnostic, one line, and nothing a terminal acts on: a file name holding a
        // newline must not break a log into two, nor an ESC in a message recolour it.
        var place = runnerSafe(DisplayText.neutralised(diagnostic.file))
        if let location = diagnostic.location { place += ":\(location.line):\(location.column)" }
        let severity = diagnostic.severity.rawValue
        let paintedSeverity =
            colored
            ? (diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;35m") + severity + "\u{1B}[0m" : severity
        let paintedPlace = colored ? "\u{1B}[1m" + place + "\u{1B}[0m" : place
        return
            "\(paintedPlace): \(paintedSeverity): \(DisplayText.neutralised(diagnostic.message)) [\(diagnostic.rule.rawValue)]"
    }

    /// The diagnostics as a person reads them: each message once per file, rule and
    /// severity, its first finding with a count and the places of the others ("(+5 more:
    /// 4:3, 5:1, 7:2 and 2 others)"), so that a glyph with 61 identical findings takes one
    /// line; findings that say different things are each printed, so that every line
    /// counted is one a person can read. (JSON output keeps every finding.)
    package static func grouped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Key: Hashable {
            var file: String
            var rule: RuleID
            var severity: Severity
            var message: String
        }
        var order: [Key] = []
        var groups: [Key: [Diagnostic]] = [:]
        for diagnostic in diagnostics {
            let key = Key(
                file: diagnostic.file, rule: diagnostic.rule, severity: diagnostic.severity, message: diagnostic.message
            )
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(diagnostic)
        }
        return order.map { key in
            let group = groups[key]!
            var first = group[0]
            guard group.count > 1 else { return first }
            let places = group.dropFirst().compactMap(\.location).map { "\($0.line):\($0.column)" }
            let shown = places.prefix(3).joined(separator: ", ")
            let rest = places.count > 4 ? " and \(places.count - 3) others" : places.count == 4 ? ", \(places[3])" : ""
            first.message +=
                places.isEmpty ? " (+\(group.count - 1) more)" : " (+\(group.count - 1) more: \(shown)\(rest))"
            return first
        }
    }

    /// "412 glyphs failed: color.monochrome 398, glyph.emoji 14": how many files have an
    /// error, and per rule how many of them it fails; nil when none has. They are called
    /// glyphs when every one is in `glyphFiles` (the glyphs the run checked), else files.
    package static func failureTally(_ diagnostics: [Diagnostic], glyphFiles: Set<String>) -> String? {
        var filesByRule: [RuleID: Set<String>] = [:]
        var failedFiles = Set<String>()
        for diagnostic in diagnostics where diagnostic.severity == .error {
            failedFiles.insert(diagnostic.file)
            filesByRule[diagnostic.rule, default: []].insert(diagnostic.file)
        }
        guard !failedFiles.isEmpty else { return nil }
        let noun = (failedFiles.isSubset(of: glyphFiles) ? "glyph" : "file") + (failedFiles.count == 1 ? "" : "s")
        let tally = filesByRule.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
            .map { "\($0.key.rawValue) \($0.value.count)" }
        return "\(failedFiles.count) \(noun) failed: " + tally.joined(separator: ", ")
    }

    /// "3 errors in 1 glyph", "1 warning in 2 files", "0 errors": how many findings of
    /// `severity`, and in how many glyphs, since three errors may be one glyph's. Files are
    /// called glyphs when they all are, as in `failureTally`.
    package static func count(_ severity: Severity, in diagnostics: [Diagnostic], glyphFiles: Set<String>) -> String {
        var findings = 0
        var files = Set<String>()
        for diagnostic in diagnostics where diagnostic.severity == severity {
            findings += 1
            files.insert(diagnostic.file)
        }
        let noun = severity == .error ? "error" : "warning"
        var text = "\(findings) \(noun)\(findings == 1 ? "" : "s")"
        guard findings > 0 else { return text }
        text += " in \(files.count) \(files.isSubset(of: glyphFiles) ? "glyph" : "file")\(files.count == 1 ? "" : "s")"
        return text
    }

    /// A path that cannot be read as a GitHub Actions workflow command: the runner takes any
    /// line of standard output or error that begins with `::` for one, so a glyph named
    /// `::add-mask::x.svg` would otherwise command it. `./::…` names the same file.
    package static func runnerSafe(_ path: String) -> String {
        path.hasPrefix("::") ? "./" + path : path
    }

    /// A GitHub Actions workflow command that annotates the file in a pull request.
    package static func github(_ diagnostic: Diagnostic) -> String {
        // A finding about the command line itself names no file.
        var properties = diagnostic.file.isEmpty ? [] : ["file=\(escapeProperty(diagnostic.file))"]
        if let location = diagnostic.location {
            properties += ["line=\(location.line)", "col=\(location.column)"]
        }
        properties.append("title=\(escapeProperty(diagnostic.rule.rawValue))")
        let command = diagnostic.severity == .error ? "error" : "warning"
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    /// The JSON document `check --format json` prints.
    package static func json(_ report: BuildReport, failed: Bool) -> String {
        json(diagnostics: report.diagnostics, summary: report.catalog.summary, failed: failed)
    }

    /// The JSON document for a list of diagnostics.
    package static func json(diagnostics: [Diagnostic], summary: Catalog.Summary, failed: Bool) -> String {
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
            var fix: GeometryFix?
        }
        let document = Document(
            passed: !failed, summary: summary,
            diagnostics: diagnostics.map {
                Entry(
                    file: $0.file, line: $0.location?.line, column: $0.location?.column, severity: $0.severity,
                    rule: $0.rule, message: $0.message,
                    fix: $0.fix)
            })
        let bytes =
            (try? JSONText.encode(document, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Array("{}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    // GitHub's escaping rules for workflow commands, after `DisplayText`'s: the runner
    // decodes %0A back to a line break and shows the rest in the log and the pull request,
    // so controls are made visible first (and no workflow command spans two lines).
    static func escapeData(_ text: String) -> String {
        DisplayText.neutralised(text).escaping(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    static func escapeProperty(_ text: String) -> String {
        DisplayText.neutralised(text).escaping(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}
