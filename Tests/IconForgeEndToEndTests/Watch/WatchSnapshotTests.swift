import Foundation
import IconForgeTestSupport
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgePlatform

/// Snapshots of a real folder, and the system's folder events.
@Suite struct WatchSnapshotTests {
    let square =
        #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#

    @Test func aSnapshotSeesGlyphsAddedChangedReplacedByRenameAndRemoved() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", square)
        project.write("Glyphs/b.svg", square)
        let targets = WatchTargets(
            glyphFolders: [project.file("Glyphs")],
            files: [project.file("Glyphs/quick-actions.json"), project.file("iconforge.json")])
        let before = WatchSnapshot.take(targets)
        #expect(before.files.keys.sorted() == [project.file("Glyphs/a.svg"), project.file("Glyphs/b.svg")])

        // An editor's save: a new file renamed over the old one, same size.
        project.write("Glyphs/.a.svg.tmp", square.replacingOccurrences(of: "27", with: "26"))
        #expect(rename(project.file("Glyphs/.a.svg.tmp"), project.file("Glyphs/a.svg")) == 0)
        try FileManager.default.removeItem(atPath: project.file("Glyphs/b.svg"))
        project.write("Glyphs/c.SVG", square)
        project.write("iconforge.json", "{}")
        let after = WatchSnapshot.take(targets)
        #expect(
            after.changes(since: before) == [
                WatchChange(project.file("Glyphs/a.svg"), .changed),
                WatchChange(project.file("Glyphs/b.svg"), .removed),
                WatchChange(project.file("Glyphs/c.SVG"), .added), WatchChange(project.file("iconforge.json"), .added),
            ])
    }

    @Test func aSnapshotRefreshedAtTheEntriesNamedIsTheWholeSnapshotWhenTheyAreAllThatChanged() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", square)
        project.write("Glyphs/b.svg", square)
        project.write("Glyphs/untouched.svg", square)
        project.write("elsewhere.svg", square)
        #expect(symlink(project.file("elsewhere.svg"), project.file("Glyphs/linked.svg")) == 0)
        let targets = WatchTargets(
            glyphFolders: [project.file("Glyphs") + "/"],
            files: [project.file("Glyphs/quick-actions.json"), project.file("iconforge.json")])
        let before = WatchSnapshot.take(targets)
        // A save by rename, a removal, an addition, the configuration written, a link made
        // a plain file, and what a snapshot never counts (hidden, not SVG).
        project.write("Glyphs/.a.svg.tmp", square.replacingOccurrences(of: "27", with: "26"))
        #expect(rename(project.file("Glyphs/.a.svg.tmp"), project.file("Glyphs/a.svg")) == 0)
        try FileManager.default.removeItem(atPath: project.file("Glyphs/b.svg"))
        project.write("Glyphs/c.SVG", square)
        project.write("iconforge.json", "{}")
        try FileManager.default.removeItem(atPath: project.file("Glyphs/linked.svg"))
        project.write("Glyphs/linked.svg", square)
        project.write("Glyphs/.hidden.svg", square)
        project.write("Glyphs/notes.txt", "-")
        let named = Set(
            ["a.svg", ".a.svg.tmp", "b.svg", "c.SVG", "linked.svg", ".hidden.svg", "notes.txt", "quick-actions.json"]
                .map { project.file("Glyphs") + "/" + $0 } + [project.file("iconforge.json")])
        let refreshed = before.refreshing(named, in: targets)
        #expect(refreshed.files == WatchSnapshot.take(targets).files)
        #expect(refreshed.links == WatchSnapshot.take(targets).links)
        #expect(refreshed.changes(since: before).count == 5)
        // An entry not named is not looked at: it is left for the whole snapshot.
        project.write("Glyphs/untouched.svg", square + " ")
        #expect(refreshed.refreshing([project.file("Glyphs/a.svg")], in: targets).changes(since: refreshed) == [])
        #expect(
            WatchSnapshot.take(targets).changes(since: refreshed) == [
                WatchChange(project.file("Glyphs/untouched.svg"), .changed)
            ])
    }

    @Test func whatABuildWritesIntoAGlyphFolderIsNotAChange() throws {
        // The output folder inside the glyph folder, and the glyph folder as output: a
        // build there must not make the watch build again.
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", square)
        let targets = WatchTargets(glyphFolders: [project.file("Glyphs")])
        let before = WatchSnapshot.take(targets)
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Glyphs/Output")
        _ = try Builder.run(request)
        request.outputFolder = project.file("Glyphs")
        _ = try Builder.run(request)
        #expect(FileManager.default.fileExists(atPath: project.file("Glyphs/a@2x.png")))
        project.write("Glyphs/.a.svg.swp", "editor state")
        project.write("Glyphs/a.svg~", square)
        #expect(WatchSnapshot.take(targets).changes(since: before) == [])
    }

    @Test func folderEventsWakeForAWriteARenameAndARemoval() throws {
        let folder = TemporaryFolder()
        folder.write("a.svg", square)
        let events = try #require(FolderEvents())
        events.watch([folder.path])
        #expect(events.watched == [folder.path])
        // Nothing happened yet: a short wait times out (a bound on failure, not a timing).
        #expect(events.wait(milliseconds: 0) == .timedOut)
        let a = folder.path + "/a.svg"
        let b = folder.path + "/b.svg"
        folder.write("b.svg", square)
        // macOS's kqueue does not say which entries changed.
        func named(_ activity: FolderEvents.Activity) -> FolderEvents.Wake {
            .changed(FolderEvents.namesEntries ? activity : nil)
        }
        #expect(events.wait(milliseconds: 60_000) == named(FolderEvents.Activity(finished: [b])))
        folder.write(".a.svg.tmp", square)
        #expect(rename(folder.file(".a.svg.tmp"), folder.file("a.svg")) == 0)
        #expect(
            events.wait(milliseconds: 60_000)
                == named(FolderEvents.Activity(finished: [a], unfinished: [folder.path + "/.a.svg.tmp"])))
        try FileManager.default.removeItem(atPath: folder.file("b.svg"))
        #expect(events.wait(milliseconds: 60_000) == named(FolderEvents.Activity(unfinished: [b])))
        events.watch([])
        #expect(events.watched.isEmpty)
    }

    /// What each way of saving looks like to the watch: each step is done with the system
    /// calls the editor makes, then the events it left are read (every call has returned by
    /// then, so what is read does not depend on timing).
    @Test(.enabled(if: FolderEvents.namesEntries)) func folderEventsSayWhichSavesAreFinished() throws {
        let folder = TemporaryFolder()
        folder.write("a.svg", square)
        let events = try #require(FolderEvents())
        events.watch([folder.path])
        let a = folder.path + "/a.svg"
        func activity() -> FolderEvents.Activity? {
            guard case .changed(let activity) = events.wait(milliseconds: 60_000) else { return nil }
            return activity
        }
        func save(_ name: String, flags: Int32 = O_WRONLY | O_CREAT | O_TRUNC, closing: Bool = true) -> Int32 {
            let descriptor = open(folder.file(name), flags | O_CLOEXEC, 0o644)
            precondition(descriptor >= 0)
            _ = square.withCString { write(descriptor, $0, strlen($0)) }
            if closing { close(descriptor) }
            return descriptor
        }
        // In place (O_TRUNC, as the benchmark, `cp` over a file and most editors do): still
        // open, then closed.
        let stillOpen = save("a.svg", closing: false)
        #expect(activity() == FolderEvents.Activity(unfinished: [a]))
        close(stillOpen)
        #expect(activity() == FolderEvents.Activity(finished: [a]))
        // And a second write for metadata: the last event counts.
        _ = save("a.svg", flags: O_WRONLY | O_APPEND)
        #expect(activity() == FolderEvents.Activity(finished: [a]))
        // Attributes only (chmod, touch): nothing said of the bytes, but named.
        #expect(chmod(folder.file("a.svg"), 0o600) == 0)
        #expect(activity() == FolderEvents.Activity(attributes: [a]))
        // Vim (backupcopy=no): the file renamed to its backup, written anew, its mode set,
        // the backup removed.
        #expect(rename(folder.file("a.svg"), folder.file("a.svg~")) == 0)
        _ = save("a.svg")
        #expect(chmod(folder.file("a.svg"), 0o644) == 0)
        #expect(unlink(folder.file("a.svg~")) == 0)
        #expect(activity() == FolderEvents.Activity(finished: [a], unfinished: [a + "~"], attributes: [a]))
        // Inkscape, rsync, `mv`: a temporary file renamed over it.
        _ = save(".a.svg.XXXXXX")
        #expect(rename(folder.file(".a.svg.XXXXXX"), folder.file("a.svg")) == 0)
        #expect(activity() == FolderEvents.Activity(finished: [a], unfinished: [folder.path + "/.a.svg.XXXXXX"]))
        // A file moved away is gone, not saved.
        #expect(rename(folder.file("a.svg"), folder.file("b.txt")) == 0)
        #expect(activity() == FolderEvents.Activity(finished: [folder.path + "/b.txt"], unfinished: [a]))
        // The folder itself: not an entry the events can name.
        let other = folder.path + "/sub"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        events.watch([folder.path, other])
        #expect(activity() == FolderEvents.Activity(unfinished: [other]))
        #expect(rmdir(other) == 0)
        #expect(events.wait(milliseconds: 60_000) == .changed(nil))
        events.watch([])
    }
}

