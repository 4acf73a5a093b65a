import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The committed `Output/` is exactly what `make` makes of the shipped `Glyphs/` (its
/// `iconforge build Glyphs -o Output`): a fresh clone's first `make` changes no file, and
/// `git status` stays clean.
@Suite struct ShippedOutputTests {
    static let repository = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func theCommittedOutputIsWhatMakeBuilds() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        try FileManager.default.copyItem(atPath: Self.repository + "/Glyphs", toPath: project.file("Glyphs"))
        let (status, output) = try runProgram(iconforge, ["build", "Glyphs", "-o", "Output"], in: project.path)
        #expect(status == 0, "\(output)")
        let committed = Self.repository + "/Output"
        let ignored: Set<String> = [
            ".iconforge-state", ".iconforge-lock", ".iconforge-preview", "iconforge.d", "preview.html",
            "preview.reload.js",
        ]
        let built = try FileManager.default.subpathsOfDirectory(atPath: project.file("Output")).filter {
            !ignored.contains($0)
        }.sorted()
        let shipped = try FileManager.default.subpathsOfDirectory(atPath: committed).filter { !ignored.contains($0) }
            .sorted()
        #expect(built == shipped)
        for name in built {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: project.file("Output/" + name), isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            #expect(
                FileManager.default.contents(atPath: project.file("Output/" + name))
                    == FileManager.default.contents(atPath: committed + "/" + name),
                "Output/\(name) is not what `make` builds: run `make` and commit Output/")
        }
    }
}
