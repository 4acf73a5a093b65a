import Synchronization

/// A count of some piece of work done (glyphs rendered, vector files drawn), for a test to
/// see what a build did again: one of the `BuildProbes` a request carries, counting only
/// where a test sets it.
package final class WorkCount: Sendable {
    package let count = Atomic<Int>(0)
    package init() {}
    package var value: Int { count.load(ordering: .relaxed) }
}
