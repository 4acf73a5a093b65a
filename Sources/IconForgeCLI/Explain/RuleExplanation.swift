/// What `iconforge explain RULE` prints: what the rule checks, why, a failing example with
/// its fixed version, and the options that change it. Entries live in
/// `RuleExplanation+Entries.swift`, one per rule; a test checks every example: the failing
/// one must report the rule, the fixed one must not.
struct RuleExplanation: Sendable {
    /// A small project that shows the rule: files by their path in the project folder, and
    /// the arguments `iconforge check` (or `build`) gets after the project's `Glyphs`
    /// folder, where `{root}` stands for the project folder.
    struct Example: Sendable {
        var files: [(path: String, text: String)]
        var arguments: [String] = []
        /// `check`, or `build` for rules only a build can meet.
        var command = "check"
    }

    var rule: RuleID
    var checks: String
    var why: String
    var failing: Example?
    var fixed: Example?
    /// Why there is no example, for rules no small file can show (a crash of librsvg).
    var noExample: String?
    /// The options and settings that change the rule's verdict, with what they do.
    var options: [String] = []

    static func entry(for rule: RuleID) -> RuleExplanation? {
        entries.first { $0.rule == rule }
    }

    var text: String {
        func indented(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(
                separator: "\n")
        }
        func show(_ example: Example) -> [String] {
            var lines: [String] = []
            for file in example.files {
                lines += [
                    "  \(file.path):", indented(file.text.hasSuffix("\n") ? String(file.text.dropLast()) : file.text),
                ]
            }
            let arguments = example.arguments.map { $0.replacing("{root}/", with: "") }
            lines.append(
                "  $ iconforge \(example.command) Glyphs"
                    + (arguments.isEmpty ? "" : " " + arguments.joined(separator: " ")))
            return lines
        }
        var lines = [
            "\(rule.rawValue) (\(rule.defaultSeverity.rawValue)): \(rule.summary)", "", "WHAT IT CHECKS", "  " + checks,
            "", "WHY", "  " + why,
        ]
        if let failing { lines += ["", "FAILS"] + show(failing) }
        if let fixed { lines += ["", "FIXED"] + show(fixed) }
        if let noExample { lines += ["", "EXAMPLE", "  " + noExample] }
        lines += ["", "OPTIONS"] + (options.isEmpty ? ["  none change it"] : options.map { "  " + $0 })
        return lines.joined(separator: "\n")
    }

    // Building blocks of the examples.

    /// A glyph on the 35 pt template artboard.
    static func glyph(_ body: String, viewBox: String = "0 0 35 35") -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\n\(body)\n</svg>\n"
    }

    /// The example glyph `iconforge init` writes: passes every check.
    static let goodBody = """
          <g fill="none" stroke="#000000" stroke-width="2.5" stroke-linecap="round">
            <circle cx="17.5" cy="17.5" r="12.25"/>
            <line x1="17.5" y1="11.5" x2="17.5" y2="23.5"/>
            <line x1="11.5" y1="17.5" x2="23.5" y2="17.5"/>
          </g>
        """

    static let good = Example(files: [("Glyphs/plus.svg", glyph(goodBody))])

    static func glyphExample(
        _ body: String, name: String = "plus", viewBox: String = "0 0 35 35", arguments: [String] = []
    ) -> Example {
        Example(files: [("Glyphs/\(name).svg", glyph(body, viewBox: viewBox))], arguments: arguments)
    }

    /// A project with the good glyph and `quick-actions.json` holding `json`.
    static func actions(_ json: String) -> Example {
        Example(files: [("Glyphs/plus.svg", glyph(goodBody)), ("Glyphs/quick-actions.json", json)])
    }

    static func action(_ fields: String) -> String {
        "{\n  \"actions\": [\n    \(fields)\n  ]\n}\n"
    }
}
