import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The progress line: when it shows, what it says, and that only a terminal in text gets it.
@Suite struct ProgressMeterTests {
    let second: Int64 = 1_000_000_000

    @Test func itShowsOnlyOnceARunHasTakenASecondAndAtMostTenTimesASecond() {
        #expect(!ProgressMeter.shows(elapsed: second - 1, sinceDrawn: nil))
        #expect(ProgressMeter.shows(elapsed: second, sinceDrawn: nil))
        #expect(!ProgressMeter.shows(elapsed: 2 * second, sinceDrawn: second / 10 - 1))
        #expect(ProgressMeter.shows(elapsed: 2 * second, sinceDrawn: second / 10))
    }

    @Test func itSaysGlyphsDoneOfTotalAndTheRate() {
        #expect(ProgressMeter.text(done: 142, total: 1000, elapsed: 2 * second) == "142/1000 glyphs, 71 glyphs/s")
        #expect(ProgressMeter.text(done: 3, total: 1, elapsed: 2 * second) == "3/1 glyph, 1.5 glyphs/s")
        #expect(ProgressMeter.text(done: 0, total: 5, elapsed: 0) == "0/5 glyphs, 0 glyphs/s")
    }

    @Test func itRedrawsInPlaceAndClearsItselfAtTheEnd() {
        let time = Shared<Int64>(0)
        let written = Shared<[String]>([])
        let meter = ProgressMeter(clock: { time.value }, write: { text in written.update { $0.append(text) } })
        time.update { $0 = second / 2 }
        meter.update(done: 1, total: 4)
        #expect(written.value.isEmpty, "half a second in: nothing yet")
        time.update { $0 = second }
        meter.update(done: 2, total: 4)
        time.update { $0 += second / 20 }
        meter.update(done: 3, total: 4)  // 50 ms after the last drawing: skipped
        time.update { $0 = 2 * second }
        meter.update(done: 4, total: 4)
        meter.finish()
        #expect(
            written.value == ["\r2/4 glyphs, 2.0 glyphs/s\u{1B}[K", "\r4/4 glyphs, 2.0 glyphs/s\u{1B}[K", "\r\u{1B}[K"])
        // A quick run draws nothing, and so clears nothing.
        let quick = ProgressMeter(clock: { 0 }, write: { text in written.update { $0.append("quick: " + text) } })
        quick.update(done: 1, total: 1)
        quick.finish()
        #expect(!written.value.contains { $0.hasPrefix("quick: ") })
    }

    /// A clock that moves a second every time it is read: every run is "long".
    func slowEnvironment(_ written: Shared<[String]>, terminal: Bool = true) -> ToolEnvironment {
        let time = Shared<Int64>(0)
        var environment = ToolEnvironment()
        environment.clock = {
            time.update { $0 += 1_000_000_000 }
            return time.value
        }
        if terminal { environment.statusLine = { text in written.update { $0.append(text) } } }
        return environment
    }

    @Test func aLongBuildOnATerminalShowsProgressOnlyInText() throws {
        let project = TemporaryFolder()
        for name in ["a", "b", "c"] {
            project.write("Glyphs/\(name).svg", WatchCommandTests.square)
        }
        let glyphs = project.file("Glyphs")
        let cases: [(arguments: [String], terminal: Bool, shown: Bool)] = [
            (["check", glyphs], true, true),
            (["build", glyphs, "-o", project.file("Output")], true, true),
            (["check", glyphs], false, false),
            (["check", glyphs, "--quiet"], true, false),
            (["check", glyphs, "--format", "json"], true, false),
            (["check", glyphs, "--format", "github"], true, false),
            (["check", glyphs, "--format", "sarif"], true, false),
        ]
        for (arguments, terminal, shown) in cases {
            let written = Shared<[String]>([])
            let run = ToolCommand.run(
                arguments + ["--isolation", "none", "--jobs", "1"],
                environment: slowEnvironment(written, terminal: terminal))
            #expect(run.status == .clean)
            if shown {
                #expect(written.value.first == "\r1/3 glyphs, 1.0 glyphs/s\u{1B}[K", "\(arguments): \(written.value)")
                #expect(written.value.last == "\r\u{1B}[K", "\(arguments): \(written.value)")
                #expect(written.value.count == 4, "\(arguments): \(written.value)")
            } else {
                #expect(written.value.isEmpty, "\(arguments): \(written.value)")
            }
            // Never in what the run returns: the lines printed at the end, or a document.
            #expect(!run.stderr.joined().contains("\r") && !run.stdout.joined().contains("glyphs/s"))
        }
    }
}
