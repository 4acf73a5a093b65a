/// One `iconforge` command, declared once, in `CommandTable`: dispatch, `--help`, its help
/// text, the help's command list, the shell completions, the man page and docs/reference.md
/// are made from these declarations (with the options of `OptionTable`), so none of them can
/// leave a command or an option out, and no command is run from anywhere else.
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
        /// One of fixed words (a rule id, a shell), called `name` in zsh's completion.
        case words([String], name: String = "value")
        /// A command's name.
        case command
    }

    /// `build`.
    var name: String
    /// Other words that run it, listed nowhere (`--help` and `-h` for `help`).
    var aliases: [String] = []
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
    /// Whether the command's words are read as options (else every word is a positional, and
    /// `--help` is not answered for it).
    var readsOptions = true
    /// Runs the command on its command line, parsed, once `--help` has been answered.
    var run: Runner
    /// Reports a usage error, the command line's or the run's, when the command has more to
    /// say than `iconforge: error: …` (`build` gives CI the document its `--format` promises).
    var reportUsageError: UsageErrorReport?

    typealias Runner =
        @Sendable (_ arguments: ParsedArguments, _ output: inout ToolRun) throws(UsageError) -> ToolCommand.ExitStatus
    typealias UsageErrorReport =
        @Sendable (_ error: UsageError, _ commandLine: ScannedArguments, _ output: inout ToolRun) throws(UsageError) ->
        ToolCommand.ExitStatus

    /// Every option the command takes, in help order (`--help` last).
    var options: [OptionDeclaration] {
        guard let pipeline else { return ownOptions + [CommandTable.helpOption] }
        let all = OptionTable.all.filter { $0.documented.contains(pipeline) }
        return all.filter { !$0.isCommon } + all.filter(\.isCommon)
    }

    /// The argument parser's spec.
    var spec: OptionSpec {
        guard readsOptions else { return .positionalsOnly }
        return pipeline.map(OptionTable.spec(for:)) ?? OptionTable.spec(for: options)
    }

    /// Runs the command on the words after its name. The one place a command line is
    /// scanned and `--help` answered: for every command, before it runs.
    func invoke(_ words: [String], output: inout ToolRun) throws(UsageError) -> ToolCommand.ExitStatus {
        let commandLine = ArgumentParser.scan(words, spec: spec)
        do throws(UsageError) {
            if let error = commandLine.error { throw error }
            if try OptionSettings(parsed: commandLine.parsed).value(of: .help) {
                output.out(help())
                return .clean
            }
            return try run(commandLine.parsed, &output)
        } catch {
            guard let reportUsageError else { throw error }
            return try reportUsageError(error, commandLine, &output)
        }
    }
}

/// Every command, in the order the help lists them, and the two the help lists not: the one
/// registry `ToolCommand.run` dispatches from (the render worker's mode, which speaks frames
/// on standard input and output, is the executable's, entered before any command runs).
enum CommandTable {
    static let helpOption = Option.help.declaration

