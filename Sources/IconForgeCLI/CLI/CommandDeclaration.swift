/// One `iconforge` command, declared once: dispatch, its help text, the help's command list,
/// the shell completions, the man page and docs/reference.md are made from these declarations (with the options
/// of `OptionTable`), so none of them can leave a command or an option out.
struct CommandDeclaration: Sendable {
    /// What the command's positional arguments are, for completion.
    enum Arguments: Sendable, Equatable {
        case none
        /// Glyph folders or SVG files.
        case glyphs
        /// One SVG file.
        case svgFile
        /// One folder.
        case folder
        /// One of fixed words (a rule id, a shell).
        case words([String])
        /// A command's name.
        case command
    }

    /// `build`.
    var name: String
    /// What `iconforge help NAME` and `iconforge NAME --help` print (`HelpText`): read when
    /// asked, since some help texts list options this table's declarations hold.
    var help: @Sendable () -> String
    /// The synopsis after `iconforge`: `build [GLYPHS...] [-o OUTPUT] [options]`.
    var usage: String
    /// One line for the command list.
    var summary: String
    var arguments: Arguments
    /// The pipeline command whose options (in `OptionTable`) this command takes, if any.
    var pipeline: OptionCommand?
    /// Options of a command outside the pipeline.
    var ownOptions: [OptionDeclaration] = []
    /// Runs the command with the arguments after its name: `ToolCommand` dispatches here.
    var run: Runner

    typealias Runner = @Sendable (_ arguments: [String], _ output: inout ToolRun) throws(UsageError) -> ToolCommand.ExitStatus

    /// Every option the command takes, in help order (`--help` last).
    var options: [OptionDeclaration] {
        guard let pipeline else { return ownOptions + [CommandTable.helpOption] }
        let all = OptionTable.all.filter { $0.documented.contains(pipeline) }
        return all.filter { !$0.isCommon } + all.filter(\.isCommon)
    }

    /// The argument parser's spec.
    var spec: OptionSpec {
        pipeline.map(OptionTable.spec(for:)) ?? OptionTable.spec(for: options)
    }
}

/// Every command, in the order the help lists them.
enum CommandTable {
    static let helpOption = Option.help.declaration

