/// The app's own files (`--info-plist`, `--info-plist-strings`, `--xcstrings`, `--swift`)
/// a build updates: their folders locked against another build, each file read and its new
/// bytes computed before anything is written (a refusal then writes nothing), then handed
/// to the build's one transaction (`StagedWrites.writeSharedFile`; docs/architecture.md,
/// "The commit: one transaction"), in the order they are placed: Info.plist last.
final class AppFileCommit: Sendable {
    /// One file's new bytes, for the file a symlink at `path` names (`target`).
    struct Write: Sendable {
        var target: String
        var bytes: [UInt8]
        /// The permissions of the file replaced (nil: new, the umask's).
        var mode: UInt32?
        /// The file as read (nil: it did not exist).
        var read: FileSignature?
    }

    private let writes = Lock<[Write]>([])
    /// A test's observer of the writes made on the way (a `.lproj` folder made).
    let observer: FlushObserver?

    init(observer: FlushObserver? = nil) {
        self.observer = observer
    }

    func add(_ write: Write) {
        writes.withLock { $0.append(write) }
    }

    /// The writes in the order they are renamed: Info.plist (what the system reads the
    /// quick actions from) after every file it relies on.
    var ordered: [Write] {
        let all = writes.withLock { $0 }
        return all.filter { !$0.target.hasSuffix(".plist") } + all.filter { $0.target.hasSuffix(".plist") }
    }

    /// Locks the folders of `targets` against other builds (on the folders themselves, so
    /// no file is left in the app's folders) and removes what a build killed while writing
    /// them left there: temporary files for these files' names only. `observer`: a test's.
    static func lockFolders(_ targets: AppFileTargets, observer: FlushObserver?) throws(BuildError) -> [FolderLock] {
        var files: [String] = [targets.infoPlist, targets.stringCatalog, targets.swiftSource].compactMap { $0 }
        if let folder = targets.stringsFolder, FileSystem.kind(followingSymlinksOf: folder) == .directory {
            for name in ((try? FileSystem.contents(ofFolder: folder)) ?? []).sorted() where name.hasSuffix(".lproj") {
                files.append(folder + "/" + name + "/" + Builder.infoPlistStringsName)
            }
        }
        var folders: [String: Set<String>] = [:]
        for file in files {
            let target = FileSystem.resolvedPath(file) ?? file
            let folder = FileSystem.resolvedPath(target.parentPath) ?? target.parentPath
            folders[folder, default: []].insert(target.lastPathComponent)
        }
        if let folder = targets.stringsFolder, let resolved = FileSystem.resolvedPath(folder) {
            folders[resolved, default: []] = folders[resolved] ?? []
        }
        var locks: [FolderLock] = []
        do throws(FileError) {
            // One order for every build, so that two never wait for each other.
            for (folder, names) in folders.sorted(by: { $0.key < $1.key })
            where FileSystem.kind(of: folder) == .directory {
                locks.append(try FolderLock(folder, lockFile: false))
                for name in names {
                    FileSystem.removeStrayTemporaryFiles(in: folder, forFile: name, observer: observer)
                }
            }
        } catch {
            throw .appFile(error)
        }
        return locks
    }
}
