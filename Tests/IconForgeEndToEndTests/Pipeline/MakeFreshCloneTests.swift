import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// docs/make.md's Makefile fragment, run by GNU make in a fresh `git clone` of an app's
/// repository that commits `Output/` and ignores the depfile.
@Suite struct MakeFreshCloneTests {
    /// docs/make.md's fragment, verbatim.
    static let fragment = """
        ICONFORGE ?= iconforge
        glyphs: Output/catalog.json
        Output/catalog.json: $(if $(wildcard Output/iconforge.d),,iconforge-no-depfile)
        \t$(ICONFORGE) build --depfile Output/iconforge.d
        -include Output/iconforge.d
        .PHONY: iconforge-no-depfile

        """

    /// What an app's repository ignores of iconforge's: the `.gitignore` `iconforge init`
    /// writes (docs/make.md's list, InitTests.documentedIgnoreListsAreInitsEntries).
    static let gitignore = ProjectScaffold.gitignoreAddition(to: nil) ?? ""

    /// Runs a program in `folder`, failing the test when it fails; its output.
    @discardableResult
    func run(_ executable: String, _ arguments: [String], in folder: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in [
            ("GIT_CONFIG_NOSYSTEM", "1"), ("GIT_CONFIG_GLOBAL", "/dev/null"), ("GIT_AUTHOR_NAME", "t"),
            ("GIT_AUTHOR_EMAIL", "t@example.com"),
            ("GIT_COMMITTER_NAME", "t"), ("GIT_COMMITTER_EMAIL", "t@example.com"),
        ] { environment[key] = value }
        let (status, text) = try runProgram(executable, arguments, in: folder, environment: environment)
        #expect(status == 0, "\(executable) \(arguments): \(text)")
        return text
    }

    /// Every time in `folder` (but .git) moves ten seconds back, as if the last save and the
    /// last build were that long ago: their order stays, and whatever runs next starts after
    /// all of them, however long a coarse file-time clock stands still.
    func letTimePass(_ folder: String) {
        let relative = ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).filter {
            !$0.hasPrefix(".git/") && $0 != ".git"
        }
        for path in [folder] + relative.map({ folder + "/" + $0 }) {
            if let time = FileSystem.modificationTime(of: path), time >= 10_000_000_000 {
                FileSystem.setModificationTime(of: path, to: time - 10_000_000_000)
            }
        }
    }

    @Test(
        "from a fresh clone with Output/ committed: make builds once, then only when a glyph changes",
        .enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing),
        .enabled(if: ExternalTools.hasGit, ExternalTools.gitMissing))
    func freshCloneBuildsAndThenOnlyOnChange() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let git = "/usr/bin/git"
        // The app's repository: glyphs, the fragment, and Output/ as a build left it, committed.
        let origin = TemporaryFolder()
        for name in ["square-27pt.svg", "tall-30pt.svg"] {
            origin.copy(fixture: "pipeline/" + name, as: "Glyphs/" + name)
        }
        origin.write("Makefile", Self.fragment)
        origin.write(".gitignore", Self.gitignore)
        try run(executable, ["build"], in: origin.path)
        try run(git, ["init", "-q"], in: origin.path)
        try run(git, ["add", "-A"], in: origin.path)
        try run(git, ["commit", "-q", "-m", "glyphs"], in: origin.path)
        #expect(try run(git, ["ls-files", "Output"], in: origin.path).contains("Output/catalog.json"))

        let parent = TemporaryFolder()
        try run(git, ["clone", "-q", origin.path, "app"], in: parent.path)
        let clone = parent.file("app")
        #expect(!FileManager.default.fileExists(atPath: clone + "/Output/iconforge.d"))
        func make() throws -> String {
            letTimePass(clone)
            return try run("/usr/bin/make", ["ICONFORGE=\(executable)"], in: clone)
        }
        // No depfile yet, so Make knows no inputs: it builds once, which writes one.
        #expect(try make().contains("build --depfile"))
        #expect(
            try run(git, ["status", "--porcelain"], in: clone).isEmpty,
            "the build rewrote nothing committed, and its own files are ignored")
        #expect(try make().contains("Nothing to be done"))
        // A glyph saved again (its bytes unchanged: only its time says so) is rebuilt.
        FileSystem.setModificationTime(of: clone + "/Glyphs/square-27pt.svg", to: FileSystem.fileTimeNow())
        #expect(try make().contains("build --depfile"))
        #expect(try make().contains("Nothing to be done"))
        // A changed glyph: rebuilt, its PNGs rewritten.
        let before = try Data(contentsOf: URL(fileURLWithPath: clone + "/Output/square-27pt@2x.png"))
        try FileManager.default.removeItem(atPath: clone + "/Glyphs/square-27pt.svg")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("pipeline/wide-30pt.svg"), toPath: clone + "/Glyphs/square-27pt.svg")
        #expect(try make().contains("build --depfile"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: clone + "/Output/square-27pt@2x.png")) != before)
        #expect(try make().contains("Nothing to be done"))
        // An output deleted: Make builds again, and it is back.
        let deleted = try Data(contentsOf: URL(fileURLWithPath: clone + "/Output/tall-30pt@3x.png"))
        try FileManager.default.removeItem(atPath: clone + "/Output/tall-30pt@3x.png")
        #expect(try make().contains("build --depfile"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: clone + "/Output/tall-30pt@3x.png")) == deleted)
        #expect(try make().contains("Nothing to be done"))
    }

    @Test(
        "the fragment without its no-depfile guard never builds a fresh clone: the failure the guard is for",
        .enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing))
    func withoutTheGuardAFreshCloneNeverBuilds() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/square-27pt.svg")
        try run(executable, ["build"], in: project.path)
        project.write(
            "Makefile",
            Self.fragment.replacingOccurrences(
                of: "$(if $(wildcard Output/iconforge.d),,iconforge-no-depfile)", with: ""))
        letTimePass(project.path)
        FileSystem.setModificationTime(of: project.file("Glyphs/square-27pt.svg"), to: FileSystem.fileTimeNow())
        #expect(try run("/usr/bin/make", ["ICONFORGE=\(executable)"], in: project.path).contains("Nothing to be done"))
    }
}
