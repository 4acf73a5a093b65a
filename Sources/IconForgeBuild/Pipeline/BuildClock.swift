/// The clocks a build compares file times with. A build reads them, never the system
/// directly, so that a test can say what time it is instead of waiting for a clock to move
/// (the file-time clock is coarse: under load it can stand still for tens of milliseconds).
struct BuildClock: Sendable {
    /// Nanoseconds since the epoch by the wall clock: how long ago a file was changed
    /// (whether a source has settled).
    var now: @Sendable () -> Int64
    /// Nanoseconds since the epoch by the clock the kernel stamps file times with: when the
    /// build started, which dates the catalog for Make.
    var fileTimeNow: @Sendable () -> Int64

    /// The system's clocks.
    static let system = BuildClock(now: { FileSystem.now() }, fileTimeNow: { FileSystem.fileTimeNow() })

    /// A clock that always reads `nanoseconds`, by both measures.
    static func fixed(at nanoseconds: Int64) -> BuildClock {
        BuildClock(now: { nanoseconds }, fileTimeNow: { nanoseconds })
    }
}

/// Nanoseconds on a clock that only moves forward, from an arbitrary origin (the first
/// call): what a progress line and a watch measure intervals with.
package enum MonotonicClock {
    private static let origin = ContinuousClock.now

    package static func now() -> Int64 {
        let elapsed = (ContinuousClock.now - origin).components
        return elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
    }
}
