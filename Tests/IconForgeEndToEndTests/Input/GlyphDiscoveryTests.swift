import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeSVG

#if canImport(Glibc)
    import Glibc
#endif

/// Finding glyphs: names, collisions, and files that are not glyphs.
@Suite struct GlyphDiscoveryTests {
    static let glyph =
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"

    func check(_ folder: TemporaryFolder) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [folder.path]
        request.writesOutput = false
        return try Builder.run(request)
    }

    func findings(_ report: BuildReport) -> [String] {
        report.diagnostics.map { "\(($0.file as NSString).lastPathComponent) \($0.rule.rawValue)" }
    }

    @Test func invalidNamesAreReportedAndValidOnesPass() throws {
        let folder = TemporaryFolder()
        for name in ["ok-name_1.2.svg", "has space.svg", "café.svg", "star🌟.svg", "tab\tname.svg", "new\nline.svg"] {
            folder.write(name, Self.glyph)
        }
        let report = try check(folder)
        #expect(report.glyphCount == 6)
        #expect(
            findings(report).sorted() == [
                "café.svg name.invalid", "has space.svg name.invalid", "new\nline.svg name.invalid",
                "star🌟.svg glyph.emoji",
                "star🌟.svg name.invalid", "tab\tname.svg name.invalid",
            ])
        let newline = try #require(report.diagnostics.first { $0.file.hasSuffix("new\nline.svg") })
        #expect(!DiagnosticFormatter.text(newline).contains("\n"))
    }

    @Test("the .svg extension is matched in any case, by its bytes")
    func svgExtensionsAndStems() {
        for name in ["a.svg", "a.SVG", "a.Svg", ".svg", "é.sVg"] {
            #expect(GlyphDiscovery.hasSVGExtension(name), "\(name)")
        }
        for name in ["a.svgz", "a.sv", "svg", "a\u{0E}svg", "a.s\u{0176}g", "a.png", ""] {
            #expect(!GlyphDiscovery.hasSVGExtension(name), "\(name)")
        }
        #expect(GlyphDiscovery.stem("Star.SVG") == "Star")
        #expect(GlyphDiscovery.stem("e\u{301}.svg") == "e\u{301}")
        #expect(GlyphDiscovery.stem("notes.txt") == "notes.txt")
    }

    /// Names that differ only by case or normalisation, from two folders: they collide
    /// whatever the file system, since both files exist.
    @Test func namesDifferingByCaseOrNormalisationCollide() throws {
        let first = TemporaryFolder()
        let second = TemporaryFolder()
        first.write("Star.svg", Self.glyph)
        second.write("star.svg", Self.glyph)
        first.write("e\u{301}.svg", Self.glyph)  // decomposed é
        second.write("\u{E9}.svg", Self.glyph)  // precomposed é
        var request = BuildRequest()
        request.inputs = [first.path, second.path]
        request.writesOutput = false
        let report = try Builder.run(request)
        let collisions = report.diagnostics.filter { $0.rule == .nameCollision }
        #expect(collisions.count == 2, "\(collisions)")
        #expect(collisions.contains { $0.file.hasSuffix("/star.svg") && $0.message.contains("'Star'") })
    }

    /// The same four names in one folder: what collides depends on the file system. Where
    /// names are kept apart (ext4) both pairs collide; where case or normalisation is
    /// ignored (APFS) the second write replaced the first file, and one glyph is left of the
    /// pair, colliding with nothing. The folder says which it is.
    @Test func namesDifferingByCaseOrNormalisationInOneFolderCollideWhereTheFileSystemKeepsBoth() throws {
        let folder = TemporaryFolder()
        let written = Self.writeCollidingPairs {
            folder.write($0, Self.glyph)
            return true
        }
        try expectCollisions(in: folder.path, written: written)
    }

    /// The same on a case-insensitive file system, a Mac's default: Star.svg and star.svg
    /// are one file there, so one glyph and no collision (FAT refuses the é names).
    @Test(.enabled(if: CaseInsensitiveFolder.tools != nil, CaseInsensitiveFolder.missing))
    func onACaseInsensitiveFolderTheSecondNameIsTheFirstFile() throws {
        let folder = try #require(CaseInsensitiveFolder(), "fusefat did not mount a FAT image")
        let written = Self.writeCollidingPairs { folder.write($0, Self.glyph) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == ["Star.svg"], "the file system ignores case: star.svg opened Star.svg")
        let report = try expectCollisions(in: folder.path, written: written)
        #expect(report.catalog.glyphs.map(\.name) == ["Star"])
    }

    /// Writes Star/star and the two é's; the names written without an error, in order.
    static func writeCollidingPairs(_ write: (String) -> Bool) -> [String] {
        ["Star.svg", "star.svg", "e\u{301}.svg", "\u{E9}.svg"].filter(write)
    }

    /// Checks `folder`, expecting one collision for each pair of names the folder kept apart.
    @discardableResult
    func expectCollisions(in folder: String, written: [String]) throws -> BuildReport {
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }
        let keptApart = [["Star.svg", "star.svg"], ["e\u{301}.svg", "\u{E9}.svg"]].filter { pair in
            pair.allSatisfy { name in listed.contains { $0.unicodeScalars.elementsEqual(name.unicodeScalars) } }
        }
        var request = BuildRequest()
        request.inputs = [folder]
        request.writesOutput = false
        let report = try Builder.run(request)
        #expect(report.glyphCount == listed.count, "\(listed) from \(written)")
        let collisions = report.diagnostics.filter { $0.rule == .nameCollision }
        #expect(collisions.count == keptApart.count, "\(listed): \(collisions)")
        if keptApart.count == 2 {
            // The two é's look the same: the message spells out their code points.
            #expect(
                collisions.contains {
                    $0.message.contains("'<U+00E9>'") && $0.message.contains("e<U+0301>")
                        && $0.message.contains("Unicode normalisation")
                }, "\(collisions)")
        }
        return report
    }

    @Test func dotFilesAreSkippedAndNonFilesAreReported() throws {
        let folder = TemporaryFolder()
        folder.write("good.svg", Self.glyph)
        folder.write(".hidden.svg", "not even xml")
        folder.write("._good.svg", "\u{0}\u{5}binary")
        folder.write("notes.txt", "ignored")
        try FileManager.default.createDirectory(atPath: folder.file("folder.svg"), withIntermediateDirectories: false)
        #expect(mkfifo(folder.file("pipe.svg"), 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("escape.svg"), withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("alias.svg"), withDestinationPath: folder.file("good.svg"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("dangling.svg"), withDestinationPath: folder.file("gone.svg"))
        let report = try check(folder)
        #expect(
            findings(report).sorted() == [
                "dangling.svg input.unreadable", "escape.svg input.unreadable", "folder.svg input.unreadable",
                "pipe.svg input.unreadable",
            ])
        #expect(report.glyphCount == 6, "every *.svg is a glyph, if one that could not be read")
        #expect(report.catalog.glyphs.filter { $0.status == .ok }.map(\.name) == ["alias", "good"])
        #expect(
            report.diagnostics.first { $0.file.hasSuffix("escape.svg") }?.message.contains("outside the glyphs folder")
                == true)
    }

    @Test func emptyFolderIsAnError() throws {
        let folder = TemporaryFolder()
        folder.write(".DS_Store", "")
        let report = try check(folder)
        #expect(report.diagnostics.map(\.rule) == [.inputEmpty])
    }

    @Test func oversizedFileIsRefusedBeforeReading() throws {
        let folder = TemporaryFolder()
        folder.write("big.svg", Self.glyph + String(repeating: " ", count: 2_000))
        var request = BuildRequest()
        request.inputs = [folder.path]
        request.writesOutput = false
        request.options.limits.maximumFileBytes = 1_000
        let report = try Builder.run(request)
        #expect(report.diagnostics.map(\.rule) == [.svgLimit])
        #expect(report.diagnostics.first?.message.contains("--max-file-size") == true)
    }
}
