/// Small text helpers, so that the library needs only FoundationEssentials (which starts
/// several milliseconds faster than Foundation, most of a no-op build's budget).
extension String {
    /// Without leading and trailing whitespace (spaces, tabs, newlines).
    package func trimmed() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The string with every scalar that `escapes` names replaced by its escape sequence:
    /// the one loop behind each file format's escaping.
    package func escaping(_ escapes: [Unicode.Scalar: String]) -> String {
        // Most text has nothing to escape, and the escapes are of ASCII: a look through the
        // bytes first spares hashing every scalar (a watch prints every finding of its
        // glyphs after each save).
        if escapes.keys.allSatisfy(\.isASCII) {
            let escaped = escapes.keys.map { UInt8($0.value) }
            if !utf8.contains(where: escaped.contains) { return self }
        }
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let escape = escapes[scalar] {
                result += escape
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Padded with spaces on the right to at least `width` characters.
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// Whether the system reads the path as absolute: its first byte is "/" (a Character
    /// test would miss "/" followed by a combining mark).
    package var isAbsolutePath: Bool { utf8.first == UInt8(ascii: "/") }

    /// The path's names, split where the system splits them: at each "/" byte. (Splitting
    /// the String by Character would keep "/" and a combining mark after it together, so
    /// "../\u{301}x" would hide its "..".) Empty names (from "//" or an ending "/") are left out.
    package var pathComponents: [String] {
        utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The last path component: "b.svg" for "a/b.svg".
    package var lastPathComponent: String {
        let trimmed = hasSuffix("/") && count > 1 ? String(dropLast()) : self
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// Everything before the last path component: "a" for "a/b.svg", "." for "b.svg".
    package var parentPath: String {
        // By UTF-8 code unit: "/" is ASCII, and this runs for every file of a build.
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == startIndex ? "/" : String(self[..<slash])
    }
}

extension Double {
    /// The value with exactly `digits` decimals, rounded half away from zero ("0.50").
    package func fixed(_ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        guard scaled.isFinite, scaled < 1e15 else { return "\(self)" }
        let whole = Int(scaled)
        var text = String(whole)
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return (self < 0 && whole != 0 ? "-" : "") + text
    }
}
