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
            case .gitMissing(let why): "cannot run git (\(why)); install git, or give --base a folder holding an earlier Output/"
            case .notARepository(let folder): "\(folder) is not in a git repository; give --base a folder holding an earlier Output/ instead"
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
        let resolved = revision.hasPrefix("-") ? nil : try Self.git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: folder)
        guard let resolved, resolved.status == 0, !Self.line(resolved.output).isEmpty else {
            throw .unknownRevision(revision, gitSays: resolved.map { Self.line($0.errors) } ?? "")
        }
        commit = Self.line(resolved.output)
    }

    /// The regular files (not symlinks or submodules) under `paths`, given from the project
    /// folder, in the commit.
    package func files(under paths: [String]) throws(Failure) -> [File] {
        let listed = try Self.git(["ls-tree", "-r", "-z", "--full-name", commit, "--"] + paths, in: folder)
        guard listed.status == 0 else { throw .gitFailed(arguments: "ls-tree \(commit)", gitSays: Self.line(listed.errors)) }
        // "<mode> SP <type> SP <object> TAB <path>" NUL-terminated.
        return listed.output.split(separator: 0).compactMap { record in
            guard let tab = record.firstIndex(of: 9) else { return nil }
            let fields = record[..<tab].split(separator: 32)
            guard fields.count == 3, fields[0].elementsEqual("100644".utf8) || fields[0].elementsEqual("100755".utf8), fields[1].elementsEqual("blob".utf8) else { return nil }
            return File(path: String(decoding: record[(tab + 1)...], as: UTF8.self), object: String(decoding: fields[2], as: UTF8.self))
        }
    }

    /// The contents of `files`, by object, from one `git cat-file --batch`.
    package func contents(of files: [File]) throws(Failure) -> [String: [UInt8]] {
        let objects = Array(Set(files.map(\.object))).sorted()
        guard !objects.isEmpty else { return [:] }
        let batch = try Self.git(["cat-file", "--batch"], in: folder, input: Array(objects.map { $0 + "\n" }.joined().utf8))
        guard batch.status == 0 else { throw .gitFailed(arguments: "cat-file --batch", gitSays: Self.line(batch.errors)) }
        // Each object: "<object> SP blob SP <size> LF <contents> LF".
        var contents: [String: [UInt8]] = [:]
        let bytes = batch.output
        var index = 0
        while index < bytes.count, let newline = bytes[index...].firstIndex(of: 10) {
            let header = bytes[index..<newline].split(separator: 32)
            guard header.count == 3, let size = Int(String(decoding: header[2], as: UTF8.self)), newline + 1 + size <= bytes.count else {
                throw .gitFailed(arguments: "cat-file --batch", gitSays: "unexpected output: " + String(decoding: bytes[index..<newline], as: UTF8.self))
            }
            contents[String(decoding: header[0], as: UTF8.self)] = Array(bytes[(newline + 1)..<(newline + 1 + size)])
            index = newline + 1 + size + 1
        }
        return contents
    }

    private static func git(_ arguments: [String], in folder: String, input: [UInt8] = []) throws(Failure) -> Subprocess.Result {
        do {
            // No pager, no prompt, and none of the user's aliases or colour settings matter
            // to plumbing commands; `-C` instead of changing this process's folder.
            return try Subprocess.run("git", ["-C", folder, "--no-pager", "-c", "core.quotepath=off"] + arguments, input: input)
        } catch {
            throw .gitMissing(error.message)
        }
    }

    private static func line(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
