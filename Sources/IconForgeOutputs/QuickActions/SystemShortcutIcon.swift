/// The system-provided quick-action icons: the cases of UIKit's `UIApplicationShortcutIcon.IconType`
/// (iOS 9 and 9.1), which Info.plist names `UIApplicationShortcutIconType` + the capitalised case.
enum SystemShortcutIcon {
    static let names = [
        "compose", "play", "pause", "add", "location", "search", "share", "prohibit", "contact", "home",
        "markLocation", "favorite", "love", "cloud", "invitation", "confirmation", "mail", "message", "date", "time",
        "capturePhoto", "captureVideo", "task", "taskCompleted", "alarm", "bookmark", "shuffle", "audio", "update",
    ]

    static let infoPlistPrefix = "UIApplicationShortcutIconType"

    /// The Info.plist value for `name`, given as the short case name ("markLocation") or the
    /// full one ("UIApplicationShortcutIconTypeMarkLocation"); nil when it is neither.
    static func infoPlistValue(for name: String) -> String? {
        if names.contains(name) { return infoPlistPrefix + name.prefix(1).uppercased() + name.dropFirst() }
        if name.hasPrefix(infoPlistPrefix), names.contains(shortName(ofFull: name)) { return name }
        return nil
    }

    /// The known name closest to an unknown one, for a "did you mean" hint.
    static func suggestion(for name: String) -> String? {
        let short = name.hasPrefix(infoPlistPrefix) ? shortName(ofFull: name) : name
        let lowered = short.lowercased()
        let scored = names.map { ($0, editDistance(Array(lowered), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, lowered.count / 3) else { return nil }
        return best.0
    }

    /// The short case name for `name`, given in either form.
    static func shortName(of name: String) -> String {
        name.hasPrefix(infoPlistPrefix) ? shortName(ofFull: name) : name
    }

    /// "MarkLocation" from "UIApplicationShortcutIconTypeMarkLocation", back to "markLocation".
    private static func shortName(ofFull name: String) -> String {
        let rest = name.dropFirst(infoPlistPrefix.count)
        return rest.prefix(1).lowercased() + rest.dropFirst()
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
