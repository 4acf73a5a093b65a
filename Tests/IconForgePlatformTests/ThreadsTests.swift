import IconForgeTestSupport
import Testing

@testable import IconForgePlatform

/// `Threads.Background` and the writeback a build starts on it (`FileSystem.Writeback`).
struct ThreadsTests {
    /// The body runs on a thread of its own, alongside its starter: it waits for the starter
    /// to say so before it finishes, and `join` returns only once it has.
    @Test func aBackgroundThreadRunsAlongsideItsStarterAndJoinWaitsForIt() {
        final class Flags: Sendable {
            let state = Lock((go: false, done: false))
        }
        let flags = Flags()
        let thread = Threads.Background {
            while !flags.state.withLock({ $0.go }) {}
            flags.state.withLock { $0.done = true }
        }
        #expect(flags.state.withLock { $0.done } == false)
        flags.state.withLock { $0.go = true }
        thread.join()
        #expect(flags.state.withLock { $0.done })
    }

    /// A writeback changes nothing in the folder, and one on a folder that is not there is
    /// nothing: neither fails the build, whose commit flushes for itself.
    @Test func aWritebackLeavesTheFolderAsItIsAndOneOnNoFolderIsNothing() throws {
        let folder = TemporaryFolder()
        _ = try FileSystem.writeIfChanged(Array("staged".utf8), to: folder.file("a.png"))
        FileSystem.Writeback(startingOn: folder.path).wait()
        #expect(try FileSystem.readRegularFile(folder.file("a.png"), limit: 64) == Array("staged".utf8))
        FileSystem.Writeback(startingOn: folder.file("missing")).wait()
        #expect(FileSystem.kind(of: folder.file("missing")) == .missing)
    }
}
