/// The `iconforge.1` man page, made from the declarations of commands, options and rules.
enum ManPage {
    /// Text escaped for roff: backslashes, hyphens (so they copy as ASCII), and a leading
    /// dot or quote that would start a request.
    static func roff(_ text: String) -> String {
        let escaped = text.escaping(["\\": "\\e", "-": "\\-"])
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    static func page() -> String {
        var lines = [
            ".\\\" Generated from iconforge's declarations of its commands, options and rules;",
            ".\\\" regenerate with `make docs`.",
            ".TH ICONFORGE 1 \"\" \"iconforge \(Builder.toolVersion)\" \"User Commands\"",
            ".SH NAME", "iconforge \\- check and render iOS quick\\-action glyphs",
            ".SH SYNOPSIS",
        ]
        for command in CommandTable.all {
            lines += [".B iconforge", roff(command.usage), ".br"]
        }
        lines += [".B iconforge", "\\-\\-version"]
        lines += [
            ".SH DESCRIPTION",
            roff(
                "iconforge checks the SVG glyphs of iOS Home Screen quick actions against Apple's quick-action icon template, renders each at @2x (70 × 70 px) and @3x (104 × 104 px), and writes a JSON catalog. Settings may come from iconforge.json in the current folder; flags win over it."
            ),
            ".SH COMMANDS",
        ]
        for command in CommandTable.all {
            lines += [".TP", ".B iconforge " + roff(command.usage), roff(command.summary) + "."]
        }
        lines.append(".SH OPTIONS")
        for command in CommandTable.all where !command.options.isEmpty {
            lines.append(".SS " + roff(command.name))
            lines += command.options.flatMap(optionLines)
        }
        lines.append(".SH RULES")
        lines.append(
            roff(
                "Diagnostics name their rule in brackets: file:line:col: error: message [rule.id]. 'iconforge explain RULE' says more."
            ))
        for rule in RuleID.allCases {
            lines += [
                ".TP", "\\fB" + roff(rule.rawValue) + "\\fR (" + rule.defaultSeverity.rawValue + ")",
                roff(rule.summary),
            ]
        }
        lines.append(".SH EXIT STATUS")
        for status in ReferenceDocument.exitStatuses {
            lines += [".TP", ".B \(status.code)", roff(status.meaning)]
        }
        lines.append(".SH ENVIRONMENT")
        for variable in ReferenceDocument.environment {
            lines += [".TP", ".B " + roff(variable.name), roff(variable.meaning)]
        }
        lines.append(".SH FILES")
        for file in ReferenceDocument.files {
            lines += [".TP", ".I " + roff(file.name), roff(file.meaning)]
        }
        lines += [".SH SEE ALSO", roff("docs/reference.md and the README in iconforge's repository.")]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One option's entry: its names and placeholder in bold and italics, then its help.
    private static func optionLines(_ option: OptionDeclaration) -> [String] {
        var label = "\\fB" + roff(option.name) + "\\fR"
        if let short = option.short { label = "\\fB" + roff(short) + "\\fR, " + label }
        if !option.placeholder.isEmpty { label += " \\fI" + roff(option.placeholder) + "\\fR" }
        if let negation = option.negation { label += ", \\fB" + roff(negation) + "\\fR" }
        return [".TP", label, roff(option.help.joined(separator: " "))]
    }
}
