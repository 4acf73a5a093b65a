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
}

/// A command line that cannot be understood; the message names the argument.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    /// Where to look next, printed after the message.
    public var hint = "Run 'iconforge --help' for usage."
    /// A file the command line names does not exist or cannot be read: exit status 3, not 2.
    public var isUnreadableInput = false
    /// The file the error is about (the configuration file), nil for the command line itself.
    public var file: String?
    /// Where in `file` (a configuration file's line and column), when that is known.
    public var location: SourceLocation?
    public init(_ message: String) { self.message = message }
}

enum ArgumentParser {
    static func parse(_ arguments: [String], spec: OptionSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
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
                guard inlineValue == nil || spec.flagsWithValues.contains(name) else { throw UsageError("option '\(name)' takes no value") }
                guard !parsed.flags.contains(name) else { throw UsageError("option '\(name)' given twice") }
                parsed.flags.insert(name)
                if let inlineValue { parsed.values[name] = inlineValue }
            } else if spec.valued.contains(name) {
                guard parsed.values[name] == nil || spec.repeatable.contains(name) else { throw UsageError("option '\(name)' given twice") }
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("option '\(name)' needs a value") }
                    parsed.values[name] = arguments[index]
                    index += 1
                }
                if spec.repeatable.contains(name) { parsed.repeated[name, default: []].append(parsed.values[name] ?? "") }
            } else {
                var message = "unknown option '\(name)'"
                if let suggestion = closest(to: name, among: spec.valued.union(spec.flags)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message)
            }
        }
        return parsed
    }

    /// The known option nearest to `name` by edit distance, if it is close.
    static func closest(to name: String, among options: Set<String>) -> String? {
        let scored = options.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
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
/// each converted and checked by its declaration; the command line wins.
struct OptionSettings {
    var parsed: ParsedArguments
    var configuration: Configuration
    var command: OptionCommand

    /// A flag: on if given, off if its negation is given, else as the file says.
    func flag(_ name: String) throws(UsageError) -> Bool {
        let negation = declaration(name).negation
        let on = parsed.flags.contains(name), off = negation.map(parsed.flags.contains) ?? false
        if on, off, let negation { throw UsageError("options '\(name)' and '\(negation)' contradict each other; give one") }
        return on || (!off && (configuration.flag(name) == true || configuration.text(name) != nil))
    }

    /// A flag that also takes values (`--fit[=set|glyph]`): nil when off, else the value
    /// given, or the first of its values for the bare flag (or `true` in the file).
    func flagValue(_ name: String) throws(UsageError) -> String? {
        let option = declaration(name)
        guard try flag(name) else { return nil }
        guard let given = parsed.flags.contains(name) ? parsed.values[name] : configuration.text(name) else { return option.flagValues.first }
        guard option.flagValues.contains(given) else {
            throw UsageError("unknown \(name.dropFirst(2)) '\(given)'; use \(name)=\(option.flagValues.joined(separator: " or \(name)="))")
        }
        return given
    }

    func text(_ name: String) throws(UsageError) -> String? {
        if case .text(let text)? = try value(name) { text } else { nil }
    }

    /// A repeatable path option: every value on the command line, else the file's list.
    func paths(_ name: String) -> [String] {
        if let given = parsed.repeated[name] { return given }
        if case .texts(let list)? = configuration.options[name] { return list }
        return []
    }

    func number(_ name: String) throws(UsageError) -> Double? {
        if case .number(let number)? = try value(name) { number } else { nil }
    }

    func integer(_ name: String) throws(UsageError) -> Int? {
        if case .integer(let integer)? = try value(name) { integer } else { nil }
    }

    private func declaration(_ name: String) -> OptionDeclaration {
        guard let option = OptionTable.declaration(name, of: command) else { preconditionFailure("\(name) is not an option of \(command)") }
        return option
    }

    /// The value of a valued option, from the command line (checked here) or the file
    /// (checked when it was read).
    private func value(_ name: String) throws(UsageError) -> OptionValue? {
        let option = declaration(name)
        guard let text = parsed.values[name] else { return configuration.options[name] }
        switch option.kind {
        case .flag: return nil
        case .text, .path: return .text(text)
        case .paths: return .texts(parsed.repeated[name] ?? [text])
        case .choice(let choices):
            guard choices.contains(text) else {
                let list = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + choices.last! : choices.joined()
                throw UsageError("unknown \(name.dropFirst(2)) '\(text)'; use \(list)")
            }
            return .text(text)
        case .number(let range):
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw UsageError("option '\(name)' needs a number from \(range.lowerBound.pt) to \(range.upperBound.pt), not '\(text)'")
            }
            return .number(value)
        case .integer(let range):
            guard let value = Int(text), range.contains(value) else {
                throw UsageError("option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return .integer(value)
        }
    }
}
