import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgeRender

/// The preview page: what it holds (as HTML), and what a real browser shows of it.
@Suite struct PreviewPageTests {
    /// A project with a passing glyph, a glyph named `<b>&` (which fails name.invalid), one
    /// drawn too small (size.target), one in two colours (color.monochrome), and quick-action
    /// definitions in English and Japanese with a title holding quotes and markup.
    func project() -> TemporaryFolder {
        let project = TemporaryFolder()
        let shipped = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs")
        try! FileManager.default.createDirectory(atPath: project.file("Glyphs"), withIntermediateDirectories: true)
        try! FileManager.default.copyItem(
            atPath: shipped.appendingPathComponent("search.svg").path, toPath: project.file("Glyphs/search.svg"))
        try! FileManager.default.copyItem(
            atPath: shipped.appendingPathComponent("compose.svg").path, toPath: project.file("Glyphs/<b>&.svg"))
        project.copy(fixture: "rules/size-target-too-small.svg", as: "Glyphs/too-small.svg")
        project.copy(fixture: "rules/color-monochrome-pixels-only.svg", as: "Glyphs/two-colours.svg")
        project.copy(fixture: "preview/quick-actions.json", as: "Glyphs/quick-actions.json")
        return project
    }

    func page(_ project: TemporaryFolder) throws -> String {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.writesOutput = false
        request.keepsImages = true
        request.jobs = 2
        let report = try Builder.run(request)
        return String(decoding: Preview.page(report: report, request: request), as: UTF8.self)
    }

    @Test func namesTitlesAndMessagesAreEscaped() throws {
        #expect(HTMLWriter.escape("<b>&\"'") == "&lt;b&gt;&amp;&quot;&#39;")
        let html = try page(project())
        #expect(!html.contains("<b>"))
        #expect(html.contains("<span class=\"name\">&lt;b&gt;&amp;</span>"))
        #expect(html.contains("Say &quot;hi&quot; &amp; &lt;b&gt;bye&lt;/b&gt;"))
        #expect(html.contains("glyph name &#39;&lt;b&gt;&amp;&#39;"))
    }

    @Test func failingGlyphsComeFirstWithWhatFailedDrawn() throws {
        let html = try page(project())
        func position(_ name: String) throws -> String.Index {
            try #require(html.range(of: "data-name=\"\(name)\"")).lowerBound
        }
        // Failing, by name ("<b>&" sorts before letters), then passing.
        #expect(try position("&lt;b&gt;&amp;") < position("too-small"))
        #expect(try position("too-small") < position("two-colours"))
        #expect(try position("two-colours") < position("search"))
        let tooSmall = try card("too-small", in: html)
        #expect(tooSmall.contains("class=\"problem missed-target\"") && tooSmall.contains("class=\"problem ink\""))
        #expect(tooSmall.contains("size.target") && tooSmall.contains("data-status=\"failed\""))
        // The second colour is marked where it was found: x 18 pt is 36 px at @2x.
        let twoColours = try card("two-colours", in: html)
        #expect(twoColours.contains("<circle class=\"problem second-colour\" cx=\"36.5\" cy=\"8.5\""))
        #expect(!(try card("search", in: html)).contains("class=\"problem"))
        // Nothing is fetched: every image is inline.
        #expect(!html.contains("src=\"http") && !html.contains("href=") && !html.contains("url(http"))
    }

    /// The HTML of one glyph's card.
    func card(_ name: String, in html: String) throws -> Substring {
        let start = try #require(html.range(of: "data-name=\"\(name)\""))
        let end = try #require(html.range(of: "</article>", range: start.upperBound..<html.endIndex))
        return html[start.lowerBound..<end.upperBound]
    }

    @Test func menuTextIsCutWhereTheTruncationCheckCutsIt() {
        let limits = TruncationLimits.Widths.standard
        let long = PreviewMenu.line(
            "Find anything in every note you have ever written",
            columns: limits.limit(title: true, besideSubtitle: true))
        #expect(long.truncated && long.shown == "Find anything in every n…" && DisplayWidth.of(long.shown) <= 25)
        // Wide characters count 2: 26 of them are 52 columns, over two lines' 50.
        let japanese = PreviewMenu.line(
            String(repeating: "検", count: 26), columns: limits.limit(title: true, besideSubtitle: false))
        #expect(japanese.shown == String(repeating: "検", count: 24) + "…")
        #expect(!PreviewMenu.line("New Note", columns: 25).truncated)
    }

    @Test func withoutDefinitionsTheMenuIsTheFirstFourGlyphsByName() throws {
        let project = TemporaryFolder()
        try FileManager.default.copyItem(
            atPath: Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Glyphs").path,
            toPath: project.file("Glyphs"))
        try FileManager.default.removeItem(atPath: project.file("Glyphs/quick-actions.json"))
        let menus = PreviewMenu.menus(
            inputs: [project.file("Glyphs")], glyphNames: ["mail", "camera", "bookmark", "home", "compose"])
        #expect(menus.count == 1 && menus[0].locale == nil)
        #expect(menus[0].rows.map(\.title.shown) == ["bookmark", "camera", "compose", "home"])
        #expect(menus[0].rows.map(\.icon) == [.glyph("bookmark"), .glyph("camera"), .glyph("compose"), .glyph("home")])
    }

