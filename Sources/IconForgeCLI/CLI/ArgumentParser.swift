/// A command line split into options and positional arguments, by a small pure parser:
/// `--name value`, `--name=value`, `-o value`, `-ovalue`, flags, and `--` to end options.
struct ParsedArguments: Equatable, Sendable {
    var values: [String: String] = [:]
    /// Every value of an option that may be given more than once, in order.
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
}

/// A command's options: which take a value, which are flags, and short aliases.
struct OptionSpec: Sendable {
    var valued: Set<String>
    var flags: Set<String>
    var aliases: [String: String] = [:]
    /// Valued options that may be given more than once.
    var repeatable: Set<String> = []
    /// Flags that may also be given a value after `=` (`--fit=glyph`), kept in `values`.
    var flagsWithValues: Set<String> = []
    /// False for a command that reads every word as a positional (`--version`, `generate-docs`).
    var readsOptions = true

    /// Every word a positional: no option, not even `--`.
    static let positionalsOnly = OptionSpec(valued: [], flags: [], readsOptions: false)
}

/// A command line read once, word by word (`ArgumentParser.scan`): what the command's
/// options make of it, the first thing they cannot read, and, whether it parses or not,
/// the options as written, which is all a refused command line's report needs.
struct ScannedArguments: Sendable {
    var parsed = ParsedArguments()
    /// The first word the spec cannot read: the command line is refused with it.
    var error: UsageError?
    /// Every word before `--` that starts with `-`, up to a `=` (`--format`, `-o`), with the
    /// value written with it (after `=`) or else the word after it: read literally, known
    /// to the spec or not (the `--format` CI asked for; an option another command takes).
    var written: [(option: String, value: String?)] = []
}

/// A command line that cannot be understood; the message names the argument.
package struct UsageError: Error, Equatable, Sendable {
    package var message: String
    /// Where to look next, printed after the message.
    package var hint = "Run 'iconforge --help' for usage."
    /// A file the command line names does not exist or cannot be read: exit status 3, not 2.
    package var isUnreadableInput = false
    /// The file the error is about (the configuration file), nil for the command line itself.
    package var file: String?
    /// Where in `file` (a configuration file's line and column), when that is known.
    package var location: SourceLocation?
    package init(_ message: String) { self.message = message }
}

/// The one reader of a command line's words: `CommandDeclaration.invoke` scans them once,
/// and every command reads the `ParsedArguments` it made.
enum ArgumentParser {
    /// The words' options and positionals under `spec`, as `parse` reads them, and what
    /// the words say literally; scanning goes on past an error, for `written`.
    static func scan(_ arguments: [String], spec: OptionSpec) -> ScannedArguments {
        var scanned = ScannedArguments()
        var optionsEnded = !spec.readsOptions
        var wordsEnded = false
        // The option whose value the next word is.
        var awaitingValue: String?
        for (index, argument) in arguments.enumerated() {
            wordsEnded = wordsEnded || argument == "--"
            if !wordsEnded, argument.hasPrefix("-") {
                let equals = argument.firstIndex(of: "=")
                let option = String(argument[..<(equals ?? argument.endIndex)])
                let next = index + 1 < arguments.count ? arguments[index + 1] : nil
                scanned.written.append((option, equals.map { String(argument[argument.index(after: $0)...]) } ?? next))
            }
            guard scanned.error == nil else { continue }
            if let option = awaitingValue {
                awaitingValue = nil
                scanned.parsed.set(option, to: argument, spec: spec)
            } else if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                scanned.parsed.positionals.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else {
                do throws(UsageError) {
                    awaitingValue = try scanned.parsed.read(argument, spec: spec)
                } catch {
                    scanned.error = error
                }
            }
        }
        if let option = awaitingValue, scanned.error == nil {
            scanned.error = UsageError("option '\(option)' needs a value")
        }
        return scanned
    }

    /// The words' options and positionals under `spec`; the first word it cannot read is
    /// the error.
    static func parse(_ arguments: [String], spec: OptionSpec) throws(UsageError) -> ParsedArguments {
        let scanned = scan(arguments, spec: spec)
        if let error = scanned.error { throw error }
        return scanned.parsed
    }

    /// The known option nearest to `name` by edit distance, if it is close.
    static func closest(to name: String, among options: Set<String>) -> String? {
        let scored = options.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}

/// The options of one command as the command line and the configuration file give them,
/// each converted and checked by its declaration; the command line wins. Read through the
/// options' typed values (`value(of: .renderTimeout)`), never by name.
struct OptionSettings {
    var parsed: ParsedArguments
    var configuration = Configuration()

    /// The option's value: as the command line gives it, else `iconforge.json`, else the
    /// default the option declares (and its help states).
    func value<Value>(of option: Option<Value>) throws(UsageError) -> Value {
        try given(option) ?? option.defaultValue
    }

    /// The value the command line or the file gives, nil when neither does.
    func given<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        try checkedValue(option.declaration).flatMap(option.convert)
    }

