import Foundation
import Synchronization
import Testing

@testable import IconForgeKit

/// Where in an app's asset catalog glyphs go, under which name, and what iconforge leaves there.
@Suite struct AssetCatalogPlacementTests {
    func build(_ project: TemporaryFolder, into catalog: String, checking others: [String] = []) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.assetCatalog = project.file(catalog)
        request.otherAssetCatalogs = others.map(project.file)
        return try Builder.run(request)
    }

    func project(_ glyphs: [String] = ["compose"]) -> TemporaryFolder {
        let project = TemporaryFolder()
        for name in glyphs { project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/\(name).svg") }
        return project
    }

    /// Every entry under `folder`, relative, sorted.
    func tree(_ folder: String) -> [String] {
        ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted()
    }

    @Test("the catalog gains no bookkeeping file: it is locked as a folder, and an old lock file goes")
    func noLockFileInTheCatalog() throws {
        let project = project()
        project.write("App/Assets.xcassets/" + FolderLock.fileName, "")
        let report = try build(project, into: "App/Assets.xcassets")
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        #expect(
            tree(project.file("App/Assets.xcassets"))
                == ["Contents.json", "compose.imageset", "compose.imageset/Contents.json", "compose.imageset/compose@2x.png", "compose.imageset/compose@3x.png"])

        // The folder lock still keeps two builds apart: one waits while another holds it.
        var held: FolderLock? = try FolderLock(project.file("App/Assets.xcassets"), lockFile: false)
        let waited = Mutex(false)
        let taken = Mutex(false)
        let folder = project.file("App/Assets.xcassets")
        DispatchQueue.global().async {
            let second = try? FolderLock(folder, lockFile: false) { waited.withLock { $0 = true } }
            taken.withLock { $0 = second != nil }
        }
        let didWait = WorkerLifetimeTests.waitUntil { waited.withLock { $0 } }
        #expect(didWait, "the second lock did not wait")
        let tookEarly = taken.withLock { $0 }
        #expect(!tookEarly)
        held = nil
        let tookLater = WorkerLifetimeTests.waitUntil { taken.withLock { $0 } }
        #expect(tookLater)
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName))
        _ = held
    }
}
