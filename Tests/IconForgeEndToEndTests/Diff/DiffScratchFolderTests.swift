import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `diff`'s private folders (`iconforge-diff-*` for a revision's build, `iconforge-run-*`
/// for each git command) leave with the process: a stop by SIGTERM or SIGINT removes them,
/// and a later run removes those of a process that no longer exists (SIGKILL). Each stop is
/// at a named point, not after a sleep: a render worker or a `git` that says it has started
/// and never answers.
@Suite(.enabled(if: diffCanRunGit, "needs git and the iconforge executable beside the tests"))
struct DiffScratchFolderTests {
    typealias Project = DiffBaseConfinementTests.Project

    /// What the temporary folder holds, by name.
    func scratchFolders(_ project: Project) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: project.temporary)) ?? []).sorted()
    }

    /// Stops `iconforge diff` (see `WorkerLifetimeTests.stop`) and checks that it left
    /// nothing in the temporary folder.
    func stop(
        _ project: Project, _ arguments: [String], environment: [String: String], signal: Int32, ready: () -> Bool
    ) throws {
        try WorkerLifetimeTests.stop(
            ["diff"] + arguments + ["--page", project.folder.file("diff.html")], in: project.path,
            environment: environment.merging(["TMPDIR": project.temporary]) { _, new in new }, signal: signal,
            ready: ready)
        #expect(scratchFolders(project).isEmpty, "left: \(scratchFolders(project))")
    }

    @Test("a diff stopped while it builds the revision removes its private folder", arguments: [SIGTERM, SIGINT])
    func stoppedWhileBuildingTheRevision(_ signal: Int32) throws {
        let project = try Project()
        // The base's glyph differs from the current one, so the base build renders it; the
        // current build's worker is the real one, every later one never answers.
        let tall = try String(contentsOfFile: Fixtures.path("pipeline/tall-30pt.svg"), encoding: .utf8)
        let base = try project.commit(
            glyphs: try project.tree([("100644", "blob", try project.blob(tall), "square.svg")]))
        let scratch = TemporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("worker"), withDestinationPath: Fixtures.worker("first-real-then-never-replies"))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("iconforge"), withDestinationPath: try #require(DiffBaseConfinementTests.iconforge))
        try stop(
            project, ["--base", base, "-j", "1", "--render-timeout", "600"],
            environment: ["ICONFORGE_RENDER_WORKER": scratch.file("worker")], signal: signal
        ) {
            !WorkerLifetimeTests.announcedWorkers(in: scratch).isEmpty
                && scratchFolders(project).contains { $0.hasPrefix("iconforge-diff-") }
        }
        for pid in WorkerLifetimeTests.announcedWorkers(in: scratch) {
            #expect(
                WorkerLifetimeTests.waitUntil { WorkerLifetimeTests.hasEnded(pid) }, "worker \(pid) outlived the diff")
        }
    }

    @Test("a diff stopped while git runs removes the git command's private folder")
    func stoppedWhileGitRuns() throws {
        let project = try Project()
        let scratch = TemporaryFolder()
        // A git that says it has started (by a rename, so never half-written) and waits.
        scratch.write(
            "bin/git",
            "#!/bin/sh\necho $$ >\"\(scratch.path)/.s-$$\" && mv \"\(scratch.path)/.s-$$\" \"\(scratch.path)/started-$$\"\nexec sleep 600\n"
        )
        chmod(scratch.file("bin/git"), 0o755)
        defer { for pid in WorkerLifetimeTests.announcedWorkers(in: scratch) { kill(pid, SIGKILL) } }
        let path = scratch.file("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        try stop(project, ["--base", "main", "--isolation", "none"], environment: ["PATH": path], signal: SIGTERM) {
            !WorkerLifetimeTests.announcedWorkers(in: scratch).isEmpty
                && scratchFolders(project).contains { $0.hasPrefix("iconforge-run-") }
        }
    }

    @Test("a later run removes the private folders of a process that no longer exists, and only those")
    func foldersOfEndedProcessesAreSwept() throws {
        let project = try Project()
        try project.git(["add", "Glyphs"])
        try project.git(["commit", "-qm", "square"])
        // A process that has ended (and been waited for): its pid names no process.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        let alive = getpid()
        let elsewhere = TemporaryFolder()
        elsewhere.write("keep.txt", "someone's")
        let temporary = project.temporary
        for folder in [
            "iconforge-diff-\(dead)-AbC123/Glyphs", "iconforge-run-\(dead)-xYz789", "iconforge-diff-\(alive)-LiVe12",
            "iconforge-diff-Old123", "other-\(dead)-AbC123",
        ] {
            try FileManager.default.createDirectory(atPath: temporary + "/" + folder, withIntermediateDirectories: true)
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: temporary + "/iconforge-diff-\(dead)-AbC123/Glyphs/a.svg"))
        try FileManager.default.createSymbolicLink(
            atPath: temporary + "/iconforge-diff-\(dead)-LiNk12", withDestinationPath: elsewhere.path)

        let run = try project.diff(["--base", "main"])
        #expect(run.status == 0, "\(run.output)")
        #expect(
            scratchFolders(project)
                == [
                    "iconforge-diff-\(alive)-LiVe12", "iconforge-diff-\(dead)-LiNk12", "iconforge-diff-Old123",
                    "other-\(dead)-AbC123",
                ].sorted(),
            "\(scratchFolders(project))")
        #expect(FileManager.default.fileExists(atPath: elsewhere.file("keep.txt")))
    }
}
