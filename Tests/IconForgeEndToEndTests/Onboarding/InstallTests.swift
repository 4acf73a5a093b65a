import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `make install` and `make uninstall`, run for real into a temporary prefix.
@Suite struct InstallTests {
    static let installed = [
        "bin/iconforge", "share/man/man1/iconforge.1", "share/bash-completion/completions/iconforge",
        "share/zsh/site-functions/_iconforge", "share/fish/vendor_completions.d/iconforge.fish",
    ]

    /// Every path under `folder`, relative to it.
    static func tree(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    func make(_ target: String, _ variables: [String]) throws -> ExternalProgram.Result {
        let make = try #require(ExternalProgram.find("make"))
        return try ExternalProgram.run(make, ["-s", target] + variables)
    }

    @Test(arguments: [false, true])
    func installsIntoPrefixAndUninstallLeavesItAsItWas(staged: Bool) throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let scratch = TemporaryFolder()
        let prefix = scratch.file("usr")
        // A prefix in use: another tool's file and an empty folder stay as they are.
        let root = staged ? scratch.file("stage") + prefix : prefix
        scratch.write(
            (staged ? "stage" + prefix.dropFirst(scratch.path.count) : "usr") + "/bin/other-tool", "#!/bin/sh\n")
        try FileManager.default.createDirectory(atPath: root + "/share/doc", withIntermediateDirectories: true)
        let before = Self.tree(root)
        let variables =
            ["BUILD=0", "ICONFORGE=\(iconforge)", "PREFIX=\(prefix)"]
            + (staged ? ["DESTDIR=\(scratch.file("stage"))"] : [])

        let install = try make("install", variables)
        #expect(install.status == 0, "\(install.output)")
        for file in Self.installed {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: root + "/bin/iconforge"))
        let version = try ExternalProgram.run(root + "/bin/iconforge", ["--version"])
        #expect(version.output == "iconforge \(Builder.toolVersion)\n")
        #expect(try String(contentsOfFile: root + "/share/man/man1/iconforge.1", encoding: .utf8) == ManPage.page())
        #expect(Set(Self.tree(root)).isSuperset(of: before))

        let uninstall = try make("uninstall", variables)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.tree(root) == before)
    }
}