    static let all: [CommandDeclaration] = [
        CommandDeclaration(
            name: "build", help: { HelpText.build },
            usage:
                "build [GLYPHS...] [-o OUTPUT] [--fit] [--xcassets PATH] [--preview] [--depfile FILE] [--format FORMAT] [options]",
            summary: "check every glyph, render @2x and @3x PNGs, write catalog.json", arguments: .glyphs,
            pipeline: .build,
            run: { parsed, output throws(UsageError) in try ToolCommand.build(parsed, command: .build, output: &output)
            },
            reportUsageError: { error, commandLine, output throws(UsageError) in
                try ToolCommand.reportBuildUsageError(error, commandLine, command: .build, output: &output)
            }),
        CommandDeclaration(
            name: "check", help: { HelpText.check }, usage: "check [GLYPHS...] [--fit] [--format FORMAT] [options]",
            summary: "run the checks only, write nothing (for CI)", arguments: .glyphs, pipeline: .check,
            run: { parsed, output throws(UsageError) in try ToolCommand.build(parsed, command: .check, output: &output)
            },
            reportUsageError: { error, commandLine, output throws(UsageError) in
                try ToolCommand.reportBuildUsageError(error, commandLine, command: .check, output: &output)
            }),
        CommandDeclaration(
            name: "render", help: { HelpText.render },
            usage: "render GLYPH.svg --scale 2|3 -o FILE.png [--fit] [options]",
            summary: "render one glyph at one scale, exactly as build does (for Make)", arguments: .svgFile,
            pipeline: .render,
            run: { parsed, output throws(UsageError) in try ToolCommand.render(parsed, output: &output) }),
        CommandDeclaration(
            name: "preview", help: { HelpText.preview },
            usage: "preview [GLYPHS...] [-o OUTPUT] [--fit] [--watch] [options]",
            summary: "check the glyphs and write OUTPUT/preview.html to look at them", arguments: .glyphs,
            pipeline: .preview,
            run: { parsed, output throws(UsageError) in
                try ToolCommand.build(parsed, command: .preview, output: &output)
            },
            reportUsageError: { error, commandLine, output throws(UsageError) in
                try ToolCommand.reportBuildUsageError(error, commandLine, command: .preview, output: &output)
            }),
        CommandDeclaration(
            name: "fix", help: { HelpText.fix }, usage: "fix GLYPH.svg [-o FILE | --in-place] [--dry-run] [options]",
            summary: "apply a glyph's size and centring fix: wrap its drawing in the suggested <g transform>",
            arguments: .svgFile,
            pipeline: .fix,
            run: { parsed, output throws(UsageError) in try ToolCommand.fix(parsed, output: &output) }),
        CommandDeclaration(
            name: "diff", help: { HelpText.diff },
            usage: "diff {--base REV | --base-dir DIR} [GLYPHS...] [--format FORMAT] [--page FILE] [options]",
            summary: "compare the glyphs' build with a git revision's or an earlier Output/, by pixels (for review)",
            arguments: .glyphs,
            pipeline: .diff,
            run: { parsed, output throws(UsageError) in try ToolCommand.diff(parsed, output: &output) }),
        CommandDeclaration(
            name: "rules", help: { HelpText.rules }, usage: "rules",
            summary: "list every rule with its id and default severity", arguments: .none,
            run: { _, output in
                output.out(ToolCommand.rulesTable())
                return .clean
            }),
        CommandDeclaration(
            name: "explain", help: { HelpText.explain }, usage: "explain RULE",
            summary: "what a rule checks and why, with a failing and a fixed example",
            arguments: .words(RuleID.allCases.map(\.rawValue), name: "rule"),
            run: { parsed, output throws(UsageError) in try ToolCommand.explain(parsed, output: &output) }),
        CommandDeclaration(
            name: "init", help: { HelpText.`init` },
            usage: "init [DIR] [--app-name NAME] [--from-info-plist PATH [--strings DIR | --xcstrings FILE]]",
            summary:
                "start a project: Glyphs/ with an example, iconforge.json, quick-actions.json, the template, .gitignore",
            arguments: .folder,
            ownOptions: [
                Option.initAppName.declaration, Option.fromInfoPlist.declaration, Option.strings.declaration,
                Option.initXcstrings.declaration,
            ],
            run: { parsed, output throws(UsageError) in try ToolCommand.initialize(parsed, output: &output) }),
        CommandDeclaration(
            name: "doctor", help: { HelpText.doctor }, usage: "doctor",
            summary: "check the installation: librsvg, libpng and render workers", arguments: .none,
            run: { parsed, output in ToolCommand.doctor(parsed, output: &output) }),
        CommandDeclaration(
            name: "completions", help: { HelpText.completions }, usage: "completions bash|zsh|fish",
            summary: "print a shell completion script",
            arguments: .words(ShellCompletions.Shell.allCases.map(\.rawValue)),
            run: { parsed, output throws(UsageError) in try ToolCommand.completions(parsed, output: &output) }),
        CommandDeclaration(
            name: "help", aliases: [helpOption.short, helpOption.name].compactMap { $0 }, help: { HelpText.main },
            usage: "help [COMMAND]",
            summary: "show the help, or a command's", arguments: .command,
            run: { parsed, output throws(UsageError) in try ToolCommand.help(parsed, output: &output) }),
    ]

    /// Commands that run but are not listed: `iconforge --version` (the help names it on a
    /// line of its own) and `generate-docs`, behind `make docs`. Every word after their name
    /// is a positional.
    static let unlisted: [CommandDeclaration] = [
        CommandDeclaration(
            name: Option.version.name, aliases: ["version"], help: { HelpText.main }, usage: "--version",
            summary: "print iconforge's version",
            arguments: .none, readsOptions: false,
            run: { _, output in
                output.out("iconforge \(Builder.toolVersion)")
                return .clean
            }),
        CommandDeclaration(
            name: "generate-docs", help: { HelpText.main }, usage: "generate-docs ROOT",
            summary: "write the files `make docs` generates into ROOT",
            arguments: .folder, readsOptions: false,
            run: { parsed, output throws(UsageError) in
                try ToolCommand.generateDocs(parsed.positionals, output: &output)
            }),
    ]

    /// The declaration named `name`, of the listed commands (`iconforge help NAME`).
    static func command(_ name: String) -> CommandDeclaration? {
        all.first { $0.name == name }
    }

    /// The command a command line's first word runs: a listed or unlisted command's name
    /// or alias.
    static func dispatched(_ word: String) -> CommandDeclaration? {
        (all + unlisted).first { $0.name == word || $0.aliases.contains(word) }
    }

    static var names: [String] { all.map(\.name) }

    /// Options every invocation takes without a command.
    static let globalOptions = [
        Option.version.declaration,
        helpOption,
    ]
}
