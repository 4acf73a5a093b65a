import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeRender
@testable import IconForgeSVG

/// `iconforge init`: a project that builds at once, and never a file overwritten.
@Suite struct InitTests {
    static let files = [
        "iconforge.json", "Glyphs/example.svg", "Glyphs/quick-actions.json", "Glyphs/.template.svg", ".gitignore",
    ]

    @Test func initThenBuildPasses() throws {
        let project = TemporaryFolder()
        let run = ToolCommand.run(["init", project.path, "--app-name", "Mosaic Notes"])
        #expect(run.status == .clean, "\(run.lines)")
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: project.file(file)), "\(file)")
            #expect(run.stdout.contains("created \(project.file(file))"))
        }
        let actions = try String(contentsOfFile: project.file("Glyphs/quick-actions.json"), encoding: .utf8)
        #expect(
            actions.contains("\"appName\": \"Mosaic Notes\"") && actions.contains("com.example.mosaicnotes.example"))
        // The project's own settings, found through --config as they would be in its folder.
        let build = ToolCommand.run(["build", "--config", project.file("iconforge.json"), "--isolation", "none"])
        #expect(build.status == .clean, "\(build.stderr)")
        #expect(build.stderr.last?.hasPrefix("1 glyph, 2 PNGs, 0 errors, 0 warnings") == true, "\(build.stderr)")
        let catalog = try JSONDecoder().decode(
            Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: project.file("Output/catalog.json"))))
        // The template artboard is a dot-file: never taken for a glyph.
        #expect(catalog.glyphs.map(\.name) == ["example"])
        #expect(catalog.quickActions?.status == .ok)
        let png = try decodePNG(project.file("Output/example@3x.png"))
        #expect(png.width == 104 && png.height == 104)
    }

    /// As a person runs it: the executable, in the project's folder, with render workers.
    /// Saving the drawing into the template itself: the dot-file is never built, so the build
    /// says so, also when nothing else changed since the last build.
    @Test func aDrawingSavedIntoTheTemplateIsReported() throws {
        let project = TemporaryFolder()
        #expect(ToolCommand.run(["init", project.path, "--app-name", "Mosaic"]).status == .clean)
        let build = ["build", "--config", project.file("iconforge.json"), "--isolation", "none"]
        #expect(ToolCommand.run(build).diagnostics.isEmpty, "the template as init wrote it is fine")
        let template = try String(contentsOfFile: project.file("Glyphs/.template.svg"), encoding: .utf8)
        let drawn = template.replacing(
            "<g id=\"Glyph\" inkscape:groupmode=\"layer\" inkscape:label=\"Glyph\"/>",
            with:
                "<g id=\"Glyph\" inkscape:groupmode=\"layer\" inkscape:label=\"Glyph\">\n    <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\"/>\n  </g>"
        )
        #expect(drawn != template)
        project.write("Glyphs/.template.svg", drawn)
        for _ in 0..<2 {
            let run = ToolCommand.run(build)
            #expect(run.status == .clean)
            #expect(
                run.diagnostics.map(\.rule) == [.glyphTemplate] && run.diagnostics.first?.severity == .warning,
                "\(run.stderr)")
            #expect(run.diagnostics.first?.location?.line == 17, "the circle's line: \(run.stderr)")
            #expect(run.diagnostics.first?.message.contains("save your drawing under a new name") == true)
        }
        #expect(ToolCommand.run(build + ["--werror"]).status == .checkFailed)
    }

    @Test func initThenBuildInTheFolderWithTheExecutable() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        // No terminal to ask on (standard input is empty): the folder's name is taken.
        let initialized = try ExternalProgram.run(iconforge, ["init"], in: project.path)
        #expect(initialized.status == 0, "\(initialized.output)")
        let build = try ExternalProgram.run(iconforge, ["build"], in: project.path)
        #expect(build.status == 0, "\(build.output)")
        #expect(build.output.contains("1 glyph, 2 PNGs, 0 errors, 0 warnings"), "\(build.output)")
        #expect(!build.output.contains("iconforge explain"), "a clean build has no hint")
        for file in [
            "example@2x.png", "example@3x.png", "catalog.json", "QuickActions.plist", "en.lproj/InfoPlist.strings",
        ] {
            #expect(FileManager.default.fileExists(atPath: project.file("Output/" + file)), "\(file)")
        }
    }

    /// After init, a build (with a depfile and the preview) and `git add -A`, what git
    /// would commit is the project and its output, none of iconforge's bookkeeping.
    @Test(.enabled(if: ExternalTools.hasGit, ExternalTools.gitMissing))
    func gitignoreKeepsBookkeepingOutOfACommit() throws {
        let git = "/usr/bin/git"
        let project = TemporaryFolder()
        #expect(ToolCommand.run(["init", project.path, "--app-name", "Mosaic"]).status == .clean)
        let ignore = try String(contentsOfFile: project.file(".gitignore"), encoding: .utf8)
        #expect(ignore == ProjectScaffold.gitignoreAddition(to: nil))
        let build = ToolCommand.run([
            "build", "--config", project.file("iconforge.json"), "--isolation", "none", "--preview", "--depfile",
            project.file("Output/iconforge.d"),
        ])
        #expect(build.status == .clean, "\(build.stderr)")
        for file in ["Output/.iconforge-state", "Output/iconforge.d", "Output/preview.html"] {
            #expect(
                FileManager.default.fileExists(atPath: project.file(file)),
                "\(file) is written, so the test sees it ignored")
        }
        #expect(FileManager.default.fileExists(atPath: project.file("Output/.iconforge-preview")))
        // What a killed build may leave wherever iconforge writes: ignored everywhere.
        for stray in [
            "Output/.iconforge-tmp-1-2-catalog.json", "Output/fr.lproj/.iconforge-tmp-1-2-InfoPlist.strings",
            "App/Assets.xcassets/example.imageset/.iconforge-tmp-1-2-example@2x.png",
            "App/.iconforge-tmp-1-2-Info.plist",
        ] {
            project.write(stray, "partial")
        }
        let environment = ["GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "HOME": project.path]
        #expect(try runProgram(git, ["init", "-q"], in: project.path, environment: environment).status == 0)
        #expect(try runProgram(git, ["add", "-A"], in: project.path, environment: environment).status == 0)
        let staged = try runProgram(
            git, ["diff", "--cached", "--name-only"], in: project.path, environment: environment)
        let files = Set(staged.output.split(separator: "\n").map(String.init))
        #expect(
            files.isSuperset(
                of: Self.files + ["Output/catalog.json", "Output/example@2x.png", "Output/example@3x.png"]), "\(files)")
        #expect(
            files.filter { $0.contains("iconforge-") || $0.contains("iconforge.d") || $0.contains("preview") }.isEmpty,
            "\(files)")
    }

    /// An existing .gitignore keeps every line; only the entries it lacks are added, once.
    @Test func existingGitignoreIsAppendedToNeverReplaced() throws {
        let project = TemporaryFolder()
        let mine = "node_modules\n/Output/iconforge.d\n*.log"
        project.write(".gitignore", mine)
        let run = ToolCommand.run(["init", project.path, "--app-name", "A"])
        #expect(run.status == .clean)
        #expect(run.stdout.contains("added iconforge's entries to \(project.file(".gitignore"))"), "\(run.stdout)")
        let ignore = try String(contentsOfFile: project.file(".gitignore"), encoding: .utf8)
        #expect(ignore.hasPrefix(mine + "\n\n# iconforge"), "\(ignore)")
        let lines = ignore.split(separator: "\n").map(String.init)
        for entry in ProjectScaffold.ignoredPaths {
            #expect(lines.filter { $0 == entry }.count == 1, "\(entry) once: \(ignore)")
        }
        let again = ToolCommand.run(["init", project.path])
        #expect(again.stderr.contains("\(project.file(".gitignore")) already exists; left as it is"), "\(again.stderr)")
        #expect(try String(contentsOfFile: project.file(".gitignore"), encoding: .utf8) == ignore)
    }

    /// docs/make.md's and docs/designers.md's lists are what init writes.
    @Test func documentedIgnoreListsAreInitsEntries() throws {
        let root = PortabilityTests.packageRoot
        for page in ["docs/make.md", "docs/designers.md"] {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            let blocks = text.components(separatedBy: "```gitignore\n").dropFirst().map {
                $0.components(separatedBy: "```")[0]
            }
            #expect(!blocks.isEmpty, "\(page) shows its .gitignore lines")
            for line in blocks.joined().split(separator: "\n") where !line.hasPrefix("#") {
                #expect(ProjectScaffold.ignoredPaths.contains(String(line)), "\(page): \(line)")
            }
        }
    }

    /// The note init writes on `fit` says what docs/designers.md says: true is set mode.
    @Test func initsFitNoteMatchesTheDocumentedSetMode() throws {
        let docs = try String(
            contentsOf: PortabilityTests.packageRoot.appendingPathComponent("docs/designers.md"), encoding: .utf8)
        #expect(
            docs.contains("`fit` is `false` (template mode), `true` or `\"set\"`\n(`--fit=set`)"),
            "docs say true is set mode")
        let note = try #require(
            ProjectScaffold.configuration(glyphs: "Glyphs").split(separator: "\n").first { $0.contains("\"fit: ") })
        #expect(
            note.contains("fit: true (or \\\"set\\\")") && note.contains("one scale") && note.contains("typical glyph"),
            "\(note)")
        #expect(!note.contains("scales every glyph to the template's target"), "\(note)")
    }

    @Test func secondRunWritesNothingAndSaysWhatExists() throws {
        let project = TemporaryFolder()
        #expect(ToolCommand.run(["init", project.path, "--app-name", "A"]).status == .clean)
        project.write("Glyphs/example.svg", "<svg>mine</svg>")
        try FileManager.default.removeItem(atPath: project.file("iconforge.json"))
        let again = ToolCommand.run(["init", project.path, "--app-name", "B"])
        #expect(again.status == .clean)
        #expect(again.stdout.contains("created \(project.file("iconforge.json"))"), "a missing file is written")
        for file in Self.files.dropFirst() {
            #expect(again.stderr.contains("\(project.file(file)) already exists; left as it is"), "\(again.stderr)")
        }
        #expect(try String(contentsOfFile: project.file("Glyphs/example.svg"), encoding: .utf8) == "<svg>mine</svg>")
        #expect(
            try String(contentsOfFile: project.file("Glyphs/quick-actions.json"), encoding: .utf8).contains("\"A\""))
        let third = ToolCommand.run(["init", project.path])
        #expect(third.stdout.contains("nothing to do: every file init writes already exists"))
    }

    @Test func appNameIsAskedOrTakenFromTheFolder() throws {
        let parent = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: parent.file("Mosaic"), withIntermediateDirectories: true)
        #expect(ToolCommand.run(["init", parent.file("Mosaic")]).status == .clean)
        #expect(
            try String(contentsOfFile: parent.file("Mosaic/Glyphs/quick-actions.json"), encoding: .utf8).contains(
                "\"appName\": \"Mosaic\""))
        var environment = ToolEnvironment()
        environment.askAppName = { suggestion in suggestion == "Other" ? "Typed Name" : nil }
        try FileManager.default.createDirectory(atPath: parent.file("Other"), withIntermediateDirectories: true)
        #expect(ToolCommand.run(["init", parent.file("Other")], environment: environment).status == .clean)
        #expect(
            try String(contentsOfFile: parent.file("Other/Glyphs/quick-actions.json"), encoding: .utf8).contains(
                "\"appName\": \"Typed Name\""))
        #expect(ToolCommand.run(["init", parent.file("missing")]).status == .io)
    }

    @Test func templateArtboardIsValidSVGAt35PointsWithItsGuides() throws {
        let rendered = try GlyphRenderer.render(
            RenderRequest(
                Data(ProjectScaffold.templateArtboard.utf8), mode: .template,
                shapeThreshold: PipelineOptions().shapeThreshold))
        #expect(rendered.artboard == Size(width: 35, height: 35))
        // The canvas outline is drawn: the ink spans the whole artboard.
        #expect(
            isClose(
                rendered.inkBox ?? Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 35, height: 35),
                within: 0.1))
        // Well-formed and self-contained: iconforge's own checks find nothing wrong with the
        // file as SVG, only that, saved as a glyph, it still holds the guides.
        let folder = TemporaryFolder()
        let path = folder.write("template.svg", ProjectScaffold.templateArtboard)
        let check = ToolCommand.run(["check", path, "--format", "json", "--isolation", "none"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(check.stdout.joined(separator: "\n").utf8)) as? [String: Any])
        let rules = Set((document["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String })
        #expect(rules == ["glyph.template"], "\(rules)")
        // Inkscape layers, the guides locked; nothing that travels into a glyph saved from it
        // as its accessible text.
        #expect(
            ProjectScaffold.templateArtboard.contains(
                "<g id=\"Guides\" inkscape:groupmode=\"layer\" inkscape:label=\"Guides\" sodipodi:insensitive=\"true\"")
        )
        #expect(
            ProjectScaffold.templateArtboard.contains(
                "<g id=\"Glyph\" inkscape:groupmode=\"layer\" inkscape:label=\"Glyph\"/>"))
        #expect(
            !ProjectScaffold.templateArtboard.contains("<desc") && !ProjectScaffold.templateArtboard.contains("<title"))
        for id in [
            "Guides", "Glyph", "canvas-35pt", "square-27pt", "wide-30pt", "tall-30pt", "centre-vertical",
            "centre-horizontal",
        ] {
            #expect(ProjectScaffold.templateArtboard.contains("id=\"\(id)\""))
        }
        // The boxes are where the template puts them: 27 pt and 30 pt, centred on 35 pt.
        #expect(ProjectScaffold.templateArtboard.contains("x=\"4\" y=\"4\" width=\"27\" height=\"27\""))
        #expect(ProjectScaffold.templateArtboard.contains("x=\"2.5\" y=\"4\" width=\"30\""))
        #expect(ProjectScaffold.templateArtboard.contains("x=\"4\" y=\"2.5\" width=\"27\" height=\"30\""))
    }
}
