import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeSVG

/// A build waits for the disk a fixed number of times, whatever the number of glyphs, and
/// still flushes every file before it is renamed into place, with the catalog last.
@Suite(.serialized) struct DurableWriteTests {
    func makeGlyphs(_ folder: TemporaryFolder, count: Int) {
        for index in 0..<count {
            let inset = 4 + Double(index % 9) * 0.02
            let size = 35 - 2 * inset
            folder.write(
                "g\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"\(inset)\" y=\"\(inset)\" width=\"\(size)\" height=\"\(size)\" rx=\"\(Double(index % 7))\"/></svg>"
            )
        }
    }

    /// The flushes and renames of one cold build of `count` glyphs.
    func coldBuildEvents(glyphs count: Int) throws -> (
        events: [FlushObserver.Event], flushes: Int, output: String, keep: TemporaryFolder
    ) {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: count)
        let observer = FlushObserver()
        let report = try build([glyphs.path], into: output.path, observer: observer)
        #expect(!report.failed)
        return (observer.events, observer.flushCount, output.path, output)
    }

    @Test func aBuildFlushesOncePerBuildNotOncePerFile() throws {
        let few = try coldBuildEvents(glyphs: 3)
        let many = try coldBuildEvents(glyphs: 40)
        // 80 PNGs, a catalog and a state: once one fsync each (82 and more); now a flush of
        // the file system, the folder after the PNGs' renames, the catalog and the state.
        #expect(many.flushes <= 6, "\(many.flushes) flushes for 40 glyphs: \(many.events)")
        #expect(
            many.flushes == few.flushes,
            "flushes grow with the glyph count: \(few.flushes) for 3, \(many.flushes) for 40")
        #expect(many.events.count { if case .renamed(let path) = $0 { path.hasSuffix(".png") } else { false } } == 80)
    }

    @Test func everyPNGIsFlushedBeforeItIsRenamedAndTheCatalogIsRenamedLast() throws {
        let (events, _, output, _) = try coldBuildEvents(glyphs: 10)
        let pngRenames = events.indices.filter {
            if case .renamed(let path) = events[$0] { path.hasSuffix(".png") } else { false }
        }
        let catalogRename = try #require(events.firstIndex(of: .renamed(output + "/catalog.json")))
        let fileSystemFlush = try #require(
            events.firstIndex(where: { if case .fileSystemFlushed = $0 { true } else { false } }))
        #expect(pngRenames.count == 20)
        // The data of the PNGs and of the catalog is on disk, in one flush, before any of
        // them takes its name…
        #expect(fileSystemFlush < pngRenames.min()!)
        // …the PNGs' names are on disk before the catalog takes its own…
        let folderFlush = try #require(
            events.indices.first { $0 > pngRenames.max()! && events[$0] == .folderFlushed(output) })
        #expect(folderFlush < catalogRename)
        // …and the catalog's name is flushed after it, before the state is written.
        #expect(events[(catalogRename + 1)...].first == .folderFlushed(output))
    }

    @Test func aFailedWriteReplacesNothing() throws {
        var staged = StagedWrites()
        let folder = TemporaryFolder()
        folder.write("a.png", "old")
        _ = try staged.writeIfChangedRecording(Array("new".utf8), to: folder.file("a.png"))
        #expect(throws: FileError.self) { try staged.writeIfChangedRecording([1], to: folder.file("missing/b.png")) }
        _ = consume staged
        // Never committed: the old file stands, and no temporary file is left.
        #expect(try String(contentsOfFile: folder.file("a.png"), encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.png"])
    }

    /// Files are created as `cp` creates them: mode 0666 narrowed by the umask, so a
    /// group-writable umask gives group-writable outputs.
    @Test func writtenFilesHonourTheUmask() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 2)
        let saved = FileSystem.exchangeUmask(0o002)
        defer { FileSystem.exchangeUmask(saved) }
        _ = try build([glyphs.path], into: output.path + "/sub")
        try FileSystem.writeAtomically(Array("x".utf8), to: output.file("single"))
        FileSystem.exchangeUmask(0o027)
        _ = try build([glyphs.path], into: output.path + "/private")
        FileSystem.exchangeUmask(saved)
        for name in ["g0@2x.png", "g1@3x.png", "catalog.json", BuildState.fileName] {
            #expect(FileSystem.permissions(of: output.path + "/sub/" + name) == 0o664, "\(name)")
            #expect(FileSystem.permissions(of: output.path + "/private/" + name) == 0o640, "\(name)")
        }
        #expect(FileSystem.permissions(of: output.file("single")) == 0o664)
        #expect(FileSystem.permissions(of: output.path + "/sub") == 0o775)
        #expect(FileSystem.permissions(of: output.path + "/private") == 0o750)
    }
}

