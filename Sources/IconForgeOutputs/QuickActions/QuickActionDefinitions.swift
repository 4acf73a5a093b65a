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

        package func entry(for locale: String) -> Entry? {
            entries.first { $0.locale == locale }
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
        package var icon: Icon?
        /// True when the action has an "icon" key, readable or not.
        var hasIcon = false
        var iconLocation: SourceLocation
        /// Sorted by key.
        var userInfo: [(key: String, value: String)] = []
        var location: SourceLocation
    }

    var appName: String?
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
