/// Settings from `iconforge.json`, so a project's build needs no flags. Flags on the
/// command line win over the file. Its keys are the options' (see `Options.swift`), plus
/// the glyph folders and `allowOffCenter`, which have no flag.
///
/// ```json
/// { "glyphs": "Glyphs", "output": "Output", "fit": false, "xcassets": "App/Glyphs.xcassets",
///   "appName": "Mosaic", "shapeThreshold": 1.2, "tolerance": 0.5, "pngCompression": 6,
///   "renderTimeout": 10, "werror": false, "allowOffCenter": ["play"] }
/// ```
struct Configuration: Equatable, Sendable {
    static let defaultFileName = "iconforge.json"
    /// The largest configuration file read.
    static let maximumFileBytes = 1 << 20

    var glyphs: [String]?
    /// Glyphs whose ink may sit off the artboard centre on purpose (an optical correction).
    var allowOffCenter: [String]?
    /// Severities the project sets for glyph rules (`"severities": {"svg.text": "warning"}`).
    var severities: [RuleSeverity]?
    /// The family checks (`"family": false`, or `{"strokeWeight": …, "opticalWeight": …, "share": 0.15, "styles": "mixed"}`).
    var family: FamilyOptions?
    /// The options the file sets, by the option's name (`--fit`): the name the command
    /// line uses too, so that the two merge by key.
    var options: [String: OptionValue] = [:]
    /// Every path the file gives, as written and where: each must stay in the project
    /// (`Configuration.load` judges them with `ProjectPath`).
    var paths: [ConfiguredPath] = []

    /// A path as the file gives it, with where, for a located refusal.
    struct ConfiguredPath: Equatable, Sendable {
        /// `output`, `glyphs`, …
        var key: String
        /// The option that names a place outside the project instead (nil for `glyphs`,
        /// which the command line gives as arguments).
        var option: String?
        /// As written in the file, relative to the file's folder.
        var path: String
        var location: SourceLocation
    }

    /// The options the file may set, by key.
    static let optionKeys: [(key: String, option: OptionDeclaration)] = {
        var seen = Set<String>()
        return OptionTable.all.compactMap { option in
            guard let key = option.configurationKey, seen.insert(key).inserted else { return nil }
            return (key, option)
        }
    }()

    /// The keys that are no option's, declared once for the parser below and the schema:
    /// `before` places a key ahead of the options' in the list of known keys.
    /// (Computed, as the schema's pieces are: see `JSONSchemas`.)
    static var fileKeys: [(property: SchemaProperty, before: Bool)] {
        [
            (
                SchemaProperty(
                    commentKey, .array(.string()), "comment lines for people (JSON has no comments); ignored"), true
            ),
            (
                SchemaProperty(
                    "glyphs", .oneOf([.string(), .array(.string(), minItems: 1)]),
                    "the glyph folder, or a list of them (default: Glyphs)"), true
            ),
            (
                SchemaProperty(
                    "allowOffCenter", .array(.string()), "glyphs whose ink may sit off the artboard centre on purpose"),
                false
            ),
            (
                SchemaProperty(
                    "severities",
                    .map(
                        .string(choices: ["error", "warning"]),
                        keyPattern: "^("
                            + RuleID.glyphRules.map { $0.rawValue.replacing(".", with: "\\.") }.joined(separator: "|")
                            + ")$"),
                    "a glyph rule's severity for this project, e.g. {\"svg.text\": \"warning\"} (see 'Severities' in docs/designers.md)"
                ),
                false
            ),
            (
                SchemaProperty(
                    "family",
                    .oneOf([
                        .boolean,
                        .object([
                            SchemaProperty(
                                "strokeWeight", .boolean,
                                "set.stroke-weight: compare each glyph's dominant stroke with the set's (default: true)"
                            ),
                            SchemaProperty(
                                "opticalWeight", .boolean,
                                "set.optical-weight: compare how much of the target box each glyph's ink covers (default: true)"
                            ),
                            SchemaProperty(
                                "share", .number(FamilyOptions.shareRange),
                                "how far a glyph's stroke may be from the set's median, as a share of it (default: \(FamilyOptions().share.pt), 15 %)"
                            ),
                            SchemaProperty(
                                "styles", .string(choices: FamilyOptions.Styles.allCases.map(\.rawValue)),
                                "one (default): a filled glyph among outline ones is the odd one; mixed: the set mixes filled and outline glyphs on purpose, and each glyph is weighed among its own style"
                            ),
                        ]),
                    ]),
                    "the family checks over a build's glyphs (3 or more): false switches both off (see 'Family checks' in docs/designers.md)"
                ),
                false
            ),
        ]
    }

