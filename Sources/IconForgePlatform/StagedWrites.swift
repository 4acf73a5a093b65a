import Synchronization

/// Many files written atomically and durably for the price of one flush: each goes to a
/// temporary file beside its final path; `commit` flushes the file system once, renames
/// the record of the build (the state) into place, then every file, then the commit point
/// (the catalog), flushing the folder after each of those three steps. Until `commit`
/// renames, nothing a reader can see has changed; a value dropped before then removes its
/// temporary files.
package struct StagedWrites: ~Copyable {
    private var pending: [(temporary: String, path: String)] = []
    /// The record of the build (the state): renamed before every other file, so that
    /// whatever a killed build left, the next build knows which files are iconforge's.
    private var first: (temporary: String, path: String)?
    /// The commit point (the catalog): renamed only once every other file is in place.
    private var last: (temporary: String, path: String)?
    /// Whether a staged file replaces one that exists (which the old catalog may list).
    private var replacesExisting = false
    /// Files of the app's project (`writeProjectFile`), renamed after `pending`, in order,
    /// each with its signature as read (nil: it did not exist), checked before any rename.
    private var projectFiles: [(temporary: String, path: String, read: FileSignature?)] = []

    package init() {}

    deinit {
        for file in pending { try? FileSystem.remove(file.temporary) }
        for file in projectFiles { try? FileSystem.remove(file.temporary) }
        if let first { try? FileSystem.remove(first.temporary) }
        if let last { try? FileSystem.remove(last.temporary) }
    }

    /// The names of the temporary files not yet renamed.
    package var temporaryNames: Set<String> {
        Set((pending + [first, last].compactMap { $0 } + projectFiles.map { ($0.temporary, $0.path) }).map(\.temporary.lastPathComponent))
    }

    /// Stages a file of the app's own (an Info.plist, a String Catalog): written now to a
    /// temporary file beside `path` with `mode` (nil: the umask's), renamed by `commit` after
    /// the outputs, in the order staged, unless `path` is no longer as it was `read` (nil:
    /// missing) when the renames begin: then nothing is renamed, and an edit made while the
    /// build ran is not lost.
    package mutating func writeProjectFile(_ bytes: [UInt8], to path: String, mode: UInt32?, read: FileSignature?) throws(FileError) {
        let (temporary, _) = try FileSystem.writeTemporaryFile(bytes, for: path)
        if let mode { FileSystem.setPermissions(of: temporary, to: mode) }
        projectFiles.append((temporary, path, read))
    }

    /// `FileSystem.writeIfChangedRecording`, staged: the bytes are written to a temporary
    /// file now (or were, by `early`, while the build rendered) and reach `path` at
    /// `commit`. The signature is the temporary file's, which the rename keeps (same
    /// inode, same time).
    package mutating func writeIfChangedRecording(_ bytes: [UInt8], to path: String, early: EarlyStaging? = nil) throws(FileError) -> (changed: Bool, signature: FileSignature?) {
        let staged: Staged
        if let taken = early?.take(path) {
            staged = taken
        } else {
            staged = try Self.stage(bytes, to: path)
        }
        if let temporary = staged.temporary {
            pending.append((temporary, path))
            replacesExisting = replacesExisting || staged.existed
        }
        return (staged.temporary != nil, staged.signature)
    }

    /// Stages the file that `commit` renames last, after every other file is in place and
    /// its folder flushed: the catalog. Returns the temporary file's path when it was
    /// written (nil when `path` already holds `bytes`), for its time to be set.
    package mutating func writeLastIfChangedRecording(_ bytes: [UInt8], to path: String) throws(FileError) -> (temporary: String?, signature: FileSignature?) {
        precondition(last == nil, "one file is renamed last")
        let staged = try Self.stage(bytes, to: path)
        if let temporary = staged.temporary { last = (temporary, path) }
        return (staged.temporary, staged.signature)
    }

    /// Stages the file that `commit` renames first, before any other: the build's state,
    /// which names every file the build writes or removes. Nothing when `path` already
    /// holds `bytes`.
    package mutating func writeFirstIfChanged(_ bytes: [UInt8], to path: String) throws(FileError) {
        precondition(first == nil, "one file is renamed first")
        if let temporary = try Self.stage(bytes, to: path).temporary { first = (temporary, path) }
    }

    /// A file written to its temporary name, not yet renamed: `temporary` is nil when
    /// `path` already held the bytes; `existed` says whether a file is there to be replaced.
    struct Staged: Sendable {
        var temporary: String?
        var signature: FileSignature?
        var existed: Bool
    }

    /// Writes `bytes` to a temporary file unless `path` already holds them.
    static func stage(_ bytes: [UInt8], to path: String) throws(FileError) -> Staged {
        let before = FileSystem.signature(of: path, followingSymlinks: false)
        if let before, before.size == bytes.count, let existing = try? FileSystem.readRegularFile(path, limit: before.size), existing == bytes {
            return Staged(temporary: nil, signature: FileSystem.signature(of: path, followingSymlinks: false) == before ? before : nil, existed: true)
        }
        let (temporary, signature) = try FileSystem.writeTemporaryFile(bytes, for: path)
        return Staged(temporary: temporary, signature: signature, existed: before != nil)
    }

    /// Flushes every staged file with one barrier per file system; removes the old catalog
    /// if files it may list are replaced, and renames the first file (the state) into place,
    /// and flushes that folder; renames every other file into place and flushes the folders
    /// they went into; then renames the last file (the catalog) and flushes its folder: once
    /// this returns, a power loss leaves every file whole and in place. Every byte is
    /// written before anything is renamed, so a full disk fails before a file is replaced.
    /// A failure says in `FileError.leftOutput` what it left.
    package mutating func commit() throws(FileError) {
        let all = [first].compactMap { $0 } + pending + projectFiles.map { ($0.temporary, $0.path) } + [last].compactMap { $0 }
        guard !all.isEmpty else { return }
        Interruption.waitForExitIfStopped()
        let folders = Array(Set((pending.map(\.path) + projectFiles.map(\.path)).map(\.parentPath))).sorted()
        var renamed = 0
        var catalogRemoved = false
        do throws(FileError) {
            var flushedDevices = Set<UInt64>()
            var temporaries = all.map(\.temporary)
            for folder in Array(Set(all.map(\.path.parentPath))).sorted() {
                // One syncfs covers a whole file system; a subfolder mounted elsewhere gets its own.
                guard flushedDevices.insert(FileSystem.device(of: folder) ?? 0).inserted else { continue }
                try FileSystem.flushFileSystem(holding: folder, temporaries: temporaries)
                temporaries = []
            }
            // The app's files are as they were read, or nothing is replaced.
            for file in projectFiles where FileSystem.signature(of: file.path) != file.read {
                throw FileError(path: file.path, message: "changed while iconforge was updating it (saved by someone else meanwhile), so it was left as it is and nothing was replaced; build again")
            }
            var flushFirst: String?
            if let file = last, replacesExisting, !pending.isEmpty, FileSystem.kind(of: file.path) != .missing {
                // Files the old catalog lists are about to be replaced: until the new catalog
                // takes its place, there is none, rather than one that names other bytes.
                Interruption.catalogRemoved(file.path)
                try FileSystem.remove(file.path)
                catalogRemoved = true
                flushFirst = file.path.parentPath
            }
            if let file = first {
                try FileSystem.renameIntoPlace(file.temporary, file.path)
                first = nil
                flushFirst = file.path.parentPath
            }
            // Both on disk before any file the old catalog or state may list changes.
            if let flushFirst, !pending.isEmpty { FileSystem.syncFolder(flushFirst) }
            defer { pending.removeFirst(min(renamed, pending.count)) }
            for file in pending {
                try FileSystem.renameIntoPlace(file.temporary, file.path)
                renamed += 1
            }
            while let file = projectFiles.first {
                try FileSystem.renameIntoPlace(file.temporary, file.path)
                projectFiles.removeFirst()
                renamed += 1
            }
            try FileSystem.flushFolders(folders)
            if let file = last {
                try FileSystem.renameIntoPlace(file.temporary, file.path)
                Interruption.catalogCommitted(file.path)
                last = nil
                FileSystem.syncFolder(file.path.parentPath)
            } else if pending.isEmpty, let flushFirst {
                FileSystem.syncFolder(flushFirst)
            }
        } catch {
            var error = error
            error.leftOutput =
                renamed > 0 ? (catalogRemoved ? .partlyReplaced : .partlyAdded) : (catalogRemoved ? .catalogRemoved : .unchanged)
            throw error
        }
    }
}