    @Test func previewCommandWritesOnlyThePageAndPrintsItsPath() throws {
        let project = project()
        let run = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Out"), "--isolation", "none", "-q",
        ])
        #expect(run.status == .checkFailed)
        #expect(run.stdout == [project.file("Out/preview.html")])
        // The page, and the record that it is iconforge's to replace next time (hidden).
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: project.file("Out")).sorted() == [
                Preview.recordFileName, "preview.html",
            ])

        // build --preview: the page beside the outputs, and not in the catalog.
        let built = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Built"), "--preview", "--isolation", "none", "-q",
        ])
        #expect(built.stdout == [project.file("Built/preview.html")])
        let catalog = try String(contentsOfFile: project.file("Built/catalog.json"), encoding: .utf8)
        #expect(!catalog.contains("preview.html") && catalog.contains("search@2x.png"))
        let page = try String(contentsOfFile: project.file("Built/preview.html"), encoding: .utf8)
        #expect(page.contains("search@3x.png: 104 × 104 px"))

        // With a CI format, standard output is the document alone.
        let json = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Built"), "--preview", "--format", "json",
            "--isolation", "none",
        ])
        #expect(json.stdout.count == 1)
        #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8))) != nil)
        #expect(json.stderr.contains("preview: " + project.file("Built/preview.html")))
    }

    // MARK: - In a browser

    @Test(.enabled(if: HeadlessBrowser.path != nil, HeadlessBrowser.missing))
    func aBrowserShowsEveryImageTheMenusAndTheOverlays() throws {
        let project = project()
        let html = try page(project)
        let pagePath = project.write("preview.html", html)
        let dom = try HeadlessBrowser.domAfterLoad(pagePath, scratch: project.file("browser"))
        #expect(dom.contains("data-ready=\"true\""))

        // Every image decoded at its size: the renders at their canvases, the copies too.
        let images = HTMLScan.tags("img", in: dom)
        #expect(images.count >= 4 * 4)  // four glyphs rendered, two scales, ×4 views (less the unrendered)
        for image in images {
            let decoded = try #require(image["data-decoded"], "\(image)")
            if let width = image["data-width"], let height = image["data-height"] {
                #expect(decoded == "\(width)x\(height)")
            } else {
                #expect(decoded == "70x70" || decoded == "104x104", "\(image)")
            }
        }
        #expect(
            images.filter { $0["data-width"] == "70" }.count == 4
                && images.filter { $0["data-width"] == "104" }.count == 4)

        // A menu per locale, light and dark, with the glyph, the symbol and system icon by name.
        for locale in ["en", "ja"] {
            let menus = HTMLScan.tags("div", in: dom).filter {
                $0["lang"] == locale && $0["class"]?.hasPrefix("menu ") == true
            }
            #expect(menus.count == 2)
        }
        #expect(dom.contains(">square.and.pencil</span>") && dom.contains(">share</span>"))
        #expect(
            HTMLScan.tags("img", in: dom).contains {
                $0["class"] == "icon" && $0["alt"] == "search" && $0["data-decoded"] == "104x104"
            })
        // The English subtitle is cut where the check says iOS cuts it.
        #expect(dom.contains("Find anything in every note you have ever written…"))

        // The failing glyph's overlay is in the page after load, and the escaped name is text.
        #expect(try card("too-small", in: dom).contains("class=\"problem missed-target\""))
        #expect(!dom.contains("<b>") && dom.contains("&lt;b&gt;&amp;"))
    }
}

/// Finds tags and their attributes in serialised HTML (enough for the DOM a browser dumps).
enum HTMLScan {
    static func tags(_ name: String, in html: String) -> [[String: String]] {
        var found: [[String: String]] = []
        var rest = html[...]
        while let start = rest.range(of: "<" + name + " ") ?? rest.range(of: "<" + name + ">") {
            guard let end = rest.range(of: ">", range: start.upperBound..<rest.endIndex) else { break }
            let inside = rest[start.upperBound..<end.lowerBound]
            var attributes: [String: String] = [:]
            var scanner = inside[...]
            while let equals = scanner.range(of: "=\"") {
                let key = scanner[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
                guard let close = scanner.range(of: "\"", range: equals.upperBound..<scanner.endIndex) else { break }
                attributes[key] = String(scanner[equals.upperBound..<close.lowerBound])
                scanner = scanner[close.upperBound...]
            }
            found.append(attributes)
            rest = rest[end.upperBound...]
        }
        return found
    }
}

/// A headless Chromium, as `scripts/setup.sh --test` installs it.
enum HeadlessBrowser {
    static let path: String? = [
        "/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/lib/chromium/chromium-headless-shell",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let missing: Comment =
        "no headless browser (chromium-headless-shell or chromium): scripts/setup.sh --test installs one"

    /// The page's DOM once its script has marked it ready (every image decoded), as the
    /// browser serialises it. The browser gets a generous virtual-time budget; should it dump
    /// the DOM before the page is ready, it is asked again (a condition, not a clock).
    static func domAfterLoad(_ page: String, scratch: String) throws -> String {
        var dom = ""
        for attempt in 1...3 {
            dom = try run(
                ["--virtual-time-budget=60000", "--dump-dom", URL(fileURLWithPath: page).absoluteString],
                scratch: scratch + "-\(attempt)")
            if dom.contains("data-ready=\"true\"") { break }
        }
        return dom
    }

    static func run(_ arguments: [String], scratch: String) throws -> String {
        let browser = try #require(path)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        // --no-sandbox: the suite may run as root, where Chromium's sandbox refuses to start.
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(scratch)", "--hide-scrollbars"]
            + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A browser that hangs is stopped, far beyond what loading the page takes.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return String(decoding: bytes, as: UTF8.self)
    }
}