    /// The key of the comment lines `iconforge init` writes.
    static let commentKey = "//"

    static let keys =
        fileKeys.filter(\.before).map(\.property.key) + optionKeys.map(\.key)
        + fileKeys.filter { !$0.before }.map(\.property.key)

    /// Where a configuration error points the reader.
    static let hint = "See \"iconforge.json\" in docs/designers.md for its keys and their values."

    /// What the file sets an option to, as the option's type (nil: it does not set it; a
    /// flag it does not set is off).
    func given<Value>(_ option: Option<Value>) -> Value? {
        try? OptionSettings(parsed: ParsedArguments(), configuration: self).given(option)
    }

    /// Parses the file's bytes; the error names the file, line and column.
    static func parse(_ bytes: [UInt8], path: String) throws(UsageError) -> Configuration {
        let file = ConfigurationFile(path: path)
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw file.located(error.location, error.message)
        }
        guard let members = root.members else {
            throw file.located(root.location, "the configuration must be a JSON object")
        }
        var configuration = Configuration()
        var seen = Set<String>()
        for member in members {
            guard seen.insert(member.key).inserted else {
                throw file.located(member.keyLocation, "'\(member.key)' is given twice")
            }
            if let option = optionKeys.first(where: { $0.key == member.key })?.option {
                try configuration.set(option, to: member, in: file)
            } else {
                try configuration.read(member, in: file)
            }
        }
        configuration.glyphs = configuration.glyphs?.map(file.resolve)
        return configuration
    }

    /// An option's key: its value, checked as the option's, with the paths it gives.
    private mutating func set(_ option: OptionDeclaration, to member: JSONValue.Member, in file: ConfigurationFile)
        throws(UsageError)
    {
        let value = member.value
        var setting = try Self.value(of: member, for: option, in: file)
        switch option.kind {
        case .path:
            paths.append(
                ConfiguredPath(key: member.key, option: option.name, path: value.string ?? "", location: value.location)
            )
        case .paths:
            let elements = value.array ?? []
            paths += elements.map {
                ConfiguredPath(key: member.key, option: option.name, path: $0.string ?? "", location: $0.location)
            }
        default: break
        }
        if case .path = option.kind, case .text(let relative) = setting { setting = .text(file.resolve(relative)) }
        if case .texts(let list) = setting { setting = .texts(list.map(file.resolve)) }
        options[option.name] = setting
    }

    /// A key that is no option's (`fileKeys`, the schema's reference and the comment lines).
    private mutating func read(_ member: JSONValue.Member, in file: ConfigurationFile) throws(UsageError) {
        let value = member.value
        switch member.key {
        case SchemaProperty.schemaReference.key:
            // For editors: the file's schema.
            guard value.string != nil else { throw file.wrong(member, "a string (the schema's path or URL)") }
        case Self.commentKey:
            guard let lines = value.array, lines.allSatisfy({ $0.string != nil }) else {
                throw file.wrong(member, "a list of comment lines")
            }
        case "glyphs":
            try readGlyphs(member, in: file)
        case "allowOffCenter":
            guard let list = value.array?.compactMap(\.string), list.count == value.array?.count else {
                throw file.wrong(member, "a list of glyph names")
            }
            allowOffCenter = list
        case "severities":
            severities = try Self.severities(member, in: file)
        case "family":
            family = try Self.family(member, in: file)
        default:
            var message = "unknown key '\(member.key)'"
            if let suggestion = ArgumentParser.closest(to: member.key, among: Set(Self.keys)) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw file.located(member.keyLocation, message + " (known keys: \(Self.keys.joined(separator: ", ")))")
        }
    }

    /// `"glyphs"`: a folder, or a non-empty list of them (resolved once the file is read).
    private mutating func readGlyphs(_ member: JSONValue.Member, in file: ConfigurationFile) throws(UsageError) {
        let value = member.value
        for folder in value.string != nil ? [value] : value.array ?? [] where folder.string != nil {
            paths.append(
                ConfiguredPath(key: member.key, option: nil, path: folder.string ?? "", location: folder.location))
        }
        if let single = value.string {
            glyphs = [single]
        } else if let list = value.array?.compactMap(\.string), list.count == value.array?.count, !list.isEmpty {
            glyphs = list
        } else if value.array?.isEmpty == true {
            throw file.wrong(member, "a folder name or a non-empty list of them")
        } else {
            throw file.wrong(member, "a folder name or a list of them")
        }
    }

    /// `"severities"`: glyph rules' severities, each rule once, in rule order.
    private static func severities(_ member: JSONValue.Member, in file: ConfigurationFile) throws(UsageError)
        -> [RuleSeverity]
    {
        guard let entries = member.value.members else {
            throw file.wrong(member, "an object of rule ids and \"error\" or \"warning\"")
        }
        var settings: [RuleSeverity] = []
        for entry in entries {
            guard let rule = RuleID(rawValue: entry.key), RuleID.glyphRules.contains(rule) else {
                var message = "'\(entry.key)' is not a glyph rule whose severity can be set"
                if let suggestion = ArgumentParser.closest(to: entry.key, among: Set(RuleID.glyphRules.map(\.rawValue)))
                {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw file.located(
                    entry.keyLocation,
                    message + " (rules: \(RuleID.glyphRules.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let text = entry.value.string, let severity = Severity(rawValue: text) else {
                throw file.located(
                    entry.value.location,
                    "the severity of '\(entry.key)' must be \"error\" or \"warning\", not \(entry.value.kindDescription)"
                )
            }
            guard rule.allowsSeverity(severity) else {
                throw file.located(
                    entry.value.location,
                    "'\(entry.key)' cannot be made a warning: a glyph with that finding is not rendered as drawn")
            }
            guard !settings.contains(where: { $0.rule == rule }) else {
                throw file.located(entry.keyLocation, "'\(entry.key)' is given twice")
            }
            settings.append(RuleSeverity(rule: rule, severity: severity))
        }
        return settings.sorted { $0.rule < $1.rule }
    }

    /// The family checks' settings: `true`, `false`, or an object of the checks and the share.
    private static func family(_ member: JSONValue.Member, in file: ConfigurationFile) throws(UsageError)
        -> FamilyOptions
    {
        var family = FamilyOptions()
        if case .bool(let on) = member.value.kind {
            family.strokeWeight = on
            family.opticalWeight = on
            return family
        }
        guard let entries = member.value.members else {
            throw file.wrong(
                member, "true, false or an object of \"strokeWeight\", \"opticalWeight\", \"share\" and \"styles\"")
        }
        var seen = Set<String>()
        for entry in entries {
            guard seen.insert(entry.key).inserted else {
                throw file.located(entry.keyLocation, "'family.\(entry.key)' is given twice")
            }
            switch entry.key {
            case "strokeWeight", "opticalWeight":
                guard case .bool(let on) = entry.value.kind else { throw file.wrong(entry, "true or false") }
                if entry.key == "strokeWeight" { family.strokeWeight = on } else { family.opticalWeight = on }
            case "share":
                let range = FamilyOptions.shareRange
                guard case .number(_, let share) = entry.value.kind, range.contains(share) else {
                    throw file.wrong(
                        entry, "a number from \(range.lowerBound.pt) to \(range.upperBound.pt) (0.15 is 15 %)")
                }
                family.share = share
            case "styles":
                guard case .string(let text) = entry.value.kind, let styles = FamilyOptions.Styles(rawValue: text)
                else {
                    throw file.wrong(entry, "\"one\" or \"mixed\" (filled and outline glyphs on purpose)")
                }
                family.styles = styles
            default:
                let keys: Set = ["strokeWeight", "opticalWeight", "share", "styles"]
                var message = "unknown key 'family.\(entry.key)'"
                if let suggestion = ArgumentParser.closest(to: entry.key, among: keys) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw file.located(
                    entry.keyLocation, message + " (known keys: strokeWeight, opticalWeight, share, styles)")
            }
        }
        return family
    }

    /// A member's value, checked against what the option takes (the same ranges as on
    /// the command line: both come from the option's declaration).
    private static func value(of member: JSONValue.Member, for option: OptionDeclaration, in file: ConfigurationFile)
        throws(UsageError) -> OptionValue
    {
        func fail(_ member: JSONValue.Member, _ wanted: String) -> UsageError { file.wrong(member, wanted) }
        switch option.kind {
        case .flag:
            if let text = member.value.string, option.flagValues.contains(text) { return .text(text) }
            let wanted =
                option.flagValues.isEmpty
                ? "true or false" : "true, false, " + option.flagValues.map { "\"\($0)\"" }.joined(separator: " or ")
            guard case .bool(let flag) = member.value.kind else { throw fail(member, wanted) }
            return .flag(flag)
        case .text, .path:
            guard let text = member.value.string, !text.isEmpty else { throw fail(member, "a non-empty string") }
            return .text(text)
        case .paths:
            guard let list = member.value.array?.compactMap(\.string), list.count == member.value.array?.count,
                !list.contains(where: \.isEmpty)
            else {
                throw fail(member, "a list of paths")
            }
            return .texts(list)
        case .choice(let choices):
            guard let text = member.value.string, choices.contains(text) else {
                throw fail(member, "one of " + choices.joined(separator: ", "))
            }
            return .text(text)
        case .number(let range):
            guard case .number(_, let value) = member.value.kind, range.contains(value) else {
                throw fail(member, "a number from \(range.lowerBound.pt) to \(range.upperBound.pt)")
            }
            return .number(value)
        case .integer(let range):
            guard case .number(_, let value) = member.value.kind, Double(range.lowerBound) <= value,
                value <= Double(range.upperBound)
            else {
                throw fail(member, "a number from \(range.lowerBound) to \(range.upperBound)")
            }
            guard value == value.rounded() else {
                throw fail(member, "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(Int(value))
        }
    }
}

/// The configuration file being parsed: its errors, located in it, and its paths, which are
/// relative to it wherever iconforge runs from.
private struct ConfigurationFile {
    var path: String
    /// The folder the file's paths are relative to.
    var folder: String

    init(path: String) {
        self.path = path
        folder = path.contains("/") ? path.parentPath : "."
    }

    /// An error at `location`: the location in the message for people, and as a value for
    /// CI's annotations.
    func located(_ location: SourceLocation, _ message: String) -> UsageError {
        var error = UsageError("\(path):\(location.line):\(location.column): \(message)")
        error.location = location
        return error
    }

    /// `member`'s value is not what its key takes: `wanted`.
    func wrong(_ member: JSONValue.Member, _ wanted: String) -> UsageError {
        located(member.value.location, "'\(member.key)' must be \(wanted), not \(member.value.kindDescription)")
    }

    func resolve(_ relative: String) -> String {
        relative.hasPrefix("/") || folder == "." ? relative : folder + "/" + relative
    }
}
