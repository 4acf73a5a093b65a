import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// A build stopped at any instruction of its commit, in a real app's folder, is followed by
/// one plain build that leaves every file byte for byte as a build that was never stopped,
/// with the same findings and nothing stray. "Stopped at" without timing: after each
/// flush, rename, exchange, removal, folder created or removed, the test takes a snapshot of
/// the whole app folder by hard links (the same inodes, sizes and times, so the next build
/// sees exactly what a killed build would have left), then builds in each snapshot.
@Suite struct StoppedCommitTests {
    enum App: String, CaseIterable, CustomTestStringConvertible {
        /// An XML Info.plist and InfoPlist.strings files, with vector image sets and symbols.
        case stringsFiles
        /// A binary Info.plist, a String Catalog and the Swift enum.
        case stringCatalog
        var testDescription: String { rawValue }
    }

    static let keptGlyphs: Set<String> = ["compose.svg", "search.svg", "scan.svg", "camera.svg", "quick-actions.json"]

    static func request(_ root: String, _ app: App) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [root + "/Glyphs"]
        request.outputFolder = root + "/Output"
        request.assetCatalog = root + "/Mosaic/Assets.xcassets/QuickActions"
        request.appFiles.infoPlist = root + "/Mosaic/Info.plist"
        switch app {
        case .stringsFiles:
            request.appFiles.stringsFolder = root + "/Mosaic"
            request.vectorFormat = .pdf
            request.symbolsFolder = root + "/Mosaic/Assets.xcassets/Symbols"
        case .stringCatalog:
            request.appFiles.stringCatalog = root + "/Mosaic/InfoPlist.xcstrings"
            request.appFiles.swiftSource = root + "/Mosaic/QuickAction.swift"
        }
        request.projectRoot = root
        request.jobs = 2
        return request
    }

    /// A title, a translation and a glyph changed since the last build.
    static func change(_ root: String) throws {
        func edit(_ name: String, _ old: String, _ new: String) throws {
            try replaceText(in: root + "/" + name, old, with: new)
        }
        try edit("Glyphs/quick-actions.json", "\"New Note\"", "\"New Page\"")
        try edit("Glyphs/quick-actions.json", "\"Suchen\"", "\"Durchsuchen\"")
        try edit("Glyphs/search.svg", "r=\"9.5\"", "r=\"9.25\"")
    }

    /// Every file a person sees (hidden ones aside), with its bytes.
    static func contents(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in KilledAtEachStepTests.tree(root) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }

    static func findings(_ report: BuildReport, root: String) -> [String] {
        report.diagnostics.map {
            "\($0.rule.rawValue) \($0.file.replacingOccurrences(of: root, with: "")): \($0.message)"
        }
    }

    @Test(arguments: App.allCases)
    func aBuildStoppedAtAnyPointOfItsCommitIsFinishedByTheNextPlainBuild(_ app: App) throws {
        let project = try AppFolder(binaryInfoPlist: app == .stringCatalog)
        let root = project.path
        for name in try FileManager.default.contentsOfDirectory(atPath: root + "/Glyphs")
        where !Self.keptGlyphs.contains(name) {
            try FileManager.default.removeItem(atPath: root + "/Glyphs/" + name)
        }
        #expect(try Builder.run(Self.request(root, app)).errorCount == 0)
        try Self.change(root)
        // The uninterrupted build, in a copy.
        let fresh = TemporaryFolder()
        try FileManager.default.removeItem(atPath: fresh.path)
        try FileManager.default.copyItem(atPath: root, toPath: fresh.path)
        let expectedReport = try Builder.run(Self.request(fresh.path, app))
        #expect(expectedReport.errorCount == 0, "\(expectedReport.diagnostics)")
        let expectedFindings = Self.findings(expectedReport, root: fresh.path)
        let expected = try Self.contents(fresh.path)

        let snapshots = TemporaryFolder()
        let events = Mutex<[FlushObserver.Event]>([])
        let snapshotsPath = snapshots.path
        let observer = FlushObserver(afterEach: { event in
            let step = events.withLock { events in
                events.append(event)
                return events.count
            }
            KilledAtEachStepTests.snapshotTree(root, into: snapshotsPath + "/\(step)")
        })
        let stopped = try Builder.run(observed(Self.request(root, app), by: observer))
        #expect(Self.findings(stopped, root: root) == expectedFindings)
        let steps = events.withLock { $0 }
        #expect(
            steps.contains { if case .exchanged = $0 { true } else { false } },
            "the app's files are exchanged: \(steps)")
        #expect(steps.count >= 20, "\(steps)")
        for (index, event) in steps.enumerated() {
            let folder = snapshots.path + "/\(index + 1)"
            let at = "stopped after step \(index + 1) of \(steps.count), \(event)"
            let next: BuildReport
            do {
                next = try Builder.run(Self.request(folder, app))
            } catch {
                Issue.record("the next build failed: \(error), \(at)")
                continue
            }
            #expect(Self.findings(next, root: folder) == expectedFindings, "\(at)")
            let contents = try Self.contents(folder)
            #expect(contents.keys.sorted() == expected.keys.sorted(), "\(at)")
            for (name, data) in expected where contents[name] != data {
                Issue.record("\(name) differs from an uninterrupted build's, \(at)")
            }
            let strays = KilledAtEachStepTests.tree(folder, hidden: true).filter {
                $0.contains(FileSystem.temporaryPrefix) || $0.hasSuffix(Builder.journalFileName)
            }
            #expect(strays.isEmpty, "left behind: \(strays), \(at)")
        }
    }
}

