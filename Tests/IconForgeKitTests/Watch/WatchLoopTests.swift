import Foundation
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// The loop's decisions, fed changes and time by a script.
@Suite struct WatchLoopTests {
    let targets = WatchTargets(glyphFolders: ["G"], files: ["iconforge.json"])

    @Test func runsOnceAtTheStartThenOnceForABurstOfSaves() {
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300) { script.touch("G/a.svg") },
            .change(after: 5) { script.touch("G/a.svg") },  // the editor saves twice
            .change(after: 10) { script.touch("G/b.svg") },
            .idle(2000),
        ]
        var runs: [(at: Int64, changes: [WatchChange])] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { runs.append((script.now, $0)) }
        #expect(runs.map(\.changes) == [[], [WatchChange("G/a.svg", .added), WatchChange("G/b.svg", .added)]])
        // 20 ms after the last save, not at the next poll.
        #expect(runs.last?.at == 335_000_000)
    }

    @Test func aWakeThatChangesNothingItLooksAtRunsNothing() {
        // What a run writes (its output folder, a preview page, even inside a glyph folder)
        // wakes the system's watch but is not in the snapshot.
        let script = ScriptedWatch([])
        script.touch("G/a.svg")
        script.steps = (0..<5).map { _ in .change(after: 10) {} } + [.idle(3000)]
        var runs = 0
        WatchLoop().run(driver: script.driver(), targets: { targets }) { _ in runs += 1 }
        #expect(runs == 1)
    }

    @Test func aFileAddedAndRemovedWithinABurstRunsNothing() {
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 100) { script.touch("G/a.svg") },
            .change(after: 10) { script.files["G/a.svg"] = nil },
            .idle(3000),
        ]
        var runs = 0
        WatchLoop().run(driver: script.driver(), targets: { targets }) { _ in runs += 1 }
        #expect(runs == 1)
    }

    @Test func aChangeTheEventsMissedIsFoundAtTheNextPoll() {
        // macOS sees no event for a file rewritten in place: the poll finds it.
        let script = ScriptedWatch([])
        script.steps = [.change(after: 200, wake: .timedOut) { script.touch("G/a.svg") }, .idle(3000)]
        var runs: [Int64] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { _ in runs.append(script.now) }
        // Seen at the poll 500 ms in, run 20 ms later.
        #expect(runs == [0, 520_000_000])
    }

    @Test func aChangeDuringARunStartsAnother() {
        let script = ScriptedWatch([.idle(5000)])
        var runs: [[WatchChange]] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { changes in
            runs.append(changes)
            if runs.count == 1 { script.touch("G/late.svg") }  // saved while the first run ran
        }
        #expect(runs == [[], [WatchChange("G/late.svg", .added)]])
    }

    @Test func targetsAreAskedAgainAfterEveryRun() {
        // A run that found a new configuration naming another glyph folder: that folder's
        // changes count from then on, and the old one's no longer do.
        let script = ScriptedWatch([])
        var current = WatchTargets(glyphFolders: ["A"], files: ["iconforge.json"])
        script.steps = [
            .change(after: 100) {
                script.touch("iconforge.json")
                current = WatchTargets(glyphFolders: ["B"], files: ["iconforge.json"])
            },
            .idle(1000),
            .change(after: 100) { script.touch("A/old.svg") },
            .idle(1000),
            .change(after: 100) { script.touch("B/new.svg") },
            .idle(1000),
        ]
        script.touch("iconforge.json")
        var runs: [[WatchChange]] = []
        WatchLoop().run(driver: script.driver(), targets: { current }) { runs.append($0) }
        #expect(runs == [[], [WatchChange("iconforge.json", .changed)], [WatchChange("B/new.svg", .added)]])
    }
}
