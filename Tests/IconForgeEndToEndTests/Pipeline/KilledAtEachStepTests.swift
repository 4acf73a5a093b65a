import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgePlatform

/// A build killed at any step of writing its output leaves a folder where every file is
/// whole, any `catalog.json` lists files with exactly the bytes it gives, and the next build
/// finishes the job: the same files as a build into an empty folder, no finding, nothing
/// stray. "Killed at a step" without timing: after each write, flush, rename or removal the
/// build makes, the test takes a snapshot of the output folder by hard links (same inodes,
/// sizes and times, so the next build sees exactly what a killed build would have left),
/// then checks each snapshot and builds in it.
@Suite struct KilledAtEachStepTests {
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        /// Into an empty folder.
        case cold
        /// Two glyphs changed, one removed, one added: files replaced and removed.
        case replaceRemoveAndAdd
        /// One glyph added, nothing else: the old catalog stays while the new files arrive.
        case addOnly
        var testDescription: String { rawValue }
    }

    func write(_ glyphs: TemporaryFolder, _ indices: some Sequence<Int>, variant: Int) {
        for index in indices {
            let inset = 4 + Double((index + variant) % 9) * 0.02
            let size = 35 - 2 * inset
            glyphs.write(
                "g\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"\(inset)\" y=\"\(inset)\" width=\"\(size)\" height=\"\(size)\" rx=\"\(Double(index % 7))\"/></svg>"
            )
        }
    }

    static func visible(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The folder as it is now, by hard links (flat: these builds write no subfolders).
    static func snapshot(_ folder: String, into copy: String) {
        try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name != FolderLock.fileName {
            // A file renamed away between listing and linking is simply not in the snapshot.
            _ = link(folder + "/" + name, copy + "/" + name)
        }
    }

    @Test(arguments: Change.allCases)
    func aBuildKilledAfterAnyStepLeavesAWholeFolderAndTheNextBuildFinishesIt(_ change: Change) throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        let fresh = TemporaryFolder()
        let snapshots = TemporaryFolder()
        if change != .cold {
            write(glyphs, 0..<6, variant: 0)
            _ = try build([glyphs.path], into: output.path)
        }
        var before: [String: Data] = [:]
        for name in try Self.visible(output.path) { before[name] = try Self.bytes(output.file(name)) }
        switch change {
        case .cold: write(glyphs, 0..<6, variant: 0)
        case .replaceRemoveAndAdd:
            write(glyphs, 0..<2, variant: 3)
            try FileManager.default.removeItem(atPath: glyphs.file("g5.svg"))
            write(glyphs, [6], variant: 0)
        case .addOnly: write(glyphs, [6], variant: 0)
        }
        #expect(try build([glyphs.path], into: fresh.path).diagnostics.isEmpty)
        let after = try Dictionary(
            uniqueKeysWithValues: Self.visible(fresh.path).map { ($0, try Self.bytes(fresh.file($0))) })

        let steps = Mutex<[FlushObserver.Event]>([])
        let outputPath = output.path
        let snapshotsPath = snapshots.path
        let observer = FlushObserver(afterEach: { event in
            let step = steps.withLock { steps in
                steps.append(event)
                return steps.count
            }
            Self.snapshot(outputPath, into: snapshotsPath + "/\(step)")
        })
        let report = try build([glyphs.path], into: output.path, observer: observer)
        #expect(report.diagnostics.isEmpty)
        let events = steps.withLock { $0 }
        #expect(events.count >= 5, "\(events)")

        for (index, event) in events.enumerated() {
            let folder = snapshots.path + "/\(index + 1)"
            let at = "killed after step \(index + 1), \(event)"
            // Every file is whole: the previous build's bytes or this build's.
            for name in try Self.visible(folder) where name.hasSuffix(".png") {
                let data = try Self.bytes(folder + "/" + name)
                #expect(
                    data == before[name] || data == after[name],
                    "\(name) is neither the old file nor the new one, \(at)")
            }
            // A catalog, if there is one, lists files that have the bytes it gives.
            if FileManager.default.fileExists(atPath: folder + "/catalog.json") {
                let catalog = try JSONDecoder().decode(Catalog.self, from: Self.bytes(folder + "/catalog.json"))
                for output in catalog.glyphs.flatMap(\.outputs) {
                    let data = try? Self.bytes(folder + "/" + output.file)
                    #expect(
                        data.map { SHA256Digest.hex(of: [UInt8]($0)) } == output.sha256,
                        "catalog.json disagrees with \(output.file), \(at)")
                }
            }
            // The next build finishes the job, and knows every file of iconforge's as its own.
            let next = try build([glyphs.path], into: folder)
            #expect(next.diagnostics.isEmpty, "\(next.diagnostics), \(at)")
            #expect(try Self.visible(folder) == Self.visible(fresh.path), "\(at)")
            for (name, data) in after {
                #expect(try Self.bytes(folder + "/" + name) == data, "\(name), \(at)")
            }
            let strays = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
                $0.hasPrefix(FileSystem.temporaryPrefix)
            }
            #expect(strays.isEmpty, "temporary files left: \(strays), \(at)")
        }
    }

    /// Every file under `folder`, by relative path: hidden ones only when `hidden`.
    static func tree(_ folder: String, hidden: Bool = false) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).filter { path in
            hidden || !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted()
    }

    /// `folder` and everything in it, by hard links for files (the same inodes, sizes and
    /// times) and new folders for folders.
    static func snapshotTree(_ folder: String, into copy: String) {
        try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for path in tree(folder, hidden: true) where !path.hasSuffix(FolderLock.fileName) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try? FileManager.default.createDirectory(atPath: copy + "/" + path, withIntermediateDirectories: true)
            } else {
                _ = link(folder + "/" + path, copy + "/" + path)
            }
        }
    }

    /// The same, for a build that also writes an asset catalog and quick-action files (in
    /// `<locale>.lproj` folders of the output): a kill at any step leaves no temporary file
    /// that the next build does not remove, in the output folder, its subfolders or any image set.
    @Test func aBuildWithAnAssetCatalogAndQuickActionsKilledAfterAnyStepLeavesNothingStray() throws {
        let glyphs = TemporaryFolder()
        let project = TemporaryFolder()
        let fresh = TemporaryFolder()
        let snapshots = TemporaryFolder()
        write(glyphs, 0..<4, variant: 0)
        glyphs.write(
            "quick-actions.json",
            "{\"locales\":[\"en\",\"fr\"],\"actions\":[{\"type\":\"a.b\",\"title\":{\"en\":\"Open\",\"fr\":\"Ouvrir\"},\"icon\":{\"glyph\":\"g0\"}}]}"
        )
        func request(_ root: String) -> BuildRequest {
            var request = BuildRequest()
            request.inputs = [glyphs.path]
            request.outputFolder = root + "/O"
            request.assetCatalog = root + "/A.xcassets"
            request.jobs = 2
            return request
        }
        _ = try Builder.run(request(project.path))
        // Two glyphs change, one is added: image sets replaced and created, strings rewritten.
        write(glyphs, 0..<2, variant: 5)
        write(glyphs, [4], variant: 0)
        glyphs.write(
            "quick-actions.json",
            "{\"locales\":[\"en\",\"fr\"],\"actions\":[{\"type\":\"a.b\",\"title\":{\"en\":\"Open it\",\"fr\":\"Ouvrez\"},\"icon\":{\"glyph\":\"g4\"}}]}"
        )
        #expect(try Builder.run(request(fresh.path)).diagnostics.isEmpty)
        let steps = Mutex(0)
        let projectPath = project.path
        let snapshotsPath = snapshots.path
        let observer = FlushObserver(afterEach: { _ in
            let step = steps.withLock { count in
                count += 1
                return count
            }
            Self.snapshotTree(projectPath, into: snapshotsPath + "/\(step)")
        })
        #expect(try Builder.run(observed(request(project.path), by: observer)).diagnostics.isEmpty)
        let count = steps.withLock { $0 }
        var strayAtSomeStep = false
        for step in 1...count {
            let folder = snapshots.path + "/\(step)"
            strayAtSomeStep =
                strayAtSomeStep || Self.tree(folder, hidden: true).contains { $0.contains(FileSystem.temporaryPrefix) }
            let next = try Builder.run(request(folder))
            #expect(next.diagnostics.isEmpty, "\(next.diagnostics), killed after step \(step)")
            let strays = Self.tree(folder, hidden: true).filter { $0.contains(FileSystem.temporaryPrefix) }
            #expect(strays.isEmpty, "temporary files left after the next build, killed after step \(step): \(strays)")
            #expect(Self.tree(folder) == Self.tree(fresh.path), "killed after step \(step)")
        }
        #expect(strayAtSomeStep, "some step leaves temporary files for the next build to remove")
    }

    /// A project with the example glyphs, an Info.plist and a String Catalog in `App/`.
    static func appProject(in root: String) throws {
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: root + "/Glyphs")
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixtures.path("app-files/Info.plist"), toPath: root + "/App/Info.plist")
    }

    static func appRequest(_ root: String) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [root + "/Glyphs"]
        request.outputFolder = root + "/Output"
        request.appFiles.infoPlist = root + "/App/Info.plist"
        request.appFiles.stringCatalog = root + "/App/InfoPlist.xcstrings"
        request.projectRoot = root
        request.jobs = 2
        return request
    }

    static func retitle(_ root: String) throws {
        let path = root + "/Glyphs/quick-actions.json"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "\"New Note\"", with: "\"New Page\"")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The app's files are committed with the outputs, Info.plist last: killed after any
    /// step, Info.plist never names a title the String Catalog does not have yet, and the
    /// next build leaves them as a build that was never killed does, with nothing stray.
    @Test func aBuildKilledBetweenTheAppsFilesNeverLeavesInfoPlistNewAndTheStringCatalogOld() throws {
        let project = TemporaryFolder()
        let fresh = TemporaryFolder()
        let snapshots = TemporaryFolder()
        try Self.appProject(in: project.path)
        #expect(try Builder.run(Self.appRequest(project.path)).errorCount == 0)
        try FileManager.default.removeItem(atPath: fresh.path)
        try FileManager.default.copyItem(atPath: project.path, toPath: fresh.path)
        try Self.retitle(project.path)
        try Self.retitle(fresh.path)
        #expect(try Builder.run(Self.appRequest(fresh.path)).errorCount == 0)
        let steps = Mutex(0)
        let projectPath = project.path
        let snapshotsPath = snapshots.path
        let observer = FlushObserver(afterEach: { _ in
            let step = steps.withLock { count in
                count += 1
                return count
            }
            Self.snapshotTree(projectPath, into: snapshotsPath + "/\(step)")
        })
        #expect(try Builder.run(observed(Self.appRequest(project.path), by: observer)).errorCount == 0)
        let count = steps.withLock { $0 }
        #expect(count >= 3)
        let expectedPlist = try Self.bytes(fresh.file("App/Info.plist"))
        let expectedCatalog = try Self.bytes(fresh.file("App/InfoPlist.xcstrings"))
        for step in 1...count {
            let folder = snapshots.path + "/\(step)"
            let plist = try String(contentsOfFile: folder + "/App/Info.plist", encoding: .utf8)
            let catalog = (try? String(contentsOfFile: folder + "/App/InfoPlist.xcstrings", encoding: .utf8)) ?? ""
            #expect(
                !plist.contains("New Page") || catalog.contains("New Page"),
                "killed after step \(step): Info.plist is new and the String Catalog old")
            let next = try Builder.run(Self.appRequest(folder))
            #expect(next.errorCount == 0, "\(next.diagnostics), killed after step \(step)")
            #expect(try Self.bytes(folder + "/App/Info.plist") == expectedPlist, "killed after step \(step)")
            #expect(try Self.bytes(folder + "/App/InfoPlist.xcstrings") == expectedCatalog, "killed after step \(step)")
            let strays = Self.tree(folder, hidden: true).filter { $0.contains(FileSystem.temporaryPrefix) }
            #expect(strays.isEmpty, "killed after step \(step): \(strays)")
        }
    }

    /// An edit saved while the build runs (between reading Info.plist and renaming the new one
    /// over it) is not lost: the build stops, having replaced nothing.
    @Test func anEditOfInfoPlistDuringTheBuildIsNotLost() throws {
        let project = TemporaryFolder()
        try Self.appProject(in: project.path)
        #expect(try Builder.run(Self.appRequest(project.path)).errorCount == 0)
        try Self.retitle(project.path)
        let plistPath = project.file("App/Info.plist")
        let edited = Mutex(false)
        let observer = FlushObserver(afterEach: { event in
            guard case .fileSystemFlushed = event, !edited.withLock({ $0 }) else { return }
            edited.withLock { $0 = true }
            let text = (try? String(contentsOfFile: plistPath, encoding: .utf8)) ?? ""
            try? Data((text + "<!-- saved in Xcode meanwhile -->\n").utf8).write(to: URL(fileURLWithPath: plistPath))
        })
        let error = #expect(throws: BuildError.self) {
            try Builder.run(observed(Self.appRequest(project.path), by: observer))
        }
        guard case .output(let failure) = error else {
            Issue.record("expected an output error, got \(String(describing: error))")
            return
        }
        #expect(failure.message.contains("changed while iconforge was updating it"), "\(failure.message)")
        #expect(failure.leftOutput == .unchanged)
        let plist = try String(contentsOfFile: plistPath, encoding: .utf8)
        #expect(plist.hasSuffix("<!-- saved in Xcode meanwhile -->\n") && !plist.contains("New Page"))
        // The next build takes the edit in.
        #expect(try Builder.run(Self.appRequest(project.path)).errorCount == 0)
        let updated = try String(contentsOfFile: plistPath, encoding: .utf8)
        #expect(updated.contains("New Page") && updated.contains("<!-- saved in Xcode meanwhile -->"))
    }
}
