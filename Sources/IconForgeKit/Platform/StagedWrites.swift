/// Many files written atomically and durably for the price of one flush: each goes to a
/// temporary file beside its final path; `commit` flushes the file system once, renames
/// every file into place, then flushes the folders that received them. Until `commit`
/// renames, nothing a reader can see has changed; a value dropped before then removes its
/// temporary files.
struct StagedWrites: ~Copyable {
    private var pending: [(temporary: String, path: String)] = []
    /// The commit point (the catalog): renamed only once every other file is in place.
    private var last: (temporary: String, path: String)?
    /// Whether a staged file replaces one that exists (which the old catalog may list).
    private var replacesExisting = false

    init() {}

    deinit {
        for file in pending { try? FileSystem.remove(file.temporary) }
        if let last { try? FileSystem.remove(last.temporary) }
    }

    /// The names of the temporary files not yet renamed.
    var temporaryNames: Set<String> {
        Set((pending.map(\.temporary) + (last.map { [$0.temporary] } ?? [])).map(\.lastPathComponent))
    }

    /// `FileSystem.writeIfChangedRecording`, staged: the bytes are written to a temporary
    /// file now and reach `path` at `commit`. The signature is the temporary file's, which
    /// the rename keeps (same inode, same time).
    mutating func writeIfChangedRecording(_ bytes: [UInt8], to path: String) throws(FileError) -> (changed: Bool, signature: FileSignature?) {
        let staged = try stage(bytes, to: path)
        if let temporary = staged.temporary {
            pending.append((temporary, path))
            replacesExisting = replacesExisting || staged.existed
        }
        return (staged.temporary != nil, staged.signature)
    }

    /// Stages the file that `commit` renames last, after every other file is in place and
    /// its folder flushed: the catalog. Returns the temporary file's path when it was
    /// written (nil when `path` already holds `bytes`), for its time to be set.
    mutating func writeLastIfChangedRecording(_ bytes: [UInt8], to path: String) throws(FileError) -> (temporary: String?, signature: FileSignature?) {
        precondition(last == nil, "one file is renamed last")
        let staged = try stage(bytes, to: path)
        if let temporary = staged.temporary { last = (temporary, path) }
        return (staged.temporary, staged.signature)
    }

    /// Writes `bytes` to a temporary file unless `path` already holds them; `existed` says
    /// whether a file (a regular one) is there to be replaced.
    private func stage(_ bytes: [UInt8], to path: String) throws(FileError) -> (temporary: String?, signature: FileSignature?, existed: Bool) {
        let before = FileSystem.signature(of: path, followingSymlinks: false)
        if let before, before.size == bytes.count, let existing = try? FileSystem.readRegularFile(path, limit: before.size), existing == bytes {
            return (nil, FileSystem.signature(of: path, followingSymlinks: false) == before ? before : nil, true)
        }
        let (temporary, signature) = try FileSystem.writeTemporaryFile(bytes, for: path)
        return (temporary, signature, before != nil)
    }

    /// Flushes every staged file with one barrier per file system, renames each into place,
    /// flushes the folders they went into, then renames the last file and flushes its
    /// folder: once this returns, a power loss leaves every file whole and in place. Every
    /// byte is written before anything is renamed, so a full disk fails before a file is
    /// replaced. A failure says in `FileError.leftOutput` whether anything was.
    mutating func commit() throws(FileError) {
        let all = pending + (last.map { [$0] } ?? [])
        guard !all.isEmpty else { return }
        Interruption.waitForExitIfStopped()
        let folders = Array(Set(pending.map(\.path.parentPath))).sorted()
        var renamed = 0
        do throws(FileError) {
            var flushedDevices = Set<UInt64>()
            var temporaries = all.map(\.temporary)
            for folder in Array(Set(all.map(\.path.parentPath))).sorted() {
                // One syncfs covers a whole file system; a subfolder mounted elsewhere gets its own.
                guard flushedDevices.insert(FileSystem.device(of: folder) ?? 0).inserted else { continue }
                try FileSystem.flushFileSystem(holding: folder, temporaries: temporaries)
                temporaries = []
            }
            if let file = last, replacesExisting, !pending.isEmpty, FileSystem.kind(of: file.path) != .missing {
                // Files the old catalog lists are about to be replaced: until the new catalog
                // takes its place, there is none, rather than one that names other bytes.
                try FileSystem.remove(file.path)
                FileSystem.syncFolder(file.path.parentPath)
            }
            defer { pending.removeFirst(min(renamed, pending.count)) }
            for file in pending {
                try FileSystem.renameIntoPlace(file.temporary, file.path)
                renamed += 1
            }
            try FileSystem.flushFolders(folders)
            if let file = last {
                try FileSystem.renameIntoPlace(file.temporary, file.path)
                last = nil
                FileSystem.syncFolder(file.path.parentPath)
            }
        } catch {
            var error = error
            error.leftOutput = renamed == 0 ? .unchanged : .partlyReplaced
            throw error
        }
    }
}