/// On a case-insensitive file system (a Mac's default; here a FAT image under fusefat), a
/// glyph renamed by case alone is one build's work: the new names' PNGs and image set are
/// there after it, and nothing of the old name removes them.
@Suite struct CaseOnlyRenameTests {
    @Test(.enabled(if: CaseInsensitiveFolder.tools != nil, CaseInsensitiveFolder.missing))
    func aGlyphRenamedByCaseKeepsItsPNGsAndImageSetAfterOneBuild() throws {
        let disk = try #require(CaseInsensitiveFolder(), "fusefat did not mount a FAT image")
        let root = disk.path
        let glyph = try String(
            contentsOfFile: Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Glyphs/compose.svg").path, encoding: .utf8)
        for folder in ["Glyphs", "App/Assets.xcassets"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        #expect(disk.write("Glyphs/compose.svg", glyph))
        #expect(
            disk.write(
                "App/Assets.xcassets/Contents.json",
                "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"))
        var request = BuildRequest()
        request.inputs = [root + "/Glyphs"]
        request.outputFolder = root + "/Output"
        request.assetCatalog = root + "/App/Assets.xcassets"
        request.projectRoot = root
        #expect(try Builder.run(request).errorCount == 0)
        // A case-only rename, as Finder makes it.
        try FileManager.default.moveItem(atPath: root + "/Glyphs/compose.svg", toPath: root + "/Glyphs/tmp.svg")
        try FileManager.default.moveItem(atPath: root + "/Glyphs/tmp.svg", toPath: root + "/Glyphs/Compose.svg")
        let report = try Builder.run(request)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        #expect(report.catalog.glyphs.map(\.name) == ["Compose"])
        for output in report.catalog.glyphs.flatMap(\.outputs) {
            let data = FileManager.default.contents(atPath: root + "/Output/" + output.file)
            #expect(
                data.map { SHA256Digest.hex(of: [UInt8]($0)) } == output.sha256,
                "\(output.file) is missing or not what the catalog says")
        }
        for name in ["Compose@2x.png", "Compose@3x.png", "Contents.json"] {
            #expect(
                FileManager.default.fileExists(atPath: root + "/App/Assets.xcassets/Compose.imageset/" + name),
                "image set lost \(name)")
        }
        // And the build after it has nothing to do.
        #expect(try Builder.run(request).errorCount == 0)
        #expect(FileManager.default.fileExists(atPath: root + "/Output/Compose@2x.png"))
    }
}

