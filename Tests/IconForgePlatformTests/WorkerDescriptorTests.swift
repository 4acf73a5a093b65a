import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgePlatform

#if canImport(Glibc)
    import Glibc
#endif

/// A render worker gets exactly its standard input, output and error: a descriptor this
/// process holds without close-on-exec (one a library opened, say) does not leak into it
/// (macOS: POSIX_SPAWN_CLOEXEC_DEFAULT; Linux: glibc's addclosefrom_np).
@Suite struct WorkerDescriptorTests {
    @Test func aWorkerInheritsOnlyItsStandardDescriptors() throws {
        let scratch = TemporaryFolder()
        let opened = open(scratch.write("held-open", "x"), O_RDONLY)  // no O_CLOEXEC
        try #require(opened >= 0)
        let held = fcntl(opened, F_DUPFD, 200)
        close(opened)
        try #require(held >= 200)
        defer { close(held) }
        #expect(fcntl(held, F_GETFD) & FD_CLOEXEC == 0, "the descriptor would be inherited by default")

        // The "worker" lists its descriptors (ls's own, for the listing, is the next free
        // one: 3) and exits; its end is what the receive waits for.
        let listing = scratch.file("descriptors")
        let worker = try WorkerProcess(executable: "/bin/sh", arguments: ["-c", "ls /dev/fd/ > '\(listing)'"])
        guard case .died = worker.receive(timeout: generousBound) else {
            Issue.record("the listing worker did not end")
            return
        }
        let descriptors = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(!descriptors.contains("\(held)"), "\(descriptors)")
        #expect(Set(descriptors).isSubset(of: ["0", "1", "2", "3"]), "\(descriptors)")
    }
}
