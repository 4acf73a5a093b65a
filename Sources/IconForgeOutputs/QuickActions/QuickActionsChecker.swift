/// Judges decoded quick-action definitions against the `actions.*` rules.
struct QuickActionsChecker {
    let file: String
    let definitions: QuickActionDefinitions
    /// Every glyph by name, and whether it passed its checks.
    let glyphs: [String: Bool]
    let appName: String?
    let limits: TruncationLimits
    private(set) var diagnostics: [Diagnostic] = []

    init(
        file: String, definitions: QuickActionDefinitions, glyphs: [String: Bool], appName: String?,
        limits: TruncationLimits
    ) {
        self.file = file
        self.definitions = definitions
        self.glyphs = glyphs
        self.appName = appName.map { $0.trimmed() }.flatMap { $0.isEmpty ? nil : $0 }
        self.limits = limits
    }

    mutating func run() -> [Diagnostic] {
        checkCount()
        var types: [String: Int] = [:]
        var keys = StringsKeys()
        for (index, action) in definitions.actions.enumerated() {
            let number = index + 1
            checkType(action, number: number, seen: &types)
            checkTitle(action, number: number)
            for (text, what) in [(action.title, "title"), (action.subtitle, "subtitle")] {
                guard let text else { continue }
                checkStrings(text, what: what, hasSubtitle: action.subtitle != nil)
                checkText(text, what: what)
                checkTranslations(text, what: what)
                checkKeyConflicts(text, what: what, keys: &keys)
            }
            checkIcon(action)
        }
        return diagnostics
    }

    private mutating func checkCount() {
        let locations = definitions.actionLocations
        if locations.count > QuickActions.maximumActions {
            report(
                .actionsCount, at: locations[QuickActions.maximumActions],
                "\(locations.count) quick actions, but the Home Screen menu shows at most \(QuickActions.maximumActions) (static and dynamic together); remove this one and the ones after it"
            )
        }
        if locations.isEmpty, let at = definitions.actionsLocation {
            report(
                .actionsCount, warning: true, at: at,
                "the actions array is empty, so the app gets no quick actions; add up to four, or delete \(file.lastPathComponent)"
            )
        }
    }

    private mutating func checkType(_ action: QuickActionDefinitions.Action, number: Int, seen: inout [String: Int]) {
        guard let type = action.type else {
            report(
                .actionsType, at: action.location,
                "quick action \(number) has no type; add a unique \"type\" such as \"com.example.app.compose\", which your app receives when the action is chosen"
            )
            return
        }
        if type.trimmed().isEmpty {
            report(
                .actionsType, at: action.typeLocation,
                "quick action \(number)'s type is empty; give it a unique identifier such as \"com.example.app.compose\""
            )
        } else if let first = seen[type] {
            report(
                .actionsType, at: action.typeLocation,
                "type \"\(type)\" is also quick action \(first)'s; your app tells actions apart by type, so each must be unique: rename one"
            )
        } else {
            seen[type] = number
        }
    }

    private mutating func checkTitle(_ action: QuickActionDefinitions.Action, number: Int) {
        let development = definitions.developmentLocale
        guard let title = action.title else {
            // A title of the wrong kind was reported by the decoder.
            if action.hasTitle { return }
            report(
                .actionsTitle, at: action.location,
                "quick action \(number) has no title; add a \"title\", the text the Home Screen menu shows")
            return
        }
        if title.entries.isEmpty {
            report(
                .actionsTitle, at: title.location,
                "quick action \(number)'s title has no strings; add at least the \"\(development)\" one")
        } else if title.entry(for: development) == nil {
            report(
                .actionsTitle, at: title.location,
                "quick action \(number)'s title has no \"\(development)\" string; the development locale's string goes into Info.plist and keys the translations: add it"
            )
        }
        if let subtitle = action.subtitle, !subtitle.entries.isEmpty, subtitle.entry(for: development) == nil {
            report(
                .actionsTitle, at: subtitle.location,
                "quick action \(number)'s subtitle has no \"\(development)\" string; the development locale's string goes into Info.plist and keys the translations: add it"
            )
        }
    }

