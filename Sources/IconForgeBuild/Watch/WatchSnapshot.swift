/// What a watch looks at: the files whose change calls for another run. Only these are
/// compared, so what a run writes (its output folder, even one inside a glyph folder, or a
/// glyph folder used as the output folder) never makes the watch run again.
package struct WatchTargets: Equatable, Sendable {
    /// Folders whose glyphs (`*.svg`, not hidden) count: one added, changed or removed.
    package var glyphFolders: [String] = []
    /// Single files, whether they exist yet or not: glyph files named on the command line,
    /// each glyph folder's `quick-actions.json`, the configuration file.
    package var files: [String] = []
    /// Pages a run writes that the watch keeps current in a browser (see `LiveReload`).
    package var pages: [String] = []

    package init(glyphFolders: [String] = [], files: [String] = [], pages: [String] = []) {
        self.glyphFolders = glyphFolders
        self.files = files
        self.pages = pages
    }

    /// A path as the system's events name it: its folder as watched (`eventFolders`), then its name.
    static func eventEntry(_ path: String) -> String {
        path.parentPath + "/" + path.lastPathComponent
    }

    /// The folders to ask the system for events about: the glyph folders, and the folder
    /// of each single file (watching a file's folder, not the file, sees a save by rename).
    var eventFolders: Set<String> {
        Set(glyphFolders.map(\.withoutTrailingSlash) + files.map { $0.contains("/") ? $0.parentPath : "." })
    }
}

/// One file a watch saw change between two snapshots.
package struct WatchChange: Equatable, Sendable {
    package enum Kind: String, Equatable, Sendable {
        case added, changed, removed
    }

    package var path: String
    package var kind: Kind

    package init(_ path: String, _ kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// "Glyphs/star.svg changed", "Glyphs/a.svg added, Glyphs/b.svg removed", at most
    /// `limit` named and the rest counted.
    package static func describe(_ changes: [WatchChange], limit: Int = 4) -> String {
        var parts = changes.prefix(limit).map { "\($0.path) \($0.kind.rawValue)" }
        if changes.count > limit { parts.append("\(changes.count - limit) more") }
        return parts.joined(separator: ", ")
    }
}

/// The size, time and inode of every file a watch looks at, by path. Two snapshots differ
/// where a file was added, removed, rewritten, or replaced by another (a save by rename).
struct WatchSnapshot: Equatable, Sendable {
    var files: [String: FileSignature]
    /// Files whose signature here may be a symbolic link's target's, where a build records
    /// the link's own: glyphs that are links, and the single files, looked at by path.
    var links: Set<String> = []
    /// The wall clock (`BuildClock.system.now`) before the first file was looked at.
    var takenAt: Int64 = 0

    init(_ files: [String: FileSignature] = [:]) {
        self.files = files
    }

    /// The targets as they are on disk now.
    /// A watch takes one after every event and before every run: each glyph is looked up
    /// by its name in its folder, held open, rather than by walking its whole path.
    static func take(_ targets: WatchTargets) -> WatchSnapshot {
        var snapshot = WatchSnapshot()
        snapshot.takenAt = BuildClock.system.now()
        let glyphFolders = targets.glyphFolders.map(\.withoutTrailingSlash)
        let folders = OpenFolders(glyphFolders)
        for folder in glyphFolders {
            let names = (try? FileSystem.contents(ofFolder: folder)) ?? []
            snapshot.files.reserveCapacity(snapshot.files.count + names.count)
            for name in names where GlyphDiscovery.isGlyphFileName(name) {
                snapshot.look(atGlyph: name, in: folder, through: folders)
            }
        }
        for file in targets.files { snapshot.look(atFile: file) }
        return snapshot
    }

    /// `name` in the glyph folder `folder` as it is now (through a link, if it is one), or
    /// gone from the snapshot when it is.
    private mutating func look(atGlyph name: String, in folder: String, through folders: OpenFolders) {
        let path = folder + "/" + name
        let found = folders.signatureAndLink(of: name, in: folder)
        files[path] = found?.signature
        if found?.isLink == true { links.insert(path) } else { links.remove(path) }
    }

    /// A single file as it is now, looked at by path (through a link, if it is one), or
    /// gone from the snapshot when it is.
    private mutating func look(atFile file: String) {
        if let signature = FileSystem.signature(of: file) {
            files[file] = signature
            links.insert(file)
        } else {
            files[file] = nil
            links.remove(file)
        }
    }

    /// This snapshot with `entries` looked at again as `take` looks at them, and no other:
    /// where the system's events named every entry that changed (Linux's inotify), a look
    /// between the events of one save need not stat a thousand glyphs that did not change.
    /// `entries` are spelt as the events spell them: a folder as watched, then a name. The
    /// watch still takes a whole snapshot before each run (`WatchLoop`), so what the events
    /// never name (a link's target rewritten) is found then, or by the next poll.
    func refreshing(_ entries: Set<String>, in targets: WatchTargets) -> WatchSnapshot {
        var snapshot = self
        guard !entries.isEmpty else { return snapshot }
        let glyphFolders = targets.glyphFolders.map(\.withoutTrailingSlash)
        let folders = OpenFolders(glyphFolders)
        // Each single file by the entry its folder's events name it by.
        let files = Dictionary(grouping: targets.files, by: WatchTargets.eventEntry)
        for entry in entries {
            // As in `take`: the glyphs of the folders, then the single files.
            for folder in glyphFolders where entry.hasPrefix(folder + "/") {
                let name = String(entry.dropFirst(folder.count + 1))
                guard !name.contains("/"), GlyphDiscovery.isGlyphFileName(name) else { continue }
                snapshot.look(atGlyph: name, in: folder, through: folders)
            }
            for file in files[entry] ?? [] { snapshot.look(atFile: file) }
        }
        return snapshot
    }

    /// What differs from `old`, sorted by path.
    func changes(since old: WatchSnapshot) -> [WatchChange] {
        var changes: [WatchChange] = []
        for (path, signature) in files {
            if let before = old.files[path] {
                if before != signature { changes.append(WatchChange(path, .changed)) }
            } else {
                changes.append(WatchChange(path, .added))
            }
        }
        for path in old.files.keys where files[path] == nil {
            changes.append(WatchChange(path, .removed))
        }
        return changes.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }
}

extension String {
    package var withoutTrailingSlash: String {
        hasSuffix("/") && count > 1 ? String(dropLast()) : self
    }
}
