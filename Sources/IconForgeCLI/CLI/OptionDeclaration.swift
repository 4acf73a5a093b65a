/// A command that takes options.
enum OptionCommand: String, Sendable, CaseIterable {
    case build, check, render, preview, fix, diff
}

/// One command-line option, declared once: the parser's spec, the help text's option
/// lists, the `iconforge.json` key and the range checks are all made from it.
struct OptionDeclaration: Sendable {
    /// What the option takes, and the values it allows.
    enum Kind: Sendable {
        /// On or off; `negation` (`--no-fit`) turns off what the configuration file turned on.
        case flag(negation: String? = nil)
        case text
        /// A file or folder; in `iconforge.json`, relative to the file.
        case path
        /// Files or folders: the option may be given more than once; in `iconforge.json`, a
        /// list of paths relative to the file.
        case paths
        case number(ClosedRange<Double>)
        case integer(ClosedRange<Int>)
        case choice([String])

        /// Whether the option names files or folders (shells complete file names for it).
        var takesPaths: Bool {
            switch self {
            case .path, .paths: true
            default: false
            }
        }
    }

    /// `--output`.
    var name: String
    /// `-o`.
    var short: String?
    /// What the help shows after the name: `DIR` in `--output DIR`.
    var placeholder: String
    var kind: Kind
    /// The key in `iconforge.json` that sets the same thing, if the file may set it.
    var configurationKey: String?
    /// The commands that accept the option.
    var commands: Set<OptionCommand>
    /// The commands whose help lists it (a subset of `commands`).
    var documented: Set<OptionCommand>
    /// The help text, one element per line, with its default.
    var help: [String]
    /// For a flag, the values it may also be given as `--fit=VALUE` (the first is what the
    /// bare flag means); in `iconforge.json`, the key takes true, false or one of them.
    var flagValues: [String] = []

    init(
        _ name: String, short: String? = nil, _ placeholder: String, _ kind: Kind, configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), documented: Set<OptionCommand>? = nil, help: [String]
    ) {
        self.name = name
        self.short = short
        self.placeholder = placeholder
        self.kind = kind
        self.configurationKey = configurationKey
        self.commands = commands
        self.documented = documented ?? commands
        self.help = help
    }

    /// A flag, which shows no placeholder unless it also takes `values` (`--fit[=set|glyph]`).
    init(_ name: String, short: String? = nil, _ kind: Kind, values: [String] = [], configurationKey: String? = nil, help: [String]) {
        let placeholder = values.isEmpty ? "" : "[=" + values.joined(separator: "|") + "]"
        self.init(name, short: short, placeholder, kind, configurationKey: configurationKey, help: help)
        flagValues = values
    }

    /// Whether every command's help lists it, in the shared list.
    var isCommon: Bool { documented.count == OptionCommand.allCases.count }

    /// `-o, --output DIR`, as the help lists it.
    var helpLabel: String {
        (short.map { $0 + ", " } ?? "") + name + (placeholder.isEmpty || placeholder.hasPrefix("[=") ? "" : " ") + placeholder
    }

    var negation: String? {
        if case .flag(let negation) = kind { negation } else { nil }
    }
}

/// A value an option was given, on the command line or in the configuration file.
enum OptionValue: Sendable, Equatable {
    case flag(Bool)
    case text(String)
    case texts([String])
    case number(Double)
    case integer(Int)
}

