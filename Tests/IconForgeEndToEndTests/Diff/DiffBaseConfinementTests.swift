import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// Whether git and the iconforge executable are there, for the tests that run both.
let diffCanRunGit =
    WorkerIsolationTests.iconforge != nil && (try? runProgram("/usr/bin/env", ["git", "--version"]).status) == 0

/// What a base controls stays in its place (issue 43): a revision's tree entries are
/// written only beneath the diff's private folder, a folder never stands in for a
/// revision of the same name, and a base folder's catalog names only files inside it.
/// Each hostile base is made here with git's plumbing (`hash-object`, `mktree`,
/// `commit-tree`), as an attacker's commit would be.
@Suite(.enabled(if: diffCanRunGit, "needs git and the iconforge executable beside the tests"))
struct DiffBaseConfinementTests {
    static let iconforge = WorkerIsolationTests.iconforge

    /// A repository whose work tree has `Glyphs/square.svg`, and a temporary folder of
    /// its own (`TMPDIR` for the runs) where nothing may be left behind.
    struct Project {
        let folder = TemporaryFolder()
        var path: String { folder.file("app") }
        var temporary: String { folder.file("tmp") }
        var square: String { try! String(contentsOfFile: Fixtures.path("pipeline/square-27pt.svg"), encoding: .utf8) }

        init() throws {
            try FileManager.default.createDirectory(atPath: path + "/Glyphs", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            try square.write(toFile: path + "/Glyphs/square.svg", atomically: true, encoding: .utf8)
            try git(["init", "-q", "-b", "main"])
        }

        @discardableResult
        func git(_ arguments: [String], input: String? = nil) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["git", "-c", "user.email=test@example.com", "-c", "user.name=Test", "-c", "commit.gpgsign=false"]
                + arguments
            process.currentDirectoryURL = URL(fileURLWithPath: path)
            let (stdin, stdout) = (Pipe(), Pipe())
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
            try stdin.fileHandleForWriting.close()
            let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(arguments)")
            return output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func blob(_ text: String) throws -> String { try git(["hash-object", "-w", "--stdin"], input: text) }

        /// A tree of `entries` (mode, type, object, name), as `git mktree` takes them: names
        /// are not checked, as git's fsck only warns about `..`.
        func tree(_ entries: [(String, String, String, String)]) throws -> String {
            try git(["mktree"], input: entries.map { "\($0.0) \($0.1) \($0.2)\t\($0.3)\n" }.joined())
        }

        /// A commit whose root tree holds `glyphs` as `Glyphs/`.
        func commit(glyphs: String) throws -> String {
            try git(["commit-tree", try tree([("040000", "tree", glyphs, "Glyphs")]), "-m", "base"])
        }

        func diff(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String)
        {
            let merged = ProcessInfo.processInfo.environment.merging(
                ["TMPDIR": temporary].merging(environment) { _, new in new }
            ) { _, new in new }
            return try runProgram(
                try #require(DiffBaseConfinementTests.iconforge),
                ["diff"] + arguments + ["--isolation", "none", "--page", folder.file("diff.html")],
                in: path, environment: merged)
        }

        /// Everything under `folder` (not the project, nor the page's own files), at any depth.
        func everything() -> [String] {
            (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter {
                !["app", ".iconforge-preview"].contains(String($0.prefix { $0 != "/" }))
            }.sorted()
        }
    }

    @Test("a tree entry named .. is reported and never written, wherever it leads")
    func dotDotEntriesAreRefused() throws {
        let project = try Project()
        let escaped = try project.blob(project.square)
        // Glyphs/../../escaped.svg: from the private folder's Glyphs/, two levels up is the
        // temporary folder itself; Glyphs/.GIT/config would be git's own file.
        let up = try project.tree([("100644", "blob", escaped, "escaped.svg")])
        let upUp = try project.tree([("040000", "tree", up, "..")])
        let dotGit = try project.tree([("100644", "blob", escaped, "config")])
        let glyphs = try project.tree([
            ("040000", "tree", upUp, ".."), ("040000", "tree", dotGit, ".GIT"),
            ("100644", "blob", try project.blob(project.square), "square.svg"),
        ])
        let base = try project.commit(glyphs: glyphs)
        let run = try project.diff(["--base", base])
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output.contains("Glyphs/../../escaped.svg: warning: ") && run.output.contains("[input.unreadable]"),
            "\(run.output)")
        #expect(run.output.contains("Glyphs/.GIT/config: warning: "), "\(run.output)")
        #expect(run.output.contains("0 changed, 0 added, 0 removed, 0 renamed, 1 unchanged"), "\(run.output)")
        // Nothing was written outside the private folder, and the private folder is gone.
        #expect(project.everything() == ["diff.html", "tmp"], "\(project.everything())")
    }

