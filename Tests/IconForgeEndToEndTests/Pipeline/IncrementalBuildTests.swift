import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeSVG

/// Rebuilds: content hashes of inputs and options decide what is re-rendered.
@Suite struct IncrementalBuildTests {
    func glyphsFolder() -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in ["square-27pt.svg", "wide-30pt.svg", "tall-30pt.svg"] {
            folder.copy(fixture: "pipeline/" + name)
        }
        return folder
    }

    func modificationDate(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func noOpRebuildReusesEverythingAndRewritesNothing() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        let cold = try build([glyphs.path], into: output.path)
        #expect(cold.reusedCount == 0)
        let catalogBefore = try bytes(output.file("catalog.json"))
        let pngDate = try modificationDate(output.file("square-27pt@2x.png"))
        let catalogDate = try modificationDate(output.file("catalog.json"))

        let again = try build([glyphs.path], into: output.path)
        #expect(again.reusedCount == 3)
        #expect(again.catalog == cold.catalog)
        #expect(try bytes(output.file("catalog.json")) == catalogBefore)
        #expect(try modificationDate(output.file("square-27pt@2x.png")) == pngDate)
        #expect(try modificationDate(output.file("catalog.json")) == catalogDate)
    }

    @Test("two glyphs of one size and time swapped by name are noticed: they are other files")
    func glyphsSwappedByNameAreRebuilt() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        let svg = { (x: Int) in
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"\(x)\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        }
        glyphs.write("a.svg", svg(4))
        glyphs.write("b.svg", svg(5))
        let then = FileSystem.now() - 60_000_000_000
        for name in ["a.svg", "b.svg"] { FileSystem.setModificationTime(of: glyphs.file(name), to: then) }
        _ = try build([glyphs.path], into: output.path)
        // mv keeps sizes and times: only the inodes tell the files apart.
        try FileManager.default.moveItem(atPath: glyphs.file("a.svg"), toPath: glyphs.file("t.svg"))
        try FileManager.default.moveItem(atPath: glyphs.file("b.svg"), toPath: glyphs.file("a.svg"))
        try FileManager.default.moveItem(atPath: glyphs.file("t.svg"), toPath: glyphs.file("b.svg"))
        let swapped = try build([glyphs.path], into: output.path)
        #expect(swapped.reusedCount == 0 && !swapped.nothingChanged)
        let cold = TemporaryFolder()
        _ = try build([glyphs.path], into: cold.path)
        for name in ["a@2x.png", "b@3x.png", "catalog.json"] {
            #expect(try bytes(output.file(name)) == bytes(cold.file(name)), "\(name)")
        }
    }

    @Test("files a build killed while removing them left behind go with the next build, if still the same")
    func removalsInterruptedByAKillAreFinished() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        _ = try build([glyphs.path], into: output.path)
        let stale = ["tall-30pt@2x.png", "tall-30pt@3x.png"]
        let saved = try stale.map { try Data(contentsOf: URL(fileURLWithPath: output.file($0))) }
        try FileManager.default.removeItem(atPath: glyphs.file("tall-30pt.svg"))
        _ = try build([glyphs.path], into: output.path)
        #expect(stale.allSatisfy { !FileManager.default.fileExists(atPath: output.file($0)) })
        // As a build killed just after writing its state would leave things: the files back,
        // listed in the state as about to be removed. One of them has since become someone's.
        for (name, bytes) in zip(stale, saved) { try bytes.write(to: URL(fileURLWithPath: output.file(name))) }
        let statePath = output.file(BuildState.fileName)
        var state = try #require(BuildState.decode(Array(try Data(contentsOf: URL(fileURLWithPath: statePath)))))
        for name in stale { state.pendingRemovals[name] = FileSystem.signature(of: output.file(name)) }
        try Data(state.encoded()).write(to: URL(fileURLWithPath: statePath))
        try Data("someone's".utf8).write(to: URL(fileURLWithPath: output.file(stale[1])))
        let next = try build([glyphs.path], into: output.path)
        #expect(!next.nothingChanged)
        #expect(!FileManager.default.fileExists(atPath: output.file(stale[0])), "iconforge's leftover is removed")
        #expect(
            try String(contentsOfFile: output.file(stale[1]), encoding: .utf8) == "someone's", "a changed file is not")
        #expect(
            try BuildState.decode(Array(try Data(contentsOf: URL(fileURLWithPath: statePath))))?.pendingRemovals.isEmpty
                == true)
    }

    @Test("a killed build's temporary files go with the next build that writes")
    func strayTemporaryFilesAreRemovedByTheNextWritingBuild() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        _ = try build([glyphs.path], into: output.path)
        let stray = output.write(FileSystem.temporaryPrefix + "123-456-square-27pt@2x.png", "half a PNG")
        _ = try build([glyphs.path], into: output.path)  // a no-op: writes, and lists, nothing
        try FileManager.default.removeItem(atPath: glyphs.file("tall-30pt.svg"))
        let next = try build([glyphs.path], into: output.path)
        #expect(next.reusedCount == 2)
        #expect(!FileManager.default.fileExists(atPath: stray))
        #expect(FileManager.default.fileExists(atPath: output.file("square-27pt@2x.png")))
    }

    @Test func changedGlyphReRendersOnlyItselfAndCatalogMatchesAColdBuild() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        _ = try build([glyphs.path], into: output.path)
        glyphs.write(
            "wide-30pt.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"2.5\" y=\"10\" width=\"30\" height=\"15\"/></svg>"
        )
        let rebuilt = try build([glyphs.path], into: output.path)
        #expect(rebuilt.reusedCount == 2)

        let fresh = TemporaryFolder()
        _ = try build([glyphs.path], into: fresh.path)
        #expect(try bytes(output.file("catalog.json")) == bytes(fresh.file("catalog.json")))
        for name in ["wide-30pt@2x.png", "wide-30pt@3x.png", "square-27pt@3x.png"] {
            #expect(try bytes(output.file(name)) == bytes(fresh.file(name)), "\(name)")
        }
    }

    @Test func changedOptionsOrMissingOutputsRebuild() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        _ = try build([glyphs.path], into: output.path)
        #expect(try build([glyphs.path], into: output.path, fit: true).reusedCount == 0)
        #expect(try build([glyphs.path], into: output.path, fit: true).reusedCount == 3)
        try FileManager.default.removeItem(atPath: output.file("tall-30pt@3x.png"))
        let repaired = try build([glyphs.path], into: output.path, fit: true)
        #expect(repaired.reusedCount == 2)
        #expect(FileManager.default.fileExists(atPath: output.file("tall-30pt@3x.png")))
        // A lost state file falls back to the catalog, which holds the same entries.
        try FileManager.default.removeItem(atPath: output.file(BuildState.fileName))
        #expect(try build([glyphs.path], into: output.path, fit: true).reusedCount == 3)
    }

    @Test func deletedGlyphLosesItsOutputsButAPersonsFilesStay() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        _ = try build([glyphs.path], into: output.path)
        output.write("notes.png", "a designer's own file")
        output.write("README.txt", "keep me")
        try FileManager.default.removeItem(atPath: glyphs.file("tall-30pt.svg"))
        let report = try build([glyphs.path], into: output.path)
        #expect(report.glyphCount == 2)
        #expect(!FileManager.default.fileExists(atPath: output.file("tall-30pt@2x.png")))
        #expect(!FileManager.default.fileExists(atPath: output.file("tall-30pt@3x.png")))
        #expect(FileManager.default.fileExists(atPath: output.file("notes.png")))
        #expect(FileManager.default.fileExists(atPath: output.file("README.txt")))
    }

    @Test func settledSourcesAreRecognisedBySizeAndTimeWithoutBeingRead() throws {
        let glyphs = glyphsFolder()
        let output = TemporaryFolder()
        let old = Date(timeIntervalSinceNow: -3600)
        for name in ["square-27pt.svg", "wide-30pt.svg", "tall-30pt.svg"] {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: glyphs.file(name))
        }
        _ = try build([glyphs.path], into: output.path)
        let state = try #require(
            BuildState.decode(Array(try Data(contentsOf: URL(fileURLWithPath: output.file(BuildState.fileName))))))
        #expect(state.sourceSignatures.count == 3)
        #expect(try build([glyphs.path], into: output.path).reusedCount == 3)
        // An ordinary edit changes the time: read, hashed, re-rendered.
        glyphs.write(
            "square-27pt.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"26\"/></svg>"
        )
        #expect(try build([glyphs.path], into: output.path).reusedCount == 2)
    }

    @Test func stateRoundTripsAwkwardText() {
        let glyph = Catalog.Glyph(
            name: "a", source: "a\tb\\c\nd.svg", sourceSHA256: "00", status: .failed, shape: .wide,
            artboard: Size(width: 35, height: 34.999), inkBox: Rect(x: 0.1, y: 1e-9, width: 30, height: 1.0 / 3),
            color: "#000000",
            outputs: [Catalog.Output(scale: 2, file: "a@2x.png", width: 70, height: 70, bytes: 9, sha256: "ff")],
            diagnostics: [
                Catalog.CatalogDiagnostic(
                    severity: .warning, rule: .svgText, line: 3, column: nil, message: "tab\there\r\nnew \\ line")
            ])
        var state = BuildState(buildKey: "k", catalogSHA256: "c", glyphs: [glyph, glyph])
        state.catalogSignature = FileSignature(size: 12, modified: 1_795_000_000_123_456_789)
        state.sourceSignatures = [
            "a": FileSignature(size: 0, modified: -1),
            "b\tc": FileSignature(size: Int(Int32.max) + 1, modified: .max, inode: .max),
        ]
        state.modificationTimes = ["a@2x.png": 1_795_000_000_999_999_999]
        state.generatedFiles = [Catalog.GeneratedFile(file: "fr.lproj/InfoPlist.strings", bytes: 3, sha256: "aa")]
        #expect(BuildState.decode(state.encoded()) == state)
        #expect(
            BuildState.decode(Array("iconforge-state 6\nkey\tk\n".utf8)) == nil, "the previous line format is not read")
        #expect(BuildState.decode(Array("garbage".utf8)) == nil)
        #expect(BuildState.decode([]) == nil)
        // Another version, or numbers that do not fit, are refused, never trapped on.
        let encoded = String(decoding: state.encoded(), as: UTF8.self)
        #expect(
            BuildState.decode(
                Array(encoded.replacingOccurrences(of: "\"version\":\(BuildState.version)", with: "\"version\":1").utf8)
            ) == nil)
        #expect(
            BuildState.decode(
                Array(encoded.replacingOccurrences(of: "1795000000123456789", with: "99999999999999999999").utf8))
                == nil)
        #expect(
            BuildState.decode(Array(encoded.replacingOccurrences(of: "1795000000123456789", with: "1.5").utf8)) == nil)
        #expect(BuildState.decode(Array(encoded.dropLast(10).utf8)) == nil, "a truncated state is no state")
    }
}
