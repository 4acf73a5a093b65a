/// The keys of `quick-actions.json` and what each holds, declared once: the decoder takes
/// its lists of allowed keys from here, and the JSON Schema (docs/schemas/) is made from it.
package enum QuickActionsShape {
    /// An lproj name: a language code, then optional script and region ("en", "zh-Hans", "pt-BR").
    package static let localePattern = "^[A-Za-z]+([-_][A-Za-z0-9]+)*$"

    // Computed, as the schema's pieces are: see `JSONSchemas`.

    /// Text that goes into Info.plist: XML 1.0's `Char` production, as
    /// `QuickActionsDecoder.isXMLCharacter` checks it (no C0 controls but tab and line breaks,
    /// no U+FFFE or U+FFFF).
    package static var plistText: SchemaNode {
        .string(pattern: #"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]*$"#)
    }

    package static var topLevel: [SchemaProperty] {
        [
            SchemaProperty("appName", .string(), "the app's name, which titles must not contain (or --app-name)"),
            SchemaProperty(
                "developmentLocale", .string(pattern: localePattern),
                "the locale of plain-string titles (default: the first of locales, else en)"),
            SchemaProperty(
                "locales", .array(.string(pattern: localePattern), minItems: 1, unique: true),
                "the app's locales, the development locale first"),
            SchemaProperty("actions", .array(.reference("action")), "up to four quick actions, in menu order"),
        ]
    }

    package static var action: [SchemaProperty] {
        [
            SchemaProperty("type", plistText, "the action's unique type string (UIApplicationShortcutItemType)"),
            SchemaProperty(
                "title", .reference("localizedText"), "the title: a string, or an object of locale to string"),
            SchemaProperty("subtitle", .reference("localizedText"), "an optional subtitle, like the title"),
            SchemaProperty(
                "titleKey", plistText,
                "the app's own localisation key for the title: Info.plist holds it and InfoPlist.strings translates it (default: the development-locale title)"
            ),
            SchemaProperty("subtitleKey", plistText, "the same for the subtitle"),
            SchemaProperty(
                "icon", .reference("icon"),
                "the icon: one or more of symbol, glyph and system, which iOS takes in that order"),
            SchemaProperty("userInfo", .map(plistText), "string values passed to the app with the action"),
            SchemaProperty(
                "targetContentIdentifier", plistText,
                "which scene the action opens in a multi-window iPad app (UIApplicationShortcutItemTargetContentIdentifier)"
            ),
        ]
    }

    package static var icon: [SchemaProperty] {
        [
            SchemaProperty("glyph", plistText, "the name of a glyph beside quick-actions.json"),
            SchemaProperty("symbol", plistText, "an SF Symbol name"),
            SchemaProperty("system", plistText, "a UIApplicationShortcutIcon.IconType name"),
        ]
    }
}