    @Test("a base glyph that is a git symlink is reported as not a glyph, not silently left out")
    func symlinkEntriesAreReported() throws {
        let project = try Project()
        try project.square.write(toFile: project.path + "/Glyphs/link.svg", atomically: true, encoding: .utf8)
        let glyphs = try project.tree([
            ("100644", "blob", try project.blob(project.square), "square.svg"),
            ("120000", "blob", try project.blob("/etc/passwd"), "link.svg"),
        ])
        let run = try project.diff(["--base", try project.commit(glyphs: glyphs)])
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output.contains("Glyphs/link.svg: warning: ") && run.output.contains("symbolic link")
                && run.output.contains("not a glyph"), "\(run.output)")
        #expect(run.output.contains("  added    Glyphs/link.svg"), "\(run.output)")
        #expect(project.everything() == ["diff.html", "tmp"], "\(project.everything())")
    }

    @Test("--base names a revision; a folder of the same name is refused, not taken; --base-dir names a folder")
    func aFolderNeverStandsInForARevision() throws {
        let project = try Project()
        try project.git(["add", "Glyphs"])
        try project.git(["commit", "-qm", "square"])
        try project.git(["branch", "reviewed"])
        // The pull request's own build, committed as reviewed/: it would show "unchanged".
        let built = try runProgram(
            try #require(Self.iconforge), ["build", "-o", "reviewed", "--isolation", "none", "-q"], in: project.path)
        #expect(built.status == 0, "\(built.output)")
        let old = project.folder.file("old-output")
        #expect(
            try runProgram(
                try #require(Self.iconforge), ["build", "-o", old, "--isolation", "none", "-q"], in: project.path
            ).status == 0)
        try FileManager.default.removeItem(atPath: project.path + "/Glyphs/square.svg")

        let ambiguous = try project.diff(["--base", "reviewed"])
        #expect(ambiguous.status == 2, "\(ambiguous.output)")
        #expect(
            ambiguous.output.contains("'reviewed' names both a git revision (")
                && ambiguous.output.contains("give --base-dir reviewed"), "\(ambiguous.output)")
        #expect(!ambiguous.output.contains("unchanged"))

        let folder = try project.diff(["--base-dir", "reviewed"])
        #expect(folder.status == 0, "\(folder.output)")
        #expect(
            folder.output.contains("iconforge diff against folder reviewed: 0 changed, 0 added, 1 removed"),
            "\(folder.output)")

        try FileManager.default.removeItem(atPath: project.path + "/reviewed")
        let revision = try project.diff(["--base", "reviewed"])
        #expect(revision.status == 0, "\(revision.output)")
        #expect(revision.output.contains("iconforge diff against revision reviewed ("), "\(revision.output)")

        // A folder given to --base is a revision that does not exist, and the message says
        // how to name a folder.
        let notRevision = try project.diff(["--base", old])
        #expect(notRevision.status == 2 && notRevision.output.contains("--base-dir " + old), "\(notRevision.output)")
        let both = try project.diff(["--base", "reviewed", "--base-dir", old])
        #expect(both.status == 2, "\(both.output)")
    }

    @Test(
        "a base folder's catalog.json naming files outside the folder is refused",
        arguments: ["../secret.png", "/secret", "link"])
    func catalogPathsStayInsideTheBaseFolder(_ attack: String) throws {
        let project = try Project()
        let base = project.folder.file("base")
        #expect(
            try runProgram(
                try #require(Self.iconforge), ["build", "-o", base, "--isolation", "none", "-q"], in: project.path
            ).status == 0)
        // A PNG elsewhere on the disk, which the page would embed.
        let secret = project.folder.file("secret.png")
        try FileManager.default.copyItem(atPath: base + "/square@2x.png", toPath: secret)
        let catalogPath = base + "/catalog.json"
        var text = try String(contentsOfFile: catalogPath, encoding: .utf8)
        switch attack {
        case "link":
            try FileManager.default.removeItem(atPath: base + "/square@2x.png")
            try FileManager.default.createSymbolicLink(atPath: base + "/square@2x.png", withDestinationPath: secret)
        default:
            text = text.replacingOccurrences(
                of: "\"square@2x.png\"", with: "\"\(attack == "/secret" ? secret : attack)\"")
        }
        try text.write(toFile: catalogPath, atomically: true, encoding: .utf8)
        let run = try project.diff(["--base-dir", base])
        #expect(run.status == 1, "\(run.output)")
        #expect(run.output.contains("outside the base folder"), "\(run.output)")
    }
}