/// Every option of `build`, `check` and `render`, in the order their help lists them.
enum OptionTable {
    static let all: [OptionDeclaration] = [
        // build's own
        OptionDeclaration(
            "--output", short: "-o", "DIR", .path, configurationKey: "output", commands: [.build, .preview],
            help: ["output folder (default: Output)"]),
        OptionDeclaration(
            "--preview", "", .flag(), commands: [.build],
            help: ["also write the preview page, OUTPUT/\(Preview.fileName)", "(see 'iconforge help preview')"]),
        OptionDeclaration(
            "--xcassets", "PATH", .path, configurationKey: "xcassets", commands: [.build],
            help: ["also write the glyphs into an Xcode asset catalog", "as template images"]),
        OptionDeclaration("--depfile", "FILE", .path, commands: [.build], help: ["write a make-style dependency file"]),
        OptionDeclaration(
            "--xcfilelist", "DIR", .path, configurationKey: "xcfilelist", commands: [.build],
            help: ["write iconforge-inputs.xcfilelist and iconforge-outputs.xcfilelist", "there, for an Xcode Run Script phase"]),
        OptionDeclaration(
            "--xcassets-check", "PATH", .paths, configurationKey: "xcassetsCheck", commands: [.build],
            help: ["another asset catalog of the app's target, whose", "asset names the glyphs must not take (repeatable)"]),
        OptionDeclaration(
            "--info-plist", "PATH", .path, configurationKey: "infoPlist", commands: [.build],
            help: ["replace UIApplicationShortcutItems in this Info.plist,", "keeping everything else (created if missing)"]),
        OptionDeclaration(
            "--info-plist-strings", "DIR", .path, configurationKey: "infoPlistStrings", commands: [.build],
            help: ["update the quick actions' lines, between markers,", "in DIR/<locale>.lproj/InfoPlist.strings"]),
        OptionDeclaration(
            "--xcstrings", "FILE", .path, configurationKey: "xcstrings", commands: [.build],
            help: ["merge the quick actions' translations into this", "String Catalog (InfoPlist.xcstrings)"]),
        OptionDeclaration(
            "--swift", "FILE", .path, configurationKey: "swift", commands: [.build],
            help: ["write a Swift enum of the quick actions' types and icons"]),
        OptionDeclaration(
            "--swift-public", "", .flag(), configurationKey: "swiftPublic", commands: [.build],
            help: ["make --swift's enum and its members public", "(for a framework the app imports)"]),
        OptionDeclaration(
            "--follow-symlinks", "", .flag(), commands: [.build],
            help: ["write through symlinks (output folder, --xcassets, app files)", "that lead out of the project; dangling ones never"]),
        // render's own
        OptionDeclaration("--scale", "2|3", .text, commands: [.render], help: ["which template scale to render"]),
        OptionDeclaration("--output", short: "-o", "FILE", .path, commands: [.render], help: ["the PNG to write"]),
        // fix's own
        OptionDeclaration(
            "--output", short: "-o", "FILE", .path, commands: [.fix],
            help: ["the fixed SVG to write (default: NAME.fixed.svg", "beside GLYPH.svg)"]),
        OptionDeclaration("--in-place", "", .flag(), commands: [.fix], help: ["replace GLYPH.svg itself"]),
        OptionDeclaration("--dry-run", "", .flag(), commands: [.fix], help: ["print the change as a diff and write nothing"]),
        // check accepts it too (and writes no PNG)
        OptionDeclaration(
            "--png-compression", "N", .integer(1...12), configurationKey: "pngCompression", documented: [.build, .render],
            help: ["1 (fastest) to 12 (smallest PNGs) (default: \(PNGEncoder.defaultCompressionLevel))"]),
        // build's and check's
        OptionDeclaration(
            "--format", "FORMAT", .choice(OutputFormat.words), commands: [.build, .check],
            help: [
                "text (default): file:line:col: error: message [rule]", "json: one JSON document (see docs/ci.md)",
                "github: GitHub Actions ::error annotations", "sarif: SARIF 2.1.0 for GitHub code scanning",
            ]),
        OptionDeclaration(
            "--path-base", "DIR", .path, commands: [.build, .check, .diff],
            help: [
                "github and sarif paths are relative to DIR (default:", "the repository root, the nearest folder up with",
                ".git; else the current folder)",
            ]),
        OptionDeclaration(
            "--watch", "", .flag(), commands: [.build, .check, .preview],
            help: ["run again whenever a glyph, quick-actions.json or", "iconforge.json changes (Ctrl-C stops)"]),
        // diff's own
        OptionDeclaration(
            "--base", "REV|DIR", .text, commands: [.diff],
            help: [
                "what to compare with: a git revision (origin/main; read", "from git's objects, built in a temporary folder with",
                "its own iconforge.json), or a folder holding an earlier", "Output/ (its catalog.json and PNGs); required",
            ]),
        OptionDeclaration(
            "--format", "FORMAT", .choice(DiffFormat.words), commands: [.diff],
            help: [
                "text (default): a summary, one line per change", "json: one JSON document (see docs/ci.md)",
                "github: ::notice annotations on changed glyphs, ::warning", "on new findings (and the job summary)",
            ]),
        OptionDeclaration(
            "--page", "FILE", .path, commands: [.diff],
            help: ["where to write the HTML page of the changes", "(default: OUTPUT/\(DiffPage.fileName))"]),
        // every command's
        OptionDeclaration(
            "--fit", .flag(negation: "--no-fit"), values: FitChoice.words, configurationKey: "fit",
            help: [
                "for sets not drawn on the 35 pt template: set (what", "--fit means) gives glyphs on one artboard size",
                "one scale, bringing the typical glyph to its", "target; glyph scales each ink box to the exact",
                "target; default: template mode, the drawing untouched",
            ]),
        OptionDeclaration("--werror", .flag(negation: "--no-werror"), configurationKey: "werror", help: ["treat warnings as errors"]),
        OptionDeclaration("--jobs", short: "-j", "N", .integer(1...256), help: ["glyphs processed at once (default: all cores)"]),
        OptionDeclaration(
            "--shape-threshold", "R", .number(1...10), configurationKey: "shapeThreshold",
            help: ["aspect ratio at which a glyph is wide or tall", "(default: \(PipelineOptions().shapeThreshold.pt))"]),
        OptionDeclaration(
            "--tolerance", "PT", .number(0...35), configurationKey: "tolerance",
            help: ["allowed distance of the governing dimension", "from its target (default: \(PipelineOptions().sizeTolerance.pt))"]),
        OptionDeclaration(
            "--max-file-size", "BYTES", .integer(1...(1 << 30)), help: ["largest SVG read (default: \(Limits().maximumFileBytes))"]),
        OptionDeclaration(
            "--max-elements", "N", .integer(1...10_000_000), help: ["most elements in one SVG (default: \(Limits().maximumElements))"]),
        OptionDeclaration(
            "--render-timeout", "S", .number(0.1...3600), configurationKey: "renderTimeout",
            help: ["seconds one glyph may take to render (default: \(Isolation.defaultRenderTimeout.pt))"]),
        OptionDeclaration(
            "--isolation", "MODE", .choice(IsolationChoice.words),
            help: [
                "workers (default): render in worker processes", "with time and memory limits; none: in this",
                "process, without limits",
            ]),
        OptionDeclaration("--app-name", "NAME", .text, configurationKey: "appName", help: ["the app's name, for the actions.app-name rule"]),
        OptionDeclaration("--config", "FILE", .path, help: ["settings file (default: iconforge.json if present)"]),
        OptionDeclaration("--quiet", short: "-q", .flag(), help: ["print errors and warnings only, no summary"]),
        OptionDeclaration("--help", short: "-h", .flag(), help: ["show this help"]),
    ]