    /// Whether the command line gives the option (or its negation), not only the file.
    func isOnCommandLine<Value>(_ option: Option<Value>) -> Bool {
        let names = [option.name] + (option.declaration.negation.map { [$0] } ?? [])
        return names.contains { parsed.flags.contains($0) || parsed.values[$0] != nil }
    }

    /// The value of an option, from the command line (checked here) or the file (checked
    /// when it was read). A flag is on if given, off if its negation is given, else as the
    /// file says; a flag that also takes values (`--fit[=set|glyph]`) is nil when off, else
    /// the value given, or the first of its values for the bare flag (or `true` in the file).
    private func checkedValue(_ option: OptionDeclaration) throws(UsageError) -> OptionValue? {
        let name = option.name
        // Only an option with a key is the file's (another command's option may share its name).
        let file = option.configurationKey == nil ? nil : configuration.options[name]
        let fileText: String? = if case .text(let text)? = file { text } else { nil }
        if case .flag(let negation) = option.kind {
            let on = parsed.flags.contains(name)
            let off = negation.map(parsed.flags.contains) ?? false
            if on, off, let negation {
                throw UsageError("options '\(name)' and '\(negation)' contradict each other; give one")
            }
            let isOn = on || (!off && (file == .flag(true) || fileText != nil))
            guard !option.flagValues.isEmpty else { return .flag(isOn) }
            guard isOn else { return nil }
            guard let given = on ? parsed.values[name] : fileText else {
                return option.flagValues.first.map(OptionValue.text)
            }
            guard option.flagValues.contains(given) else {
                throw UsageError(
                    "unknown \(name.dropFirst(2)) '\(given)'; use \(name)=\(option.flagValues.joined(separator: " or \(name)="))"
                )
            }
            return .text(given)
        }
        guard let text = parsed.values[name] else { return file }
        switch option.kind {
        case .flag: return nil
        case .text, .path: return .text(text)
        case .paths: return .texts(parsed.repeated[name] ?? [text])
        case .choice(let choices):
            guard choices.contains(text) else {
                let list =
                    choices.count > 1
                    ? choices.dropLast().joined(separator: ", ") + " or " + choices.last! : choices.joined()
                throw UsageError("unknown \(name.dropFirst(2)) '\(text)'; use \(list)")
            }
            return .text(text)
        case .number(let range):
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw UsageError(
                    "option '\(name)' needs a number from \(range.lowerBound.pt) to \(range.upperBound.pt), not '\(text)'"
                )
            }
            return .number(value)
        case .integer(let range):
            guard let value = Int(text), range.contains(value) else {
                throw UsageError(
                    "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
                )
            }
            return .integer(value)
        }
    }
}

extension ParsedArguments {
    /// Reads one option word (`--fit`, `--jobs=3`, `-j4`, `-o`): a flag or a value given
    /// with it is kept; returns the option whose value is the next word, if it needs one.
    fileprivate mutating func read(_ argument: String, spec: OptionSpec) throws(UsageError) -> String? {
        var name = argument
        var inlineValue: String?
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            name = String(argument[..<equals])
            inlineValue = String(argument[argument.index(after: equals)...])
        } else if !argument.hasPrefix("--"), argument.count > 2, let long = spec.aliases[String(argument.prefix(2))],
            spec.valued.contains(long)
        {
            // A short option with its value attached, as getopt allows: -j4, -oOut.
            name = String(argument.prefix(2))
            inlineValue = String(argument.dropFirst(2))
        }
        name = spec.aliases[name] ?? name
        if spec.flags.contains(name) {
            guard inlineValue == nil || spec.flagsWithValues.contains(name) else {
                throw UsageError("option '\(name)' takes no value")
            }
            guard !flags.contains(name) else { throw UsageError("option '\(name)' given twice") }
            flags.insert(name)
            if let inlineValue { values[name] = inlineValue }
            return nil
        }
        guard spec.valued.contains(name) else {
            var message = "unknown option '\(name)'"
            if let suggestion = ArgumentParser.closest(to: name, among: spec.valued.union(spec.flags)) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw UsageError(message)
        }
        guard values[name] == nil || spec.repeatable.contains(name) else {
            throw UsageError("option '\(name)' given twice")
        }
        guard let inlineValue else { return name }
        set(name, to: inlineValue, spec: spec)
        return nil
    }

    /// Gives the valued option `name` its value (once more, for a repeatable one).
    fileprivate mutating func set(_ name: String, to value: String, spec: OptionSpec) {
        values[name] = value
        if spec.repeatable.contains(name) { repeated[name, default: []].append(value) }
    }

    /// The same command line without `options` and with other positionals: a command's own
    /// options taken out before the rest is read as another command's (`render`, `fix`).
    func without(_ options: [OptionDeclaration], positionals: [String]) -> ParsedArguments {
        let names = Set(options.map(\.name))
        return ParsedArguments(
            values: values.filter { !names.contains($0.key) }, repeated: repeated.filter { !names.contains($0.key) },
            flags: flags.subtracting(names),
            positionals: positionals)
    }
}
