/// An option as the commands read it, declared once: its declaration (name, kind, range or
/// choices, `iconforge.json` key, help; from which the parser, the file's reader, the help,
/// the man page, the completions and the schema are made), the type a command reads it as,
/// and its default, from which the help's "(default: …)" is written. Commands read it
/// through `OptionSettings.value(of:)`, so a misspelt option is a compile error and the
/// default they get is the one the help states. The options themselves are in `Options.swift`.
struct Option<Value: Sendable>: Sendable {
    var declaration: OptionDeclaration
    /// What a command gets when neither the command line nor `iconforge.json` gives it.
    var defaultValue: Value
    /// The given value, checked against the declaration (see `OptionSettings`), as `Value`.
    var convert: @Sendable (OptionValue) -> Value?

    var name: String { declaration.name }

    /// The help lines with "(default: …)" after them: on the last line if it fits, else
    /// starting a line of its own (wrapped), so the phrase reads whole.
    static func helpLines(_ lines: [String], default shown: String?) -> [String] {
        guard let shown else { return lines }
        let phrase = "(default: \(shown))"
        var help = lines
        if let last = help.last, last.count + 1 + phrase.count <= helpWidth {
            help[help.count - 1] = last + " " + phrase
            return help
        }
        var line = ""
        for word in phrase.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > helpWidth {
                help.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return help + [line]
    }

    /// The longest help line a default is added to (the help's option column starts at 27).
    static var helpWidth: Int { 52 }
}

extension Option where Value == Bool {
    /// On or off (off by default); `negation` (`--no-werror`) turns off what
    /// `iconforge.json` turned on.
    static func flag(
        _ name: String, short: String? = nil, negation: String? = nil, configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), help: [String]
    ) -> Option {
        var declaration = OptionDeclaration(
            name, short: short, .flag(negation: negation), configurationKey: configurationKey, help: help)
        declaration.commands = commands
        declaration.documented = commands
        return Option(declaration: declaration, defaultValue: false) { if case .flag(let on) = $0 { on } else { nil } }
    }
}

extension Option where Value == String? {
    /// A word or a file, nil unless given; `shownDefault` says in the help what is done
    /// without it (worked out at run time, so no value of the option).
    static func text(
        _ name: String, short: String? = nil, _ placeholder: String, _ kind: OptionDeclaration.Kind = .text,
        configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), shownDefault: String? = nil, help: [String]
    ) -> Option {
        let declaration = OptionDeclaration(
            name, short: short, placeholder, kind, configurationKey: configurationKey, commands: commands,
            help: helpLines(help, default: shownDefault))
        return Option(declaration: declaration, defaultValue: nil) {
            if case .text(let text) = $0 { text } else { nil }
        }
    }
}

extension Option where Value == String {
    /// A word or a file, with a default.
    static func text(
        _ name: String, short: String? = nil, _ placeholder: String, _ kind: OptionDeclaration.Kind = .text,
        configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), default value: String, help: [String]
    ) -> Option {
        let declaration = OptionDeclaration(
            name, short: short, placeholder, kind, configurationKey: configurationKey, commands: commands,
            help: helpLines(help, default: value))
        return Option(declaration: declaration, defaultValue: value) {
            if case .text(let text) = $0 { text } else { nil }
        }
    }
}

extension Option where Value == [String] {
    /// Files or folders, the option given once for each; in `iconforge.json`, a list.
    static func paths(
        _ name: String, _ placeholder: String, configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases),
        help: [String]
    ) -> Option {
        let declaration = OptionDeclaration(
            name, placeholder, .paths, configurationKey: configurationKey, commands: commands, help: help)
        return Option(declaration: declaration, defaultValue: []) {
            if case .texts(let list) = $0 { list } else { nil }
        }
    }
}

extension Option where Value == Double {
    static func number(
        _ name: String, _ placeholder: String, _ range: ClosedRange<Double>, configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), default value: Double, help: [String]
    ) -> Option {
        let declaration = OptionDeclaration(
            name, placeholder, .number(range), configurationKey: configurationKey, commands: commands,
            help: helpLines(help, default: value.pt))
        return Option(declaration: declaration, defaultValue: value) {
            if case .number(let number) = $0 { number } else { nil }
        }
    }
}

extension Option where Value == Int {
    /// A whole number; `shownDefault` stands for the default in the help when it is worked
    /// out on the machine ("all cores").
    static func integer(
        _ name: String, short: String? = nil, _ placeholder: String, _ range: ClosedRange<Int>,
        configurationKey: String? = nil,
        commands: Set<OptionCommand> = Set(OptionCommand.allCases), documented: Set<OptionCommand>? = nil,
        default value: Int,
        shownDefault: String? = nil, help: [String]
    ) -> Option {
        let declaration = OptionDeclaration(
            name, short: short, placeholder, .integer(range), configurationKey: configurationKey, commands: commands,
            documented: documented,
            help: helpLines(help, default: shownDefault ?? "\(value)"))
        return Option(declaration: declaration, defaultValue: value) {
            if case .integer(let integer) = $0 { integer } else { nil }
        }
    }
}

extension Option where Value: OptionChoice & Equatable {
    /// One of a few words, each with its help lines; the default's first line says so.
    static func choice(
        _ name: String, _ placeholder: String, commands: Set<OptionCommand> = Set(OptionCommand.allCases),
        default value: Value,
        _ choices: KeyValuePairs<Value, [String]>
    ) -> Option {
        var help: [String] = []
        for (choice, lines) in choices {
            help.append(choice.rawValue + (choice == value ? " (default)" : "") + ": " + lines[0])
            help += lines.dropFirst()
        }
        let declaration = OptionDeclaration(
            name, placeholder, .choice(choices.map(\.key.rawValue)), commands: commands, help: help)
        return Option(declaration: declaration, defaultValue: value) {
            if case .text(let text) = $0 { Value(rawValue: text) } else { nil }
        }
    }
}

extension Option {
    /// A flag that also takes one of a few words (`--fit[=set|glyph]`): nil when off, else
    /// the word given, or the first word for the bare flag (or `true` in `iconforge.json`).
    static func flagChoice<Choice: OptionChoice>(
        _ name: String, negation: String, configurationKey: String, help: [String]
    ) -> Option<Choice?> where Value == Choice? {
        let declaration = OptionDeclaration(
            name, .flag(negation: negation), values: Choice.words, configurationKey: configurationKey, help: help)
        return Option(declaration: declaration, defaultValue: nil) {
            if case .text(let text) = $0 { Choice(rawValue: text) } else { nil }
        }
    }
}

extension Option {
    /// One of a few words, or nil when neither the command line nor `iconforge.json` gives one
    /// (`--vector pdf|svg`: no vector image sets).
    static func optionalChoice<Choice: OptionChoice>(
        _ name: String, _ placeholder: String, configurationKey: String, commands: Set<OptionCommand>, help: [String]
    ) -> Option<Choice?> where Value == Choice? {
        let declaration = OptionDeclaration(
            name, placeholder, .choice(Choice.words), configurationKey: configurationKey, commands: commands, help: help
        )
        return Option(declaration: declaration, defaultValue: nil) {
            if case .text(let text) = $0 { Choice(rawValue: text) } else { nil }
        }
    }
}
