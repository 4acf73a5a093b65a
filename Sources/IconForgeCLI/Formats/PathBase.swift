/// Paths for CI: GitHub matches an annotation or a SARIF result to a file by its path
/// relative to the repository root, while iconforge names files as the user did.
package enum PathBase {
    /// The repository root as git finds it: the nearest folder, from `folder` up, holding
    /// a `.git` (a folder, or a file in a worktree); nil outside a repository.
    package static func repositoryRoot(from folder: String) -> String? {
        var candidate = normalized(folder)
        while true {
            if FileSystem.kind(of: candidate == "/" ? "/.git" : candidate + "/.git") != .missing { return candidate }
            guard candidate != "/" else { return nil }
            candidate = candidate.parentPath.isEmpty ? "/" : candidate.parentPath
        }
    }

    /// `path` (absolute, or relative to `currentFolder`) relative to `base`; unchanged when
    /// it lies outside `base`.
    package static func relative(_ path: String, to base: String, currentFolder: String) -> String {
        let absolute = normalized(path.hasPrefix("/") ? path : currentFolder + "/" + path)
        let root = normalized(base.hasPrefix("/") ? base : currentFolder + "/" + base)
        if absolute == root { return "." }
        let prefix = root == "/" ? "/" : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }

    /// An absolute path without `.`, `..` or repeated slashes.
    static func normalized(_ path: String) -> String {
        var parts: [String] = []
        for part in path.pathComponents {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