    /// The declarations `command` accepts.
    static func options(of command: OptionCommand) -> [OptionDeclaration] {
        all.filter { $0.commands.contains(command) }
    }

    /// The declaration of `name` (a long name or a negation) for `command`.
    static func declaration(_ name: String, of command: OptionCommand) -> OptionDeclaration? {
        options(of: command).first { $0.name == name || $0.negation == name }
    }

    /// The parser's spec for `command`.
    static func spec(for command: OptionCommand) -> OptionSpec {
        spec(for: options(of: command))
    }

    /// The parser's spec for a list of declarations.
    static func spec(for declarations: [OptionDeclaration]) -> OptionSpec {
        var spec = OptionSpec(valued: [], flags: [])
        for option in declarations {
            if case .flag(let negation) = option.kind {
                spec.flags.insert(option.name)
                if let negation { spec.flags.insert(negation) }
                if !option.flagValues.isEmpty { spec.flagsWithValues.insert(option.name) }
            } else {
                spec.valued.insert(option.name)
                if case .paths = option.kind { spec.repeatable.insert(option.name) }
            }
            if let short = option.short { spec.aliases[short] = option.name }
        }
        return spec
    }

    /// The help's option list for `command`: its own options, then the shared ones.
    static func helpLines(for command: OptionCommand) -> String {
        let documented = all.filter { $0.documented.contains(command) }
        var lines: [String] = []
        func add(_ label: String, _ help: [String]) { lines += helpLines(label, help) }
        let common = documented.filter(\.isCommon)
        let negatable = common.filter { $0.negation != nil }
        for option in documented.filter({ !$0.isCommon }) + common {
            add(option.helpLabel, option.help)
            // The negations share one line, after the last option that has one.
            if option.name == negatable.last?.name {
                let keys = negatable.compactMap { $0.configurationKey.map { "\"\($0)\"" } }
                add(negatable.compactMap(\.negation).joined(separator: ", "), ["undo \(keys.joined(separator: " or ")) set in iconforge.json"])
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One option's lines in a help's option list.
    static func helpLines(_ label: String, _ help: [String]) -> [String] {
        ["  " + label.padded(to: 25) + help[0]] + help.dropFirst().map { String(repeating: " ", count: 27) + $0 }
    }

    /// The help's option list for a command outside the pipeline.
    static func helpLines(for declarations: [OptionDeclaration]) -> String {
        declarations.flatMap { helpLines($0.helpLabel, $0.help) }.joined(separator: "\n")
    }

    /// The options `command` does not take but another command does, with that command:
    /// "option '--format' is for 'check'".
    static func otherCommand(for option: String, than command: OptionCommand) -> OptionCommand? {
        guard declaration(option, of: command) == nil, !options(of: command).contains(where: { $0.short == option }) else { return nil }
        return OptionCommand.allCases.first { other in
            other != command && options(of: other).contains { $0.name == option || $0.short == option }
        }
    }
}
