import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// Into the app: quick-action files, asset catalogs, configuration, render and Make.
@Suite struct AppFilesTests {
    /// A project folder with the shipped example glyphs and their quick-action definitions.
    func exampleProject() throws -> TemporaryFolder {
        let project = TemporaryFolder()
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: project.file("Glyphs"))
        return project
    }

    func build(_ project: TemporaryFolder, assetCatalog: String? = nil) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.assetCatalog = assetCatalog
        return try Builder.run(request)
    }

    @Test func quickActionDefinitionsBecomeAPropertyListAndStringsFiles() throws {
        let project = try exampleProject()
        let report = try build(project)
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let plistData = try Data(contentsOf: URL(fileURLWithPath: project.file("Output/QuickActions.plist")))
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: plistData, format: nil) as? [String: Any])
        let items = try #require(plist["UIApplicationShortcutItems"] as? [[String: Any]])
        #expect(items.count == 4)
        #expect(items.first?["UIApplicationShortcutItemType"] as? String == "com.example.mosaic.compose")
        #expect(items.first?["UIApplicationShortcutItemIconFile"] as? String == "compose")
        let french = try String(contentsOfFile: project.file("Output/fr.lproj/InfoPlist.strings"), encoding: .utf8)
        #expect(french.contains("\"New Note\" = \"Nouvelle note\";"))
        let listed = try #require(report.catalog.quickActions)
        #expect(listed.status == .ok)
        #expect(
            listed.files.map(\.file) == [
                "QuickActions.plist", "en.lproj/InfoPlist.strings", "fr.lproj/InfoPlist.strings",
            ])
        for file in listed.files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: project.file("Output/" + file.file)))
            #expect(bytes.count == file.bytes && SHA256Digest.hex(of: bytes) == file.sha256)
        }

        // Definitions removed: their generated files go, and nothing else does.
        project.write("Output/fr.lproj/Extra.strings", "\"mine\" = \"mine\";")
        try FileManager.default.removeItem(atPath: project.file("Glyphs/quick-actions.json"))
        let after = try build(project)
        #expect(after.catalog.quickActions == nil)
        #expect(!FileManager.default.fileExists(atPath: project.file("Output/QuickActions.plist")))
        #expect(!FileManager.default.fileExists(atPath: project.file("Output/en.lproj")))
        #expect(FileManager.default.fileExists(atPath: project.file("Output/fr.lproj/Extra.strings")))
    }

    @Test func quickActionErrorsFailTheBuildAndWriteNoAppFiles() throws {
        let project = try exampleProject()
        project.write(
            "Glyphs/quick-actions.json",
            "{ \"actions\": [ { \"type\": \"a.b\", \"title\": \"Open 😀\", \"icon\": { \"glyph\": \"nope\" } } ] }")
        let report = try build(project)
        let rules = report.diagnostics.map(\.rule)
        #expect(rules.contains(.actionsEmoji) && rules.contains(.actionsIcon))
        #expect(report.diagnostics.allSatisfy { $0.location != nil })
        #expect(!FileManager.default.fileExists(atPath: project.file("Output/QuickActions.plist")))
        #expect(report.catalog.quickActions?.status == .failed)
        #expect(report.pngCount == 26, "the glyphs themselves still built")
    }

    /// One failing glyph an action uses must not remove the working quick-action files of
    /// the last good build: they stay byte for byte, not even re-dated, and stay iconforge's.
    @Test func quickActionErrorsKeepTheLastGoodBuildsFiles() throws {
        let project = try exampleProject()
        let group = project.file("App/Assets.xcassets/QuickActions")
        let good = try build(project, assetCatalog: group)
        #expect(good.errorCount == 0, "\(good.diagnostics)")
        let generated = try #require(good.catalog.quickActions).files
        #expect(
            generated.map(\.file) == ["QuickActions.plist", "en.lproj/InfoPlist.strings", "fr.lproj/InfoPlist.strings"])
        let output = project.file("Output")
        let before = generated.map { FileSystem.signature(of: output + "/" + $0.file) }

        // The app's own image set takes the name of a glyph an action uses.
        project.write(
            "App/Assets.xcassets/compose.imageset/Contents.json",
            "{ \"images\" : [], \"info\" : { \"author\" : \"xcode\", \"version\" : 1 } }")
        let failed = try build(project, assetCatalog: group)
        #expect(Set(failed.diagnostics.map(\.rule)) == [.xcassetsConflict, .actionsIcon])
        for (file, signature) in zip(generated, before) {
            let path = output + "/" + file.file
            #expect(FileSystem.signature(of: path) == signature, "\(file.file) untouched")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(SHA256Digest.hex(of: bytes) == file.sha256)
        }
        // The catalog says nothing was generated, and which files were kept.
        let entry = try #require(failed.catalog.quickActions)
        #expect(entry.status == .failed && entry.files.isEmpty && entry.keptFiles == generated)
        let note = try #require(failed.diagnostics.first { $0.rule == .actionsIcon }).message
        #expect(
            note.hasSuffix(
                "; until this is fixed, \(output)/ keeps the last good build's QuickActions.plist and 2 InfoPlist.strings files as they are"
            ), "\(note)")
        // The glyph's own files go (documented: the folder matches the catalog), and the message says so.
        #expect(!FileManager.default.fileExists(atPath: output + "/compose@2x.png"))
        #expect(!FileManager.default.fileExists(atPath: group + "/compose.imageset"))
        #expect(try #require(failed.diagnostics.first { $0.rule == .xcassetsConflict }).message.contains("are removed"))
        // Still iconforge's, in the state and (should the state be lost) in the catalog.
        #expect(OutputWriter.previousState(in: output)?.generatedFiles == generated)
        try FileManager.default.removeItem(atPath: output + "/" + BuildState.fileName)
        #expect(OutputWriter.previousState(in: output)?.generatedFiles == generated)

        // A second failing build keeps them still; the next good one takes them over.
        #expect(try build(project, assetCatalog: group).catalog.quickActions?.keptFiles == generated)
        try FileManager.default.removeItem(atPath: project.file("App/Assets.xcassets/compose.imageset"))
        let mended = try build(project, assetCatalog: group)
        #expect(mended.errorCount == 0, "\(mended.diagnostics)")
        #expect(mended.catalog.quickActions?.files == generated && mended.catalog.quickActions?.keptFiles == nil)
        #expect(FileManager.default.fileExists(atPath: output + "/compose@3x.png"))
    }

    /// Kept files are iconforge's: once the definitions go, a build removes them.
    @Test func keptQuickActionFilesAreRemovedWithTheDefinitions() throws {
        let project = try exampleProject()
        #expect(try build(project).errorCount == 0)
        project.write(
            "Glyphs/quick-actions.json",
            "{ \"actions\": [ { \"type\": \"a.b\", \"title\": \"Open\", \"icon\": { \"glyph\": \"nope\" } } ] }")
        let failed = try build(project)
        #expect(failed.catalog.quickActions?.keptFiles?.count == 3)
        #expect(FileManager.default.fileExists(atPath: project.file("Output/fr.lproj/InfoPlist.strings")))
        try FileManager.default.removeItem(atPath: project.file("Glyphs/quick-actions.json"))
        let after = try build(project)
        #expect(after.errorCount == 0 && after.catalog.quickActions == nil)
        #expect(!FileManager.default.fileExists(atPath: project.file("Output/QuickActions.plist")))
        #expect(!FileManager.default.fileExists(atPath: project.file("Output/fr.lproj")))
    }

    @Test func assetCatalogConflictFailsTheGlyphInTheCatalogToo() throws {
        let project = try exampleProject()
        let catalog = project.file("App/Glyphs.xcassets")
        project.write(
            "App/Glyphs.xcassets/home.imageset/Contents.json",
            "{ \"images\" : [], \"info\" : { \"author\" : \"xcode\", \"version\" : 1 } }")
        let report = try build(project, assetCatalog: catalog)
        #expect(report.diagnostics.map(\.rule) == [.xcassetsConflict])
        #expect(report.diagnostics.first?.file.hasSuffix("Glyphs/home.svg") == true)
        // The message names the image set in the way once, and ends with what to do.
        let message = try #require(report.diagnostics.first?.message)
        #expect(
            message.components(separatedBy: catalog + "/home.imageset").count == 2
                && message.hasSuffix("; rename the glyph or remove that asset, which iconforge will not touch"),
            "\(message)")
        let home = try #require(report.catalog.glyphs.first { $0.name == "home" })
        #expect(home.status == .failed && home.outputs.isEmpty && home.diagnostics.map(\.rule) == [.xcassetsConflict])
        #expect(report.catalog.summary.errors == 1)
        #expect(!FileManager.default.fileExists(atPath: project.file("Output/home@2x.png")))
        let mine = try String(contentsOfFile: catalog + "/home.imageset/Contents.json", encoding: .utf8)
        #expect(mine.contains("xcode"), "a person's image set is never touched")
    }

    @Test func assetCatalogHoldsEveryPassingGlyphAlsoWhenReused() throws {
        let project = try exampleProject()
        let catalog = project.file("App/Glyphs.xcassets")
        _ = try build(project, assetCatalog: catalog)
        try FileManager.default.removeItem(atPath: catalog)
        let again = try build(project, assetCatalog: catalog)
        #expect(again.reusedCount == 13)
        let contents =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: catalog + "/compose.imageset/Contents.json")))
            as? [String: Any]
        let images = contents?["images"] as? [[String: String]]
        #expect(images?.map { $0["scale"] } == ["2x", "3x"])
        #expect((contents?["properties"] as? [String: String])?["template-rendering-intent"] == "template")
        let png = try Data(contentsOf: URL(fileURLWithPath: catalog + "/compose.imageset/compose@3x.png"))
        #expect(png == (try Data(contentsOf: URL(fileURLWithPath: project.file("Output/compose@3x.png")))))
    }
}

