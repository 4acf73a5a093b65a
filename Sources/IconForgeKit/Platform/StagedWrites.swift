/// Many files written atomically and durably for the price of one flush: each goes to a
/// temporary file beside its final path; `commit` flushes the file system once, renames
/// every file into place, then flushes the folders that received them. Until `commit`
/// renames, nothing a reader can see has changed; `discard` removes the temporary files.
struct StagedWrites: ~Copyable {
    private var pending: [(temporary: String, path: String)] = []

    init() {}

    deinit {
        for file in pending { try? FileSystem.remove(file.temporary) }
    }

    /// `FileSystem.writeIfChangedRecording`, staged: the bytes are written to a temporary
    /// file now and reach `path` at `commit`. The signature is the temporary file's, which
    /// the rename keeps (same inode, same time).
    mutating func writeIfChangedRecording(_ bytes: [UInt8], to path: String) throws(FileError) -> (changed: Bool, signature: FileSignature?) {
        let before = FileSystem.signature(of: path, followingSymlinks: false)
        if let before, before.size == bytes.count, let existing = try? FileSystem.readRegularFile(path, limit: before.size), existing == bytes {
            return (false, FileSystem.signature(of: path, followingSymlinks: false) == before ? before : nil)
        }
        let (temporary, signature) = try FileSystem.writeTemporaryFile(bytes, for: path)
        pending.append((temporary, path))
        return (true, signature)
    }

    /// Flushes every staged file with one barrier per file system, renames each into place,
    /// and flushes the folders they went into: once this returns, a power loss leaves every
    /// file whole and in place. A failure leaves the files not yet renamed unchanged.
    mutating func commit() throws(FileError) {
        guard !pending.isEmpty else { return }
        let folders = Array(Set(pending.map(\.path.parentPath))).sorted()
        var flushedDevices = Set<UInt64>()
        var temporaries = pending.map(\.temporary)
        for folder in folders {
            // One syncfs covers a whole file system; a subfolder mounted elsewhere gets its own.
            guard flushedDevices.insert(FileSystem.device(of: folder) ?? 0).inserted else { continue }
            try FileSystem.flushFileSystem(holding: folder, temporaries: temporaries)
            temporaries = []
        }
        var renamed = 0
        defer { pending.removeFirst(renamed) }
        for file in pending {
            try FileSystem.renameIntoPlace(file.temporary, file.path)
            renamed += 1
        }
        try FileSystem.flushFolders(folders)
    }
}
