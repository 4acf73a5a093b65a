/// Paths written down relative to a folder, so that what names them (a journal, the record
/// of the app's files) stays true when the project is moved, cloned, or snapshotted.
package enum RelativePath {
    /// `path` relative to the folder `base`, when both are absolute or both relative (as a
    /// build names them); else `path` as it is.
    package static func of(_ path: String, from base: String) -> String {
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
