import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgePlatform

/// Tree paths are judged as git's `verify_path` judges them, and whatever a path holds, a
/// private folder's `write` puts nothing outside the folder.
@Suite struct GitTreePathTests {
    @Test(arguments: [
        "..", "Glyphs/../../x.svg", "Glyphs/./x.svg", ".", "Glyphs//x.svg", "/x.svg", "Glyphs/", ".git/config",
        "Glyphs/.GIT/hooks/pre-commit",
        ".Git", ".git.", ".git ", ".git. .", ".git::$INDEX_ALLOCATION/x", "GIT~1/config", "Glyphs/a\\.git\\x",
        ".g\u{200C}it/config", "\u{FEFF}.git",
        "x\0y.svg", "../\u{301}x.svg", "Glyphs/../\u{301}../\u{301}x",
    ])
    func refused(_ path: String) {
        #expect(GitTreePath.problem(Array(path.utf8)) != nil, "\(path.debugDescription)")
    }

    @Test(arguments: [
        "Glyphs/home.svg", "iconforge.json", "...", "Glyphs/..x.svg", ".gitignore", ".github/x", "git~2",
        "Glyphs/é.svg", "a\\b.svg", ".gi",
    ])
    func accepted(_ path: String) {
        #expect(GitTreePath.problem(Array(path.utf8)) == nil, "\(path.debugDescription)")
    }

    /// The `gittree` fuzz target's oracle holds on paths it refuses and paths it accepts.
    @Test func theFuzzTargetRunsOnEveryPathHere() {
        for path in ["..", "a/../b", "Glyphs/home.svg", ".git", "...", "a\\.git", ""] {
            FuzzEntryPoints.gitTree(Array(path.utf8))
        }
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        #expect(GitTreePath.problem([0x47, 0xFF, 0x2E, 0x73, 0x76, 0x67]) != nil)
    }

    @Test func aPrivateFolderWritesOnlyBeneathItself() throws {
        let folder = try ScratchFolder.create(.diff)
        defer { folder.remove() }
        // "/" then a combining mark is one Character, but two names to the kernel.
        for relative in ["../x", "a/../../x", "/x", "a//x", "./x", "a/.", "", "../\u{301}x", "a/../\u{301}x"] {
            #expect(throws: FileError.self, "\(relative)") { try folder.write([1], to: relative) }
        }
        // A symlink inside, made by someone else, is not followed on the way.
        let outside = TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: outside.path)
        #expect(throws: FileError.self) { try folder.write([1], to: "link/x") }
        #expect(throws: FileError.self) { try folder.write([1], to: "link") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        try folder.write([1, 2], to: "a/b/c.svg")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a/b/c.svg")) == Data([1, 2]))
        #expect(folder.path.lastPathComponent.hasPrefix("iconforge-diff-\(getpid())-"))
        #expect(ScratchFolder.process(named: folder.path.lastPathComponent) == getpid())
    }

    @Test(arguments: [
        ("iconforge-diff-42-a1B2c3", Int32(42)), ("iconforge-run-7-zzzzzz", 7), ("iconforge-diff-a1B2c3", nil),
        ("iconforge-diff--a1B2c3", nil),
        ("iconforge-diff-42-a1B2c3d", nil), ("iconforge-test-12345678-ABCD", nil), ("iconforge-diff-+4-a1B2c3", nil),
        ("iconforge-preview-4-a1B2c3", nil),
    ])
    func processInAFolderName(_ name: String, _ pid: Int32?) {
        #expect(ScratchFolder.process(named: name) == pid)
    }
}
