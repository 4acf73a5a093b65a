import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild

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

    // Saves the system saw finish (Linux's inotify: closed after writing, renamed into place).

    @Test func aSaveSeenToFinishRunsAtOnce() {
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300, wake: .entries(.init(finished: ["G/a.svg"]))) { script.touch("G/a.svg") }, .idle(2000),
        ]
        var runs: [(at: Int64, changes: [WatchChange])] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { runs.append((script.now, $0)) }
        #expect(runs.map(\.changes) == [[], [WatchChange("G/a.svg", .added)]])
        #expect(runs.last?.at == 300_000_000)
    }

    @Test func aFileStillBeingWrittenWaitsForTheQuietPeriod() {
        // Written (O_TRUNC, then the bytes) but not yet closed, then closed 5 ms later:
        // the close finishes it, with no change the snapshot sees.
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300, wake: .entries(.init(unfinished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .change(after: 5, wake: .entries(.init(finished: ["G/a.svg"]))) {},
            .idle(2000),
        ]
        var runs: [Int64] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { _ in runs.append(script.now) }
        #expect(runs == [0, 305_000_000])
    }

    @Test func aFileOpenedForWritingAndNeverClosedRunsAfterTheQuietPeriod() {
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300, wake: .entries(.init(unfinished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .idle(2000),
        ]
        var runs: [Int64] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { _ in runs.append(script.now) }
        #expect(runs == [0, 320_000_000])
    }

    @Test func vimsSaveByBackupRenameIsOneRunOnceTheNewFileIsClosed() {
        // a.svg renamed to a.svg~ (gone: not finished), a new a.svg written and closed, its
        // mode set (attributes: nothing said), the backup removed (not watched).
        let script = ScriptedWatch([])
        script.touch("G/a.svg")
        script.steps = [
            .change(after: 300, wake: .entries(.init(unfinished: ["G/a.svg", "G/a.svg~"]))) {
                script.files["G/a.svg"] = nil
            },
            .change(after: 2, wake: .entries(.init(finished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .change(after: 1, wake: .entries(.init(unfinished: ["G/a.svg~"]))) {},
            .idle(2000),
        ]
        var runs: [(at: Int64, changes: [WatchChange])] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { runs.append((script.now, $0)) }
        #expect(runs.map(\.changes) == [[], [WatchChange("G/a.svg", .changed)]])
        #expect(runs.last?.at == 302_000_000)
    }

    @Test func aBurstWithAnythingUnfinishedOrUnnamedWaitsForTheQuietPeriod() {
        // One file saved, another still being written: both wait.
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300, wake: .entries(.init(finished: ["G/a.svg"], unfinished: ["G/b.svg"]))) {
                script.touch("G/a.svg")
                script.touch("G/b.svg")
            },
            .idle(1000),
            // Events that did not name every entry (an overflowed queue, macOS): the quiet period.
            .change(after: 300, wake: .changed) { script.touch("G/a.svg") },
            .change(after: 1, wake: .entries(.init(finished: ["G/a.svg"]))) {},
            .idle(1000),
            // A change found by looking, with no event: the quiet period.
            .change(after: 300, wake: .timedOut) { script.touch("G/a.svg") },
            .idle(1000),
            // Attributes only (a touch): nothing said of the bytes.
            .change(after: 300, wake: .entries(.init())) { script.touch("G/a.svg") },
            .idle(1000),
        ]
        var runs: [Int64] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { _ in runs.append(script.now) }
        // Each 20 ms after its change was seen: at 300, 1,600 (the later close does not
        // make up for the unnamed events), 3,101 (the poll) and 4,401 ms.
        #expect(runs == [0, 320_000_000, 1_620_000_000, 3_121_000_000, 4_421_000_000])
    }

    // Looks at the entries the events named (Linux), and a whole snapshot before each run.

    @Test func aSaveNamedByItsEventsIsLookedAtEntryByEntryAndRunsFromOneWholeSnapshot() {
        let script = ScriptedWatch([])
        script.touch("G/b.svg")
        script.steps = [
            .change(after: 300, wake: .entries(.init(unfinished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .change(after: 5, wake: .entries(.init(finished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .idle(2000),
        ]
        var runs: [(at: Int64, changes: [WatchChange], snapshots: Int)] = []
        WatchLoop().run(driver: script.driver(refreshing: true), targets: { targets }) {
            runs.append((script.now, $0, script.wholeSnapshots))
        }
        #expect(runs.map(\.changes) == [[], [WatchChange("G/a.svg", .added)]])
        #expect(runs.last?.at == 305_000_000)
        // The first run's, then one before the second: none at either wake.
        #expect(runs.map(\.snapshots) == [1, 2])
    }

    @Test func aChangeTheEventsDidNotNameIsFoundBeforeTheRunAndWaitsForTheQuietPeriod() {
        // A glyph that is a link, its target rewritten (no event names it), beside a save.
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300, wake: .entries(.init(finished: ["G/a.svg"]))) {
                script.touch("G/a.svg")
                script.touch("G/linked.svg")
            },
            .idle(2000),
        ]
        var runs: [(at: Int64, changes: [WatchChange])] = []
        WatchLoop().run(driver: script.driver(refreshing: true), targets: { targets }) { runs.append((script.now, $0)) }
        #expect(runs.map(\.changes) == [[], [WatchChange("G/a.svg", .added), WatchChange("G/linked.svg", .added)]])
        #expect(runs.last?.at == 320_000_000)
    }

    @Test func attributesNamedAloneAreLookedAtAndWaitForTheQuietPeriod() {
        let script = ScriptedWatch([])
        script.touch("G/a.svg")
        script.steps = [
            .change(after: 300, wake: .entries(.init(attributes: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .idle(2000),
        ]
        var runs: [Int64] = []
        WatchLoop().run(driver: script.driver(refreshing: true), targets: { targets }) { _ in runs.append(script.now) }
        #expect(runs == [0, 320_000_000])
    }

    @Test func aSaveWrittenAgainAfterItsSnapshotWaitsForTheRest() {
        // The close was read, then the file was opened for writing again before the
        // snapshot: the look without waiting that comes before a run at once sees it.
        let script = ScriptedWatch([])
        script.steps = [
            .change(after: 300, wake: .entries(.init(finished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .change(after: 0, wake: .entries(.init(unfinished: ["G/a.svg"]))) { script.touch("G/a.svg") },
            .idle(2000),
        ]
        var runs: [(at: Int64, changes: [WatchChange])] = []
        WatchLoop().run(driver: script.driver(), targets: { targets }) { runs.append((script.now, $0)) }
        #expect(runs.map(\.changes) == [[], [WatchChange("G/a.svg", .added)]])
        #expect(runs.last?.at == 320_000_000)
    }
}
