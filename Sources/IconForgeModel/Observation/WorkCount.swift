import Synchronization

/// A count of some piece of work done (glyphs rendered, vector files drawn), for a test to
/// see what a build did again: a task-local seam (`GlyphRenderer.$renders`,
/// `VectorArtwork.$drawings`) that counts only while a test sets it.
package final class WorkCount: Sendable {
    package let count = Atomic<Int>(0)
    package init() {}
    package var value: Int { count.load(ordering: .relaxed) }
}
