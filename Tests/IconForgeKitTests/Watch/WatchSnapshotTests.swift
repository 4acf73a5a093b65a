import Foundation
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// Snapshots of a real folder, and the system's folder events.
@Suite struct WatchSnapshotTests {
    let square = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#

    @Test func aSnapshotSeesGlyphsAddedChangedReplacedByRenameAndRemoved() throws {
        let project = TemporaryFolder()
        project.write("Glyphs/a.svg", square)
        project.write("Glyphs/b.svg", square)
        let targets = WatchTargets(glyphFolders: [project.file("Glyphs")], files: [project.file("Glyphs/quick-actions.json"), project.file("iconforge.json")])
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
                WatchChange(project.file("Glyphs/a.svg"), .changed), WatchChange(project.file("Glyphs/b.svg"), .removed),
                WatchChange(project.file("Glyphs/c.SVG"), .added), WatchChange(project.file("iconforge.json"), .added),
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
        folder.write("b.svg", square)
        #expect(events.wait(milliseconds: 60_000) == .changed)
        folder.write(".a.svg.tmp", square)
        #expect(rename(folder.file(".a.svg.tmp"), folder.file("a.svg")) == 0)
        #expect(events.wait(milliseconds: 60_000) == .changed)
        try FileManager.default.removeItem(atPath: folder.file("b.svg"))
        #expect(events.wait(milliseconds: 60_000) == .changed)
        events.watch([])
        #expect(events.watched.isEmpty)
    }
}

/// The system's drivers, run for real on a thread of their own, with waits on conditions.
@Suite struct SystemWatchTests {
    let square = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#

    @Test(arguments: [false, true])
    func theSystemsWatchSeesASaveByRename(polling: Bool) throws {
        let folder = TemporaryFolder()
        folder.write("a.svg", square)
        let targets = WatchTargets(glyphFolders: [folder.path])
        var driver = WatchDriver.system(polling: polling)
        #expect(driver.method == (polling ? "polling" : "folder events"))
        let stop = Shared(false), finished = Shared(false)
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
