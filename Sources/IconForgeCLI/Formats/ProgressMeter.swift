import Synchronization

/// The progress line of a long run on a terminal: `142/1000 glyphs, 95 glyphs/s`, on
/// standard error, rewritten in place (carriage return) and cleared when the run ends.
/// Shown only once the run has taken `delay` (a second): a quick run prints nothing
/// extra. The caller decides whether there is a terminal and a text format at all
/// (`ToolEnvironment.statusLine`); this decides when, by the clock it is given.
final class ProgressMeter: Sendable {
    /// A run shorter than this shows no progress (1 s).
    static let delay: Int64 = 1_000_000_000
    /// At most one update per this long (100 ms): a terminal is slow to redraw.
    static let interval: Int64 = 100_000_000

    private struct State {
        /// When the line was last drawn, if it has been.
        var drawnAt: Int64?
    }

    private let startedAt: Int64
    private let clock: @Sendable () -> Int64
    private let write: @Sendable (String) -> Void
    private let state = Lock(State())

    /// `clock` reads nanoseconds (any origin, only moving forward); `write` puts text on the
    /// terminal as it is, without a newline.
    init(clock: @escaping @Sendable () -> Int64, write: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.startedAt = clock()
        self.write = write
    }

    /// `done` of `total` glyphs are processed: draws the line if the run has been going
    /// for `delay` and the last drawing is `interval` old.
    func update(done: Int, total: Int) {
        let now = clock()
        let text: String? = state.withLock { state in
            guard Self.shows(elapsed: now - startedAt, sinceDrawn: state.drawnAt.map { now - $0 }) else { return nil }
            state.drawnAt = now
            return Self.text(done: done, total: total, elapsed: now - startedAt)
        }
        if let text { write("\r" + text + "\u{1B}[K") }
    }

    /// Clears the line, if it was drawn: the run's own output follows on a clean line.
    func finish() {
        let drawn = state.withLock { state in
            defer { state.drawnAt = nil }
            return state.drawnAt != nil
        }
        if drawn { write("\r\u{1B}[K") }
    }

    /// Whether to draw now: the run has taken `delay`, and the last drawing (if any) is
    /// `interval` old.
    static func shows(elapsed: Int64, sinceDrawn: Int64?) -> Bool {
        elapsed >= delay && (sinceDrawn.map { $0 >= interval } ?? true)
    }

    /// `142/1000 glyphs, 95 glyphs/s`.
    static func text(done: Int, total: Int, elapsed: Int64) -> String {
        let seconds = Double(elapsed) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let rateText = rate >= 10 || rate == 0 ? "\(Int(rate.rounded()))" : rate.fixed(1)
        return "\(done)/\(total) glyph\(total == 1 ? "" : "s"), \(rateText) glyphs/s"
    }
}
