import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

#if canImport(Glibc)
    import Glibc
#endif

/// `--watch` on macOS holds a descriptor per folder, and the default soft limit there is 256:
/// a watch raises its soft limit to the hard limit, and says what to do when folders are
/// still refused.
@Suite struct WatchDescriptorLimitTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/limits"), "reads /proc (Linux)"))
    func aWatchRaisesItsSoftDescriptorLimitToTheHardLimit() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", WatchCommandTests.square)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // A soft limit of 64 under a higher hard one, as macOS's 256 under its hard limit.
        process.arguments = ["-c", "ulimit -S -n 64 && exec \"$0\" check --watch", iconforge]
        process.currentDirectoryURL = URL(fileURLWithPath: project.path)
        let (errors, stderr) = try WatchProcessTests.run(process)
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            errors.fileHandleForReading.readabilityHandler = nil
        }
        #expect(WorkerLifetimeTests.waitUntil { stderr.value.contains("press Ctrl-C to stop") }, "\(stderr.value)")
        let limits = try String(contentsOfFile: "/proc/\(process.processIdentifier)/limits", encoding: .utf8)
        let line = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let fields = line.split(separator: " ").dropFirst(3)
        let soft = try #require(fields.first)
        let hard = try #require(fields.dropFirst().first)
        #expect(soft == hard, "\(line)")
        #expect(soft != "64", "\(line)")
        kill(process.processIdentifier, SIGINT)
    }

    @Test func foldersTheSystemWouldNotWatchAreNamedWithWhatToDo() {
        #expect(FolderEvents.notice(refused: 0, because: nil, descriptorLimit: 256) == nil)
        #expect(
            FolderEvents.notice(refused: 300, because: .tooManyOpenFiles, descriptorLimit: 10240)
                == "iconforge: 300 folders are not watched for events, only looked at every second: too many open files (10240, raised to the hard limit; macOS needs one per folder watched); to watch them all, raise the hard limit (`ulimit -Hn 10240` as root, or `sudo launchctl limit maxfiles 10240 unlimited` on macOS) and start the watch again"
        )
        let watches = FolderEvents.notice(refused: 1, because: .tooManyWatches, descriptorLimit: nil)
        #expect(watches?.hasPrefix("iconforge: 1 folder is not watched for events") == true)
        #expect(watches?.contains("sudo sysctl fs.inotify.max_user_watches=") == true)
        #expect(
            FolderEvents.notice(refused: 2, because: .other("Permission denied"), descriptorLimit: nil)?.hasSuffix(
                "every second: permission denied") == true)
    }
}
