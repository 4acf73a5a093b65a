/// Writes the `UIApplicationShortcutItems` property list, as Xcode writes plists: XML, tab
/// indents, keys sorted, a trailing newline.
enum QuickActionsPropertyList {
    static func bytes(for definitions: QuickActionDefinitions) -> [UInt8] {
        let development = definitions.developmentLocale
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">",
            "<plist version=\"1.0\">",
            "<dict>",
            "\t<key>UIApplicationShortcutItems</key>",
            "\t<array>",
        ]
        for action in definitions.actions {
            var items: [(key: String, value: String)] = []
            switch action.icon {
            case .glyph(let name)?: items.append(("UIApplicationShortcutItemIconFile", name))
            case .symbol(let name)?: items.append(("UIApplicationShortcutItemIconSymbolName", name))
            case .system(let name)?: items.append(("UIApplicationShortcutItemIconType", SystemShortcutIcon.infoPlistValue(for: name) ?? name))
            case nil: break
            }
            if let subtitle = action.subtitle?.entry(for: development)?.text {
                items.append(("UIApplicationShortcutItemSubtitle", subtitle))
            }
            items.append(("UIApplicationShortcutItemTitle", action.title?.entry(for: development)?.text ?? ""))
            items.append(("UIApplicationShortcutItemType", action.type ?? ""))

            lines.append("\t\t<dict>")
            for item in items {
                lines.append("\t\t\t<key>\(escaped(item.key))</key>")
                lines.append("\t\t\t<string>\(escaped(item.value))</string>")
            }
            if !action.userInfo.isEmpty {
                lines.append("\t\t\t<key>UIApplicationShortcutItemUserInfo</key>")
                lines.append("\t\t\t<dict>")
                for entry in action.userInfo {
                    lines.append("\t\t\t\t<key>\(escaped(entry.key))</key>")
                    lines.append("\t\t\t\t<string>\(escaped(entry.value))</string>")
                }
                lines.append("\t\t\t</dict>")
            }
            lines.append("\t\t</dict>")
        }
        lines += ["\t</array>", "</dict>", "</plist>", ""]
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// Text as XML character data; a carriage return is written as a reference because XML
    /// parsers turn a literal one into a line feed.
    static func escaped(_ text: String) -> String {
        text.escaping(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"])
    }
}
