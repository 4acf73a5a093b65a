/// The quick-action menu as the page mocks it: one per locale, each row's text cut where the
/// `actions.truncation` check models the Home Screen cutting it.
struct PreviewMenu: Sendable {
    /// Where a row's icon comes from.
    enum Icon: Sendable, Equatable {
        case glyph(String)
        /// An SF Symbol or system icon, shown by name (the page cannot draw them offline).
        case named(kind: String, name: String)
        case none
    }

    /// One line of text: what the menu shows, and the whole text when that is cut short.
    struct Line: Sendable, Equatable {
        var shown: String
        var full: String
        var truncated: Bool { shown != full }
    }

    struct Row: Sendable {
        var title: Line
        var subtitle: Line?
        var icon: Icon
    }

    /// An lproj name ("en", "fr"), or nil for the menu made from glyph names.
    var locale: String?
    var rows: [Row]

    /// One menu per locale from `quick-actions.json`, or, without it (or when it cannot be
    /// read), one menu of the first four glyphs by name.
    static func menus(inputs: [String], glyphNames: [String], limits: TruncationLimits = TruncationLimits())
        -> [PreviewMenu]
    {
        if let path = QuickActions.definitionsPaths(in: inputs).first(where: { FileSystem.kind(of: $0) != .missing }),
            let bytes = try? FileSystem.readRegularFile(path, limit: 1 << 20),
            let root = try? JSONParser.parse(bytes)
        {
            var decoder = QuickActionsDecoder(file: path)
            if let definitions = decoder.decode(root), !definitions.actions.isEmpty {
                return menus(definitions, limits: limits)
            }
        }
        let rows = glyphNames.sorted().prefix(QuickActions.maximumActions).map { name in
            Row(title: Line(shown: name, full: name), subtitle: nil, icon: .glyph(name))
        }
        return [PreviewMenu(locale: nil, rows: Array(rows))]
    }

    static func menus(_ definitions: QuickActionDefinitions, limits: TruncationLimits) -> [PreviewMenu] {
        definitions.locales.map { locale in
            let widths = limits.widths(for: locale)
            let rows = definitions.actions.prefix(QuickActions.maximumActions).map { action in
                // A locale without its own string shows the development locale's, as iOS does.
                func text(_ localized: QuickActionDefinitions.LocalizedText?) -> String? {
                    (localized?.entry(for: locale) ?? localized?.entry(for: definitions.developmentLocale))?.text
                }
                let subtitle = text(action.subtitle)
                let title = text(action.title) ?? action.type ?? ""
                let icon: Icon =
                    switch action.icon {
                    case .glyph(let name)?: .glyph(name)
                    case .symbol(let name)?: .named(kind: "SF Symbol", name: name)
                    case .system(let name)?: .named(kind: "system icon", name: name)
                    case nil: .none
                    }
                return Row(
                    title: line(title, columns: widths.limit(title: true, besideSubtitle: subtitle != nil)),
                    subtitle: subtitle.map { line($0, columns: widths.limit(title: false, besideSubtitle: false)) },
                    icon: icon)
            }
            return PreviewMenu(locale: locale, rows: Array(rows))
        }
    }

    /// `text` cut to `columns` display columns, the last one an ellipsis, when it is wider.
    static func line(_ text: String, columns: Int) -> Line {
        guard DisplayWidth.of(text) > columns else { return Line(shown: text, full: text) }
        var shown = ""
        var used = 0
        for character in text {
            let width = DisplayWidth.width(of: character)
            if used + width > columns - 1 { break }
            shown.append(character)
            used += width
        }
        while shown.last?.isWhitespace == true { shown.removeLast() }
        return Line(shown: shown + "…", full: text)
    }
}