@Suite struct CommitJournalTests {
    @Test func awkwardNamesAndSignaturesRoundTrip() {
        var journal = CommitJournal()
        journal.entries = [
            .init(temporary: ".iconforge-tmp-1-a%09b\tc", path: "a%09b\tc"),
            .init(
                temporary: "../App/.iconforge-tmp-2-Info.plist", path: "../App/Info\n.plist",
                shared: .init(read: nil, staged: FileSignature(size: 3, modified: -5, inode: 9))),
            .init(
                temporary: "x", path: "y",
                shared: .init(read: FileSignature(size: 1, modified: 2, inode: 3), staged: nil)),
        ]
        #expect(CommitJournal.decode(journal.encoded()) == journal)
        #expect(CommitJournal.decode(Array("iconforge-journal 1\nR\tonly-one-field\n".utf8)) == nil)
        #expect(CommitJournal.decode(Array("something else\n".utf8)) == nil)
    }
}

/// An edit saved to one of the app's files at any point of a build's commit (the test
/// pauses the build there, at each flush, rename, exchange and removal in turn) is never
/// lost: after that build, and after the next, the file still holds it.
@Suite struct EditDuringCommitTests {
    /// A file of the app's, and an edit a person makes to it outside iconforge's entries.
    struct Edit: CustomTestStringConvertible, Sendable {
        var file: String
        var old: String
        var new: String
        var app: StoppedCommitTests.App
        var testDescription: String { file }
    }

    static let edits = [
        Edit(
            file: "Mosaic/Info.plist", old: "<string>Mosaic</string>", new: "<string>Mosaic Pro</string>",
            app: .stringsFiles),
        Edit(
            file: "Mosaic/de.lproj/InfoPlist.strings", old: "verwendet die Kamera", new: "nutzt die Kamera",
            app: .stringsFiles),
        Edit(file: "Mosaic/InfoPlist.xcstrings", old: "\"Mosaik\"", new: "\"Mosaik Pro\"", app: .stringCatalog),
    ]

    @Test(arguments: edits)
    func anEditSavedAtAnyPointOfTheCommitIsKept(_ edit: Edit) throws {
        let base = try AppFolder(binaryInfoPlist: false)
        for name in try FileManager.default.contentsOfDirectory(atPath: base.path + "/Glyphs")
        where !StoppedCommitTests.keptGlyphs.contains(name) {
            try FileManager.default.removeItem(atPath: base.path + "/Glyphs/" + name)
        }
        #expect(try Builder.run(StoppedCommitTests.request(base.path, edit.app)).errorCount == 0)
        try StoppedCommitTests.change(base.path)
        // How many points the commit has, from a build of a copy.
        func copy() throws -> TemporaryFolder {
            let folder = TemporaryFolder()
            try FileManager.default.removeItem(atPath: folder.path)
            try FileManager.default.copyItem(atPath: base.path, toPath: folder.path)
            return folder
        }
        let counting = try copy()
        let events = Mutex(0)
        let counter = FlushObserver(afterEach: { _ in events.withLock { $0 += 1 } })
        _ = try Builder.run(observed(StoppedCommitTests.request(counting.path, edit.app), by: counter))
        let points = events.withLock { $0 }
        #expect(points >= 10)
        for point in 1...points {
            let project = try copy()
            let path = project.file(edit.file)
            let seen = Mutex(0)
            let observer = FlushObserver(afterEach: { _ in
                guard
                    seen.withLock({ count in
                        count += 1
                        return count
                    }) == point
                else { return }
                // Saved as an editor saves: the same file, new bytes.
                if let text = try? String(contentsOfFile: path, encoding: .utf8), text.contains(edit.old) {
                    try? Data(text.replacingOccurrences(of: edit.old, with: edit.new).utf8).write(
                        to: URL(fileURLWithPath: path))
                }
            })
            _ = try? Builder.run(observed(StoppedCommitTests.request(project.path, edit.app), by: observer))
            let at = "saved at point \(point) of \(points)"
            #expect(
                try String(contentsOfFile: path, encoding: .utf8).contains(edit.new),
                "the edit was lost by the build it was saved during, \(at)")
            _ = try? Builder.run(StoppedCommitTests.request(project.path, edit.app))
            #expect(
                try String(contentsOfFile: path, encoding: .utf8).contains(edit.new),
                "the edit was lost by the next build, \(at)")
            let strays = KilledAtEachStepTests.tree(project.path, hidden: true).filter {
                $0.contains(FileSystem.temporaryPrefix)
            }
            #expect(strays.isEmpty, "left behind: \(strays), \(at)")
        }
    }
}
