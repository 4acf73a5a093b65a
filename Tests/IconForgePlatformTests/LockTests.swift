import Testing

@testable import IconForgePlatform

/// `Lock`, the module's mutex: turns are exclusive under contention, and ThreadSanitizer
/// sees them hand over (`make sanitize` failed here, and in every build with jobs, when the
/// module used Synchronization's `Mutex`, whose contended waits it cannot see).
@Suite struct LockTests {
    @Test func contendedTurnsAreExclusiveAndNoneIsLost() {
        let threads = 4
        let turns = 5_000
        let counter = Lock([Int](repeating: 0, count: 2))
        Threads.run(threads) { _ in
            for _ in 0..<turns {
                counter.withLock { values in
                    // Two steps, so a turn that overlapped another would leave them apart.
                    values[0] += 1
                    values[1] = values[0]
                }
            }
        }
        #expect(counter.withLock { $0 } == [threads * turns, threads * turns])
    }
}
