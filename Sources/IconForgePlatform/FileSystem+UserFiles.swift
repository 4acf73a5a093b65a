/// Writing files that belong to the user's project (an Info.plist, a strings file, a Swift
/// source): never half-written, never with other permissions, never re-dated for nothing.
extension FileSystem {
    /// Replaces the file at `path` with `bytes` unless it already holds exactly them (then
    /// it is not touched, and keeps its time); returns whether it wrote. The new bytes go to
    /// a temporary file beside the file, flushed, given the old file's permissions, and are
    /// renamed over it, so a reader (or a crash) sees the old file or the new one. A symlink
    /// is followed, so the file it names is replaced and the link stays (whether a link may be
    /// followed at all is `WriteDestination`'s decision, made before the build writes); a
    /// dangling one is refused, never replaced. A missing file is created (with the
    /// permissions the umask gives); its folder must exist.
    @discardableResult
    package static func replaceProjectFile(_ bytes: [UInt8], at path: String) throws(FileError) -> Bool {
        let target = try projectFileTarget(path)
        if let size = signature(of: target)?.size, size == bytes.count, (try? readRegularFile(target, limit: size)) == bytes {
            return false
        }
        _ = try writeAtomically(bytes, to: target, mode: permissions(of: target))
        syncFolder(target.parentPath)
        return true
    }

    /// The file that writing the project's file `path` replaces: the file a symlink names,
    /// or `path`; a dangling link is refused.
    package static func projectFileTarget(_ path: String) throws(FileError) -> String {
        guard kind(of: path) == .symlink else { return path }
        guard let resolved = resolvedPath(path) else { throw FileError(path: path, message: danglingLinkMessage) }
        return resolved
    }

    /// Why a dangling symlink is not written through or replaced.
    package static let danglingLinkMessage =
        "is a symbolic link to nothing (dangling); iconforge never creates a file through a link, nor replaces the link: remove it, or point it at the file"
}