/// The system's drivers, run for real on a thread of their own, with waits on conditions.
@Suite struct SystemWatchTests {
    let square =
        #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#

    @Test(arguments: [false, true])
    func theSystemsWatchSeesASaveByRename(polling: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("a.svg", square)
        let targets = WatchTargets(glyphFolders: [folder.path])
        var driver = WatchDriver.system(polling: polling)
        #expect(driver.method == (polling ? "polling" : "folder events"))
        let stop = Shared(false)
        let finished = Shared(false)
        let runs = Shared<[[WatchChange]]>([])
        let wait = driver.wait
        driver.wait = { targets, timeout in stop.value ? .stop : wait(targets, timeout) }
        let loop = UnsafeTransfer(driver)
        Thread.detachNewThread {
            WatchLoop().run(driver: loop.value, targets: { targets }) { changes in runs.update { $0.append(changes) } }
            finished.update { $0 = true }
        }
        #expect(WorkerLifetimeTests.waitUntil { runs.value.count == 1 })
        folder.write(".a.svg.tmp", square.replacingOccurrences(of: "27", with: "26"))
        #expect(rename(folder.file(".a.svg.tmp"), folder.file("a.svg")) == 0)
        #expect(WorkerLifetimeTests.waitUntil { runs.value.count == 2 }, "the save was not seen")
        #expect(runs.value.last == [WatchChange(folder.path + "/a.svg", .changed)])
        stop.update { $0 = true }
        #expect(WorkerLifetimeTests.waitUntil { finished.value })
    }
}

/// Hands a value that is not Sendable to one other thread, which alone uses it from then on.
struct UnsafeTransfer<Value>: @unchecked Sendable {
    // Safe: the test creates the value, gives it to the new thread, and never touches it again.
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A value threads share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}
