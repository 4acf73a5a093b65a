import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgeSVG

/// A build of some glyphs (`build Glyphs/mail.svg`) is about those glyphs: in a real app's
/// folder (asset catalog, vector and symbol sets, Info.plist, strings files) it changes
/// that glyph's PNGs, sets and catalog entry and nothing else, and the whole build after it
/// is the whole build that never saw it. And an image set someone touched in Xcode is kept
/// whole when its glyph goes, and taken up again when it comes back.
@Suite struct OneGlyphBuildTests {
    /// Every file under `root`, hidden ones too, with its bytes; but the build's cache
    /// (`.iconforge-state`, sizes and times) and lock files.
    static func files(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in KilledAtEachStepTests.tree(root, hidden: true)
        where !path.hasSuffix(BuildState.fileName) && !path.hasSuffix(FolderLock.fileName) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
        }
        return files
    }

    /// What a whole build would act on: the glyph built alone changed, another glyph
    /// deleted (a whole build removes its files) and a quick action's title changed (a whole
    /// build rewrites Info.plist, the strings files and QuickActions.plist).
    static func change(_ root: String) throws {
        func edit(_ name: String, _ old: String, _ new: String) throws {
            try replaceText(in: root + "/" + name, old, with: new)
        }
        try edit("Glyphs/mail.svg", "rx=\"3.5\"", "rx=\"2.5\"")
        try FileManager.default.removeItem(atPath: root + "/Glyphs/video.svg")
        try edit("Glyphs/quick-actions.json", "\"New Note\"", "\"New Page\"")
    }

    static func catalog(_ files: [String: Data]) throws -> Catalog {
        try JSONDecoder().decode(Catalog.self, from: try #require(files["Output/catalog.json"]))
    }

    static func findings(_ report: BuildReport, root: String) -> [String] {
        StoppedCommitTests.findings(report, root: root)
    }

    /// The files that are mail's: its PNGs, its image set, vector image set and symbol set.
    static func isMails(_ path: String) -> Bool {
        let symbol = VectorAssetSets.symbolName(for: "mail") ?? "mail"
        return path == "Output/mail@2x.png" || path == "Output/mail@3x.png" || path.contains("/mail.imageset/")
            || path.contains("/\(symbol).symbolset/")
    }

    /// With the app's files (Info.plist, strings files), and without them (the quick
    /// actions then only in `Output/`, as the issue found them deleted).
    @Test(arguments: [true, false])
    func buildingOneGlyphChangesOnlyThatGlyphsFiles(appFiles: Bool) throws {
        let app = try AppFolder()
        let root = app.path
        var request = StoppedCommitTests.request(root, .stringsFiles)
        if !appFiles { request.appFiles = AppFileTargets() }
        let first = try Builder.run(request)
        #expect(!first.failed, "\(Self.findings(first, root: root))")
        try Self.change(root)
        let before = try Self.files(root)
        request.inputs = [root + "/Glyphs/mail.svg"]
        let partial = try Builder.run(request)
        #expect(!partial.failed, "\(Self.findings(partial, root: root))")
        #expect(partial.glyphCount == 1)
        let after = try Self.files(root)

        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        let others = changed.filter {
            !Self.isMails($0) && $0 != "Output/catalog.json" && $0 != "Output/" + AppOwnershipRecord.fileName
        }
        #expect(others.isEmpty, "changed besides mail's files: \(others.sorted())")
        for path in [
            "Output/mail@2x.png", "Output/mail@3x.png", "Mosaic/Assets.xcassets/QuickActions/mail.imageset/mail@2x.png",
        ] {
            #expect(changed.contains(path), "\(path) is built from the changed source")
        }

        // The catalog: every other glyph's entry as it was (video's too), mail's new.
        let old = try Self.catalog(before)
        let new = try Self.catalog(after)
        #expect(new.glyphs.map(\.name) == old.glyphs.map(\.name))
        for entry in old.glyphs where entry.name != "mail" {
            #expect(new.glyphs.first { $0.name == entry.name } == entry, "\(entry.name)'s entry")
        }
        #expect(new.glyphs.first { $0.name == "mail" } != old.glyphs.first { $0.name == "mail" })
        #expect(new.quickActions == old.quickActions)
        #expect(new.family == old.family)
        #expect(new.summary.glyphs == new.glyphs.count)
        #expect(new.summary.pngs == new.glyphs.reduce(0) { $0 + $1.outputs.count })
        #expect(new.summary.errors == old.summary.errors && new.summary.warnings == old.summary.warnings)
        // Also by Python's validator, where it is installed (the Swift one checks every catalog).
        if JSONSchemaTests.hasJSONSchema {
            #expect(try JSONSchemaTests.validate([("catalog.schema.json", root + "/Output/catalog.json")]) == ["ok"])
        }

        // The record of the app's files: only mail's sets differ.
        func record(_ files: [String: Data]) throws -> AppOwnershipRecord {
            var record = try JSONDecoder().decode(
                AppOwnershipRecord.self, from: try #require(files["Output/" + AppOwnershipRecord.fileName]))
            record.imageSets?.sets["mail"] = nil
            record.vectorSets?.sets["mail"] = nil
            if let symbol = VectorAssetSets.symbolName(for: "mail") { record.symbolSets?.sets[symbol] = nil }
            return record
        }
        #expect(try record(after) == record(before))

        // The state still owns the other glyphs' files, and vouches for no whole build.
        let state = try #require(OutputWriter.previousState(in: root + "/Output"))
        #expect(state.glyphs.map(\.name) == new.glyphs.map(\.name))
        #expect(state.fingerprint == nil)
        #expect(!state.generatedFiles.isEmpty)
    }

    @Test func aWholeBuildAfterItIsTheWholeBuildThatNeverSawIt() throws {
        let seen = try AppFolder()
        let fresh = try AppFolder()
        for app in [seen, fresh] {
            let report = try Builder.run(StoppedCommitTests.request(app.path, .stringsFiles))
            #expect(!report.failed, "\(Self.findings(report, root: app.path))")
            try Self.change(app.path)
        }
        var partial = StoppedCommitTests.request(seen.path, .stringsFiles)
        partial.inputs = [seen.path + "/Glyphs/mail.svg"]
        _ = try Builder.run(partial)
        let afterPartial = try Builder.run(StoppedCommitTests.request(seen.path, .stringsFiles))
        let plain = try Builder.run(StoppedCommitTests.request(fresh.path, .stringsFiles))
        #expect(Self.findings(afterPartial, root: seen.path) == Self.findings(plain, root: fresh.path))
        let (got, wanted) = (try Self.files(seen.path), try Self.files(fresh.path))
        let differing = Set(got.keys).union(wanted.keys).filter { got[$0] != wanted[$0] }
        #expect(differing.isEmpty, "differ from a build that never saw the partial one: \(differing.sorted())")
        #expect(wanted["Output/video@2x.png"] == nil)
    }

    @Test(arguments: [
        ("\"author\" : \"iconforge\"", "\"author\" : \"xcode\""),
        ("\"template-rendering-intent\" : \"template\"", "\"template-rendering-intent\" : \"original\""),
    ])
    func anImageSetSomeoneTouchedIsKeptWholeWhenItsGlyphGoesAndTakenUpWhenItComesBack(_ edit: (String, String)) throws {
        let app = try AppFolder()
        let root = app.path
        let request = StoppedCommitTests.request(root, .stringCatalog)
        let first = try Builder.run(request)
        #expect(!first.failed, "\(Self.findings(first, root: root))")
        let set = root + "/Mosaic/Assets.xcassets/QuickActions/mail.imageset"
        let contents = try String(contentsOfFile: set + "/Contents.json", encoding: .utf8)
        #expect(contents.contains(edit.0))
        try Data(contents.replacingOccurrences(of: edit.0, with: edit.1).utf8).write(
            to: URL(fileURLWithPath: set + "/Contents.json"))
        let touched = try Self.files(set)
        #expect(touched.count == 3)

        // The glyph goes (moved out of the folder): the set stays whole, reported, twice.
        try FileManager.default.moveItem(atPath: root + "/Glyphs/mail.svg", toPath: root + "/mail.svg")
        for _ in 0..<2 {
            let gone = try Builder.run(request)
            #expect(!gone.failed, "\(Self.findings(gone, root: root))")
            #expect(try Self.files(set) == touched)
            let warning = gone.diagnostics.first { $0.rule == .appFilesEdited && $0.file == set }
            #expect(warning?.message.contains("delete the folder") == true, "\(Self.findings(gone, root: root))")
        }

        // It comes back: the same folder is iconforge's, its PNGs updated, the edit kept.
        try FileManager.default.moveItem(atPath: root + "/mail.svg", toPath: root + "/Glyphs/mail.svg")
        let back = try Builder.run(request)
        #expect(!back.failed, "\(Self.findings(back, root: root))")
        #expect(!back.diagnostics.contains { $0.rule == .xcassetsConflict }, "\(Self.findings(back, root: root))")
        #expect(try Self.files(set) == touched)
        #expect(back.diagnostics.contains { $0.rule == .appFilesEdited && $0.file == set + "/Contents.json" })
        #expect(!back.diagnostics.contains { $0.file == set })
    }
}
