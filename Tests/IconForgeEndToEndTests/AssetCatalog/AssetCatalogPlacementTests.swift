import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeCLI

/// Where in an app's asset catalog glyphs go, under which name, and what iconforge leaves there.
@Suite struct AssetCatalogPlacementTests {
    func build(_ project: TemporaryFolder, into catalog: String, checking others: [String] = []) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.assetCatalog = project.file(catalog)
        request.otherAssetCatalogs = others.map(project.file)
        return try Builder.run(request)
    }

    func project(_ glyphs: [String] = ["compose"]) -> TemporaryFolder {
        let project = TemporaryFolder()
        for name in glyphs { project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/\(name).svg") }
        return project
    }

    /// Every entry under `folder`, relative, sorted.
    func tree(_ folder: String) -> [String] {
        ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted()
    }

    @Test("the catalog gains no bookkeeping file: it is locked as a folder, and an old lock file goes")
    func noLockFileInTheCatalog() throws {
        let project = project()
        project.write("App/Assets.xcassets/" + FolderLock.fileName, "")
        let report = try build(project, into: "App/Assets.xcassets")
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        #expect(
            tree(project.file("App/Assets.xcassets"))
                == [
                    "Contents.json", "compose.imageset", "compose.imageset/Contents.json",
                    "compose.imageset/compose@2x.png", "compose.imageset/compose@3x.png",
                ])

        // The folder lock still keeps two builds apart: one waits while another holds it.
        var held: FolderLock? = try FolderLock(project.file("App/Assets.xcassets"), lockFile: false)
        let waited = Mutex(false)
        let taken = Mutex(false)
        let folder = project.file("App/Assets.xcassets")
        DispatchQueue.global().async {
            let second = try? FolderLock(folder, lockFile: false) { waited.withLock { $0 = true } }
            taken.withLock { $0 = second != nil }
        }
        let didWait = WorkerLifetimeTests.waitUntil { waited.withLock { $0 } }
        #expect(didWait, "the second lock did not wait")
        let tookEarly = taken.withLock { $0 }
        #expect(!tookEarly)
        held = nil
        let tookLater = WorkerLifetimeTests.waitUntil { taken.withLock { $0 } }
        #expect(tookLater)
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + FolderLock.fileName))
        _ = held
    }

    /// A project with the shipped example glyphs and their quick-action definitions.
    func exampleProject() throws -> TemporaryFolder {
        let project = TemporaryFolder()
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: project.file("Glyphs"))
        return project
    }

    static let namespaceGroup = #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#
    static let plainGroup = #"{"info":{"author":"xcode","version":1}}"#
    static let xcodeImageSet =
        #"{"images":[{"filename":"x.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#

    func iconFiles(_ project: TemporaryFolder) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: project.file("Output/QuickActions.plist")))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        return (plist["UIApplicationShortcutItems"] as? [[String: Any]] ?? []).compactMap {
            $0["UIApplicationShortcutItemIconFile"] as? String
        }
    }

    @Test("in groups that provide a namespace, nested or not, the plist names each glyph by its full asset name")
    func namespacedGroupsNameTheIconInThePlist() throws {
        let project = try exampleProject()
        // Shortcuts (namespace) / Plain (none) / Glyphs (namespace): assets are "Shortcuts/Glyphs/<name>".
        project.write("App/Assets.xcassets/Contents.json", Self.plainGroup)
        project.write("App/Assets.xcassets/Shortcuts/Contents.json", Self.namespaceGroup)
        project.write("App/Assets.xcassets/Shortcuts/Plain/Contents.json", Self.plainGroup)
        project.write("App/Assets.xcassets/Shortcuts/Plain/Glyphs/Contents.json", Self.namespaceGroup)
        // The app's own top-level "compose" has another full name: no clash.
        project.write("App/Assets.xcassets/compose.imageset/Contents.json", Self.xcodeImageSet)
        let report = try build(project, into: "App/Assets.xcassets/Shortcuts/Plain/Glyphs")
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        #expect(
            try iconFiles(project) == [
                "Shortcuts/Glyphs/compose", "Shortcuts/Glyphs/search", "Shortcuts/Glyphs/scan",
                "Shortcuts/Glyphs/share",
            ])
        #expect(
            FileManager.default.fileExists(
                atPath: project.file("App/Assets.xcassets/Shortcuts/Plain/Glyphs/compose.imageset/compose@3x.png")))
        #expect(
            try String(
                contentsOfFile: project.file("App/Assets.xcassets/Shortcuts/Plain/Glyphs/Contents.json"),
                encoding: .utf8) == Self.namespaceGroup)

        // Without namespaces the plain name stands, and the app's "compose" is in the way.
        let plain = try exampleProject()
        plain.write("App/Assets.xcassets/Plain/Contents.json", Self.plainGroup)
        plain.write("App/Assets.xcassets/compose.imageset/Contents.json", Self.xcodeImageSet)
        let clash = try build(plain, into: "App/Assets.xcassets/Plain")
        // (The quick action naming it then fails too: its glyph did not go in.)
        #expect(clash.diagnostics.map(\.rule) == [.xcassetsConflict, .actionsIcon])
        #expect(clash.diagnostics.first?.message.contains("\"compose\"") == true, "\(clash.diagnostics)")
    }

    @Test("a clash with an asset in another catalog of the target, of any type, is reported; the other glyphs go in")
    func otherCatalogsOfTheTargetAreChecked() throws {
        let project = try exampleProject()
        project.write("App/Assets.xcassets/search.imageset/Contents.json", Self.xcodeImageSet)
        project.write(
            "App/Assets.xcassets/Colors/share.colorset/Contents.json",
            #"{"colors":[],"info":{"author":"xcode","version":1}}"#)
        project.write("App/Assets.xcassets/Spaced/Contents.json", Self.namespaceGroup)
        project.write("App/Assets.xcassets/Spaced/scan.imageset/Contents.json", Self.xcodeImageSet)
        let report = try build(project, into: "App/Glyphs.xcassets", checking: ["App/Assets.xcassets"])
        let conflicts = report.diagnostics.filter { $0.rule == .xcassetsConflict }
        #expect(
            conflicts.map { $0.file.lastPathComponent }.sorted() == ["search.svg", "share.svg"], "\(report.diagnostics)"
        )
        let search = try #require(conflicts.first { $0.file.hasSuffix("search.svg") })
        #expect(
            search.message.contains(project.file("App/Assets.xcassets/search.imageset"))
                && search.message.contains("another asset catalog"))
        // Named once: the path is the subject of the message, not repeated after it.
        #expect(
            search.message.components(separatedBy: "App/Assets.xcassets/search.imageset").count == 2
                && search.message.hasSuffix("; rename the glyph or that asset"), "\(search.message)")
        #expect(report.catalog.glyphs.first { $0.name == "search" }?.status == .failed)
        #expect(!FileManager.default.fileExists(atPath: project.file("App/Glyphs.xcassets/search.imageset")))
        #expect(
            FileManager.default.fileExists(atPath: project.file("App/Glyphs.xcassets/scan.imageset/scan@2x.png")),
            "Spaced/scan is another name")
        #expect(
            FileManager.default.fileExists(atPath: project.file("App/Glyphs.xcassets/compose.imageset/compose@2x.png")))

        // Without --xcassets-check nothing says so: the clash would only show in Xcode.
        let unchecked = try build(try exampleProject(), into: "App/Glyphs.xcassets")
        #expect(unchecked.errorCount == 0)
    }

    @Test(
        "--xcassets must name a catalog or a group in one; --xcassets-check is repeatable and a key of iconforge.json")
    func commandLineRefusesPathsOutsideACatalog() throws {
        let project = try exampleProject()
        /// Runs the tool in this process (this test binary is no render worker): status and every line's text.
        func tool(_ arguments: [String]) -> (ToolCommand.ExitStatus, [String]) {
            let run = ToolCommand.run(arguments + ["--isolation", "none"])
            return (
                run.status,
                run.lines.map { line in
                    switch line {
                    case .out(let text), .err(let text): text
                    case .diagnostic(let diagnostic): DiagnosticFormatter.text(diagnostic)
                    }
                }
            )
        }
        for (path, says) in [
            ("App/Glyphs", "not an asset catalog or a group inside one"),
            ("App/Assets.xcassets/Quick.actions", "a group's folder name has no period"),
            ("App/Assets.xcassets/compose.imageset", "as an asset of type 'imageset'"),
            ("App/Assets.xcassets/../x", "'..'"),
        ] {
            let (status, lines) = tool([
                "build", project.file("Glyphs"), "-o", project.file("Output"), "--xcassets", project.file(path),
            ])
            #expect(status == .usage)
            #expect(lines.contains { $0.contains("--xcassets") && $0.contains(says) }, "\(lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: project.file("Output")), "nothing was built")
        #expect(!FileManager.default.fileExists(atPath: project.file("App")))

        project.write("A.xcassets/search.imageset/Contents.json", Self.xcodeImageSet)
        project.write("B.xcassets/share.imageset/Contents.json", Self.xcodeImageSet)
        let (status, lines) = tool(
            [
                "build", project.file("Glyphs"), "-o", project.file("Output"), "--xcassets", project.file("G.xcassets"),
                "--xcassets-check",
                project.file("A.xcassets"), "--xcassets-check=" + project.file("B.xcassets"),
            ])
        #expect(status == .checkFailed)
        #expect(lines.filter { $0.contains("[xcassets.conflict]") }.count == 2, "\(lines)")

        project.write("iconforge.json", #"{ "xcassets": "G.xcassets", "xcassetsCheck": ["A.xcassets", "B.xcassets"] }"#)
        let (configured, configuredLines) = tool([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--config", project.file("iconforge.json"),
        ])
        #expect(configured == .checkFailed)
        #expect(configuredLines.filter { $0.contains("[xcassets.conflict]") }.count == 2, "\(configuredLines)")
        #expect(tool(["build", "--xcassets-check", project.file("Glyphs")]).0 == .usage)
    }
}
