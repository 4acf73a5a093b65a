import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI

/// A page the watch keeps current: its stamp script follows the page, and the page's
/// script loads that stamp.
@Suite struct LiveReloadTests {
    @Test func theStampFollowsThePageAndIsWrittenOnlyWhenItChanged() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", WatchCommandTests.square)
        let page = project.file("Output/preview.html")
        let stamp = project.file("Output/preview.reload.js")
        #expect(LiveReload.stampPath(forPage: page) == stamp)
        #expect(LiveReload.stampPath(forPage: "preview.html") == "preview.reload.js")
        let targets = WatchTargets(glyphFolders: [project.file("Glyphs")], pages: [page])
        func stampText() -> String? { try? String(contentsOfFile: stamp, encoding: .utf8) }
        func expectedStamp() throws -> String { LiveReload.stampScript(try #require(FileSystem.signature(of: page))) }

        let script = ScriptedWatch([])
        var stamps: [String?] = []
        script.steps = [
            .change(after: 300) { project.write("Glyphs/a.svg", WatchCommandTests.wide) },
            .idle(2000),
            .change(after: 300) { project.write("Glyphs/b.svg", WatchCommandTests.wide) },
            .idle(2000),
        ]
        var runs = 0
        WatchLoop().run(driver: script.driver(realDisk: true), targets: { targets }) { _ in
            runs += 1
            stamps.append(stampText())
            // The first two runs write a new page (sizes differ: the runs may well fall
            // within one tick of the file clock); the third leaves it as it was.
            if runs < 3 {
                project.write("Output/preview.html", "<html>" + String(repeating: "run ", count: runs) + "</html>")
            }
            if runs == 3 { project.write("Output/preview.reload.js", "left alone") }
        }
        #expect(runs == 3)
        #expect(stamps[0] == nil, "no page, no stamp")
        #expect(stamps[1] != nil && stamps[1] != stamps[2], "a new page, a new stamp")
        #expect(stampText() == "left alone", "an unchanged page gets no new stamp")
        #expect(WorkerLifetimeTests.temporaryFiles(under: project.file("Output")).isEmpty)
        project.write("Output/preview.html", "<html>again</html>")
        var again = LiveReload.Stamps()
        again.update([page])
        #expect(stampText() == (try expectedStamp()))
        #expect(stampText()?.hasPrefix("iconforgeReloadStamp(\"") == true)
    }

    @Test func thePageScriptLoadsItsStampBesideIt() {
        let script = LiveReload.pageScript(forPage: "Output/preview.html")
        #expect(script.hasPrefix("<script>") && script.hasSuffix("</script>"))
        #expect(script.contains(#"script.src = "preview.reload.js?" + Date.now();"#))
        #expect(script.contains("window.iconforgeReloadStamp = function (stamp)"))
        #expect(script.contains("location.reload()"))
    }
}
