import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

@Suite struct PathBaseTests {
    @Test("the repository root is the nearest folder up with a .git, file or folder")
    func repositoryRoot() throws {
        let folder = TemporaryFolder()
        folder.write("repo/.git", "gitdir: /elsewhere")
        try FileManager.default.createDirectory(atPath: folder.file("repo/a/b"), withIntermediateDirectories: true)
        let root = PathBase.normalized(folder.file("repo"))
        #expect(PathBase.repositoryRoot(from: folder.file("repo/a/b")) == root)
        #expect(
            PathBase.relative("../Glyphs/x.svg", to: root, currentFolder: folder.file("repo/a/b")) == "a/Glyphs/x.svg")
        #expect(
            PathBase.relative("/elsewhere/x.svg", to: root, currentFolder: root) == "/elsewhere/x.svg",
            "outside the base: as named")
        #expect(PathBase.relative("./Glyphs//x.svg", to: ".", currentFolder: root) == "Glyphs/x.svg")
    }

    @Test("github annotations name files from the repository root (or --path-base)")
    func annotationsUsePathBase() throws {
        let run = ToolCommand.run([
            "check", Fixtures.path("broken"), "--format", "github", "--path-base", Fixtures.path("broken/.."),
            "--isolation", "none",
        ])
        #expect(run.stdout.first?.hasPrefix("::error file=broken/truncated.svg,line=2,col=3") == true, "\(run.stdout)")
    }
}
