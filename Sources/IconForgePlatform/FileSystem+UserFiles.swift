/// Writing files that belong to the user's project (an Info.plist, a strings file, a Swift
/// source): never half-written, never with other permissions, never re-dated for nothing.
extension FileSystem {
    /// Replaces the file at `path` with `bytes` unless it already holds exactly them (then
    /// it is not touched, and keeps its time); returns whether it wrote. The new bytes go to
    /// a temporary file beside the file, flushed, given the old file's permissions, and are
    /// renamed over it, so a reader (or a crash) sees the old file or the new one. A symlink
    /// is followed, so the file it names is replaced and the link stays. A missing file is
    /// created (with the permissions the umask gives); its folder must exist.
    @discardableResult
    package static func replaceProjectFile(_ bytes: [UInt8], at path: String) throws(FileError) -> Bool {
        let target = kind(of: path) == .symlink ? resolvedPath(path) ?? path : path
        if let size = signature(of: target)?.size, size == bytes.count, (try? readRegularFile(target, limit: size)) == bytes {
            return false
        }
        _ = try writeAtomically(bytes, to: target, mode: permissions(of: target))
        syncFolder(target.parentPath)
        return true
    }
}
