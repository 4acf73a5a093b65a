import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgePlatform

/// Nothing iconforge writes goes through a symlink it did not expect: the lock file, the
/// output folder, the asset catalog and its image sets, the app's files. Every case is a
/// real link in a temporary folder; the project is that folder (`projectRoot`).
@Suite struct WritesOutsideTests {
    func request(_ project: TemporaryFolder, output: String = "Output") -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file(output)
        request.projectRoot = project.path
        request.jobs = 1
        return request
    }

    func refusal(_ request: BuildRequest) -> FileError? {
        do {
            let report = try Builder.run(request)
            Issue.record("the build was not refused: \(report.diagnostics)")
            return nil
        } catch {
            guard case .refusedDestination(let failure) = error else {
                Issue.record("expected a refused destination, got \(error)")
                return nil
            }
            return failure
        }
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    func contents(_ folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aSymlinkedLockFileIsNeverCreatedOrLockedThroughTheLink() throws {
        let project = oneGlyphProject()
        let elsewhere = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.file("Output"), withIntermediateDirectories: true)
        try link(project.file("Output/.iconforge-lock"), to: elsewhere.file("created-by-iconforge"))
        #expect(throws: BuildError.self) { try Builder.run(request(project)) }
        #expect(
            !FileManager.default.fileExists(atPath: elsewhere.file("created-by-iconforge")),
            "the lock was created through the link")
        let run = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none",
        ])
        #expect(run.status == .io)
        #expect(
            run.stderr.joined(separator: "\n").contains(
                ".iconforge-lock: error: is a symbolic link; iconforge never opens its lock file through a link"),
            "\(run.stderr)")
        #expect(contents(elsewhere.path).isEmpty)
    }

    @Test func aSymlinkedOutputFolderLeadingOutOfTheProjectIsRefusedUnlessAskedFor() throws {
        let project = oneGlyphProject()
        let elsewhere = TemporaryFolder()
        try link(project.file("Output"), to: elsewhere.path)
        let failure = try #require(refusal(request(project)))
        #expect(
            failure.message.contains(
                "the output folder: \(project.path)/Output is a symbolic link to \(FileSystem.resolvedPath(elsewhere.path)!), outside the project"
            ), "\(failure.message)")
        #expect(failure.message.contains("--follow-symlinks"))
        #expect(contents(elsewhere.path).isEmpty, "nothing lands in the link's target: \(contents(elsewhere.path))")
        // From the command line: one message, exit 3, nothing written.
        let run = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none", "--format", "json",
        ])
        #expect(
            run.status == .io && run.stdout.joined(separator: "\n").contains("outside the project")
                && run.stdout.joined(separator: "\n").contains("nothing was written"), "\(run.stdout)")
        // Asked for: written through the link.
        var following = request(project)
        following.followsSymlinks = true
        #expect(try Builder.run(following).errorCount == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere.file("square-27pt@2x.png")))
        #expect(FileSystem.kind(of: project.file("Output")) == .symlink)
    }

    @Test func aSymlinkedOutputFolderInsideTheProjectIsFollowed() throws {
        let project = oneGlyphProject()
        try FileManager.default.createDirectory(atPath: project.file("build/out"), withIntermediateDirectories: true)
        try link(project.file("Output"), to: "build/out")
        #expect(try Builder.run(request(project)).errorCount == 0)
        #expect(FileManager.default.fileExists(atPath: project.file("build/out/catalog.json")))
    }

    @Test func aDanglingSymlinkIsNeverReplacedNorWrittenThrough() throws {
        let project = try AppFilesTests().exampleProject()
        let elsewhere = TemporaryFolder()
        for (option, name) in [
            ("--info-plist", "Info.plist"), ("--xcstrings", "InfoPlist.xcstrings"), ("--swift", "QuickAction.swift"),
        ] {
            try? FileManager.default.removeItem(atPath: project.file(name))
            try link(project.file(name), to: elsewhere.file(name))
            var request = BuildRequest()
            request.inputs = [project.file("Glyphs")]
            request.outputFolder = project.file("Output")
            request.projectRoot = project.path
            request.followsSymlinks = true  // even so
            switch option {
            case "--info-plist": request.appFiles.infoPlist = project.file(name)
            case "--xcstrings": request.appFiles.stringCatalog = project.file(name)
            default: request.appFiles.swiftSource = project.file(name)
            }
            let failure = try #require(refusal(request), "\(option)")
            #expect(
                failure.message.contains("is a symbolic link to nothing (dangling)"), "\(option): \(failure.message)")
            #expect(FileSystem.kind(of: project.file(name)) == .symlink, "\(option): the link was replaced")
            #expect(
                !FileManager.default.fileExists(atPath: elsewhere.file(name)),
                "\(option): a file was created through the link")
        }
        // The target every app file's write is staged for refuses too, and a new file the
        // commit places gets the umask's mode.
        #expect(throws: FileError.self) { try FileSystem.projectFileTarget(project.file("Info.plist")) }
        let previous = FileSystem.exchangeUmask(0o022)
        defer { FileSystem.exchangeUmask(previous) }
        var staged = StagedWrites()
        try staged.writeSharedFile(
            Array("x".utf8), to: try FileSystem.projectFileTarget(project.file("New.plist")), mode: nil, read: nil)
        try staged.commit()
        #expect(FileSystem.permissions(of: project.file("New.plist")) == 0o644)
    }

    @Test func anAppFileLinkedOutOfTheProjectIsRefusedAndOneInsideIsFollowed() throws {
        let project = try AppFilesTests().exampleProject()
        let elsewhere = TemporaryFolder()
        elsewhere.copy(fixture: "app-files/Info.plist", as: "Info.plist")
        let original = try Data(contentsOf: URL(fileURLWithPath: elsewhere.file("Info.plist")))
        try link(project.file("Info.plist"), to: elsewhere.file("Info.plist"))
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.projectRoot = project.path
        request.appFiles.infoPlist = project.file("Info.plist")
        let failure = try #require(refusal(request))
        #expect(
            failure.message.contains("--info-plist: \(project.path)/Info.plist is a symbolic link to"),
            "\(failure.message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: elsewhere.file("Info.plist"))) == original)
        #expect(!FileManager.default.fileExists(atPath: project.file("Output")), "refused before anything was written")
        // A strings folder linked out of the project is refused the same way.
        try link(project.file("Strings"), to: elsewhere.path)
        request.appFiles.infoPlist = nil
        request.appFiles.stringsFolder = project.file("Strings")
        #expect(refusal(request)?.message.contains("--info-plist-strings:") == true)
        #expect(contents(elsewhere.path) == ["Info.plist"])
    }

    @Test func aSymlinkedAssetCatalogIsJudgedByWhereItLeads() throws {
        let project = oneGlyphProject()
        let elsewhere = TemporaryFolder()
        // Out of the project: refused.
        try link(project.file("App.xcassets"), to: elsewhere.path)
        var outside = request(project)
        outside.assetCatalog = project.file("App.xcassets")
        #expect(
            refusal(outside)?.message.contains("--xcassets: \(project.path)/App.xcassets is a symbolic link to") == true
        )
        #expect(contents(elsewhere.path).isEmpty)
        // Inside the project, to a folder that is no asset catalog: the name check is made on
        // the folder it leads to.
        try FileManager.default.createDirectory(atPath: project.file("Resources"), withIntermediateDirectories: true)
        try link(project.file("Icons.xcassets"), to: "Resources")
        var misnamed = request(project)
        misnamed.assetCatalog = project.file("Icons.xcassets")
        let failure = try #require(refusal(misnamed))
        #expect(
            failure.message.contains(
                "--xcassets leads to \(FileSystem.resolvedPath(project.file("Resources"))!), which is not an asset catalog"
            ), "\(failure.message)")
        #expect(contents(project.file("Resources")).isEmpty)
    }

    @Test func aSymlinkNamedLikeAnImageSetIsNeverWrittenThroughNorEmptied() throws {
        let project = oneGlyphProject()
        let elsewhere = TemporaryFolder()
        let keep = elsewhere.write("square-27pt@2x.png", "someone's file")
        try FileManager.default.createDirectory(atPath: project.file("App.xcassets"), withIntermediateDirectories: true)
        try link(project.file("App.xcassets/square-27pt.imageset"), to: elsewhere.path)
        var build = request(project)
        build.assetCatalog = project.file("App.xcassets")
        let report = try Builder.run(build)
        #expect(report.diagnostics.map(\.rule) == [.xcassetsConflict], "\(report.diagnostics)")
        #expect(
            report.diagnostics.first?.message.contains("is a symbolic link, which iconforge never writes through")
                == true)
        #expect(try String(contentsOfFile: keep, encoding: .utf8) == "someone's file")
        #expect(contents(elsewhere.path) == ["square-27pt@2x.png"])
    }

    @Test func thePreviewPageIsNotWrittenThroughAnOutputFolderLinkedOutOfTheProject() throws {
        let project = oneGlyphProject()
        let elsewhere = TemporaryFolder()
        try link(project.file("Output"), to: elsewhere.path)
        // The command line's project is the current folder's repository: this package, which
        // the temporary folder is not in.
        let run = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none",
        ])
        #expect(run.status == .checkFailed, "\(run.stderr)")
        #expect(
            run.stderr.joined(separator: "\n").contains("is a symbolic link to")
                && run.stderr.joined(separator: "\n").contains("[output.conflict]"), "\(run.stderr)")
        #expect(contents(elsewhere.path).isEmpty)
    }
}
