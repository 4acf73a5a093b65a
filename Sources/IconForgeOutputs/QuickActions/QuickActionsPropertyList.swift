/// The `UIApplicationShortcutItems` property list, written by Foundation's `PropertyListEncoder`
/// as Xcode writes plists: XML, tab indents, keys sorted, a trailing newline.
struct QuickActionsPropertyList: Codable, Equatable {
    /// One `UIApplicationShortcutItems` entry; nil keys are left out.
    struct Item: Codable, Equatable {
        var iconFile: String?
        var iconSymbolName: String?
        var iconType: String?
        var subtitle: String?
        var title: String
        var type: String
        var userInfo: [String: String]?
        var targetContentIdentifier: String?

        enum CodingKeys: String, CodingKey {
            case iconFile = "UIApplicationShortcutItemIconFile"
            case iconSymbolName = "UIApplicationShortcutItemIconSymbolName"
            case iconType = "UIApplicationShortcutItemIconType"
            case subtitle = "UIApplicationShortcutItemSubtitle"
            case title = "UIApplicationShortcutItemTitle"
            case type = "UIApplicationShortcutItemType"
            case userInfo = "UIApplicationShortcutItemUserInfo"
            case targetContentIdentifier = "UIApplicationShortcutItemTargetContentIdentifier"
        }
    }

    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case items = "UIApplicationShortcutItems"
    }

    /// The items for `definitions`, in the development locale (iOS looks each title up in
    /// InfoPlist.strings for the others).
    init(_ definitions: QuickActionDefinitions) {
        let development = definitions.developmentLocale
        items = definitions.actions.map { action in
            var item = Item(
                subtitle: action.subtitle?.stringsKey(development: development),
                title: action.title?.stringsKey(development: development) ?? "",
                type: action.type ?? "")
            // Every icon given: iOS takes the symbol, else the file, else the type.
            for icon in (action.icon.map { [$0] } ?? []) + action.fallbackIcons {
                switch icon {
                case .glyph(let name): item.iconFile = name
                case .symbol(let name): item.iconSymbolName = name
                case .system(let name): item.iconType = SystemShortcutIcon.infoPlistValue(for: name) ?? name
                }
            }
            item.targetContentIdentifier = action.targetContentIdentifier
            if !action.userInfo.isEmpty {
                item.userInfo = Dictionary(
                    action.userInfo.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            return item
        }
    }

    /// The file's bytes. The encoder sorts every dictionary's keys, so they never depend on
    /// hashing order; it escapes `&`, `<` and `>` and writes everything else as UTF-8.
    static func bytes(for definitions: QuickActionDefinitions) -> [UInt8] {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            return [UInt8](try encoder.encode(QuickActionsPropertyList(definitions)))
        } catch {
            // Only strings, arrays and dictionaries of them: nothing the encoder can refuse.
            preconditionFailure("PropertyListEncoder refused quick-action strings: \(error)")
        }
    }
}
