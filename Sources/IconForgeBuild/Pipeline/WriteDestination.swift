/// Where a build's writes land, judged before it writes anything: the output folder, the
/// asset catalog and the app's files (`--info-plist`, `--info-plist-strings`, `--xcstrings`,
/// `--swift`). A symlink on the way is followed only while it stays in the project (the git
/// repository the build runs in, or else its current folder): a committed `Output -> /etc`
/// or `App/Info.plist -> ~/.ssh/config` would otherwise take the build's writes anywhere.
/// `--follow-symlinks` lets a link lead elsewhere; a dangling link is refused whatever the
/// options, since writing through it would create a file wherever it points.
///
/// Judged are the parts of the path inside the project, and the last part wherever it is
/// (so `-o /tmp/out` is fine on macOS, where `/tmp` is itself a link).
package struct WriteDestination: Sendable, Equatable {
    /// The project's folder, resolved.
    var root: String
    /// `--follow-symlinks`: links may lead outside the project.
    var followsLinksOutside = false

    /// Nil when writing to `path` stays where it says (or in the project); otherwise why not.
    /// `what` names the path as the user gave it (`the output folder`, `--info-plist`).
    package func problem(_ path: String, what: String, currentFolder: String) -> String? {
        let absolute =
            path.hasPrefix("/") ? path : (FileSystem.resolvedPath(currentFolder) ?? currentFolder) + "/" + path
        let parts = absolute.split(separator: "/").map(String.init)
        guard !parts.isEmpty else { return nil }
        // The parts after the project's own folder are the project's; outside it, the last one.
        let inProject = absolute == root || FileSystem.isPath(absolute, inside: root)
        let firstJudged = inProject ? root.split(separator: "/").count : parts.count - 1
        var prefix = ""
        for (index, part) in parts.enumerated() {
            prefix += "/" + part
            guard index >= firstJudged, part != ".", part != ".." else { continue }
            switch FileSystem.kind(of: prefix) {
            case .missing: return nil  // nothing beyond it exists to lead anywhere
            case .symlink:
                guard let target = FileSystem.resolvedPath(prefix) else {
                    return "\(what): \(prefix) " + FileSystem.danglingLinkMessage
                }
                if !followsLinksOutside, target != root, !FileSystem.isPath(target, inside: root) {
                    return
                        "\(what): \(prefix) is a symbolic link to \(target), outside the project (\(root)); iconforge writes through a link that leads out of the project only with --follow-symlinks"
                }
            default: continue
            }
        }
        return nil
    }
}
