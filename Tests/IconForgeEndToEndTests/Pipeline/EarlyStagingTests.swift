import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgePlatform

/// Each glyph's PNGs are written to their temporary names by the thread that rendered
/// them, as soon as the glyph is done, so that creating the files overlaps the rendering
/// of the others (once rendering was over, one thread created every file in turn: a third
/// of a cold build's time on a real disk). Nothing a reader sees changes before the
/// commit, and whatever the build does not commit is removed.
@Suite struct EarlyStagingTests {
    func makeGlyphs(_ folder: TemporaryFolder, count: Int, radius: Double = 3) {
        for index in 0..<count {
            folder.write(
                "g\(index).svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\" rx=\"\(radius + Double(index) * 0.1)\"/></svg>"
            )
        }
    }

    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The temporary files in `folder`, and those this process still has registered there
    /// for a stop to remove (both must be none once a build has returned).
    static func temporaryNames(in folder: String) -> [String] {
        names(in: folder).filter { $0.hasPrefix(FileSystem.temporaryPrefix) }
            + Interruption.registeredTemporaries(in: folder)
    }

    /// What the output folder held each time a glyph was done.
    struct Seen: Equatable {
        var done: Int
        var temporaryPNGs: Int
        var visiblePNGs: Int
        var catalog: Bool
    }

    @Test func eachGlyphsPNGsAreWrittenAsItFinishesAndShownOnlyAtTheCommit() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 3)
        let seen = Mutex<[Seen]>([])
        let outputPath = output.path
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = outputPath
        request.jobs = 1  // one thread, so each glyph is done before the next one starts
        request.onGlyphDone = { done, _ in
            let names = Self.names(in: outputPath)
            let entry = Seen(
                done: done,
                temporaryPNGs: names.count { $0.hasPrefix(FileSystem.temporaryPrefix) && $0.hasSuffix(".png") },
                visiblePNGs: names.count { !$0.hasPrefix(".") && $0.hasSuffix(".png") },
                catalog: names.contains("catalog.json"))
            seen.withLock { $0.append(entry) }
        }
        let report = try Builder.run(request)
        #expect(report.diagnostics.isEmpty)
        #expect(
            seen.withLock { $0 } == [
                Seen(done: 1, temporaryPNGs: 2, visiblePNGs: 0, catalog: false),
                Seen(done: 2, temporaryPNGs: 4, visiblePNGs: 0, catalog: false),
                Seen(done: 3, temporaryPNGs: 6, visiblePNGs: 0, catalog: false),
            ])
        #expect(Self.temporaryNames(in: outputPath).isEmpty)
        #expect(Self.names(in: outputPath).filter { $0.hasSuffix(".png") }.count == 6)
        try checkCatalogMatchesFiles(output)
    }

    /// A glyph refused after it was rendered (its output name is a file iconforge did not
    /// write) gets no files: its temporary ones are removed, the other file is untouched.
    @Test func aGlyphRefusedAfterRenderingLeavesNoTemporaryFile() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 2)
        output.write("g0@2x.png", "someone else's")
        let report = try build([glyphs.path], into: output.path)
        #expect(report.diagnostics.map(\.rule) == [.outputConflict])
        #expect(try String(contentsOfFile: output.file("g0@2x.png"), encoding: .utf8) == "someone else's")
        #expect(!FileManager.default.fileExists(atPath: output.file("g0@3x.png")))
        #expect(FileManager.default.fileExists(atPath: output.file("g1@3x.png")))
        #expect(Self.temporaryNames(in: output.path).isEmpty)
    }

    /// A build that stops after rendering and before committing (here an asset catalog that
    /// cannot be made) leaves the output folder as it was, without temporary files.
    @Test func aBuildThatFailsBeforeCommittingLeavesNoTemporaryFile() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        let app = TemporaryFolder()
        makeGlyphs(glyphs, count: 2)
        _ = try build([glyphs.path], into: output.path)
        let before = Self.names(in: output.path)
        makeGlyphs(glyphs, count: 2, radius: 5)
        app.write("Assets.xcassets", "a file where the asset catalog's folder should be")
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        request.assetCatalog = app.file("Assets.xcassets")
        #expect(throws: BuildError.self) { try Builder.run(request) }
        #expect(Self.names(in: output.path) == before)
        #expect(Self.temporaryNames(in: output.path).isEmpty)
        try checkCatalogMatchesFiles(output)
    }

    /// A disk that fills up while a PNG is written: the rendering threads stop writing, the
    /// commit meets the same error before renaming anything, and the folder is as it was.
    @Test func aFullDiskWhileWritingAPNGReplacesNothing() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        makeGlyphs(glyphs, count: 4)
        _ = try build([glyphs.path], into: output.path)
        let before = try Dictionary(
            uniqueKeysWithValues: Self.names(in: output.path).map {
                ($0, try Data(contentsOf: URL(fileURLWithPath: output.file($0))))
            })
        makeGlyphs(glyphs, count: 4, radius: 5)
        let observer = FlushObserver(failsWriting: "g2@3x.png")
        guard let failure = outputFailure(building: [glyphs.path], into: output.path, observedBy: observer) else {
            return
        }
        #expect(failure.leftOutput == .unchanged)
        #expect(failure.path.hasSuffix("g2@3x.png"))
        let after = try Dictionary(
            uniqueKeysWithValues: Self.names(in: output.path).map {
                ($0, try Data(contentsOf: URL(fileURLWithPath: output.file($0))))
            })
        #expect(after == before)
        _ = try build([glyphs.path], into: output.path)
        try checkCatalogMatchesFiles(output)
        #expect(Self.temporaryNames(in: output.path).isEmpty)
    }
}
