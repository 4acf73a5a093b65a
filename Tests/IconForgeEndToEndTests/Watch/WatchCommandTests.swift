import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `build --watch` and `check --watch` through the command, with a scripted driver over
/// a real disk: real builds, changes and time decided by the script.
@Suite struct WatchCommandTests {
    static let square =
        #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#
    static let wide =
        #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="2.5" y="10" width="30" height="15"/></svg>"#

    /// Runs `arguments` with the script as the watch's driver; what it printed, in order.
    func watch(_ arguments: [String], script: ScriptedWatch) -> (ToolRun, [String]) {
        let lines = Shared<[String]>([])
        var environment = ToolEnvironment()
        let driver = UnsafeTransfer(script)
        environment.watchDriver = { driver.value.driver(realDisk: true) }
        environment.progress = { line in
            let text: String
            switch line {
            case .out(let out): text = out
            case .err(let err): text = err
            case .diagnostic(let diagnostic): text = DiagnosticFormatter.text(diagnostic)
            }
            lines.update { $0.append(text) }
        }
        let run = ToolCommand.run(arguments + ["--isolation", "none"], environment: environment)
        return (run, lines.value)
    }

    @Test func buildWatchRebuildsWhatChangedAndSaysSo() throws {
        let project = TemporaryFolder()
        let a = project.write("Glyphs/a.svg", Self.square)
        project.write("Glyphs/b.svg", Self.square)
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300) { project.write("Glyphs/a.svg", Self.wide) },
            .idle(2000),
            .change(after: 300) { project.write("Glyphs/c.svg", "<svg") },
            .idle(2000),
        ]
        let (run, lines) = watch(
            ["build", project.file("Glyphs"), "-o", project.file("Output"), "--watch"], script: script)
        #expect(run.status == .checkFailed, "the last run's status: c.svg is not an SVG")
        #expect(lines.count == 9, "\(lines)")
        #expect(lines.first?.hasPrefix("2 glyphs, 4 PNGs, 0 errors, 0 warnings") == true, "\(lines)")
        #expect(
            lines.dropFirst().first?.hasPrefix(
                "iconforge: watching \(project.file("Glyphs"))/ and iconforge.json for changes (script)") == true,
            "\(lines)")
        #expect(lines.dropFirst(2).first == "iconforge: \(a) changed")
        #expect(lines.dropFirst(3).first?.hasPrefix("2 glyphs (1 unchanged), 4 PNGs, 0 errors") == true, "\(lines)")
        #expect(lines.dropFirst(4).first == "iconforge: \(project.file("Glyphs/c.svg")) added")
        #expect(lines.dropFirst(5).first?.contains("error:") == true, "\(lines)")
        #expect(lines.dropFirst(6).first?.hasPrefix("hint: 'iconforge explain svg.parse'") == true, "\(lines)")
        #expect(lines.dropFirst(7).first == "1 glyph failed: svg.parse 1")
        #expect(lines.last?.hasPrefix("3 glyphs (2 unchanged), 4 PNGs, 1 error") == true, "\(lines)")
        // The rebuilt glyph is the wide one now: 60 px wide at @2x.
        let image = try decodePNG(project.file("Output/a@2x.png"))
        #expect(paintedPixelBox(image)?.width == 60)
        #expect(WorkerLifetimeTests.temporaryFiles(under: project.file("Output")).isEmpty)
    }

    @Test func theExplainHintIsShownOncePerWatchSession() {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", "<svg")
        let script = ScriptedWatch([])
        script.steps = [.change(after: 300) { project.write("Glyphs/a.svg", "<svg><") }, .idle(2000)]
        let (_, lines) = watch(["check", project.file("Glyphs"), "--watch"], script: script)
        #expect(lines.filter { $0.contains("error:") }.count == 2, "both runs report the broken glyph: \(lines)")
        #expect(lines.filter { $0.hasPrefix("hint: 'iconforge explain") }.count == 1, "\(lines)")
    }

    @Test func previewWatchKeepsThePageCurrentAndReloading() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", Self.square)
        let script = ScriptedWatch([])
        script.steps = [.change(after: 300) { project.write("Glyphs/added-later.svg", Self.wide) }, .idle(2000)]
        let (run, lines) = watch(
            ["preview", project.file("Glyphs"), "-o", project.file("Output"), "--watch"], script: script)
        #expect(run.status == .clean, "\(lines)")
        let page = try String(contentsOfFile: project.file("Output/preview.html"), encoding: .utf8)
        #expect(page.contains("added-later"), "the page was made again after the change")
        #expect(
            page.contains("iconforgeReloadStamp") && page.contains("preview.reload.js"), "a watched page reloads itself"
        )
        let stamp = try String(contentsOfFile: project.file("Output/preview.reload.js"), encoding: .utf8)
        #expect(stamp.hasPrefix("iconforgeReloadStamp("), "\(stamp)")
        #expect(
            !FileManager.default.fileExists(atPath: project.file("Output/catalog.json")),
            "preview writes no build output")
    }

    @Test func checkWatchChecksAgainAndWritesNothing() {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", Self.square)
        let script = ScriptedWatch([])
        script.steps = [.change(after: 300) { project.write("Glyphs/a.svg", "<svg") }, .idle(2000)]
        let (run, lines) = watch(["check", project.file("Glyphs"), "--watch"], script: script)
        #expect(run.status == .checkFailed)
        #expect(lines.first?.hasPrefix("1 glyph, 0 errors") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("1 glyph, 1 error") == true, "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: project.file("Output")))
    }

    @Test func aConfigurationThatBreaksIsReportedAndWatchedUntilFixed() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", Self.square)
        let config = project.write("iconforge.json", #"{"glyphs": "Glyphs", "output": "Out"}"#)
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300) { project.write("iconforge.json", #"{"glyphs": "Glyphs", "output": 7}"#) },
            .idle(2000),
            .change(after: 300) { project.write("iconforge.json", #"{"glyphs": "Glyphs", "output": "Other"}"#) },
            .idle(2000),
        ]
        let (run, lines) = watch(["build", "--config", config, "--watch"], script: script)
        #expect(run.status == .clean)
        #expect(lines.contains { $0.contains("iconforge.json") && $0.contains("error") }, "\(lines)")
        #expect(lines.last?.hasSuffix("/Other/") == true, "\(lines)")
        #expect(FileManager.default.fileExists(atPath: project.file("Other/a@2x.png")))
    }

    @Test func watchIsForText() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", Self.square)
        for format in ["json", "github", "sarif"] {
            let (run, lines) = watch(
                ["check", project.file("Glyphs"), "--watch", "--format", format], script: ScriptedWatch([]))
            #expect(run.status == .usage)
            #expect(run.stderr.first?.contains("--watch prints for a person") == true, "\(run.stderr)")
            #expect(lines.isEmpty)
        }
        // A command line that cannot work stops at once, before any run.
        let (run, lines) = watch(
            ["build", project.file("Glyphs"), "--watch", "--jobs", "0"], script: ScriptedWatch([]))
        #expect(run.status == .usage)
        #expect(lines.isEmpty)
        // Each run is the command line without --watch; a file named --watch after `--` stays.
        let parsed = try ArgumentParser.parse(["--watch", "a", "--", "--watch"], spec: OptionTable.spec(for: .check))
        let once = parsed.without([Option.watch.declaration], positionals: parsed.positionals)
        #expect(once.flags.isEmpty && once.positionals == ["a", "--watch"])
    }
}