    static let all: [CommandDeclaration] = [
        CommandDeclaration(
            name: "build", help: { HelpText.build },
            usage: "build [GLYPHS...] [-o OUTPUT] [--fit] [--xcassets PATH] [--preview] [--depfile FILE] [--format FORMAT] [options]",
            summary: "check every glyph, render @2x and @3x PNGs, write catalog.json", arguments: .glyphs, pipeline: .build,
            run: { arguments, output throws(UsageError) in try ToolCommand.build(arguments, command: .build, output: &output) }),
        CommandDeclaration(
            name: "check", help: { HelpText.check }, usage: "check [GLYPHS...] [--fit] [--format FORMAT] [options]",
            summary: "run the checks only, write nothing (for CI)", arguments: .glyphs, pipeline: .check,
            run: { arguments, output throws(UsageError) in try ToolCommand.build(arguments, command: .check, output: &output) }),
        CommandDeclaration(
            name: "render", help: { HelpText.render }, usage: "render GLYPH.svg --scale 2|3 -o FILE.png [--fit] [options]",
            summary: "render one glyph at one scale, exactly as build does (for Make)", arguments: .svgFile, pipeline: .render,
            run: { arguments, output throws(UsageError) in try ToolCommand.render(arguments, output: &output) }),
        CommandDeclaration(
            name: "preview", help: { HelpText.preview }, usage: "preview [GLYPHS...] [-o OUTPUT] [--fit] [--watch] [options]",
            summary: "check the glyphs and write OUTPUT/preview.html to look at them", arguments: .glyphs, pipeline: .preview,
            run: { arguments, output throws(UsageError) in try ToolCommand.build(arguments, command: .preview, output: &output) }),
        CommandDeclaration(
            name: "fix", help: { HelpText.fix }, usage: "fix GLYPH.svg [-o FILE | --in-place] [--dry-run] [options]",
            summary: "apply a glyph's size and centring fix: wrap its drawing in the suggested <g transform>", arguments: .svgFile,
            pipeline: .fix,
            run: { arguments, output throws(UsageError) in try ToolCommand.fix(arguments, output: &output) }),
        CommandDeclaration(
            name: "diff", help: { HelpText.diff }, usage: "diff {--base REV | --base-dir DIR} [GLYPHS...] [--format FORMAT] [--page FILE] [options]",
            summary: "compare the glyphs' build with a git revision's or an earlier Output/, by pixels (for review)", arguments: .glyphs,
            pipeline: .diff,
            run: { arguments, output throws(UsageError) in try ToolCommand.diff(arguments, output: &output) }),
        CommandDeclaration(
            name: "rules", help: { HelpText.rules }, usage: "rules", summary: "list every rule with its id and default severity", arguments: .none,
            run: { arguments, output throws(UsageError) in
                try ToolCommand.ownCommand("rules", arguments, output: &output) { _, output in
                    output.out(ToolCommand.rulesTable())
                    return .clean
                }
            }),
        CommandDeclaration(
            name: "explain", help: { HelpText.explain }, usage: "explain RULE", summary: "what a rule checks and why, with a failing and a fixed example",
            arguments: .words(RuleID.allCases.map(\.rawValue)),
            run: { arguments, output throws(UsageError) in
                try ToolCommand.ownCommand("explain", arguments, output: &output) { parsed, output throws(UsageError) in try ToolCommand.explain(parsed, output: &output) }
            }),
        CommandDeclaration(
            name: "init", help: { HelpText.`init` }, usage: "init [DIR] [--app-name NAME] [--from-info-plist PATH [--strings DIR | --xcstrings FILE]]",
            summary: "start a project: Glyphs/ with an example, iconforge.json, quick-actions.json, the template, .gitignore",
            arguments: .folder,
            ownOptions: [
                Option.initAppName.declaration, Option.fromInfoPlist.declaration, Option.strings.declaration, Option.initXcstrings.declaration,
            ],
            run: { arguments, output throws(UsageError) in
                try ToolCommand.ownCommand("init", arguments, output: &output) { parsed, output throws(UsageError) in try ToolCommand.initialize(parsed, output: &output) }
            }),
        CommandDeclaration(
            name: "doctor", help: { HelpText.doctor }, usage: "doctor", summary: "check the installation: librsvg, libpng and render workers", arguments: .none,
            run: { arguments, output throws(UsageError) in
                try ToolCommand.ownCommand("doctor", arguments, output: &output) { parsed, output in ToolCommand.doctor(parsed, output: &output) }
            }),
        CommandDeclaration(
            name: "completions", help: { HelpText.completions }, usage: "completions bash|zsh|fish", summary: "print a shell completion script",
            arguments: .words(ShellCompletions.Shell.allCases.map(\.rawValue)),
            run: { arguments, output throws(UsageError) in
                try ToolCommand.ownCommand("completions", arguments, output: &output) { parsed, output throws(UsageError) in
                    try ToolCommand.completions(parsed, output: &output)
                }
            }),
        CommandDeclaration(
            name: "help", help: { HelpText.main }, usage: "help [COMMAND]", summary: "show the help, or a command's", arguments: .command,
            run: { arguments, output throws(UsageError) in try ToolCommand.help(arguments, output: &output) }),
    ]

    /// The declaration named `name`.
    static func command(_ name: String) -> CommandDeclaration? {
        all.first { $0.name == name }
    }

    static var names: [String] { all.map(\.name) }

    /// Options every invocation takes without a command.
    static let globalOptions = [
        Option.version.declaration,
        helpOption,
    ]
}
