/// The intent journal of a commit (as SQLite's rollback journal and git's ref transactions
/// record what they will do before doing it): every rename a commit makes, written and
/// flushed after every staged file is on disk and before the first rename, and removed once
/// the last rename is flushed. A commit stopped at any instruction (SIGKILL, a power loss)
/// so leaves either no journal, and nothing renamed, or a journal that `recover` finishes:
/// every staged file it names is still there, whole and flushed, until it is renamed. The
/// next build recovers first, so it starts from one build's files or the other's, never a
/// mixture, and never finds a record of ownership that disagrees with the files it describes.
///
/// Generic: it knows files, not what they mean to a build.
/// The format is lines of text, one rename each, so that the platform layer needs no
/// Foundation: `R` temporary, path; or `S` temporary, path, signature read, signature
/// staged (`-`: none), separated by tabs, with `%`, tab, CR and LF percent-escaped.
package struct CommitJournal: Equatable, Sendable {
    package static let currentVersion = 1

    /// One rename, in commit order. Paths are relative to the journal's folder.
    package struct Entry: Equatable, Sendable {
        var temporary: String
        var path: String
        /// A file others may edit (the app's): how `path` was when the build read it, and
        /// the staged file as written, to tell them apart after an exchange.
        var shared: Shared?
    }

    package struct Shared: Equatable, Sendable {
        /// nil: `path` did not exist.
        var read: FileSignature?
        var staged: FileSignature?
    }

    var entries: [Entry] = []

    static let header = "iconforge-journal \(currentVersion)"

    /// The journal's bytes.
    func encoded() -> [UInt8] {
        var lines = [Self.header]
        for entry in entries {
            var fields = [Self.escaped(entry.temporary), Self.escaped(entry.path)]
            if let shared = entry.shared { fields += [Self.text(shared.read), Self.text(shared.staged)] }
            lines.append((entry.shared == nil ? "R\t" : "S\t") + fields.joined(separator: "\t"))
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// The journal in `bytes`; nil when they are not one (of this version).
    static func decode(_ bytes: [UInt8]) -> CommitJournal? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(header) else { return nil }
        var journal = CommitJournal()
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("R", 3): journal.entries.append(Entry(temporary: unescaped(fields[1]), path: unescaped(fields[2])))
            case ("S", 5):
                guard let read = signature(fields[3]), let staged = signature(fields[4]) else { return nil }
                journal.entries.append(
                    Entry(
                        temporary: unescaped(fields[1]), path: unescaped(fields[2]),
                        shared: Shared(read: read, staged: staged)))
            default: return nil
            }
        }
        return journal
    }

    private static func escaped(_ path: String) -> String {
        // Nearly every path has nothing to escape (a commit names two a PNG): kept as it is.
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return path
        }
        var result = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": result += "%25"
            case "\t": result += "%09"
            case "\n": result += "%0A"
            case "\r": result += "%0D"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static func unescaped(_ field: String) -> String {
        var bytes: [UInt8] = []
        var rest = Array(field.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func text(_ signature: FileSignature?) -> String {
        signature.map { "\($0.size):\($0.modified):\($0.inode)" } ?? "-"
    }

    /// A signature's text: nil when malformed; `.some(nil)` for "-".
    private static func signature(_ text: String) -> FileSignature?? {
        if text == "-" { return .some(nil) }
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 3, let size = Int(parts[0]), let modified = Int64(parts[1]), let inode = UInt64(parts[2])
        else { return nil }
        return .some(FileSignature(size: size, modified: modified, inode: inode))
    }

    /// Finishes the commit a stopped build left at `path`, if any: renames every staged file
    /// that is still there into place, in order, unless it is a shared file that someone
    /// changed since the build read it (then the change is kept and the staged file
    /// dropped); restores what an exchange swapped out when it is not what was read; then
    /// flushes and removes the journal. Returns whether there was one. A journal that
    /// cannot be read (torn by a crash while it was written: it is renamed into place whole,
    /// so only a foreign file) is removed: it was written before anything was renamed.
    /// `observer`: a test's, told of each step.
    @discardableResult
    package static func recover(at path: String, observer: FlushObserver? = nil) throws(FileError) -> Bool {
        guard FileSystem.kind(of: path) != .missing else { return false }
        let folder = path.parentPath
        if let bytes = try? FileSystem.readRegularFile(path, limit: 64 << 20, followingSymlinks: false),
            let journal = decode(bytes)
        {
            var folders = Set<String>()
            for entry in journal.entries {
                let temporary = RelativePath.resolving(entry.temporary, against: folder)
                let target = RelativePath.resolving(entry.path, against: folder)
                // Only iconforge's own temporary files are ever renamed: a journal is not a
                // way to move anything else into place.
                guard temporary.lastPathComponent.hasPrefix(FileSystem.temporaryPrefix),
                    temporary.parentPath == target.parentPath,
                    let left = FileSystem.signature(of: temporary, followingSymlinks: false)
                else { continue }
                try finish(entry, temporary: temporary, left: left, target: target, observer: observer)
                folders.insert(target.parentPath)
            }
            try FileSystem.flushFolders(folders.sorted(), observer: observer)
        }
        try FileSystem.remove(path, observer: observer)
        FileSystem.syncFolder(folder, observer: observer)
        return true
    }

    /// One rename of a stopped commit, whose staged file is still at `temporary`.
    private static func finish(
        _ entry: Entry, temporary: String, left: FileSignature, target: String, observer: FlushObserver?
    ) throws(FileError) {
        guard let shared = entry.shared else {
            try FileSystem.renameIntoPlace(temporary, target, observer: observer)
            return
        }
        if left == shared.staged {
            // Not yet exchanged: into place only if the file is still as the build read it.
            if FileSystem.signature(of: target, followingSymlinks: false) == shared.read {
                try FileSystem.renameIntoPlace(temporary, target, observer: observer)
            } else {
                try FileSystem.remove(temporary, observer: observer)
            }
        } else if left == shared.read {
            // Exchanged, and what came out is what was read: the old file, done with.
            try FileSystem.remove(temporary, observer: observer)
        } else {
            // Exchanged, and what came out is someone's save: it goes back.
            try FileSystem.renameIntoPlace(temporary, target, observer: observer)
        }
    }
}
