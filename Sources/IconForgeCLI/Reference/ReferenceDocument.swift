/// `docs/reference.md`: every command, option, rule, limit, exit status and file format,
/// made from the declarations the code runs on.
enum ReferenceDocument {
    struct Entry: Sendable {
        var name: String
        var meaning: String
    }

    /// Every exit status, by `ToolCommand.ExitStatus` (the switch makes a new status a
    /// compile error here until it is described).
    static var exitStatuses: [(code: Int32, meaning: String)] {
        [ToolCommand.ExitStatus.clean, .checkFailed, .usage, .io].map { status in
            let meaning =
                switch status {
                case .clean: "clean: no errors (warnings allowed, unless --werror)"
                case .checkFailed: "a glyph or quick-actions.json failed a check (or a warning, with --werror)"
                case .usage: "usage error: an unknown command or option, a bad value, or an invalid iconforge.json"
                case .io: "input or output cannot be read or written"
                }
            return (status.rawValue, meaning)
        }
    }

    static let environment = [
        Entry(
            name: "ICONFORGE_LIBRSVG",
            meaning:
                "the librsvg library file to open, for an unusual install (default: Debian's librsvg2-2 on Linux, Homebrew's or MacPorts' librsvg on macOS)"
        ),
        Entry(name: "ICONFORGE_TIMINGS", meaning: "1: after the summary, how long each stage of a build took"),
        Entry(
            name: "ICONFORGE_RENDER_WORKER",
            meaning: "the program to start as each render worker instead of iconforge itself (for debugging)"),
        Entry(
            name: "GITHUB_STEP_SUMMARY",
            meaning: "set by GitHub Actions: build and check append a Markdown summary to that file"),
        Entry(name: "NO_COLOR", meaning: "no colour in diagnostics on a terminal"),
    ]

    static let files = [
        Entry(
            name: "iconforge.json",
            meaning:
                "the project's settings, in the current folder (or --config FILE); schema docs/schemas/iconforge.schema.json"
        ),
        Entry(
            name: "Glyphs/quick-actions.json",
            meaning: "the app's quick actions; schema docs/schemas/quick-actions.schema.json"),
        Entry(
            name: "Output/catalog.json",
            meaning: "what a build measured, checked and wrote; schema docs/schemas/catalog.schema.json"),
        Entry(
            name: "Glyphs/.template.svg",
            meaning: "the 35 pt template artboard iconforge init writes for designers (a dot-file: never a glyph)"),
    ]

    private static func cell(_ text: String) -> String {
        text.escaping(["|": "\\|", "\n": " "])
    }

    private static func valueDescription(_ option: OptionDeclaration) -> String {
        switch option.kind {
        case .flag: "flag"
        case .text: "text"
        case .path: "path"
        case .paths: "path, repeatable (a list in iconforge.json)"
        case .number(let range): "number \(range.lowerBound.pt)–\(range.upperBound.pt)"
        case .integer(let range): "whole number \(range.lowerBound)–\(range.upperBound)"
        case .choice(let choices): choices.joined(separator: ", ")
        }
    }

    static func document() -> String {
        var lines = [
            "<!-- Generated from iconforge's declarations of its commands, options, rules and file formats;",
            "     regenerate with `make docs`. A test fails when this file differs from what they make. -->",
            "# iconforge reference", "",
            "Every command, option, rule, limit, exit status and file format of iconforge \(Builder.toolVersion).", "",
            "## Commands", "",
        ]
        lines += CommandTable.all.flatMap(commandLines)
        lines += [
            "Global: `iconforge --version` prints the version; `iconforge --help` (or `help`) the usage.", "",
            "## Rules", "",
            "`iconforge explain RULE` shows what a rule checks and why, with a failing and a fixed example.", "",
            "| Rule | Severity | Finds |", "|---|---|---|",
        ]
        for rule in RuleID.allCases {
            let severity =
                rule.defaultSeverity.rawValue
                + (rule.hasWarningVariant && rule.defaultSeverity == .error ? " (or warning)" : "")
            lines.append("| `\(rule.rawValue)` | \(severity) | \(cell(rule.summary)) |")
        }
        lines += limitLines()
        lines += ["", "## Exit status", "", "| Status | Meaning |", "|---|---|"]
        lines += exitStatuses.map { "| \($0.code) | \(cell($0.meaning)) |" }
        lines += ["", "## Environment", "", "| Variable | Meaning |", "|---|---|"]
        lines += environment.map { "| `\($0.name)` | \(cell($0.meaning)) |" }
        lines += ["", "## Files", "", "| File | Meaning |", "|---|---|"]
        lines += files.map { "| `\($0.name)` | \(cell($0.meaning)) |" }
        lines += ["", "## File formats", ""]
        for schema in JSONSchemas.all {
            lines += [
                "### `\(schema.documentName)`", "", schema.summary, "",
                "Schema: [`docs/schemas/\(schema.fileName)`](schemas/\(schema.fileName)).", "",
            ]
            lines += ["| Key | Type | Meaning |", "|---|---|---|"]
            lines += schema.keyRows.map { "| `\($0.key)` | \(cell($0.type)) | \(cell($0.meaning)) |" }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A command's section: its usage, its summary and a table of its options.
    private static func commandLines(_ command: CommandDeclaration) -> [String] {
        var lines = [
            "### `iconforge \(command.name)`", "", "    iconforge \(command.usage)", "",
            command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".", "",
        ]
        guard !command.options.isEmpty else { return lines }
        lines += ["| Option | Value | `iconforge.json` key | Meaning |", "|---|---|---|---|"]
        for option in command.options {
            var name = "`\(option.name)`"
            if let short = option.short { name = "`\(short)`, " + name }
            if let negation = option.negation { name += ", `\(negation)`" }
            let value =
                option.placeholder.isEmpty
                ? valueDescription(option) : "`\(option.placeholder)`: " + valueDescription(option)
            let key = option.configurationKey.map { "`\($0)`" } ?? ""
            lines.append("| \(name) | \(cell(value)) | \(key) | \(cell(option.help.joined(separator: " "))) |")
        }
        return lines + [""]
    }

    /// The limits' section: each with its default and the option that sets it, if any.
    private static func limitLines() -> [String] {
        let limits = Limits()
        return [
            "", "## Limits", "",
            "| Limit | Default | Set with |", "|---|---|---|",
            "| SVG file size | \(Option.maxFileSize.defaultValue) bytes | `\(Option.maxFileSize.name)` |",
            "| elements in one SVG | \(Option.maxElements.defaultValue) | `\(Option.maxElements.name)` |",
            "| element nesting depth | \(limits.maximumDepth) | — |",
            "| elements drawn once every `<use>` is expanded | \(UseExpansion.maximumDrawnElements) | — |",
            "| keys in one JSON file (`quick-actions.json`, `iconforge.json`, String Catalog) | \(JSONParser.defaultKeyLimit) | — |",
            "| JSON nesting depth | \(JSONParser.defaultDepthLimit) | — |",
            "| property-list nesting depth (`--info-plist`) | \(PropertyListLimits.maximumDepth) | — |",
            "| values in one property list (`--info-plist`) | \(PropertyListLimits.maximumValues) | — |",
            "| render time per glyph | \(Option.renderTimeout.defaultValue.pt) s | `\(Option.renderTimeout.name)`, `\(Option.renderTimeout.declaration.configurationKey ?? "")` |",
            "| quick actions | \(QuickActions.maximumActions) | — (Apple's limit) |",
            "| `iconforge.json` size | \(Configuration.maximumFileBytes) bytes | — |",
        ]
    }
}
