import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `iconforge diff` on a real git repository made here, run as a designer and CI run it (the
/// built executable, in the repository), with real renders: a commit that thickens one
/// glyph's stroke, one that re-saves another in a different tool's markup (same drawing),
/// one that renames a glyph and one that deletes one.
@Suite struct DiffCommandTests {
    static let shipped = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Glyphs").path

    /// Search as Inkscape saves it: an XML declaration, namespaces, a named view, a layer,
    /// style properties instead of attributes, `#000` for `#000000`, the line as a path.
    static let searchResaved = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- Created with Inkscape (http://www.inkscape.org/) -->
        <svg width="35" height="35" viewBox="0 0 35 35" version="1.1" id="svg5"
           xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
           xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns="http://www.w3.org/2000/svg">
          <sodipodi:namedview id="namedview7" pagecolor="#ffffff" bordercolor="#666666" inkscape:zoom="8"/>
          <title id="title1">Search</title>
          <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
            <circle style="fill:none;stroke:#000;stroke-width:2.5;stroke-linecap:round;stroke-linejoin:round" id="path1" cx="14.75" cy="14.75" r="9.5" />
            <path style="fill:none;stroke:#000;stroke-width:2.5;stroke-linecap:round;stroke-linejoin:round" d="M 21.5,21.5 29.75,29.75" id="path2" />
          </g>
        </svg>

        """

    struct Repository {
        let folder = TemporaryFolder()
        /// The first commit, and the folder a build of it wrote (with other PNG compression).
        var base = ""
        var path: String { folder.file("app") }

        @discardableResult
        func git(_ arguments: [String]) throws -> String {
            let run = try runProgram(
                "/usr/bin/env",
                ["git", "-c", "user.email=test@example.com", "-c", "user.name=Test", "-c", "commit.gpgsign=false"]
                    + arguments, in: path)
            #expect(run.status == 0, "git \(arguments): \(run.output)")
            return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// What the designer's checkout is: the work tree's status, the index file's bytes, every ref.
        func checkoutState() throws -> [String] {
            [
                try git(["status", "--porcelain", "--untracked-files=all"]), try git(["for-each-ref"]),
                try git(["rev-parse", "HEAD"]),
                String(decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/.git/index")), as: UTF8.self),
            ]
        }
    }

    static let iconforge = WorkerIsolationTests.iconforge

    func diff(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        try runProgram(
            try #require(Self.iconforge), ["diff"] + arguments + ["--isolation", "none", "-j", "2"], in: folder)
    }

    /// The repository after the four commits, and a build of its first commit in `base-out`.
    func repository() throws -> Repository {
        var repository = Repository()
        let glyphs = repository.path + "/Glyphs"
        try FileManager.default.createDirectory(atPath: glyphs, withIntermediateDirectories: true)
        for name in ["home", "search", "camera", "video", "compose"] {
            try FileManager.default.copyItem(atPath: Self.shipped + "/\(name).svg", toPath: glyphs + "/\(name).svg")
        }
        try repository.git(["init", "-q", "-b", "main"])
        try repository.git(["add", "Glyphs"])
        try repository.git(["commit", "-qm", "glyphs"])
        repository.base = try repository.git(["rev-parse", "HEAD"])
        // An earlier Output/, compressed harder than the current build compresses.
        let built = try runProgram(
            try #require(Self.iconforge),
            ["build", "-o", repository.folder.file("base-out"), "--png-compression", "1", "--isolation", "none", "-q"],
            in: repository.path)
        #expect(built.status == 0, "\(built.output)")

        let home = try String(contentsOfFile: glyphs + "/home.svg", encoding: .utf8)
        try home.replacingOccurrences(of: "stroke-width=\"2.5\"", with: "stroke-width=\"3.5\"").write(
            toFile: glyphs + "/home.svg", atomically: true, encoding: .utf8)
        try repository.git(["commit", "-qam", "home: a heavier stroke"])
        try Self.searchResaved.write(toFile: glyphs + "/search.svg", atomically: true, encoding: .utf8)
        try repository.git(["commit", "-qam", "search: re-saved in Inkscape"])
        try repository.git(["mv", "Glyphs/camera.svg", "Glyphs/photo.svg"])
        try repository.git(["commit", "-qm", "camera is photo"])
        try repository.git(["rm", "-q", "Glyphs/video.svg"])
        try repository.git(["commit", "-qm", "no video"])
        return repository
    }

    func parse(_ output: String) throws -> [String: Any] {
        // Standard output is the document; the page's path goes to standard error, after it.
        let text = try #require(output.range(of: "\ndiff page: ").map { String(output[..<$0.lowerBound]) })
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func statuses(_ document: [String: Any]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: ((document["glyphs"] as? [[String: Any]]) ?? []).map {
                ($0["name"] as? String ?? "", $0["status"] as? String ?? "")
            })
    }

    @Test(.enabled(if: iconforge != nil, "no iconforge executable beside the tests"))
    func againstARevisionEachCommitIsSeenAndTheCheckoutIsLeftAlone() throws {
        let repository = try repository()
        let before = try repository.checkoutState()
        let page = repository.folder.file("review/diff.html")
        let run = try diff(
            ["--base", String(repository.base.prefix(12)), "--format", "json", "--page", page], in: repository.path)
        #expect(run.status == 0, "\(run.output)")
        let document = try parse(run.output)
        #expect(
            statuses(document) == [
                "home": "changed", "search": "unchanged", "photo": "renamed", "video": "removed",
                "compose": "unchanged",
            ])
        let glyphs = try #require(document["glyphs"] as? [[String: Any]])
        let photo = try #require(glyphs.first { $0["name"] as? String == "photo" })
        #expect(photo["baseName"] as? String == "camera" && photo["baseFile"] as? String == "Glyphs/camera.svg")
        let home = try #require(glyphs.first { $0["name"] as? String == "home" })
        let scales = try #require(home["scales"] as? [[String: Any]])
        #expect(scales.count == 2 && scales.allSatisfy { ($0["changedPixels"] as? Int ?? 0) > 100 })
        // The heavier stroke makes home 28 pt: a finding the base did not have.
        let findings = try #require(document["findings"] as? [String: [[String: Any]]])
        #expect(
            findings["new"]?.map { $0["rule"] as? String } == ["size.target"]
                && findings["new"]?.first?["file"] as? String == "Glyphs/home.svg")
        #expect(findings["fixed"]?.isEmpty == true)
        // The document validates against docs/schemas/diff-report.schema.json.
        let text = try #require(run.output.range(of: "\ndiff page: ").map { String(run.output[..<$0.lowerBound]) })
        if JSONSchemaTests.hasJSONSchema {
            #expect(
                try JSONSchemaTests.validate([("diff-report.schema.json", repository.folder.write("diff.json", text))])
                    == ["ok"])
        }
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(
            summary == [
                "changed": 1, "added": 0, "removed": 1, "renamed": 1, "unchanged": 2, "newFindings": 1,
                "fixedFindings": 0,
            ])

        // Nothing of the checkout moved: not the work tree, the index or a ref.
        #expect(try repository.checkoutState() == before)
        #expect(FileManager.default.fileExists(atPath: page))

        // The text summary says the same in a line per change; GitHub gets annotations.
        let summaryRun = try diff(["--base", repository.base, "--page", page], in: repository.path)
        #expect(
            summaryRun.output.contains(
                "1 changed, 0 added, 1 removed, 1 renamed, 2 unchanged; findings: 1 new, 0 fixed"))
        #expect(
            summaryRun.output.contains("  renamed  Glyphs/camera.svg → Glyphs/photo.svg")
                && summaryRun.output.contains("  removed  Glyphs/video.svg"))
        let github = try diff(["--base", repository.base, "--format", "github", "--page", page], in: repository.path)
        #expect(github.status == 0)
        #expect(github.output.contains("::notice file=Glyphs/home.svg,title=glyph changed::home: @2x: "))
        #expect(github.output.contains("::warning file=Glyphs/home.svg,title=new error%3A size.target::"))

        // Against the commit before the rename, only the rename and the deletion are left.
        let later = try diff(["--base", "HEAD~2", "--format", "json", "--page", page], in: repository.path)
        #expect(
            statuses(try parse(later.output)) == [
                "home": "unchanged", "search": "unchanged", "photo": "renamed", "video": "removed",
                "compose": "unchanged",
            ])
        // And a commit that only re-saved a glyph changed nothing.
        let resaved = try diff(["--base", "HEAD~3", "--format", "json", "--page", page], in: repository.path)
        #expect(statuses(try parse(resaved.output))["search"] == "unchanged")

        // The work tree against HEAD: home's stroke put back (not committed) fixes its finding.
        let home28 = repository.path + "/Glyphs/home.svg"
        try (try String(contentsOfFile: home28, encoding: .utf8)).replacingOccurrences(
            of: "stroke-width=\"3.5\"", with: "stroke-width=\"2.5\""
        )
        .write(toFile: home28, atomically: true, encoding: .utf8)
        let fixed = try parse(
            try diff(["--base", "HEAD", "--format", "json", "--page", page], in: repository.path).output)
        #expect(statuses(fixed)["home"] == "changed")
        let fixedFindings = try #require(fixed["findings"] as? [String: [[String: Any]]])
        #expect(
            fixedFindings["fixed"]?.map { $0["rule"] as? String } == ["size.target"]
                && fixedFindings["new"]?.isEmpty == true)
    }

    @Test(
        "a base glyph whose bytes are the current one's is taken from the current build, not rendered, with the same results"
    )
    func anUnchangedBaseGlyphIsNotRendered() throws {
        let project = TemporaryFolder()
        for side in ["current", "base"] {
            try FileManager.default.createDirectory(
                atPath: project.file(side + "/Glyphs"), withIntermediateDirectories: true)
            for name in ["home", "search", "compose", "camera", "video"] {
                try FileManager.default.copyItem(
                    atPath: Self.shipped + "/\(name).svg", toPath: project.file("\(side)/Glyphs/\(name).svg"))
            }
        }
        // The base's home has the heavier stroke, which makes it 28 pt: a finding of its own.
        let home = project.file("base/Glyphs/home.svg")
        try (try String(contentsOfFile: home, encoding: .utf8)).replacingOccurrences(
            of: "stroke-width=\"2.5\"", with: "stroke-width=\"3.5\""
        )
        .write(toFile: home, atomically: true, encoding: .utf8)
        func request(_ side: String) -> BuildRequest {
            var request = BuildRequest()
            request.inputs = [project.file(side + "/Glyphs")]
            request.outputFolder = project.file(side + "/Output")
            request.writesOutput = false
            request.keepsImages = true
            request.jobs = 2
            return request
        }
        func counted(_ request: BuildRequest) throws -> (renders: Int, report: BuildReport) {
            let renders = WorkCount()
            var request = request
            request.probes.renders = renders
            let report = try Builder.run(request)
            return (renders.value, report)
        }
        let current = try Builder.run(request("current"))
        let cold = try counted(request("base"))
        #expect(cold.renders == 5, "every glyph rendered without the current build's results")
        var taking = request("base")
        taking.knownResults = KnownResults(current)
        let taken = try counted(taking)
        #expect(taken.renders == 1, "home alone rendered")
        // What the base build reports is what building it whole does: entries, the set, findings, PNGs.
        #expect(taken.report.catalog.glyphs == cold.report.catalog.glyphs)
        #expect(taken.report.catalog.family == cold.report.catalog.family)
        #expect(taken.report.diagnostics == cold.report.diagnostics)
        #expect(
            taken.report.diagnostics.contains { $0.rule == .sizeTarget && $0.file.hasSuffix("base/Glyphs/home.svg") })
        #expect(
            taken.report.catalog.family?.glyphs == 4, "the set judged over the whole base (home, failing, is not in it)"
        )
        #expect(
            taken.report.images.mapValues { $0.pngs.map(\.bytes) }
                == cold.report.images.mapValues { $0.pngs.map(\.bytes) })
        #expect(taken.report.images.count == 5)
    }

    @Test(.enabled(if: iconforge != nil, "no iconforge executable beside the tests"))
    func againstAnEarlierOutputFolderRecompressedPNGsAreUnchanged() throws {
        let repository = try repository()
        let page = repository.folder.file("diff.html")
        // base-out's PNGs were compressed at level 1, the current build's at 8: other bytes.
        let old = try Data(contentsOf: URL(fileURLWithPath: repository.folder.file("base-out/compose@2x.png")))
        let run = try diff(
            ["--base-dir", repository.folder.file("base-out"), "--format", "json", "--page", page], in: repository.path)
        #expect(run.status == 0, "\(run.output)")
        #expect(
            statuses(try parse(run.output)) == [
                "home": "changed", "search": "unchanged", "photo": "renamed", "video": "removed",
                "compose": "unchanged",
            ])
        var request = BuildRequest()
        request.inputs = [repository.path + "/Glyphs/compose.svg"]
        request.writesOutput = false
        request.keepsImages = true
        let now = try #require(try Builder.run(request).images["compose"]?.pngs.first?.bytes)
        let (oldPixels, nowPixels) = (try PNGCodec.decode(Array(old)), try PNGCodec.decode(now))
        #expect(Array(old) != now && oldPixels == nowPixels)
    }

    @Test(.enabled(if: iconforge != nil, "no iconforge executable beside the tests"))
    func aBaseThatCannotBeReadExitsWithOneAndSaysWhy() throws {
        let repository = try repository()
        let page = repository.folder.file("diff.html")
        let unknown = try diff(["--base", "origin/nowhere", "--page", page], in: repository.path)
        #expect(
            unknown.status == 1 && unknown.output.contains("unknown revision 'origin/nowhere'")
                && unknown.output.contains("git fetch origin nowhere"))
        let outside = repository.folder.file("not-a-repository")
        try FileManager.default.createDirectory(atPath: outside + "/Glyphs", withIntermediateDirectories: true)
        let notGit = try diff(["--base", "main", "--page", page], in: outside)
        #expect(notGit.status == 1 && notGit.output.contains("is not in a git repository"))
        let empty = try diff(["--base-dir", outside, "--page", page], in: repository.path)
        #expect(empty.status == 1 && empty.output.contains("no catalog.json"))
        let usage = try diff(["--page", page], in: repository.path)
        #expect(usage.status == 2 && usage.output.contains("diff needs --base"))
        let format = try diff(["--base", "main", "--format", "sarif"], in: repository.path)
        #expect(format.status == 2)
    }

    @Test(.enabled(if: iconforge != nil && HeadlessBrowser.path != nil, "no iconforge executable or headless browser"))
    func aBrowserShowsBeforeAfterAndTheDifference() throws {
        let repository = try repository()
        let page = repository.folder.file("page/diff.html")
        let run = try diff(["--base", repository.base, "--page", page], in: repository.path)
        #expect(run.status == 0, "\(run.output)")
        let dom = try HeadlessBrowser.domAfterLoad(page, scratch: repository.folder.file("browser"))
        #expect(dom.contains("data-ready=\"true\""))
        let images = HTMLScan.tags("img", in: dom)
        // home: before, after and difference at two scales, each magnified and twice at real size.
        let home = images.filter { $0["data-copy"]?.hasPrefix("d0-") == true || $0["id"]?.hasPrefix("d0-") == true }
        #expect(home.count == 3 * 2 * 3)
        for image in images where image["data-png"] != nil {
            #expect(image["data-decoded"] == "\(image["data-width"] ?? "")x\(image["data-height"] ?? "")", "\(image)")
        }
        for image in home {
            #expect(image["data-decoded"] == "70x70" || image["data-decoded"] == "104x104", "\(image)")
        }
        // The difference at @3x: the heavier stroke is ink only now (green), on unchanged ink (grey).
        let difference = try #require(images.first { $0["id"] == "d0-x-3" }?["data-png"])
        let pixels = try PNGCodec.decode(Array(try #require(Data(base64Encoded: difference))))
        var green = 0
        var grey = 0
        for index in stride(from: 0, to: pixels.pixels.count, by: 4) where pixels.pixels[index + 3] > 0 {
            if pixels.pixels[index] == 0x1a && pixels.pixels[index + 1] == 0xb0 { green += 1 }
            if pixels.pixels[index] == 0x8e { grey += 1 }
        }
        #expect(green > 500 && grey > 500, "green \(green), grey \(grey)")
        // Changes only, by default: the unchanged glyphs are hidden until asked for.
        let cards = HTMLScan.tags("article", in: dom)
        #expect(cards.filter { $0["data-status"] == "unchanged" }.allSatisfy { $0["hidden"] != nil })
        #expect(cards.map { $0["data-status"] ?? "" } == ["changed", "removed", "renamed", "unchanged", "unchanged"])
    }
}
