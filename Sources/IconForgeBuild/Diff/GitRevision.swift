/// One commit of the git repository a project lives in, read with `git rev-parse`,
/// `git ls-tree` and `git cat-file` only: never the work tree, the index or a ref, so a
/// diff leaves the designer's checkout exactly as it was.
package struct GitRevision: Sendable {
    /// Why a revision cannot be read; each case says what to do.
    package enum Failure: Error, Equatable, Sendable {
        case gitMissing(String)
        case notARepository(folder: String)
        case unknownRevision(String, gitSays: String)
        case gitFailed(arguments: String, gitSays: String)

        package var message: String {
            switch self {
            case .gitMissing(let why):
                "cannot run git (\(why)); install git, or give --base a folder holding an earlier Output/"
            case .notARepository(let folder):
                "\(folder) is not in a git repository; give --base a folder holding an earlier Output/ instead"
            case .unknownRevision(let revision, let says):
                "unknown revision '\(revision)'\(says.isEmpty ? "" : " (git: \(says))"); in CI, fetch it first (actions/checkout with fetch-depth: 0, or git fetch origin \(revision.hasPrefix("origin/") ? String(revision.dropFirst(7)) : revision))"
            case .gitFailed(let arguments, let says): "git \(arguments) failed: \(says)"
            }
        }
    }

    /// A file of the commit's tree.
    package struct File: Sendable, Equatable {
        /// From the repository root.
        package var path: String
        package var object: String
    }

    /// The folder git runs in (the project's).
    package var folder: String
    /// What the user named (`origin/main`).
    package var name: String
    /// The commit's full hash.
    package var commit: String
    /// The project folder's path from the repository root: "" at the root, else ending in "/".
    package var prefix: String

    /// Resolves `revision` to a commit of the repository holding `folder`.
    package init(_ revision: String, in folder: String) throws(Failure) {
        self.folder = folder
        name = revision
        let inside = try Self.git(["rev-parse", "--show-prefix"], in: folder)
        guard inside.status == 0 else { throw .notARepository(folder: folder) }
        prefix = Self.line(inside.output)
        // A revision beginning with "-" would be read as an option: none is named so.
        let resolved =
            revision.hasPrefix("-")
            ? nil : try Self.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: folder)
        guard let resolved, resolved.status == 0, !Self.line(resolved.output).isEmpty else {
            throw .unknownRevision(revision, gitSays: resolved.map { Self.line($0.errors) } ?? "")
        }
        commit = Self.line(resolved.output)
    }

    /// What a commit's tree holds under some paths: the regular files a build may read, and
    /// every other entry, refused with why (`GitTreePath`, a symlink, a submodule).
    package struct Listing: Sendable, Equatable {
        package var files: [File] = []
        package var refused: [Refused] = []
    }

    /// A tree entry that is not read, and why: the reason follows the path in a message.
    package struct Refused: Sendable, Equatable {
        /// From the repository root.
        package var path: String
        package var reason: String
    }

    /// The entries under `paths`, given from the project folder, in the commit.
    package func files(under paths: [String]) throws(Failure) -> Listing {
        let listed = try Self.git(["ls-tree", "-r", "-z", "--full-name", commit, "--"] + paths, in: folder)
        guard listed.status == 0 else {
            throw .gitFailed(arguments: "ls-tree \(commit)", gitSays: Self.line(listed.errors))
        }
        var listing = Listing()
        // "<mode> SP <type> SP <object> TAB <path>" NUL-terminated.
        for record in listed.output.split(separator: 0) {
            guard let tab = record.firstIndex(of: 9) else { continue }
            let fields = record[..<tab].split(separator: 32).map { String(decoding: $0, as: UTF8.self) }
            let name = record[(tab + 1)...]
            let path = String(decoding: name, as: UTF8.self)
            guard fields.count == 3 else { continue }
            if let problem = GitTreePath.problem(name) {
                listing.refused.append(Refused(path: path, reason: problem + " (git refuses to check it out)"))
            } else if ["100644", "100755"].contains(fields[0]), fields[1] == "blob" {
                listing.files.append(File(path: path, object: fields[2]))
            } else {
                listing.refused.append(Refused(path: path, reason: Self.notAFile(mode: fields[0])))
            }
        }
        return listing
    }

    /// Why an entry of git mode `mode` is not a glyph's file.
    private static func notAFile(mode: String) -> String {
        switch mode {
        case "120000": "is a symbolic link in git, not a glyph: only regular files are read from a revision"
        case "160000": "is a submodule, not a glyph file"
        default: "is not a regular file in git (mode \(mode))"
        }
    }

    /// The contents of `files`, by object, from one `git cat-file --batch`.
    package func contents(of files: [File]) throws(Failure) -> [String: [UInt8]] {
        let objects = Array(Set(files.map(\.object))).sorted()
        guard !objects.isEmpty else { return [:] }
        let batch = try Self.git(
            ["cat-file", "--batch"], in: folder, input: Array(objects.map { $0 + "\n" }.joined().utf8))
        guard batch.status == 0 else {
            throw .gitFailed(arguments: "cat-file --batch", gitSays: Self.line(batch.errors))
        }
        // Each object: "<object> SP blob SP <size> LF <contents> LF".
        var contents: [String: [UInt8]] = [:]
        let bytes = batch.output
        var index = 0
        while index < bytes.count, let newline = bytes[index...].firstIndex(of: 10) {
            let header = bytes[index..<newline].split(separator: 32)
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)),
                newline + 1 + size <= bytes.count
            else {
                throw .gitFailed(
                    arguments: "cat-file --batch",
                    gitSays: "unexpected output: " + String(decoding: bytes[index..<newline], as: UTF8.self))
            }
            contents[String(decoding: header[0], as: UTF8.self)] = Array(bytes[(newline + 1)..<(newline + 1 + size)])
            index = newline + 1 + size + 1
        }
        return contents
    }

    private static func git(_ arguments: [String], in folder: String, input: [UInt8] = []) throws(Failure)
        -> Subprocess.Result
    {
        do {
            // No pager, no prompt, and none of the user's aliases or colour settings matter
            // to plumbing commands; `-C` instead of changing this process's folder.
            return try Subprocess.run(
                "git", ["-C", folder, "--no-pager", "-c", "core.quotepath=off"] + arguments, input: input)
        } catch {
            throw .gitMissing(error.message)
        }
    }

    private static func line(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
