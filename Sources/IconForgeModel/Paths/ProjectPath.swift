/// Whether a path that a file of the repository gives (`iconforge.json`'s `output`,
/// `infoPlist`, `glyphs`, …) stays inside the project, the folder holding that file. In CI a
/// pull request controls such files; the person running iconforge controls the command
/// line, so a place outside the project is named there, never by the repository.
///
/// The path is judged as the system will follow it: the longest part of it that exists is
/// resolved (every symlink and `..`, as `realpath` does), and what follows, which does not
/// exist yet, may not hold `..` (it would be resolved only once created). So `../x`, `/`,
/// an absolute path and `Out` when `Out` is a link to `/etc` are all refused, while
/// `App/../Output` is fine.
package enum ProjectPath {
    /// Why a path does not stay in the project.
    package enum Refusal: Error, Equatable, Sendable {
        /// It holds a control character, a line separator or a bidirectional control
        /// (`DisplayText.isNeutralised`): NUL would cut the path short at the system call.
        case controlCharacter(Unicode.Scalar)
        /// It is absolute (`/`, `/tmp/x`).
        case absolute
        /// It leads to `resolved`, outside the project.
        case outside(resolved: String)
        /// Its part `link` is a symbolic link to nothing, which cannot be judged (and a file
        /// written through it would land wherever it points).
        case danglingLink(String)
        /// A `..` follows a part that does not exist yet.
        case parentOfMissing

        /// Why, in words, for a message that has already named the path.
        package var reason: String {
            switch self {
            case .controlCharacter(let scalar):
                "holds the control character \(DisplayText.escape(scalar)) (U+\(String(scalar.value, radix: 16, uppercase: true))), which no path should"
            case .absolute: "is an absolute path"
            case .outside(let resolved): "leads outside the project, to \(resolved)"
            case .danglingLink(let link): "goes through \(link), a symbolic link to nothing"
            case .parentOfMissing: "has '..' after a folder that does not exist"
            }
        }
    }

    /// Nil when `path` (relative to the folder `project`) stays inside `project`, else why
    /// not. `linksMayLeave` (`--follow-symlinks` on the command line): symlinks on the way
    /// are not followed in judging, so only `..` and absolute paths can leave.
    package static func refusal(of path: String, project: String, linksMayLeave: Bool = false) -> Refusal? {
        if let scalar = path.unicodeScalars.first(where: DisplayText.isNeutralised) { return .controlCharacter(scalar) }
        if path.isAbsolutePath { return .absolute }
        let parts = path.pathComponents
        if linksMayLeave { return lexicalRefusal(parts) }
        // The project was found by reading the file in it, so it resolves; if it vanished
        // since, nothing can be judged against it and the path is judged by its text.
        guard let root = FileSystem.resolvedPath(project) else { return lexicalRefusal(parts) }
        // The longest existing prefix, resolved as the system resolves it.
        var existing = parts.count
        var resolved = root
        while existing > 0 {
            if let prefix = FileSystem.resolvedPath(root + "/" + parts[..<existing].joined(separator: "/")) {
                resolved = prefix
                break
            }
            existing -= 1
        }
        let missing = parts[existing...]
        if let first = missing.first, FileSystem.kind(of: resolved + "/" + first) == .symlink {
            return .danglingLink((parts[..<existing] + [first]).joined(separator: "/"))
        }
        if missing.contains("..") { return .parentOfMissing }
        guard resolved == root || FileSystem.isPath(resolved, inside: root) else {
            return .outside(resolved: ([resolved] + missing.filter { $0 != "." }).joined(separator: "/"))
        }
        return nil
    }

    /// By the text alone: a `..` that climbs above the start leaves.
    private static func lexicalRefusal(_ parts: [String]) -> Refusal? {
        var depth = 0
        for part in parts where part != "." {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return .outside(resolved: parts.joined(separator: "/")) }
        }
        return nil
    }
}
