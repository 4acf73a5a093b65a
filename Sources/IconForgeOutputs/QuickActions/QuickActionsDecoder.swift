/// Reads `quick-actions.json`'s parsed JSON into definitions, reporting every part that is
/// not of the documented shape (`actions.parse`, and `actions.icon` for icon objects) and
/// keeping the rest, so that one typo does not hide the other findings.
package struct QuickActionsDecoder {
    private let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// The locale a plain-string title or subtitle is in.
    private var developmentLocale = "en"

    package init(file: String) {
        self.file = file
    }

    static let topLevelKeys = [SchemaProperty.schemaReference.key] + QuickActionsShape.topLevel.map(\.key)
    static let actionKeys = QuickActionsShape.action.map(\.key)
    static let iconKeys = QuickActionsShape.icon.map(\.key)

    package mutating func decode(_ root: JSONValue) -> QuickActionDefinitions? {
        guard let members = root.members else {
            report(
                .actionsParse, at: root.location,
                "the file holds \(root.kindDescription); it must be one JSON object with an \"actions\" array (see Quick-action definitions in docs/xcode.md)"
            )
            return nil
        }
        checkKeys(members, allowed: Self.topLevelKeys, in: "the top-level object")
        var definitions = QuickActionDefinitions()

        if let value = root["appName"] {
            definitions.appName = string(value, what: "appName")
            definitions.appNameLocation = value.location
        }
        var listedLocales: [String]?
        if let value = root["locales"] { listedLocales = decodeLocales(value) }
        if let value = root["developmentLocale"], let locale = string(value, what: "developmentLocale"),
            checkLocale(locale, at: value.location)
        {
            definitions.developmentLocale = locale
            if let listed = listedLocales, !listed.contains(locale) {
                report(
                    .actionsParse, at: value.location,
                    "developmentLocale \"\(locale)\" is not in locales \(Self.list(listed)); add it to locales")
            }
        } else if let first = listedLocales?.first {
            definitions.developmentLocale = first
        }

        developmentLocale = definitions.developmentLocale
        decodeActions(of: root, into: &definitions)
        Self.setLocales(of: &definitions, listed: listedLocales)
        return definitions
    }

    /// The `locales` array's names, each once; nil when it is not an array or names none.
    private mutating func decodeLocales(_ value: JSONValue) -> [String]? {
        guard let elements = value.array else {
            report(
                .actionsParse, at: value.location,
                "locales is \(value.kindDescription); it must be an array of locale names such as [\"en\", \"fr\"]")
            return nil
        }
        var seen = Set<String>()
        var listed: [String] = []
        for element in elements {
            guard let locale = string(element, what: "each entry of locales") else { continue }
            guard checkLocale(locale, at: element.location) else { continue }
            if seen.insert(locale).inserted {
                listed.append(locale)
            } else {
                report(
                    .actionsParse, at: element.location,
                    "locale \"\(locale)\" is listed twice in locales; remove the second")
            }
        }
        if listed.isEmpty {
            report(
                .actionsParse, at: value.location,
                "locales is empty; list the app's locales, the development locale first, e.g. [\"en\", \"fr\"]")
            return nil
        }
        return listed
    }

    /// The `actions` array of `root`, into `definitions` with the actions' locations.
    private mutating func decodeActions(of root: JSONValue, into definitions: inout QuickActionDefinitions) {
        if let value = root["actions"] {
            if let elements = value.array {
                definitions.actionsLocation = value.location
                definitions.actionLocations = elements.map(\.location)
                definitions.actions = elements.enumerated().compactMap { decodeAction($1, number: $0 + 1) }
            } else {
                report(
                    .actionsParse, at: value.location,
                    "actions is \(value.kindDescription); it must be an array of up to four action objects")
            }
        } else {
            report(
                .actionsParse, at: root.location,
                "no \"actions\" array; add one with up to four action objects, each with a type and a title")
        }
    }

    /// The development locale first, then the others `locales` lists, or (when it lists none)
    /// those the titles and subtitles are in, sorted.
    private static func setLocales(of definitions: inout QuickActionDefinitions, listed: [String]?) {
        if let listed {
            definitions.locales =
                [definitions.developmentLocale] + listed.filter { $0 != definitions.developmentLocale }
            definitions.localesListed = true
        } else {
            var found = Set<String>()
            for action in definitions.actions {
                for text in [action.title, action.subtitle].compactMap({ $0 }) where !text.isPlain {
                    found.formUnion(text.entries.map(\.locale))
                }
            }
            found.remove(definitions.developmentLocale)
            definitions.locales = [definitions.developmentLocale] + found.sorted()
        }
    }

    private mutating func decodeAction(_ value: JSONValue, number: Int) -> QuickActionDefinitions.Action? {
        guard let members = value.members else {
            report(
                .actionsParse, at: value.location,
                "quick action \(number) is \(value.kindDescription); it must be an object with a type and a title")
            return nil
        }
        checkKeys(members, allowed: Self.actionKeys, in: "quick action \(number)")
        var action = QuickActionDefinitions.Action(
            typeLocation: value.location, iconLocation: value.location, location: value.location)
        if let type = value["type"] {
            action.type = string(type, what: "type")
            action.typeLocation = type.location
        }
        if let title = value["title"] {
            action.hasTitle = true
            action.title = localizedText(title, what: "title")
        }
        if let subtitle = value["subtitle"] { action.subtitle = localizedText(subtitle, what: "subtitle") }
        for (field, isTitle) in [("titleKey", true), ("subtitleKey", false)] {
            guard let value = value[field], let key = string(value, what: field) else { continue }
            if key.isEmpty {
                report(
                    .actionsParse, at: value.location,
                    "\(field) is empty; leave it out to key the translations by the \(isTitle ? "title" : "subtitle") itself"
                )
            } else if isTitle, action.title != nil {
                action.title?.key = key
            } else if !isTitle, action.subtitle != nil {
                action.subtitle?.key = key
            } else {
                report(
                    .actionsParse, at: value.location,
                    "\(field) without a \(isTitle ? "title" : "subtitle"); it names the localisation key of one")
            }
        }
        if let icon = value["icon"] {
            action.hasIcon = true
            action.iconLocation = icon.location
            let icons = decodeIcon(icon)
            action.icon = icons.first
            action.fallbackIcons = Array(icons.dropFirst())
        }
        if let identifier = value["targetContentIdentifier"] {
            action.targetContentIdentifier = string(identifier, what: "targetContentIdentifier")
        }
        if let userInfo = value["userInfo"] {
            if let entries = userInfo.members {
                checkDuplicates(entries, in: "userInfo")
                var pairs: [String: String] = [:]
                for entry in entries {
                    guard let text = string(entry.value, what: "userInfo value \"\(entry.key)\"") else { continue }
                    checkControlCharacters(entry.key, at: entry.keyLocation, what: "userInfo key")
                    pairs[entry.key] = pairs[entry.key] ?? text
                }
                action.userInfo = pairs.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
            } else {
                report(
                    .actionsParse, at: userInfo.location,
                    "userInfo is \(userInfo.kindDescription); it must be an object of string values, e.g. {\"screen\": \"editor\"}"
                )
            }
        }
        return action
    }

    private mutating func decodeIcon(_ value: JSONValue) -> [QuickActionDefinitions.Icon] {
        let shape =
            "icon must be an object with one or more of \"symbol\" (an SF Symbol name), \"glyph\" (the name of a glyph beside this file) and \"system\" (a UIApplicationShortcutIcon.IconType name), which iOS takes in that order"
        guard let members = value.members else {
            report(.actionsIcon, at: value.location, "icon is \(value.kindDescription); " + shape)
            return []
        }
        for member in members where !Self.iconKeys.contains(member.key) {
            report(.actionsIcon, at: member.keyLocation, "unknown icon key \"\(member.key)\"; " + shape)
        }
        let sources = members.filter { Self.iconKeys.contains($0.key) }
        guard !sources.isEmpty else {
            report(.actionsIcon, at: value.location, "icon has no source; " + shape)
            return []
        }
        var icons: [QuickActionDefinitions.Icon] = []
        for source in sources {
            guard let name = source.value.string else {
                report(
                    .actionsIcon, at: source.value.location,
                    "icon \(source.key) is \(source.value.kindDescription); it must be a name in a string")
                return []
            }
            checkControlCharacters(name, at: source.value.location, what: "icon name")
            switch source.key {
            case "glyph": icons.append(.glyph(name))
            case "symbol": icons.append(.symbol(name))
            default: icons.append(.system(name))
            }
        }
        return icons.sorted { QuickActionDefinitions.precedence($0) < QuickActionDefinitions.precedence($1) }
    }

    /// A title or subtitle: a plain string (the development locale's), or an object of locale to string.
    private mutating func localizedText(_ value: JSONValue, what: String) -> QuickActionDefinitions.LocalizedText? {
        if let text = value.string {
            checkControlCharacters(text, at: value.location, what: what)
            return .init(
                entries: [.init(locale: developmentLocale, text: text, location: value.location)], isPlain: true,
                location: value.location)
        }
        guard let members = value.members else {
            report(
                .actionsParse, at: value.location,
                "\(what) is \(value.kindDescription); it must be a string, or an object of locale to string such as {\"en\": \"New Note\", \"fr\": \"Nouvelle note\"}"
            )
            return nil
        }
        checkDuplicates(members, in: what)
        var entries: [QuickActionDefinitions.LocalizedText.Entry] = []
        for member in members where !entries.contains(where: { $0.locale == member.key }) {
            guard checkLocale(member.key, at: member.keyLocation),
                let text = string(member.value, what: "the \"\(member.key)\" \(what)")
            else { continue }
            entries.append(.init(locale: member.key, text: text, location: member.value.location))
        }
        return .init(entries: entries, isPlain: false, location: value.location)
    }

    /// The string in `value`, or nil after reporting what it is instead.
    private mutating func string(_ value: JSONValue, what: String) -> String? {
        if let text = value.string {
            checkControlCharacters(text, at: value.location, what: what)
            return text
        }
        report(
            .actionsParse, at: value.location,
            "\(what) is \(value.kindDescription); it must be a string in double quotes")
        return nil
    }

    /// An lproj name: a language code with optional script and region ("en", "zh-Hans", "pt-BR", "Base").
    private mutating func checkLocale(_ locale: String, at location: SourceLocation) -> Bool {
        let parts = locale.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        let valid =
            !locale.isEmpty
            && parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { Self.isASCIIAlphanumeric($0) } }
            && parts[0].utf8.allSatisfy { Self.isASCIILetter($0) }
        if !valid {
            report(
                .actionsParse, at: location,
                "\"\(locale)\" is not a locale name; use an lproj name such as \"en\", \"fr\", \"pt-BR\" or \"zh-Hans\""
            )
        }
        return valid
    }

    private mutating func checkKeys(_ members: [JSONValue.Member], allowed: [String], in what: String) {
        checkDuplicates(members, in: what)
        for member in members where !allowed.contains(member.key) {
            report(
                .actionsParse, at: member.keyLocation,
                "unknown key \"\(member.key)\" in \(what); the keys are \(Self.list(allowed)): check its spelling")
        }
    }

    private mutating func checkDuplicates(_ members: [JSONValue.Member], in what: String) {
        var seen: [String: SourceLocation] = [:]
        for member in members {
            if let first = seen[member.key] {
                report(
                    .actionsParse, at: member.keyLocation,
                    "key \"\(member.key)\" appears twice in \(what) (first at \(first.line):\(first.column)); only the first counts: remove one"
                )
            } else {
                seen[member.key] = member.keyLocation
            }
        }
    }

    /// A property list is XML 1.0, which cannot hold C0 control characters other than tab,
    /// line feed and carriage return, nor U+FFFE and U+FFFF (surrogates cannot be in a String).
    private mutating func checkControlCharacters(_ text: String, at location: SourceLocation, what: String) {
        guard let index = text.unicodeScalars.firstIndex(where: { !Self.isXMLCharacter($0) }) else { return }
        let scalar = text.unicodeScalars[index]
        let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: index)
        let kind = scalar.value < 0x20 ? "control character" : "non-character"
        report(
            .actionsParse, at: location,
            "\(what) contains \(kind) \(JSONParser.codePoint(scalar.value)) (character \(offset + 1) of the string), which an XML property list cannot hold, so Info.plist would not parse; remove it"
        )
    }

    /// Whether XML 1.0 allows `scalar` in text (its `Char` production).
    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private mutating func report(_ rule: RuleID, at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(rule, file: file, at: location, message))
    }

    static func list(_ names: [String]) -> String {
        names.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