/// `iconforge.json`, `render`, `--depfile` and Make, through the command-line tool.
@Suite struct ConfigurationAndMakeTests {
    @Test func configurationIsReadAndCheckedStrictly() throws {
        let configuration = try Configuration.parse(
            Array(
                "{ \"glyphs\": [\"A\", \"B\"], \"fit\": true, \"tolerance\": 1, \"allowOffCenter\": [\"play\"] }".utf8),
            path: "iconforge.json")
        #expect(
            configuration.glyphs == ["A", "B"] && configuration.given(.fit) == .set
                && configuration.given(.tolerance) == 1)
        #expect(configuration.allowOffCenter == ["play"])
        #expect(throws: UsageError.self) {
            try Configuration.parse(Array("{\n  \"fitt\": true }".utf8), path: "iconforge.json")
        }
        do {
            _ = try Configuration.parse(Array("{\n  \"fitt\": true }".utf8), path: "iconforge.json")
        } catch {
            #expect(error.message.hasPrefix("iconforge.json:2:3: unknown key 'fitt'; did you mean 'fit'?"))
        }
        do {
            _ = try Configuration.parse(Array("{ \"tolerance\": \"big\" }".utf8), path: "c.json")
        } catch {
            #expect(error.message == "c.json:1:16: 'tolerance' must be a number from 0 to 35, not a string")
        }
    }

    @Test("a configuration that cannot be read is a missing input; one that is wrong points to its documentation")
    func configurationErrorsSayWhereToLook() throws {
        let project = TemporaryFolder()
        var missing = CapturedOutput()
        #expect(ToolCommand.run(["check", "--config", project.file("nope.json")], output: &missing) == .io)
        #expect(missing.stderr.joined().contains("cannot read configuration"))
        #expect(missing.stderr.joined().contains("See \"iconforge.json\" in docs/designers.md"))
        let wrong = project.write("iconforge.json", "{ \"fitt\": true }")
        var captured = CapturedOutput()
        #expect(ToolCommand.run(["check", "--config", wrong], output: &captured) == .usage)
        #expect(
            captured.stderr.joined().contains("unknown key 'fitt'")
                && captured.stderr.joined().contains("in docs/designers.md"))
        #expect(!captured.stderr.joined().contains("--help"))
    }

    @Test func flagsUndoBooleansFromTheConfiguration() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "rules/geometry-off-center-shifted.svg", as: "Glyphs/shifted.svg")
        let config = project.write("iconforge.json", "{ \"werror\": true, \"glyphs\": \"Glyphs\" }")
        var captured = CapturedOutput()
        let check = ["check", "--isolation", "none", "--config", config]
        #expect(
            ToolCommand.run(check, output: &captured) == .checkFailed,
            "the glyphs folder comes from the file, relative to it")
        #expect(ToolCommand.run(check + ["--no-werror"], output: &captured) == .clean)
        #expect(ToolCommand.run(check + ["--werror", "--no-werror"], output: &captured) == .usage)
    }

    @Test func configurationPathsAreRelativeToTheFileAndKeysAreNotRepeated() throws {
        let configuration = try Configuration.parse(
            Array("{ \"glyphs\": \"G\", \"output\": \"/abs/out\" }".utf8), path: "project/iconforge.json")
        #expect(configuration.glyphs == ["project/G"] && configuration.given(.output) == "/abs/out")
        do {
            _ = try Configuration.parse(Array("{ \"fit\": true, \"fit\": false }".utf8), path: "c.json")
            Issue.record("duplicate key accepted")
        } catch {
            #expect(error.message == "c.json:1:16: 'fit' is given twice")
        }
    }

    @Test func commandLineEdgesGiveUsageErrorsOrDocuments() throws {
        var captured = CapturedOutput()
        #expect(ToolCommand.run(["help", "rules"], output: &captured) == .clean)
        #expect(ToolCommand.run(["rules", "--help"], output: &captured) == .clean)
        #expect(
            ToolCommand.run(
                ["render", Fixtures.path("pipeline"), "--scale", "2", "-o", "/tmp/x.png"], output: &captured) == .usage)
        #expect(captured.stderr.last?.contains("is a folder") == true)
        #expect(
            ToolCommand.run(["check", "x", "--isolation", "none", "--render-timeout", "1"], output: &captured) == .usage
        )
        var json = CapturedOutput()
        #expect(
            ToolCommand.run(["check", "/nonexistent/glyphs", "--format", "json", "--isolation", "none"], output: &json)
                == .io)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8)) as? [String: Any]
        #expect(document?["passed"] as? Bool == false)
        #expect((document?["diagnostics"] as? [[String: Any]])?.first?["rule"] as? String == "input.unreadable")
    }

    @Test func aFileNamedTwiceIsOneGlyphButTwoFilesWithOneNameCollide() throws {
        var request = BuildRequest()
        let square = Fixtures.path("pipeline/square-27pt.svg")
        request.inputs = [square, square, Fixtures.path("pipeline")]
        request.writesOutput = false
        let report = try Builder.run(request)
        #expect(report.glyphCount == 7)
        let other = TemporaryFolder()
        other.copy(fixture: "pipeline/square-27pt.svg")
        request.inputs = [square, other.path]
        let twice = try Builder.run(request)
        #expect(twice.diagnostics.map(\.rule) == [.nameCollision])
        #expect(twice.diagnostics.first?.message.contains("is also used by") == true)
    }

    @Test func allowOffCenterSilencesTheWarningForThatGlyphOnly() throws {
        var request = BuildRequest()
        request.inputs = [Fixtures.path("rules/geometry-off-center-shifted.svg")]
        request.writesOutput = false
        #expect(try Builder.run(request).diagnostics.map(\.rule) == [.geometryOffCenter])
        request.options.allowOffCenter = ["geometry-off-center-shifted"]
        #expect(try Builder.run(request).diagnostics.isEmpty)
    }

    @Test func renderWritesExactlyWhatBuildWrites() throws {
        let output = TemporaryFolder()
        _ = try build([Fixtures.path("pipeline/wide-30pt.svg")], into: output.path)
        var captured = CapturedOutput()
        let status = ToolCommand.run(
            [
                "render", Fixtures.path("pipeline/wide-30pt.svg"), "--scale", "3", "-o", output.file("single.png"),
                "--isolation", "none",
            ], output: &captured)
        #expect(status == .clean, "\(captured.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: output.file("single.png")))
                == Data(contentsOf: URL(fileURLWithPath: output.file("wide-30pt@3x.png"))))
        let failing = ToolCommand.run(
            [
                "render", Fixtures.path("rules/size-target-too-small.svg"), "--scale", "2", "-o",
                output.file("bad.png"), "--isolation", "none",
            ], output: &captured)
        #expect(failing == .checkFailed)
        #expect(!FileManager.default.fileExists(atPath: output.file("bad.png")))
        #expect(ToolCommand.run(["render", "x.svg", "--scale", "4", "-o", "x.png"], output: &captured) == .usage)
    }

    @Test("a depfile build dates the catalog just before it started: anything saved later is newer")
    func depfileBuildDatesTheCatalogBeforeItsStart() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/square-27pt.svg")
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.depfile = project.file("Output/iconforge.d")
        let before = FileSystem.fileTimeNow()
        _ = try Builder.run(request)
        let after = FileSystem.fileTimeNow()
        let catalog = try #require(FileSystem.signature(of: project.file("Output/catalog.json"))).modified
        #expect(before - 1 <= catalog && catalog < after, "\(before) \(catalog) \(after)")
        project.write("Glyphs/new.svg", "<svg/>")
        #expect(try #require(FileSystem.signature(of: project.file("Glyphs/new.svg"))).modified > catalog)
        try FileManager.default.removeItem(atPath: project.file("Glyphs/new.svg"))

        // From here the build's clock is set rather than waited for. The glyph folder changed
        // (new.svg came and went) at `changed`, by the file-time clock.
        let changed = try #require(FileSystem.modificationTime(of: project.file("Glyphs")))
        func catalogTime() throws -> Int64 {
            try #require(FileSystem.signature(of: project.file("Output/catalog.json"))).modified
        }
        // The time is in the build state, so a build where nothing changed needs neither
        // to re-date the catalog nor to read it to trust the state.
        func stateMatchesCatalog() throws -> Bool {
            let state = try #require(
                BuildState.decode(
                    Array(try Data(contentsOf: URL(fileURLWithPath: project.file("Output/" + BuildState.fileName))))))
            return state.catalogSignature == FileSystem.signature(of: project.file("Output/catalog.json"))
        }
        // A build that starts in the very tick the folder changed cannot tell whether it saw
        // the change: the folder stays newer than the catalog, so Make runs again.
        request.clock = .fixed(at: changed)
        for _ in 0..<2 {
            _ = try Builder.run(request)
            #expect(try catalogTime() == changed - 1)
            #expect(try catalogTime() < changed)
            #expect(try stateMatchesCatalog())
        }
        // One that starts a tick (a millisecond) later re-dates the catalog once, after which
        // it is newer than every input and keeps its time.
        let later = changed + 1_000_000
        request.clock = .fixed(at: later)
        _ = try Builder.run(request)
        let settled = try catalogTime()
        #expect(settled == later - 1 && settled > changed)
        #expect(try stateMatchesCatalog())
        request.clock = .fixed(at: later + 5_000_000_000)
        _ = try Builder.run(request)
        #expect(try catalogTime() == settled)
        #expect(try stateMatchesCatalog())
        // A glyph saved again with the same bytes is newer than the catalog: the next build
        // re-dates it past the save, and records it.
        let saved = later + 6_000_000_000
        FileSystem.setModificationTime(of: project.file("Glyphs/square-27pt.svg"), to: saved)
        #expect(try catalogTime() < saved)
        request.clock = .fixed(at: saved + 1_000_000)
        _ = try Builder.run(request)
        #expect(try catalogTime() == saved + 1_000_000 - 1)
        #expect(try stateMatchesCatalog())
        request.clock = .fixed(at: saved + 2_000_000)
        _ = try Builder.run(request)
        #expect(try catalogTime() == saved + 1_000_000 - 1, "settled again")
        #expect(try stateMatchesCatalog())
    }

    @Test(.enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing))
    func makeRebuildsOnlyWhenAnInputChanges() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        for name in ["square-27pt.svg", "tall-30pt.svg"] {
            project.copy(fixture: "pipeline/" + name, as: "Glyphs/" + name)
        }
        project.write("iconforge.json", "{ \"output\": \"Output\" }")
        project.write("Makefile", MakeFreshCloneTests.fragment)
        // Before each make, every time in the project moves ten seconds back, as if the last
        // save and the last build were that long ago: what Make compares keeps its order (a
        // glyph saved in the tick a build started stays newer than its catalog), and the
        // build make starts begins after every save, however long the coarse file-time clock
        // stands still on a busy machine.
        func letTimePass() {
            let relative = (FileManager.default.enumerator(atPath: project.path)?.allObjects as? [String]) ?? []
            for path in [project.path] + relative.map(project.file) {
                // (A failed build's catalog, dated at the epoch, stays there.)
                if let time = FileSystem.modificationTime(of: path), time >= 10_000_000_000 {
                    FileSystem.setModificationTime(of: path, to: time - 10_000_000_000)
                }
            }
        }
        func make(expectSuccess: Bool = true) throws -> String {
            letTimePass()
            let (status, text) = try runProgram("/usr/bin/make", ["-C", project.path, "ICONFORGE=\(executable)"])
            #expect((status == 0) == expectSuccess, "\(text)")
            return text
        }
        #expect(try make().contains("build --depfile"))
        // The first build created Output/ in the project folder, itself an input (for
        // iconforge.json): Make may run iconforge once more, then never again.
        _ = try make()
        #expect(!(try make().contains("build --depfile")), "nothing changed: make does nothing")
        // A glyph saved right after a build, even within the same clock tick, is newer than
        // the catalog: the catalog's time is from before the build started.
        project.copy(fixture: "pipeline/wide-30pt.svg", as: "Glyphs/wide-30pt.svg")
        #expect(try make().contains("build --depfile"))
        #expect(FileManager.default.fileExists(atPath: project.file("Output/wide-30pt@2x.png")))
        #expect(!(try make().contains("build --depfile")))
        // A failed build leaves the target out of date: the next make tries again.
        project.write("Glyphs/broken.svg", "<svg")
        #expect(try make(expectSuccess: false).contains("build --depfile"))
        #expect(try make(expectSuccess: false).contains("build --depfile"), "still out of date after a failure")
        try FileManager.default.removeItem(atPath: project.file("Glyphs/broken.svg"))
        #expect(try make().contains("build --depfile"))
        #expect(!(try make().contains("build --depfile")))
        // Settings change: a new configuration in the project folder makes Make build again.
        try FileManager.default.removeItem(atPath: project.file("iconforge.json"))
        #expect(try make().contains("build --depfile"))
        #expect(!(try make().contains("build --depfile")))
        project.write("iconforge.json", "{ \"output\": \"Output\", \"fit\": true }")
        #expect(try make().contains("build --depfile"))
        let catalog = try JSONDecoder().decode(
            Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: project.file("Output/catalog.json"))))
        #expect(catalog.mode == .fitSet)
        let depfile = try String(contentsOfFile: project.file("Output/iconforge.d"), encoding: .utf8)
        #expect(depfile.hasPrefix("Output/catalog.json: \\\n  Glyphs \\\n"))
        #expect(depfile.contains("iconforge.json"))
    }
}
