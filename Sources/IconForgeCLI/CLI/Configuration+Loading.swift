/// Reading `iconforge.json` from disk: the one way every command (`build`, `check`,
/// `preview`, a watch's runs, `diff`'s base) gets its configuration. In CI the file comes
/// from the pull request, so what it may reach is decided here: the file itself and every
/// path it gives stay inside the project, the folder holding the file.
extension Configuration {
    /// The configuration in the file at `path`, its paths checked against its folder.
    /// `linksMayLeave`: `--follow-symlinks` was given, so a configured path may lead out
    /// through a symlink (never through `..` or by being absolute). A file that cannot be
    /// read is an unreadable input (exit 3), one that is not valid a usage error (exit 2),
    /// located at the offending value when there is one.
    static func load(_ path: String, linksMayLeave: Bool = false) throws(UsageError) -> Configuration {
        let project = path.parentPath
        let bytes: [UInt8]
        do {
            bytes = try readInProject(path, project: project)
        } catch {
            var unreadable = UsageError("cannot read configuration \(path): \(error.message)")
            unreadable.isUnreadableInput = true
            unreadable.hint = hint
            unreadable.file = path
            throw unreadable
        }
        do throws(UsageError) {
            let configuration = try parse(bytes, path: path)
            for configured in configuration.paths {
                guard
                    let refusal = ProjectPath.refusal(
                        of: configured.path, project: project, linksMayLeave: linksMayLeave)
                else { continue }
                throw refused(configured, refusal, file: path)
            }
            return configuration
        } catch {
            var located = error
            located.hint = hint
            located.file = path
            throw located
        }
    }

    /// The file's bytes. A symlink is followed only while it stays in the folder holding it,
    /// as a glyph's only within its glyphs folder: a committed `iconforge.json ->
    /// /proc/self/environ` is neither read nor quoted by a parse error. The resolved target
    /// is read, so the link cannot be swapped in between.
    private static func readInProject(_ path: String, project: String) throws(FileError) -> [UInt8] {
        do {
            return try FileSystem.readRegularFile(path, limit: maximumFileBytes, followingSymlinks: false)
        } catch  where error.isSymlink {
            guard let target = FileSystem.resolvedPath(path) else {
                throw FileError(path: path, message: "is a symbolic link to nothing")
            }
            let root = FileSystem.resolvedPath(project) ?? project
            guard FileSystem.isPath(target, inside: root) else {
                throw FileError(
                    path: path,
                    message:
                        "is a symbolic link to \(target), outside the project (\(root)); copy the file in, or name the file it leads to with --config"
                )
            }
            return try FileSystem.readRegularFile(target, limit: maximumFileBytes, followingSymlinks: false)
        }
    }

    /// The located error for a path that leaves the project: what it is, why, and how to
    /// name such a place (on the command line, which the person running iconforge controls).
    private static func refused(_ configured: ConfiguredPath, _ refusal: ProjectPath.Refusal, file: String)
        -> UsageError
    {
        let shown = DisplayText.neutralised(configured.path)
        var message =
            "'\(configured.key)' (\(shown)) \(refusal.reason): a path in \(file.lastPathComponent) stays inside the project, the folder holding it"
        if case .controlCharacter = refusal {
            message += "; rename the file or folder"
        } else {
            // As the command line would name it: relative to the current folder, not the file's.
            let base = file.parentPath
            let given = configured.path.hasPrefix("/") || base == "." ? configured.path : base + "/" + configured.path
            message +=
                configured.option.map {
                    "; to use it, remove it from the file and give it on the command line: \($0) \(given)"
                }
                ?? "; to use it, remove it from the file and name the folder on the command line: iconforge check \(given)"
        }
        var error = UsageError("\(file):\(configured.location.line):\(configured.location.column): \(message)")
        error.location = configured.location
        return error
    }
}