    /// Emptiness, emoji, the app's name and width, for every locale's string.
    private mutating func checkStrings(_ text: QuickActionDefinitions.LocalizedText, what: String, hasSubtitle: Bool) {
        for entry in text.entries {
            let label = "the \(entry.locale) \(what)"
            if entry.text.trimmed().isEmpty {
                let fix = what == "title" ? "write one" : "write one, or remove the subtitle"
                report(.actionsTitle, at: entry.location, "\(label) is empty; the menu would show a blank line: \(fix)")
                continue
            }
            for finding in EmojiScanner.findings(in: entry.text) {
                report(
                    .actionsEmoji, warning: !finding.isError, at: entry.location,
                    EmojiMessages.message(for: finding, in: label))
            }
            if let appName, Self.containsWord(appName, in: entry.text) {
                report(
                    .actionsAppName, at: entry.location,
                    "\(label) \"\(entry.text)\" contains the app's name \"\(appName)\"; the menu already appears on the app's icon, so the name only takes space: remove it"
                )
            }
            let widths = limits.widths(for: entry.locale)
            let limit = widths.limit(title: what == "title", besideSubtitle: hasSubtitle)
            let width = DisplayWidth.of(entry.text)
            if width > limit {
                let lines = what == "title" && hasSubtitle ? "the one line a title beside a subtitle gets" : "two lines"
                let note = width > entry.text.count ? " (wide characters count 2)" : ""
                report(
                    .actionsTruncation, at: entry.location,
                    "\(label) \"\(entry.text)\" is \(width) columns wide, over the \(limit) that fit in \(lines)\(note), so iOS will cut it short with an ellipsis; shorten it"
                )
            }
        }
    }

    private mutating func checkTranslations(_ text: QuickActionDefinitions.LocalizedText, what: String) {
        let development = definitions.developmentLocale
        let missing = definitions.locales.filter { $0 != development && text.entry(for: $0) == nil }
        if !missing.isEmpty, !text.entries.isEmpty {
            let names = QuickActionsDecoder.list(missing)
            if text.isPlain {
                report(
                    .actionsTranslation, at: text.location,
                    "\(what) is a plain string, so \(names) users see the \(development) text; write it as an object with a string for each locale, e.g. {\"\(development)\": …, \"\(missing[0])\": …}"
                )
            } else {
                report(
                    .actionsTranslation, at: text.location,
                    "\(what) has no \(names) \(missing.count == 1 ? "string" : "strings"), though the file has \(missing.count == 1 ? "that locale" : "those locales"); add \(missing.count == 1 ? "it" : "them"), or those users see the \(development) text"
                )
            }
        }
        if definitions.localesListed {
            for entry in text.entries where !definitions.locales.contains(entry.locale) {
                report(
                    .actionsTranslation, at: entry.location,
                    "\(what) has a string for \"\(entry.locale)\", but \"\(entry.locale)\" is not in locales, so it is not written; add it to locales or remove the string"
                )
            }
        }
    }

    /// What each InfoPlist.strings key translates to so far, per locale, and where.
    struct StringsKeys {
        var values: [String: [String: (text: String, location: SourceLocation)]] = [:]
    }

    /// What Xcode or the menu would not show as written: Xcode expands `$(NAME)` in Info.plist
    /// strings (only the development locale's text goes there), so the title would no longer
    /// be its own translation key; the menu lays out its lines itself, so a line break either
    /// shows as an empty line or splits the text where the width may not allow it.
    private mutating func checkText(_ text: QuickActionDefinitions.LocalizedText, what: String) {
        let development = definitions.developmentLocale
        for entry in text.entries {
            let label = "the \(entry.locale) \(what)"
            if entry.locale == development, entry.text.contains("$(") {
                report(
                    .actionsText, at: entry.location,
                    "\(label) \"\(entry.text)\" contains \"$(\", which Xcode expands as a build setting in Info.plist, so the shown title would no longer match its key in InfoPlist.strings and would not be translated; write the text out"
                )
            }
            let scalars = entry.text.unicodeScalars
            guard scalars.contains(where: Self.isLineBreak) else { continue }
            let edge = scalars.first.map(Self.isLineBreak) == true || scalars.last.map(Self.isLineBreak) == true
            let problem =
                edge
                ? "starts or ends with a line break, which shows as an empty line"
                : "contains a line break; the menu wraps and truncates lines itself, so a forced break may cut the text short"
            report(.actionsText, at: entry.location, "\(label) \(problem): remove it")
        }
    }

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// The development locale's string keys every translation, so two texts that share it must translate alike.
    private mutating func checkKeyConflicts(
        _ text: QuickActionDefinitions.LocalizedText, what: String, keys: inout StringsKeys
    ) {
        guard let key = text.stringsKey(development: definitions.developmentLocale) else { return }
        for entry in text.entries {
            if let earlier = keys.values[key]?[entry.locale] {
                if earlier.text != entry.text {
                    report(
                        .actionsTitle, at: entry.location,
                        "the \(entry.locale) \(what) \"\(entry.text)\" translates \"\(key)\", which \(earlier.location.line):\(earlier.location.column) translates as \"\(earlier.text)\"; Info.plist strings are keyed by the \(definitions.developmentLocale) text, so one key has one translation: make them agree or change one \(definitions.developmentLocale) text"
                    )
                }
            } else {
                keys.values[key, default: [:]][entry.locale] = (entry.text, entry.location)
            }
        }
    }

