/// Where a write of a file that belongs to the user's project (an Info.plist, a strings
/// file, a Swift source) lands: the file a symlink names, never through a dangling one. The
/// writes themselves are staged with the build's outputs (`StagedWrites.writeSharedFile`).
extension FileSystem {
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