extension DurableWriteTests {
    @Test func anAssetCatalogIsFlushedOncePerBuildNotOncePerImageSet() throws {
        func flushes(glyphs count: Int) throws -> Int {
            let glyphs = TemporaryFolder()
            let output = TemporaryFolder()
            makeGlyphs(glyphs, count: count)
            var request = BuildRequest()
            request.inputs = [glyphs.path]
            request.outputFolder = output.path
            request.assetCatalog = output.file("Glyphs.xcassets")
            let observer = FlushObserver()
            let report = try Builder.run(observed(request, by: observer))
            #expect(!report.failed)
            #expect(
                FileManager.default.fileExists(
                    atPath: output.file("Glyphs.xcassets/g\(count - 1).imageset/g\(count - 1)@3x.png")))
            return observer.flushCount
        }
        let few = try flushes(glyphs: 2)
        let many = try flushes(glyphs: 30)
        #expect(many == few, "flushes grow with the glyph count: \(few) for 2, \(many) for 30")
        #expect(many <= 10, "\(many) flushes")
    }
}

extension DurableWriteTests {
    /// A disk that fills up while the catalog is written: once, every PNG had already been
    /// replaced, and the old catalog was left listing other bytes, under a message saying
    /// the previous output was left as it was. Now nothing is renamed before every byte is
    /// written, so the message is true.
    @Test func aFullDiskWhileWritingTheCatalogReplacesNothing() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 6)
        _ = try build([glyphs.path], into: output.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        for index in 0..<6 {
            glyphs.write(
                "g\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><circle cx=\"17.5\" cy=\"17.5\" r=\"\(13.4 + Double(index) * 0.02)\"/></svg>"
            )
        }
        let observer = FlushObserver(failsWriting: "catalog.json")
        guard let failure = outputFailure(building: [glyphs.path], into: output.path, observedBy: observer) else {
            return
        }
        #expect(failure.leftOutput == .unchanged)
        #expect(failure.message.contains("No space left"))
        try checkCatalogMatchesFiles(output)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() == before,
            "temporary files left behind")
        // And the next build, with room, brings everything up to date.
        _ = try build([glyphs.path], into: output.path)
        try checkCatalogMatchesFiles(output)
    }

    @Test func aFailureAfterTheCatalogSaysTheNewOutputIsInPlace() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 3)
        _ = try build([glyphs.path], into: output.path)
        try FileManager.default.removeItem(atPath: glyphs.file("g2.svg"))
        // Removing the outputs of a glyph that no longer builds comes after the catalog.
        let observer = FlushObserver(failsRemoving: "g2@2x.png")
        guard let failure = outputFailure(building: [glyphs.path], into: output.path, observedBy: observer) else {
            return
        }
        #expect(failure.leftOutput == .committed)
        try checkCatalogMatchesFiles(output)
        // The state named the file to remove before anything was renamed: the next build does it.
        #expect(FileManager.default.fileExists(atPath: output.file("g2@2x.png")))
        _ = try build([glyphs.path], into: output.path)
        #expect(!FileManager.default.fileExists(atPath: output.file("g2@2x.png")))
        #expect(!FileManager.default.fileExists(atPath: output.file("g2@3x.png")))
    }

    /// The state is written with everything else, before anything is renamed: a disk full
    /// when it is written leaves the folder as it was.
    @Test func aFullDiskWhileWritingTheStateReplacesNothing() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 2)
        _ = try build([glyphs.path], into: output.path)
        let catalog = try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json")))
        glyphs.write(
            "g0.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><circle cx=\"17.5\" cy=\"17.5\" r=\"13.4\"/></svg>"
        )
        let observer = FlushObserver(failsWriting: BuildState.fileName)
        guard let failure = outputFailure(building: [glyphs.path], into: output.path, observedBy: observer) else {
            return
        }
        #expect(failure.leftOutput == .unchanged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json"))) == catalog)
        try checkCatalogMatchesFiles(output)
    }
}