/// PNGs written to their temporary names by the threads that rendered them, as each glyph
/// finishes, while other glyphs still render: creating two thousand files one after another
/// once rendering is over cost a cold on-disk build a third of its time. Nothing is renamed
/// here; `StagedWrites` takes each file over when the build commits, and what it never
/// takes (a glyph refused after rendering) is removed when this is dropped. A write that
/// fails here (a full disk) stops early staging; the file is written again at commit,
/// where its error stops the build as any failed write does.
package final class EarlyStaging: Sendable {
    private let files = Lock<[String: StagedWrites.Staged]>([:])
    private let failed = Atomic<Bool>(false)

    package init() {}

    deinit {
        for file in files.withLock({ $0.values }) {
            if let temporary = file.temporary { try? FileSystem.remove(temporary) }
        }
    }

    /// Writes `bytes` to a temporary file for `path` now (nothing if `path` holds them).
    package func stage(_ bytes: [UInt8], to path: String) {
        guard !failed.load(ordering: .relaxed) else { return }
        do {
            let staged = try StagedWrites.stage(bytes, to: path)
            // Staged again (set mode's second render pass): the earlier file is not wanted.
            let replaced = files.withLock { $0.updateValue(staged, forKey: path) }
            if let temporary = replaced?.temporary { try? FileSystem.remove(temporary) }
        } catch {
            failed.store(true, ordering: .relaxed)
        }
    }

    /// The file staged for `path`, handed over to the caller; nil when there is none (the
    /// caller writes it). The caller commits the bytes that were staged: a glyph's PNGs.
    fileprivate func take(_ path: String) -> StagedWrites.Staged? {
        files.withLock { $0.removeValue(forKey: path) }
    }
}
