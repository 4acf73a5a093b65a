import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeOutputs

@Suite struct AssetCatalogWriterTests {
    static func glyph(_ name: String, _ seed: UInt8) -> AssetCatalogGlyph {
        // Not real PNGs: the writer copies bytes and never decodes them.
        AssetCatalogGlyph(
            name: name, png2x: [0x89, 0x50, 0x4E, 0x47, seed, 2], png3x: [0x89, 0x50, 0x4E, 0x47, seed, 3, 3])
    }

    func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func isIconforgeInfo(_ info: Any?) -> Bool {
        guard let info = info as? [String: Any] else { return false }
        return info.count == 2 && info["author"] as? String == "iconforge" && info["version"] as? Int == 1
    }

    func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func modificationDate(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Every file under `path`, relative, with its bytes.
    func snapshot(_ path: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for relative in try FileManager.default.subpathsOfDirectory(atPath: path) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + relative, isDirectory: &isFolder)
            if !isFolder.boolValue { files[relative] = try bytes(path + "/" + relative) }
        }
        return files
    }

    @Test func writesACatalogXcodeReads() throws {
        let folder = TemporaryFolder()
        let catalog = folder.file("Glyphs.xcassets")
        let report = try AssetCatalogWriter.write(
            [Self.glyph("compose", 1), Self.glyph("calendar-add", 2)], to: catalog)
        #expect(report.written == ["calendar-add", "compose"])
        #expect(report.conflicts.isEmpty && report.removed.isEmpty)

        let root = try json(catalog + "/Contents.json")
        #expect(isIconforgeInfo(root["info"]))
        #expect(root.count == 1)

        let contents = try json(catalog + "/compose.imageset/Contents.json")
        #expect(Set(contents.keys) == ["images", "info", "properties"])
        let images = try #require(contents["images"] as? [[String: String]])
        #expect(
            images == [
                ["filename": "compose@2x.png", "idiom": "universal", "scale": "2x"],
                ["filename": "compose@3x.png", "idiom": "universal", "scale": "3x"],
            ])
        #expect(isIconforgeInfo(contents["info"]))
        #expect(contents["properties"] as? [String: String] == ["template-rendering-intent": "template"])

        #expect(try bytes(catalog + "/compose.imageset/compose@2x.png") == Self.glyph("compose", 1).png2x)
        #expect(try bytes(catalog + "/compose.imageset/compose@3x.png") == Self.glyph("compose", 1).png3x)
        #expect(
            try bytes(catalog + "/calendar-add.imageset/calendar-add@3x.png") == Self.glyph("calendar-add", 2).png3x)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: catalog + "/compose.imageset").sorted() == [
                "Contents.json", "compose@2x.png", "compose@3x.png",
            ])
    }

    @Test func contentsJSONIsFormattedLikeXcode() throws {
        let folder = TemporaryFolder()
        _ = try AssetCatalogWriter.write([Self.glyph("home", 1)], to: folder.path)
        let text = String(decoding: try bytes(folder.file("home.imageset/Contents.json")), as: UTF8.self)
        #expect(
            text == """
                {
                  "images" : [
                    {
                      "filename" : "home@2x.png",
                      "idiom" : "universal",
                      "scale" : "2x"
                    },
                    {
                      "filename" : "home@3x.png",
                      "idiom" : "universal",
                      "scale" : "3x"
                    }
                  ],
                  "info" : {
                    "author" : "iconforge",
                    "version" : 1
                  },
                  "properties" : {
                    "template-rendering-intent" : "template"
                  }
                }

                """)
        // Foundation's encoder with Xcode's options writes the same text, bar the trailing newline.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        struct Image: Encodable { var filename, idiom, scale: String }
        struct Info: Encodable {
            var author: String
            var version: Int
        }
        struct Contents: Encodable {
            var images: [Image]
            var info: Info
            var properties: [String: String]
        }
        let encoded = try encoder.encode(
            Contents(
                images: [
                    Image(filename: "home@2x.png", idiom: "universal", scale: "2x"),
                    Image(filename: "home@3x.png", idiom: "universal", scale: "3x"),
                ],
                info: Info(author: "iconforge", version: 1), properties: ["template-rendering-intent": "template"]))
        #expect(String(decoding: encoded, as: UTF8.self) + "\n" == text)
    }

    @Test func rerunIsByteIdenticalAndRewritesNothing() throws {
        let folder = TemporaryFolder()
        let glyphs = [Self.glyph("compose", 1), Self.glyph("search", 2)]
        _ = try AssetCatalogWriter.write(glyphs, to: folder.path)
        let before = try snapshot(folder.path)
        let paths = before.keys.map { folder.path + "/" + $0 }
        let past = Date(timeIntervalSinceNow: -3600)
        for path in paths { try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: path) }

        let report = try AssetCatalogWriter.write(glyphs.reversed(), to: folder.path)
        #expect(report.written.isEmpty && report.removed.isEmpty && report.conflicts.isEmpty, "\(report)")
        #expect(try snapshot(folder.path) == before)
        for path in paths {
            #expect(abs(try modificationDate(path).timeIntervalSince(past)) < 1, "\(path) was rewritten")
        }

        // A changed PNG rewrites that file alone.
        let changed = try AssetCatalogWriter.write(
            [Self.glyph("compose", 9), Self.glyph("search", 2)], to: folder.path)
        #expect(changed.written == ["compose"])
        #expect(abs(try modificationDate(folder.file("compose.imageset/Contents.json")).timeIntervalSince(past)) < 1)
        #expect(try modificationDate(folder.file("compose.imageset/compose@2x.png")) > past.addingTimeInterval(60))
    }

    @Test func foreignImageSetsAreNeverTouched() throws {
        let folder = TemporaryFolder()
        let xcodeContents =
            #"{"images":[{"filename":"logo.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
        folder.write("logo.imageset/Contents.json", xcodeContents)
        folder.write("logo.imageset/logo.png", "not really a png")
        folder.write("Compose.imageset/Contents.json", xcodeContents)
        folder.write("Compose.imageset/compose@2x.png", "theirs")
        folder.write("Icons/share.imageset/Contents.json", xcodeContents)
        folder.write(
            "Spaced/Contents.json", #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#
        )
        folder.write("Spaced/search.imageset/Contents.json", xcodeContents)
        folder.write("Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        folder.write("broken.imageset/Contents.json", "{ not json")
        let before = try snapshot(folder.path)

        let report = try AssetCatalogWriter.write(
            [Self.glyph("compose", 1), Self.glyph("share", 2), Self.glyph("search", 3), Self.glyph("broken", 4)],
            to: folder.path)
        #expect(report.conflicts.map(\.glyph) == ["broken", "compose", "share"])
        #expect(report.conflicts.first { $0.glyph == "share" }?.path == folder.file("Icons/share.imageset"))
        #expect(
            report.conflicts.allSatisfy {
                $0.message.contains("not made by iconforge") && $0.message.first?.isUppercase == false
            })
        // "search" lives in a namespaced group, so the top-level one does not clash with it.
        #expect(report.written == ["search"])
        var after = try snapshot(folder.path)
        for key in after.keys where key.hasPrefix("search.imageset/") { after[key] = nil }
        #expect(after == before)

        // Removing everything from the list removes only iconforge's image sets.
        let cleared = try AssetCatalogWriter.write([], to: folder.path)
        #expect(cleared.removed == ["search"])
        #expect(try snapshot(folder.path) == before)
    }

    @Test func droppedGlyphsLoseOnlyIconforgesFiles() throws {
        let folder = TemporaryFolder()
        _ = try AssetCatalogWriter.write(
            [Self.glyph("compose", 1), Self.glyph("home", 2), Self.glyph("mail", 3)], to: folder.path)
        folder.write("mail.imageset/notes.txt", "a designer's file")

        let report = try AssetCatalogWriter.write([Self.glyph("compose", 1)], to: folder.path)
        #expect(report.removed == ["home", "mail"])
        #expect(report.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("home.imageset")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("mail.imageset")) == ["notes.txt"])
        #expect(FileManager.default.fileExists(atPath: folder.file("compose.imageset/compose@3x.png")))

        // The folder left behind has no Contents.json, so it is no asset: when the glyph comes
        // back, iconforge uses the folder again and the designer's file stays.
        let again = try AssetCatalogWriter.write([Self.glyph("compose", 1), Self.glyph("mail", 3)], to: folder.path)
        #expect(again.conflicts.isEmpty)
        #expect(again.written == ["mail"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("mail.imageset")).sorted() == [
                "Contents.json", "mail@2x.png", "mail@3x.png", "notes.txt",
            ])
    }

    @Test func badNamesAndDuplicatesAreRefused() throws {
        let folder = TemporaryFolder()
        let report = try AssetCatalogWriter.write(
            [
                Self.glyph("../escape", 1), Self.glyph("", 2), Self.glyph(".hidden", 3), Self.glyph("Home", 4),
                Self.glyph("home", 5),
            ], to: folder.path)
        #expect(report.conflicts.map(\.glyph).sorted() == ["", "../escape", ".hidden", "home"])
        #expect(report.written == ["Home"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "Contents.json", "Home.imageset",
            ])
    }

    @Test func aFileInThePlaceOfTheCatalogIsAnError() throws {
        let folder = TemporaryFolder()
        let path = folder.write("Glyphs.xcassets", "a file")
        #expect(throws: FileError.self) { try AssetCatalogWriter.write([Self.glyph("home", 1)], to: path) }
    }
}
