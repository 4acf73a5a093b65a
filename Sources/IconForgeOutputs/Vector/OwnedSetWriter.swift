/// Writes asset sets of one kind (vector image sets, symbol sets) into a folder, owning
/// exactly the files its record lists: what it wrote, with their SHA-256. A set folder in
/// the way that the record does not list is someone else's and is refused; a file of
/// iconforge's that someone changed since is kept as it is and reported; a set no longer
/// wanted loses only the files iconforge wrote (and the folder, once empty).
package enum OwnedSetWriter {
    /// One set to write: its folder name without the extension, the glyph it comes from,
    /// and its files by name (Contents.json among them).
    package struct AssetSet: Sendable, Equatable {
        package var name: String
        package var glyph: String
        package var files: [String: [UInt8]]

        package init(name: String, glyph: String, files: [String: [UInt8]]) {
            self.name = name
            self.glyph = glyph
            self.files = files
        }
    }

    package struct Report: Sendable, Equatable {
        /// Sets created or with a file rewritten, by name, sorted.
        package var written: [String] = []
        /// Sets of glyphs no longer built that were removed, by name, sorted.
        package var removed: [String] = []
        /// By glyph, the set folder in the way that iconforge did not write.
        package var conflicts: [String: String] = [:]
        /// Files of iconforge's that someone changed since, kept as they are (paths).
        package var edited: [String] = []
        /// By set name, the SHA-256 of each file iconforge owns in it now (the next record).
        package var files: [String: [String: String]] = [:]
    }

    /// Writes `sets` into `folder` as `<name><setExtension>/` folders, given what the
    /// previous builds recorded writing there (`recorded`, by set name), and removes the
    /// recorded sets that are no longer wanted. Unchanged files are not rewritten. The sets
    /// named in `leaving` (other glyphs', in a build of some glyphs) stay as they are, and
    /// iconforge's. `observer`: a test's (`BuildProbes.writes`).
    package static func write(
        _ sets: [AssetSet], into folder: String, setExtension: String, recorded: [String: [String: String]],
        leaving: Set<String> = [],
        observer: FlushObserver? = nil
    ) throws(FileError) -> Report {
        var report = Report()
        try FileSystem.createFolder(folder, observer: observer)
        FileSystem.removeStrayTemporaryFiles(in: folder, observer: observer)
        let wanted = Set(sets.map(\.name))
        for (name, files) in recorded where leaving.contains(name) && !wanted.contains(name) {
            report.files[name] = files
        }
        for (name, files) in recorded.sorted(by: { $0.key < $1.key })
        where !wanted.contains(name) && !leaving.contains(name) {
            let setFolder = folder + "/" + name + setExtension
            report.edited += try removeOwned(files, in: setFolder, except: [], observer: observer)
            try FileSystem.removeFolderIfEmpty(setFolder, observer: observer)
            report.removed.append(name)
        }
        var staged = StagedWrites(observer: observer)
        for set in sets.sorted(by: { $0.name < $1.name }) {
            let setFolder = folder + "/" + set.name + setExtension
            let mine = recorded[set.name]
            switch FileSystem.kind(of: setFolder) {
            case .missing: break
            case .directory:
                let entries = ((try? FileSystem.contents(ofFolder: setFolder)) ?? []).filter {
                    !$0.hasPrefix(FileSystem.temporaryPrefix)
                }
                if mine == nil, !entries.isEmpty {
                    report.conflicts[set.glyph] =
                        "\(setFolder) was not made by iconforge (its record of what it wrote does not list it)"
                    continue
                }
            default:
                report.conflicts[set.glyph] =
                    "\(setFolder) is not a folder (or is a symbolic link, which iconforge never writes through)"
                continue
            }
            try FileSystem.createFolder(setFolder, observer: observer)
            FileSystem.removeStrayTemporaryFiles(in: setFolder, observer: observer)
            var owned: [String: String] = [:]
            var changed = false
            for (file, bytes) in set.files.sorted(by: { $0.key < $1.key }) {
                let path = setFolder + "/" + file
                let onDisk = try? FileSystem.readRegularFile(path, limit: 64 << 20, followingSymlinks: false)
                if let onDisk, onDisk != bytes, let recordedHash = mine?[file],
                    SHA256Digest.hex(of: onDisk) != recordedHash
                {
                    // Someone's edit: theirs now, and still recorded as iconforge's last bytes.
                    report.edited.append(path)
                    owned[file] = recordedHash
                    continue
                }
                if onDisk != nil, mine?[file] == nil, onDisk != bytes {
                    report.edited.append(path)
                    continue
                }
                changed = try staged.writeIfChangedRecording(bytes, to: path).changed || changed
                owned[file] = SHA256Digest.hex(of: bytes)
            }
            // Files an earlier build wrote here that this one does not (a PDF when it now writes SVG).
            report.edited += try removeOwned(
                mine ?? [:], in: setFolder, except: Set(set.files.keys), observer: observer)
            if changed { report.written.append(set.name) }
            report.files[set.name] = owned
        }
        try staged.commit()
        FileSystem.syncFolder(folder, observer: observer)
        return report
    }

    /// Removes the files of `recorded` in `folder` (but not those in `except`) that still
    /// hold what iconforge wrote; returns the paths of those someone changed, which stay.
    private static func removeOwned(
        _ recorded: [String: String], in folder: String, except: Set<String>, observer: FlushObserver?
    ) throws(FileError) -> [String] {
        var kept: [String] = []
        // Contents.json last: while it is there, the folder is still an asset.
        let order = recorded.keys.sorted {
            ($0 == AssetCatalogWriter.contentsFileName ? 1 : 0, $0) < (
                $1 == AssetCatalogWriter.contentsFileName ? 1 : 0, $1
            )
        }
        for file in order where !except.contains(file) {
            let path = folder + "/" + file
            guard let bytes = try? FileSystem.readRegularFile(path, limit: 64 << 20, followingSymlinks: false) else {
                continue
            }
            if SHA256Digest.hex(of: bytes) == recorded[file] {
                try FileSystem.remove(path, observer: observer)
            } else {
                kept.append(path)
            }
        }
        return kept
    }
}
