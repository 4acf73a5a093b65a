import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeSVG

/// A build whose fingerprint shows nothing changed reports the previous result and writes
/// nothing; any change to what a build reads takes the ordinary path, whose result matches
/// a cold build's.
@Suite struct FingerprintTests {
    /// The shipped example (13 glyphs and quick actions), plus a glyph with a warning and
    /// one with an error, all dated ten seconds ago, so that their sizes and times count as
    /// settled.
    struct Project {
        let folder = TemporaryFolder()
        var request = BuildRequest()

        init() throws {
            let shipped = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
                .appendingPathComponent("Glyphs").path
            try FileManager.default.copyItem(atPath: shipped, toPath: folder.file("G"))
            folder.copy(fixture: "rules/geometry-off-center-shifted.svg", as: "G/shifted.svg")
            folder.copy(fixture: "rules/size-target-too-small.svg", as: "G/small.svg")
            request.inputs = [folder.file("G")]
            request.outputFolder = folder.file("O")
            settle()
        }

        /// Dates every glyph file saved in the last two seconds ten seconds back (others keep
        /// their times, so that settling changes nothing else).
        func settle() {
            let now = FileSystem.now()
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.file("G"))) ?? [] {
                let path = folder.file("G/" + name)
                if let time = FileSystem.modificationTime(of: path), time > now - 2_000_000_000 {
                    FileSystem.setModificationTime(of: path, to: now - 10_000_000_000)
                }
            }
        }

        func build(_ request: BuildRequest? = nil) throws -> BuildReport { try Builder.run(request ?? self.request) }

        /// What a build of the same glyphs into an empty folder reports.
        func cold(_ request: BuildRequest? = nil) throws -> BuildReport {
            var fresh = request ?? self.request
            fresh.outputFolder = folder.file("cold-\(UUID().uuidString)")
            return try Builder.run(fresh)
        }
    }

    /// The same findings, counts and catalog (which names no folders, so two output folders compare).
    func same(_ a: BuildReport, _ b: BuildReport) -> Bool {
        a.diagnostics == b.diagnostics && a.glyphCount == b.glyphCount && a.pngCount == b.pngCount
            && a.failed == b.failed
            && a.catalog == b.catalog
    }

    /// A failed build that kept the last good build's quick-action files stands while they
    /// are as it read them, and not once one is gone.
    @Test func keptQuickActionFilesAreInTheFingerprint() throws {
        let project = try Project()
        #expect(try project.build().catalog.quickActions?.status == .ok)
        project.folder.write(
            "G/quick-actions.json",
            "{ \"actions\": [ { \"type\": \"a.b\", \"title\": \"Open\", \"icon\": { \"glyph\": \"small\" } } ] }")
        project.settle()
        let failed = try project.build()
        #expect(failed.catalog.quickActions?.keptFiles?.count == 3)
        let again = try project.build()
        #expect(again.nothingChanged && same(again, failed))
        try FileManager.default.removeItem(atPath: project.folder.file("O/QuickActions.plist"))
        let after = try project.build()
        #expect(!after.nothingChanged)
        #expect(
            after.catalog.quickActions?.keptFiles?.map(\.file) == [
                "en.lproj/InfoPlist.strings", "fr.lproj/InfoPlist.strings",
            ])
        let note = try #require(after.diagnostics.first { $0.rule == .actionsIcon }).message
        #expect(note.hasSuffix("keeps the last good build's 2 InfoPlist.strings files as they are"), "\(note)")
        #expect(try project.build().nothingChanged)
    }

    @Test func anUnchangedBuildReportsThePreviousResultAndWritesNothing() throws {
        let project = try Project()
        let first = try project.build()
        #expect(!first.nothingChanged)
        // The shifted square is off centre, and a filled glyph among the set's outlines (set.optical-weight).
        #expect(first.errorCount == 1 && first.warningCount == 2, "\(first.diagnostics)")
        let catalogTime = try #require(FileSystem.signature(of: project.folder.file("O/catalog.json")))
        let stateTime = try #require(FileSystem.signature(of: project.folder.file("O/" + BuildState.fileName)))

        let again = try project.build()
        #expect(again.nothingChanged)
        #expect(again.diagnostics == first.diagnostics)
        #expect(again.glyphCount == 15 && again.pngCount == first.pngCount && again.reusedCount == 15 && again.failed)
        #expect(again.catalog == first.catalog)
        #expect(FileSystem.signature(of: project.folder.file("O/catalog.json")) == catalogTime)
        #expect(FileSystem.signature(of: project.folder.file("O/" + BuildState.fileName)) == stateTime)

        // --werror is judged afresh on the recorded findings.
        var werror = project.request
        werror.warningsAreErrors = true
        #expect(try project.build(werror).nothingChanged)
    }

    @Test(arguments: [
        "edit a glyph", "touch a glyph", "add a glyph", "remove a glyph", "delete an output", "overwrite an output",
        "touch the catalog", "edit the definitions", "delete a generated file", "edit a generated file",
        "change an option",
        "change the app name",
        "name the folder differently",
    ])
    func anyChangeTakesTheOrdinaryPath(change: String) throws {
        var project = try Project()
        _ = try project.build()
        #expect(try project.build().nothingChanged)
        let g = project.folder.file("G")
        let o = project.folder.file("O")
        switch change {
        case "edit a glyph":
            try String(contentsOfFile: g + "/home.svg", encoding: .utf8).replacingOccurrences(
                of: "<svg", with: "<svg data-x=\"1\""
            )
            .write(toFile: g + "/home.svg", atomically: false, encoding: .utf8)
        case "touch a glyph": FileSystem.setModificationTime(of: g + "/home.svg", to: FileSystem.now() - 5_000_000_000)
        case "add a glyph": project.folder.copy(fixture: "pipeline/square-27pt.svg", as: "G/added.svg")
        case "remove a glyph": try FileManager.default.removeItem(atPath: g + "/mail.svg")
        case "delete an output": try FileManager.default.removeItem(atPath: o + "/home@2x.png")
        case "overwrite an output":
            let bytes = try Data(contentsOf: URL(fileURLWithPath: o + "/home@3x.png"))
            try Data(repeating: 0, count: bytes.count).write(to: URL(fileURLWithPath: o + "/home@3x.png"))
        case "touch the catalog":
            FileSystem.setModificationTime(of: o + "/catalog.json", to: FileSystem.now() - 3_000_000_000)
        case "edit the definitions":
            try String(contentsOfFile: g + "/quick-actions.json", encoding: .utf8).replacingOccurrences(
                of: "\"Mosaic\"", with: "\"Mosaïc\""
            )
            .write(toFile: g + "/quick-actions.json", atomically: false, encoding: .utf8)
        case "delete a generated file": try FileManager.default.removeItem(atPath: o + "/fr.lproj/InfoPlist.strings")
        case "edit a generated file":
            try "\"x\" = \"y\";\n".write(toFile: o + "/en.lproj/InfoPlist.strings", atomically: true, encoding: .utf8)
        case "change an option": project.request.options.sizeTolerance = 0.75
        case "change the app name": project.request.appName = "Mosaic Pro"
        case "name the folder differently": project.request.inputs = [g + "/"]
        default: Issue.record("unknown change \(change)")
        }
        project.settle()
        let after = try project.build()
        #expect(!after.nothingChanged, "\(change)")
        #expect(same(after, try project.cold()), "\(change): the result is a cold build's")
        if change == "delete an output" || change == "overwrite an output" {
            #expect(
                try decodePNG(o + (change == "delete an output" ? "/home@2x.png" : "/home@3x.png")).width > 0,
                "restored")
        }
        if change == "delete a generated file" {
            #expect(FileManager.default.fileExists(atPath: o + "/fr.lproj/InfoPlist.strings"))
        }
        if change == "edit a generated file" {
            #expect(
                try String(contentsOfFile: o + "/en.lproj/InfoPlist.strings", encoding: .utf8) != "\"x\" = \"y\";\n",
                "regenerated")
        }
        #expect(try project.build().nothingChanged, "\(change): settled again")
    }

    /// A glyph or definitions file saved just now (as if during the build) is read again by
    /// the next builds, however it looks, until its time settles.
    @Test(arguments: ["G/home.svg", "G/quick-actions.json"])
    func unsettledInputsAreLookedAtAgain(file: String) throws {
        let project = try Project()
        _ = try project.build()
        #expect(try project.build().nothingChanged)
        FileSystem.setModificationTime(of: project.folder.file(file), to: FileSystem.now())
        #expect(!(try project.build().nothingChanged))
        #expect(!(try project.build().nothingChanged), "still unsettled")
        project.settle()
        _ = try project.build()
        #expect(try project.build().nothingChanged)
    }

    @Test func writingAnAssetCatalogOrADependencyFileGoesTheOrdinaryWay() throws {
        let project = try Project()
        for change in ["xcassets", "depfile"] {
            var request = project.request
            if change == "xcassets" {
                request.assetCatalog = project.folder.file("App.xcassets")
            } else {
                request.depfile = project.folder.file("O/d.d")
            }
            _ = try project.build(request)
            #expect(!(try project.build(request).nothingChanged), "\(change)")
        }
    }

    @Test("a file is recorded as it was written or checked, not as a later stat finds it")
    func writesRecordTheirOwnSignatures() throws {
        let folder = TemporaryFolder()
        let path = folder.file("a.bin")
        let written = try FileSystem.writeIfChangedRecording([1, 2, 3], to: path, observer: nil)
        #expect(written.changed && written.signature == FileSystem.signature(of: path))
        // Someone changes it afterwards (same size, another time): the recorded signature differs.
        try Data([4, 5, 6]).write(to: URL(fileURLWithPath: path))
        FileSystem.setModificationTime(of: path, to: (written.signature?.modified ?? 0) + 5_000_000_000)
        #expect(FileSystem.signature(of: path) != written.signature)
        // Unchanged bytes: not rewritten, and the signature is the one from before comparing.
        let before = FileSystem.signature(of: path)
        let kept = try FileSystem.writeIfChangedRecording([4, 5, 6], to: path, observer: nil)
        #expect(!kept.changed && kept.signature == before)
    }

    @Test func aFindingThatMayNotRecurIsNeverTakenAsTheResult() throws {
        let project = try Project()
        let person = project.folder.write("O/home@2x.png", "someone's file")
        let first = try project.build()
        #expect(first.diagnostics.contains { $0.rule == .outputConflict })
        let again = try project.build()
        #expect(!again.nothingChanged && again.diagnostics.contains { $0.rule == .outputConflict })
        try FileManager.default.removeItem(atPath: person)
        #expect(!(try project.build().diagnostics.contains { $0.rule == .outputConflict }))
    }
}
