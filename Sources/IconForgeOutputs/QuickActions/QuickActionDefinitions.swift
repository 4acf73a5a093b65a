/// The contents of `quick-actions.json`, as far as they could be read, with where each part is.
package struct QuickActionDefinitions: Sendable {
    /// A title or subtitle: one string per locale.
    package struct LocalizedText: Sendable {
        /// One locale's string and where it is.
        package struct Entry: Sendable {
            var locale: String
            package var text: String
            var location: SourceLocation
        }

        /// In source order.
        var entries: [Entry]
        /// True when written as a plain string, which is the development locale's.
        var isPlain: Bool
        var location: SourceLocation
        /// The app's own localisation key (`titleKey`, `subtitleKey`): Info.plist's value and
        /// the strings' key instead of the development-locale text.
        package var key: String? = nil

        package func entry(for locale: String) -> Entry? {
            entries.first { $0.locale == locale }
        }

        /// What Info.plist holds and InfoPlist.strings translates: the key, else the
        /// development-locale text.
        package func stringsKey(development: String) -> String? {
            key ?? entry(for: development)?.text
        }
    }

    /// Where an action's icon comes from.
    package enum Icon: Sendable, Equatable {
        /// A glyph from Glyphs/, shipped in the asset catalog.
        case glyph(String)
        /// An SF Symbol (iOS 13 and later).
        case symbol(String)
        /// One of UIKit's system icons, as its short case name or full Info.plist name.
        case system(String)
    }

    /// One quick action.
    package struct Action: Sendable {
        package var type: String?
        var typeLocation: SourceLocation
        package var title: LocalizedText?
        /// True when the action has a "title" key, readable or not.
        var hasTitle = false
        package var subtitle: LocalizedText?
        /// The icon iOS shows first: the symbol, else the glyph, else the system icon.
        package var icon: Icon?
        /// The others given, in the order iOS falls back to them (a glyph, then a system
        /// icon), for versions of iOS without SF Symbols.
        package var fallbackIcons: [Icon] = []
        /// True when the action has an "icon" key, readable or not.
        var hasIcon = false
        var iconLocation: SourceLocation
        /// Sorted by key.
        var userInfo: [(key: String, value: String)] = []
        /// The scene a multi-window iPad app opens the action in.
        var targetContentIdentifier: String?
        var location: SourceLocation
    }

    var appName: String?

    /// The order iOS takes an item's icons in: `…IconSymbolName`, then `…IconFile`, then `…IconType`.
    package static func precedence(_ icon: Icon) -> Int {
        switch icon {
        case .symbol: 0
        case .glyph: 1
        case .system: 2
        }
    }
    var appNameLocation: SourceLocation?
    package var developmentLocale = "en"
    /// Every locale that gets an InfoPlist.strings, the development locale first.
    package var locales: [String] = ["en"]
    /// True when the file lists its locales; false when they were gathered from the strings.
    var localesListed = false
    package var actions: [Action] = []
    /// Where each element of the actions array starts, objects or not.
    var actionLocations: [SourceLocation] = []
    /// Where the actions array starts; nil when there is none.
    var actionsLocation: SourceLocation?
}
