import Synchronization

/// A transaction of many files, written atomically and durably for the price of one flush:
/// each goes to a temporary file beside its final path; `commit` flushes the file system
/// once, records every rename it will make in the intent journal (`CommitJournal`), renames
/// the manifest into place, then every file, then the commit point, flushing the folder
/// after each of those three steps, and retires the journal. Until `commit` writes the
/// journal, nothing a reader can see has changed and a value dropped removes its temporary
/// files; after it, they are the journal's, for the next run to rename should this one stop.
/// What the manifest and the commit point hold is the caller's business (iconforge's build
/// state and catalog, `OutputWriter`); this layer knows only their order.
package struct StagedWrites: ~Copyable {
    private var pending: [(temporary: String, path: String)] = []
    /// The manifest: renamed before every other file, so that whatever a stopped run left,
    /// the next one knows which files the transaction may have written or removed.
    private var manifest: (temporary: String, path: String)?
    /// The commit point: renamed only once every other file is in place, so that its
    /// presence says the transaction is whole.
    private var commitPoint: (temporary: String, path: String)?
    /// Whether a staged file replaces one that exists (which the old commit point may describe).
    private var replacesExisting = false
    /// Files others may edit (the app's, `writeSharedFile`), renamed after `pending`, in
    /// order, each with its signature as read (nil: it did not exist) and as staged.
    private var sharedFiles: [SharedFile] = []
    /// Where the intent journal is written (nil: none, for writes no other file depends on).
    private let journal: String?
    /// The journal is written: the staged files are its, whatever happens to this value.
    private var journaled = false
    /// A test's observer of every write, flush, rename and removal made here (nil otherwise).
    package let observer: FlushObserver?

    private struct SharedFile {
        var temporary: String
        var path: String
        var read: FileSignature?
        var staged: FileSignature?
    }

    package init(journal: String? = nil, observer: FlushObserver? = nil) {
        self.journal = journal
        self.observer = observer
    }

    deinit {
        guard !journaled else { return }
        for file in pending { try? FileSystem.remove(file.temporary, observer: observer) }
        for file in sharedFiles { try? FileSystem.remove(file.temporary, observer: observer) }
        if let manifest { try? FileSystem.remove(manifest.temporary, observer: observer) }
        if let commitPoint { try? FileSystem.remove(commitPoint.temporary, observer: observer) }
    }

    /// The names of the temporary files not yet renamed.
    package var temporaryNames: Set<String> {
        Set(
            (pending + [manifest, commitPoint].compactMap { $0 } + sharedFiles.map { ($0.temporary, $0.path) }).map(
                \.temporary.lastPathComponent))
    }

    /// Stages a file others may edit (an Info.plist, a String Catalog, the record of what
    /// iconforge wrote there): written now to a temporary file beside `path` with `mode`
    /// (nil: the umask's), and placed by `commit` after the outputs, in the order staged, by
    /// an exchange that is undone when what it swapped out is not the file as it was `read`
    /// (nil: missing): an edit saved while the build ran is never lost.
    package mutating func writeSharedFile(_ bytes: [UInt8], to path: String, mode: UInt32?, read: FileSignature?)
        throws(FileError)
    {
        try FileSystem.checkReplaceable(path)
        let (temporary, staged) = try FileSystem.writeTemporaryFile(bytes, for: path, observer: observer)
        if let mode { FileSystem.setPermissions(of: temporary, to: mode) }
        sharedFiles.append(
            SharedFile(
                temporary: temporary, path: path, read: read,
                staged: mode == nil ? staged : FileSystem.signature(of: temporary, followingSymlinks: false)))
    }

    /// `FileSystem.writeIfChangedRecording`, staged: the bytes are written to a temporary
    /// file now (or were, by `early`, while the build rendered) and reach `path` at
    /// `commit`. The signature is the temporary file's, which the rename keeps (same
    /// inode, same time).
    package mutating func writeIfChangedRecording(_ bytes: [UInt8], to path: String, early: EarlyStaging? = nil)
        throws(FileError) -> (changed: Bool, signature: FileSignature?)
    {
        let staged: Staged
        if let taken = early?.take(path) {
            staged = taken
        } else {
            staged = try Self.stage(bytes, to: path, observer: observer)
        }
        if let temporary = staged.temporary {
            pending.append((temporary, path))
            replacesExisting = replacesExisting || staged.existed
        }
        return (staged.temporary != nil, staged.signature)
    }

    /// Stages the commit point, the file that `commit` renames last, after every other file
    /// is in place and its folder flushed. Returns the temporary file's path when it was
    /// written (nil when `path` already holds `bytes`), for its time to be set.
    package mutating func writeCommitPointIfChanged(_ bytes: [UInt8], to path: String) throws(FileError) -> (
        temporary: String?, signature: FileSignature?
    ) {
        precondition(commitPoint == nil, "one file is the commit point")
        let staged = try Self.stage(bytes, to: path, observer: observer)
        if let temporary = staged.temporary { commitPoint = (temporary, path) }
        return (staged.temporary, staged.signature)
    }

    /// Stages the manifest, the file that `commit` renames first, before any other: it names
    /// every file the transaction writes or removes. Nothing when `path` already holds `bytes`.
    package mutating func writeManifestIfChanged(_ bytes: [UInt8], to path: String) throws(FileError) {
        precondition(manifest == nil, "one file is the manifest")
        if let temporary = try Self.stage(bytes, to: path, observer: observer).temporary {
            manifest = (temporary, path)
        }
    }

    /// A file written to its temporary name, not yet renamed: `temporary` is nil when
    /// `path` already held the bytes; `existed` says whether a file is there to be replaced.
    struct Staged: Sendable {
        var temporary: String?
        var signature: FileSignature?
        var existed: Bool
    }

    /// Writes `bytes` to a temporary file unless `path` already holds them.
    static func stage(_ bytes: [UInt8], to path: String, observer: FlushObserver?) throws(FileError) -> Staged {
        let before = FileSystem.signature(of: path, followingSymlinks: false)
        if let before, before.size == bytes.count,
            let existing = try? FileSystem.readRegularFile(path, limit: before.size), existing == bytes
        {
            return Staged(
                temporary: nil,
                signature: FileSystem.signature(of: path, followingSymlinks: false) == before ? before : nil,
                existed: true)
        }
        let (temporary, signature) = try FileSystem.writeTemporaryFile(bytes, for: path, observer: observer)
        return Staged(temporary: temporary, signature: signature, existed: before != nil)
    }

    /// Flushes every staged file with one barrier per file system; writes the journal; removes
    /// the old commit point if files it may describe are replaced, renames the manifest into
    /// place and flushes that folder; renames every other file into place (the shared ones by
    /// exchange) and flushes the folders they went into; renames the commit point, flushes
    /// its folder, and removes the journal: once this returns, a power loss leaves every file
    /// whole and in place. Every byte is written before anything is renamed, so a full disk
    /// fails before a file is replaced. A failure says in `FileError.leftOutput` what it
    /// left; a shared file changed meanwhile is reported once everything else is in place.
    package mutating func commit() throws(FileError) {
        let all =
            [manifest].compactMap { $0 } + pending + sharedFiles.map { ($0.temporary, $0.path) }
            + [commitPoint].compactMap { $0 }
        guard !all.isEmpty else { return }
        Interruption.waitForExitIfStopped()
        let folders = Array(Set((pending.map(\.path) + sharedFiles.map(\.path)).map(\.parentPath))).sorted()
        var renamed = 0
        var commitPointRemoved = false
        var changedMeanwhile: FileError?
        // The journal's bytes go to disk with the staged files' (one flush for both).
        var journalFile: String?
        do throws(FileError) {
            journalFile = try stageJournal(all)
        } catch {
            var error = error
            error.leftOutput = .unchanged
            throw error
        }
        defer { if let journalFile { try? FileSystem.remove(journalFile, observer: observer) } }
        do throws(FileError) {
            try flushStaged(all, journalFile: journalFile)
            // The app's files are as they were read, or nothing is replaced.
            for file in sharedFiles where FileSystem.signature(of: file.path) != file.read {
                throw Self.changedMeanwhile(file.path)
            }
            if let file = journalFile {
                try placeJournal(file, all)
                journalFile = nil
            }
            var flushFirst = try removeCommitPointAboutToBeReplaced()
            commitPointRemoved = flushFirst != nil
            if let folder = try placeManifest() { flushFirst = folder }
            // Both on disk before any file the old commit point or manifest may list changes.
            if let flushFirst, !pending.isEmpty { FileSystem.syncFolder(flushFirst, observer: observer) }
            defer { pending.removeFirst(min(renamed, pending.count)) }
            for file in pending {
                try FileSystem.renameIntoPlace(file.temporary, file.path, observer: observer)
                renamed += 1
            }
            while let file = sharedFiles.first {
                do throws(FileError) { try Self.place(file, observer: observer) } catch {
                    if changedMeanwhile == nil { changedMeanwhile = error }
                }
                sharedFiles.removeFirst()
                renamed += 1
            }
            try FileSystem.flushFolders(folders, observer: observer)
            try placeCommitPoint(orFlush: flushFirst)
            try retireJournal()
        } catch {
            var error = error
            error.leftOutput =
                renamed > 0
                ? (commitPointRemoved ? .partlyReplaced : .partlyAdded)
                : (commitPointRemoved ? .commitPointRemoved : .unchanged)
            throw error
        }
        if let changedMeanwhile { throw changedMeanwhile }
    }

    /// Flushes the staged files and the journal with one barrier per file system.
    private func flushStaged(_ all: [(temporary: String, path: String)], journalFile: String?) throws(FileError) {
        var flushedDevices = Set<UInt64>()
        var temporaries = all.map(\.temporary) + [journalFile].compactMap { $0 }
        for folder in Array(Set(all.map(\.path.parentPath))).sorted() {
            // One syncfs covers a whole file system; a subfolder mounted elsewhere gets its own.
            guard flushedDevices.insert(FileSystem.device(of: folder) ?? 0).inserted else { continue }
            try FileSystem.flushFileSystem(holding: folder, temporaries: temporaries, observer: observer)
            temporaries = []
        }
    }

    /// Removes the old commit point when files it may describe are about to be replaced;
    /// returns its folder, to flush, or nil when it was left.
    private func removeCommitPointAboutToBeReplaced() throws(FileError) -> String? {
        guard let file = commitPoint, replacesExisting, !pending.isEmpty, FileSystem.kind(of: file.path) != .missing
        else { return nil }
        // Files the old commit point describes are about to be replaced: until the new
        // one takes its place, there is none, rather than one that names other bytes.
        Interruption.commitPointRemoved(file.path)
        try FileSystem.remove(file.path, observer: observer)
        return file.path.parentPath
    }

    /// Renames the manifest into place; returns its folder, to flush, or nil when there is none.
    private mutating func placeManifest() throws(FileError) -> String? {
        guard let file = manifest else { return nil }
        try FileSystem.renameIntoPlace(file.temporary, file.path, observer: observer)
        manifest = nil
        return file.path.parentPath
    }

    /// Renames the commit point into place, last, and flushes its folder; without one,
    /// flushes `manifestFolder` (the manifest's, or the removed commit point's) unless it
    /// was flushed before the pending files were renamed.
    private mutating func placeCommitPoint(orFlush manifestFolder: String?) throws(FileError) {
        if let file = commitPoint {
            try FileSystem.renameIntoPlace(file.temporary, file.path, observer: observer)
            Interruption.commitPointPlaced(file.path)
            commitPoint = nil
            FileSystem.syncFolder(file.path.parentPath, observer: observer)
        } else if pending.isEmpty, let manifestFolder {
            FileSystem.syncFolder(manifestFolder, observer: observer)
        }
    }

    /// Writes the journal of every rename about to be made to a temporary file, flushed
    /// with the staged files (nil: this commit keeps no journal).
    private func stageJournal(_ all: [(temporary: String, path: String)]) throws(FileError) -> String? {
        guard let journal else { return nil }
        let folder = journal.parentPath
        var record = CommitJournal()
        let shared = Dictionary(sharedFiles.map { ($0.temporary, $0) }, uniquingKeysWith: { first, _ in first })
        for file in all {
            record.entries.append(
                CommitJournal.Entry(
                    temporary: RelativePath.of(file.temporary, from: folder),
                    path: RelativePath.of(file.path, from: folder),
                    shared: shared[file.temporary].map { CommitJournal.Shared(read: $0.read, staged: $0.staged) }))
        }
        return try FileSystem.writeTemporaryFile(record.encoded(), for: journal, observer: observer).path
    }

    /// Puts the flushed journal in place, and its name on disk, before the first rename; from
    /// here on the staged files are the journal's (a stop leaves them for the next build,
    /// which finishes the commit).
    private mutating func placeJournal(_ file: String, _ all: [(temporary: String, path: String)]) throws(FileError) {
        guard let journal else { return }
        try FileSystem.renameIntoPlace(file, journal, observer: observer)
        FileSystem.syncFolder(journal.parentPath, observer: observer)
        journaled = true
        for file in all { Interruption.settled(file.temporary) }
    }

    /// The commit is whole and flushed: the journal has nothing left to finish. (Its removal
    /// needs no flush: a journal that comes back after a power loss names no staged file
    /// that is left, and recovering it changes nothing.)
    private mutating func retireJournal() throws(FileError) {
        guard let journal, journaled else { return }
        try FileSystem.remove(journal, observer: observer)
        journaled = false
    }

    /// Puts a shared file in place: by an exchange, verified (what came out must be the file
    /// as read, else it goes back), where the file system can; else by a rename just after
    /// the same check.
    private static func place(_ file: SharedFile, observer: FlushObserver?) throws(FileError) {
        if file.read != nil, try FileSystem.exchange(file.temporary, file.path, observer: observer) {
            guard FileSystem.signature(of: file.temporary, followingSymlinks: false) == file.read else {
                // Someone saved between the read and the exchange: their file goes back.
                _ = try FileSystem.exchange(file.temporary, file.path, observer: observer)
                try FileSystem.remove(file.temporary, observer: observer)
                throw changedMeanwhile(file.path)
            }
            try FileSystem.remove(file.temporary, observer: observer)
            return
        }
        guard FileSystem.signature(of: file.path) == file.read else {
            try FileSystem.remove(file.temporary, observer: observer)
            throw changedMeanwhile(file.path)
        }
        try FileSystem.renameIntoPlace(file.temporary, file.path, observer: observer)
    }

    private static func changedMeanwhile(_ path: String) -> FileError {
        FileError(
            path: path,
            message:
                "changed while iconforge was updating it (saved by someone else meanwhile), so it was left as it is; build again"
        )
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
    /// A test's observer of the writes made here, from whichever thread stages (nil otherwise).
    private let observer: FlushObserver?

    package init(observer: FlushObserver? = nil) {
        self.observer = observer
    }

    deinit {
        for file in files.withLock({ $0.values }) {
            if let temporary = file.temporary { try? FileSystem.remove(temporary, observer: observer) }
        }
    }

    /// Writes `bytes` to a temporary file for `path` now (nothing if `path` holds them).
    package func stage(_ bytes: [UInt8], to path: String) {
        guard !failed.load(ordering: .relaxed) else { return }
        do {
            let staged = try StagedWrites.stage(bytes, to: path, observer: observer)
            // Staged again (set mode's second render pass): the earlier file is not wanted.
            let replaced = files.withLock { $0.updateValue(staged, forKey: path) }
            if let temporary = replaced?.temporary { try? FileSystem.remove(temporary, observer: observer) }
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