    private mutating func checkIcon(_ action: QuickActionDefinitions.Action) {
        guard let icon = action.icon else {
            // An icon of the wrong shape was reported by the decoder.
            if !action.hasIcon {
                report(
                    .actionsIcon, warning: true, at: action.location,
                    "quick action \(action.type.map { "\"\($0)\"" } ?? "without a type") has no icon; Apple's guidelines ask for a recognizable glyph for each action: add \"icon\" with a glyph, an SF Symbol or a system icon"
                )
            }
            return
        }
        for icon in [icon] + action.fallbackIcons { check(icon, at: action.iconLocation) }
    }

    private mutating func check(_ icon: QuickActionDefinitions.Icon, at: SourceLocation) {
        switch icon {
        case .glyph(let name):
            switch glyphs[name] {
            case true?:
                break
            case false?:
                report(
                    .actionsIcon, at: at,
                    "icon glyph \"\(name)\" failed its checks, so it has no PNGs to ship; fix the glyph (see its diagnostics) or pick another icon"
                )
            case nil:
                let near = glyphs.keys.first { $0.lowercased() == name.lowercased() }
                let hint =
                    near.map { "did you mean \"\($0)\"?" }
                    ?? "add \(file.parentPath)/\(name).svg or name an existing glyph"
                let among =
                    glyphs.count == 1 ? "is not the project's one glyph" : "is not among the \(glyphs.count) glyphs"
                report(.actionsIcon, at: at, "icon glyph \"\(name)\" \(among); \(hint)")
            }
        case .symbol(let name):
            if !Self.isSymbolName(name) {
                report(
                    .actionsIcon, at: at,
                    "symbol name \"\(name)\" is not of SF Symbols' form (lower-case letters and digits in dot-separated words, e.g. \"square.and.pencil\"); copy the name from the SF Symbols app"
                )
            }
        case .system(let name):
            if SystemShortcutIcon.infoPlistValue(for: name) == nil {
                let hint =
                    SystemShortcutIcon.suggestion(for: name).map { "did you mean \"\($0)\"?" }
                    ?? "use a UIApplicationShortcutIcon.IconType name such as \"compose\", \"search\" or \"share\" (docs/xcode.md lists all 29)"
                report(.actionsIcon, at: at, "\"\(name)\" is not a system quick-action icon; \(hint)")
            }
        }
    }

    /// SF Symbol names cannot be checked offline against the symbol set; their form can.
    static func isSymbolName(_ name: String) -> Bool {
        let words = name.split(separator: ".", omittingEmptySubsequences: false)
        return !name.isEmpty
            && words.allSatisfy { word in
                !word.isEmpty
                    && word.utf8.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    }
            }
    }

    /// A finding with the rule's severity, or its warning variant.
    private mutating func report(_ rule: RuleID, warning: Bool = false, at location: SourceLocation, _ message: String)
    {
        diagnostics.append(
            warning
                ? Diagnostic(warningOf: rule, file: file, at: location, message)
                : Diagnostic(rule, file: file, at: location, message))
    }

    /// Whether `word` occurs in `text` as a whole word, ignoring case: "Art" is in "Art
    /// Studio" but not in "Start writing". Only letters with case (Latin, Greek, Cyrillic)
    /// and digits join words: scripts written without spaces (Chinese, Japanese) match
    /// anywhere.
    static func containsWord(_ word: String, in text: String) -> Bool {
        let haystack = Array(text.lowercased())
        let needle = Array(word.lowercased())
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        func isWordCharacter(_ character: Character) -> Bool { character.isCased || character.isNumber }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<start + needle.count]) == needle {
            let before = start == 0 || !isWordCharacter(haystack[start - 1])
            let end = start + needle.count
            let after = end == haystack.count || !isWordCharacter(haystack[end])
            if before && after { return true }
        }
        return false
    }
}