extension DurableWriteTests {
    /// A build stopped while renaming (here a rename that fails; a kill at that moment
    /// leaves the same) used to leave the old catalog beside PNGs it did not describe. Now
    /// the old catalog is removed before the first file it may list is replaced: there is
    /// a catalog that matches its files, or none, and the next build finishes the job.
    @Test func aBuildStoppedWhileRenamingLeavesNoCatalogThatDisagrees() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        let fresh = TemporaryFolder()
        makeGlyphs(glyphs, count: 6)
        _ = try build([glyphs.path], into: output.path)
        for index in 0..<6 {
            glyphs.write(
                "g\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><circle cx=\"17.5\" cy=\"17.5\" r=\"\(13.4 + Double(index) * 0.02)\"/></svg>"
            )
        }
        let observer = FlushObserver(failsRenaming: "g3@2x.png")
        guard let failure = outputFailure(building: [glyphs.path], into: output.path, observedBy: observer) else {
            return
        }
        #expect(failure.leftOutput == .partlyReplaced)
        #expect(
            !FileManager.default.fileExists(atPath: output.file("catalog.json")),
            "the old catalog names files that were replaced")
        // The next build knows the files as its own (no output.conflict) and converges.
        let report = try build([glyphs.path], into: output.path)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        try checkCatalogMatchesFiles(output)
        _ = try build([glyphs.path], into: fresh.path)
        let listing = { (folder: TemporaryFolder) in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        }
        #expect(try listing(output) == listing(fresh))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json")))
                == Data(contentsOf: URL(fileURLWithPath: fresh.file("catalog.json"))))
    }
}

extension DurableWriteTests {
    /// What `anAssetCatalogIsFlushedOncePerBuildNotOncePerImageSet` counts on this system, for
    /// both: macOS once flushed each image-set folder (31 flushes for 30 glyphs), where each
    /// folder now is handed to the drive and one F_FULLFSYNC makes the drive write them all.
    @Test(arguments: [false, true])
    func imageSetFoldersWaitForTheDiskOncePerFileSystem(darwin: Bool) {
        func plan(_ count: Int, devices: Int = 1) -> [FolderFlushPlan.Step] {
            let folders = (0..<count).map { "/out/Glyphs.xcassets/g\($0).imageset" }
            return FolderFlushPlan.steps(for: folders, darwin: darwin) { folder in
                UInt64(folders.firstIndex(of: folder)! % devices)
            }
        }
        for count in [2, 30] {
            let steps = plan(count)
            #expect(
                steps.filter(\.waitsForTheDisk) == [
                    .flushFileSystem(
                        darwin ? "/out/Glyphs.xcassets/g\(count - 1).imageset" : "/out/Glyphs.xcassets/g0.imageset")
                ], "\(steps)")
            // On macOS every folder is handed over before the one flush of the drive.
            #expect(steps.count == (darwin ? count + 1 : 1))
            #expect(steps.last?.waitsForTheDisk == true)
        }
        #expect(
            plan(30, devices: 2).filter(\.waitsForTheDisk).count == 2,
            "a folder on another file system gets its own flush")
        #expect(plan(1) == [.syncFolder("/out/Glyphs.xcassets/g0.imageset")])
    }
}
