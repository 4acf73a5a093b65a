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
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), documented: Set<OptionCommand>? = nil,
        help: [String]
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
    init(
        _ name: String, short: String? = nil, _ kind: Kind, values: [String] = [], configurationKey: String? = nil,
        help: [String]
    ) {
        let placeholder = values.isEmpty ? "" : "[=" + values.joined(separator: "|") + "]"
        self.init(name, short: short, placeholder, kind, configurationKey: configurationKey, help: help)
        flagValues = values
    }

    /// Whether every command's help lists it, in the shared list.
    var isCommon: Bool { documented.count == OptionCommand.allCases.count }

    /// `-o, --output DIR`, as the help lists it.
    var helpLabel: String {
        (short.map { $0 + ", " } ?? "") + name + (placeholder.isEmpty || placeholder.hasPrefix("[=") ? "" : " ")
            + placeholder
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

/// The options of `build`, `check`, `render`, `preview` and `fix` together (`all`, in
/// `Options.swift`): the parser's spec, the help's lists and the commands they belong to.
enum OptionTable {
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
                add(
                    negatable.compactMap(\.negation).joined(separator: ", "),
                    ["undo \(keys.joined(separator: " or ")) set in iconforge.json"])
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
        guard declaration(option, of: command) == nil, !options(of: command).contains(where: { $0.short == option })
        else { return nil }
        return OptionCommand.allCases.first { other in
            other != command && options(of: other).contains { $0.name == option || $0.short == option }
        }
    }
}
