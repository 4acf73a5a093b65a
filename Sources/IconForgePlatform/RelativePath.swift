/// Paths written down relative to a folder, so that what names them (a journal, the record
/// of the app's files) stays true when the project is moved, cloned, or snapshotted.
package enum RelativePath {
    /// `path` relative to the folder `base`, when both are absolute or both relative (as a
    /// build names them); else `path` as it is.
    package static func of(_ path: String, from base: String) -> String {
        // A commit's journal names every file it renames this way (two a PNG): splitting both
        // paths into components each time was a fifth of a cold build's serial tail.
        if let inside = plainlyInside(path, base) { return inside }
        return general(path, from: base)
    }

    /// What follows `base` and a slash in `path`, when both are named plainly (no empty, `.`
    /// or `..` component, no slash at the end): `general`'s answer, without splitting them.
    static func plainlyInside(_ path: String, _ base: String) -> String? {
        let (path, base) = (path.utf8, base.utf8)
        let slash = UInt8(ascii: "/")
        guard path.count > base.count + 1, path.starts(with: base) else { return nil }
        let rest = path.dropFirst(base.count)
        guard rest.first == slash, isPlain(base.dropFirst(base.first == slash ? 1 : 0)), isPlain(rest.dropFirst())
        else { return nil }
        return String(Substring(rest.dropFirst()))
    }

    /// Whether `components` (a path without its leading slash) is one or more components
    /// separated by single slashes, none `.` or `..`.
    private static func isPlain(_ components: Substring.UTF8View) -> Bool {
        let (slash, dot) = (UInt8(ascii: "/"), UInt8(ascii: "."))
        var length = 0
        var dots = 0
        for byte in components {
            if byte == slash {
                guard length > 0, dots != length || dots > 2 else { return false }
                (length, dots) = (0, 0)
            } else {
                length += 1
                if byte == dot { dots += 1 }
            }
        }
        return length > 0 && (dots != length || dots > 2)
    }

    /// `of`, in general: both paths normalized and split into components.
    static func general(_ path: String, from base: String) -> String {
        guard path.isAbsolutePath == base.isAbsolutePath else { return path }
        let from = normalized(base).pathComponents
        let to = normalized(path).pathComponents
        guard !from.contains("..") else { return path }
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    /// `relative` (from `of`) as a path again, seen from where `base` is named.
    package static func resolving(_ relative: String, against base: String) -> String {
        relative.isAbsolutePath ? relative : normalized(base + "/" + relative)
    }

    /// `path` without `.` components and with each `name/..` taken out.
    package static func normalized(_ path: String) -> String {
        var parts: [String] = []
        for part in path.pathComponents where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.isAbsolutePath ? "/" : "")
            + (parts.isEmpty && !path.isAbsolutePath ? "." : parts.joined(separator: "/"))
    }
}
