import Testing

@testable import IconForgeBuild

@Suite struct DebouncerTests {
    let ms: Int64 = 1_000_000

    @Test func aBurstRunsOnceWhenItHasBeenQuietLongEnough() {
        var debouncer = Debouncer(quiet: 100 * ms, longest: 1000 * ms)
        #expect(debouncer.deadline == nil)
        debouncer.record([WatchChange("G/a.svg", .changed)], at: 0)
        debouncer.record([WatchChange("G/b.svg", .added)], at: 60 * ms)
        #expect(debouncer.takeIfDue(at: 100 * ms) == nil)  // b came 40 ms ago
        #expect(debouncer.deadline == 160 * ms)
        #expect(
            debouncer.takeIfDue(at: 160 * ms) == [WatchChange("G/a.svg", .changed), WatchChange("G/b.svg", .added)])
        #expect(debouncer.deadline == nil)
        #expect(debouncer.takeIfDue(at: 10_000 * ms) == nil)
    }

    @Test func savesThatNeverStopStillRunOnceTheLongestWaitHasPassed() {
        var debouncer = Debouncer(quiet: 100 * ms, longest: 1000 * ms)
        var time: Int64 = 0
        var runs: [Int64] = []
        while time <= 2500 * ms {
            debouncer.record([WatchChange("G/a.svg", .changed)], at: time)
            if debouncer.takeIfDue(at: time) != nil { runs.append(time) }
            time += 50 * ms
        }
        #expect(runs == [1000 * ms, 2050 * ms])
    }

    @Test func changesThatCancelOutLeaveNothingToDo() {
        var debouncer = Debouncer(quiet: 100 * ms, longest: 1000 * ms)
        debouncer.record([WatchChange("G/new.svg", .added)], at: 0)
        debouncer.record([WatchChange("G/new.svg", .changed)], at: 10 * ms)
        debouncer.record([WatchChange("G/old.svg", .removed)], at: 20 * ms)
        debouncer.record([WatchChange("G/old.svg", .added)], at: 30 * ms)
        #expect(
            debouncer.takeIfDue(at: 130 * ms) == [WatchChange("G/new.svg", .added), WatchChange("G/old.svg", .changed)])
        debouncer.record([WatchChange("G/tmp.svg", .added)], at: 200 * ms)
        debouncer.record([WatchChange("G/tmp.svg", .removed)], at: 210 * ms)
        #expect(debouncer.takeIfDue(at: 310 * ms) == [])
    }

    @Test func aSaveSeenToFinishIsDueAtOnceAndForgottenWithItsBurst() {
        var debouncer = Debouncer(quiet: 100 * ms, longest: 1000 * ms)
        debouncer.record([WatchChange("G/a.svg", .changed)], at: 0, wake: .entries(.init(unfinished: ["G/a.svg"])))
        #expect(debouncer.deadline == 100 * ms)
        // Closed at a later wake, with nothing new in the snapshot.
        debouncer.record([], at: 5 * ms, wake: .entries(.init(finished: ["G/a.svg"])))
        #expect(debouncer.deadline == 0)
        #expect(debouncer.takeIfDue(at: 5 * ms) == [WatchChange("G/a.svg", .changed)])
        // The next change, found by a poll, has no event of its own: the quiet period.
        debouncer.record([WatchChange("G/a.svg", .changed)], at: 10 * ms)
        #expect(debouncer.deadline == 110 * ms)
        // A finished save of a file with no pending change says nothing of the others.
        debouncer.record([], at: 20 * ms, wake: .entries(.init(finished: ["G/b.svg"])))
        #expect(debouncer.deadline == 110 * ms)
    }
}
