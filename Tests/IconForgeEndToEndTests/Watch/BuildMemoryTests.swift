import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// `--watch` keeps the last build's state and each glyph's encoded entry in memory
/// (`BuildMemory`): the files it writes must be the bytes a build without memory writes,
/// and memory must never stand in for a state file someone else rewrote.
@Suite struct BuildMemoryTests {
    func glyphs() -> TemporaryFolder {
        let folder = TemporaryFolder()
        for name in ["square-27pt.svg", "wide-30pt.svg", "tall-30pt.svg", "offcenter-20pt.svg"] {
            folder.copy(fixture: "pipeline/" + name)
        }
        return folder
    }

    func request(_ glyphs: TemporaryFolder, into output: TemporaryFolder, memory: BuildMemory?, writes: Bool = true)
        -> BuildRequest
    {
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        request.jobs = 2
        request.writesOutput = writes
        request.memory = memory
        return request
    }

    /// Dates every glyph (a link's target) an hour back: a build records the signatures of
    /// sources changed more than a second before it looked.
    /// A watch's request (with `memory`) whose glyphs render in workers of the built
    /// iconforge product, `jobs` at a time.
    func watchedInWorkers(_ glyphs: TemporaryFolder, into output: TemporaryFolder, memory: BuildMemory, jobs: Int)
        throws -> BuildRequest
    {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        var watched = request(glyphs, into: output, memory: memory)
        watched.jobs = jobs
        watched.isolation = .workers(executable: iconforge, timeout: ampleRenderTimeout, memoryBytes: 1 << 30)
        return watched
    }

    func settle(_ folder: TemporaryFolder) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: folder.file(name))
        }
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A catalog with entries the encoder treats specially: empty arrays, a missing shape,
    /// a message with a newline, quotes, spaces, U+2028 and a backslash before its closing
    /// quote (the state's compact entries are the catalog's pretty ones without their layout).
    func awkwardCatalog() throws -> Catalog {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        var catalog = try Builder.run(request(glyphs, into: output, memory: nil)).catalog
        catalog.glyphs[0].outputs = []
        catalog.glyphs[0].shape = nil
        catalog.glyphs[1].diagnostics.append(
            Catalog.CatalogDiagnostic(
                severity: .warning, rule: .svgText, line: 3,
                message: "line\none \"two\"\u{2028}three / : , back\\slash\\"))
        return catalog
    }

    @Test func aCatalogFromRememberedEntriesIsTheBytesOfOneEncodedWhole() throws {
        let catalog = try awkwardCatalog()
        let whole = Array(try catalog.encoded())
        let cache = GlyphJSONCache()
        #expect(try catalog.encoded(reusing: cache) == whole)
        // The second time every entry comes from the cache.
        #expect(try catalog.encoded(reusing: cache) == whole)
        var changed = catalog
        changed.glyphs[2].color = "#123456"
        #expect(try changed.encoded(reusing: cache) == Array(try changed.encoded()))
        changed.glyphs.removeFirst()
        #expect(try changed.encoded(reusing: cache) == Array(try changed.encoded()))
        changed.glyphs = []
        #expect(try changed.encoded(reusing: cache) == Array(try changed.encoded()))
    }

    /// A cold build encodes its glyphs' entries on several threads before splicing the
    /// catalog and the state from them (`GlyphJSONCache.prepare`): the same bytes as each
    /// encoded whole, whatever thread encoded which entry.
    @Test func entriesEncodedAheadOnSeveralThreadsSpliceIntoTheBytesOfOneEncodedWhole() throws {
        let awkward = try awkwardCatalog()
        var catalog = awkward
        catalog.glyphs = (0..<100).map { index in
            var glyph = awkward.glyphs[index % awkward.glyphs.count]
            glyph.name += "-\(index)"
            return glyph
        }
        let state = BuildState(buildKey: "k", catalogSHA256: "c", glyphs: catalog.glyphs)
        for threads in [1, 2, 3] {
            let cache = GlyphJSONCache()
            cache.prepare(catalog.glyphs, threads: threads)
            #expect(try catalog.encoded(reusing: cache) == Array(try catalog.encoded()))
            #expect(state.encoded(reusing: cache) == state.encoded())
        }
        // An entry changed since it was prepared is encoded anew, not taken as it was.
        let cache = GlyphJSONCache()
        cache.prepare(catalog.glyphs, threads: 2)
        var changed = catalog
        changed.glyphs[40].color = "#123456"
        #expect(try changed.encoded(reusing: cache) == Array(try changed.encoded()))
        // One that cannot be encoded is refused as the whole encoding refuses it.
        changed.glyphs[70].inkBox = Rect(x: .nan, y: 0, width: 1, height: 1)
        let fresh = GlyphJSONCache()
        fresh.prepare(changed.glyphs, threads: 2)
        #expect(throws: EncodingError.self) { try changed.encoded(reusing: fresh) }
        #expect(throws: EncodingError.self) { try changed.encoded() }
    }

    @Test func aStateFromRememberedEntriesIsTheBytesOfOneEncodedWhole() throws {
        let catalog = try awkwardCatalog()
        var state = BuildState(
            buildKey: "k", catalogSHA256: "c", glyphs: catalog.glyphs,
            modificationTimes: [
                "a@2x.png": 12, "a-1@2x.png": -5, "a_b@3x.png": 1 << 62, "Z@2x.png": 0, "a\"q\\@2x.png": 7,
            ],
            sourceSignatures: [
                "a": FileSignature(size: 1, modified: 2, inode: 3),
                "a-1": FileSignature(size: 0, modified: -1, inode: .max),
                "a_b": FileSignature(size: 9, modified: 1 << 60, inode: 0),
            ], fingerprint: "f",
            report: BuildState.Report(glyphCount: 4, pngCount: 8, diagnostics: []))
        let memory = StateMemory()
        #expect(memory.encode(state) == state.encoded())
        #expect(memory.encode(state) == state.encoded())
        state.glyphs.removeLast()
        let bytes = memory.encode(state)
        #expect(bytes == state.encoded())
        // What it remembers is what decoding its bytes gives.
        #expect(memory.decode(bytes) == BuildState.decode(bytes))
        #expect(memory.statesDecoded == 0)
        // The signatures and times spliced from the last state's: one changed, one added,
        // one replaced by another name (the same count), one removed.
        state.sourceSignatures["a"] = FileSignature(size: 2, modified: 3, inode: 3)
        #expect(memory.encode(state) == state.encoded())
        state.modificationTimes["a-2@2x.png"] = 44
        #expect(memory.encode(state) == state.encoded())
        state.modificationTimes["a-2@2x.png"] = nil
        state.modificationTimes["a-3@2x.png"] = 45
        #expect(memory.encode(state) == state.encoded())
        state.sourceSignatures["a_b"] = nil
        #expect(memory.encode(state) == state.encoded())
        // A name that is not ASCII (a glyph whose name fails `name.invalid` is still recorded).
        state.sourceSignatures["café"] = FileSignature(size: 1, modified: 1)
        #expect(memory.encode(state) == state.encoded())
    }

    @Test func aWatchedRebuildWritesWhatABuildWithoutMemoryWrites() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="5" width="27" height="26"/></svg>"#
        )
        let watched = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(watched.reusedCount == 3)
        // The state on disk was the one it wrote: not decoded again.
        #expect(memory.state.statesDecoded == 0)
        let cold = TemporaryFolder()
        _ = try Builder.run(request(glyphs, into: cold, memory: nil))
        for name in ["catalog.json", "square-27pt@2x.png", "square-27pt@3x.png", "wide-30pt@3x.png"] {
            #expect(try bytes(output.file(name)) == bytes(cold.file(name)), "\(name)")
        }
    }

    @Test func aStateAnotherBuildWroteIsReadFromDiskNotFromMemory() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        // Another iconforge (a terminal beside the watch) builds the same folder after an edit.
        glyphs.write(
            "wide-30pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="2.5" y="8.5" width="30" height="18"/></svg>"#
        )
        _ = try Builder.run(request(glyphs, into: output, memory: nil))
        let stateAfterOther = try bytes(output.file(BuildState.fileName))
        // The watch's next build sees that state, not the one it remembers.
        let watched = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(memory.state.statesDecoded == 1)
        #expect(watched.nothingChanged || watched.reusedCount == 4)
        #expect(try bytes(output.file(BuildState.fileName)) == stateAfterOther || !watched.nothingChanged)
        let cold = TemporaryFolder()
        _ = try Builder.run(request(glyphs, into: cold, memory: nil))
        for name in ["catalog.json", "wide-30pt@2x.png", "wide-30pt@3x.png"] {
            #expect(try bytes(output.file(name)) == bytes(cold.file(name)), "\(name)")
        }
    }

    @Test func aWatchLooksForAKilledBuildsTemporaryFilesOnceAndAgainAfterAnotherBuild() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        func edit(_ y: Int) {
            glyphs.write(
                "square-27pt.svg",
                #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="\#(y)" width="27" height="26"/></svg>"#
            )
        }
        let first = output.write(FileSystem.temporaryPrefix + "1-1-square-27pt@2x.png", "half a PNG")
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(!FileManager.default.fileExists(atPath: first))
        // Left by a build killed meanwhile: hidden and harmless, not looked for on every save.
        let second = output.write(FileSystem.temporaryPrefix + "2-2-square-27pt@2x.png", "half a PNG")
        edit(5)
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(FileManager.default.fileExists(atPath: second))
        // Another build wrote here (and removed it); what is left after it is looked for again.
        edit(6)
        _ = try Builder.run(request(glyphs, into: output, memory: nil))
        #expect(!FileManager.default.fileExists(atPath: second))
        let third = output.write(FileSystem.temporaryPrefix + "3-3-square-27pt@2x.png", "half a PNG")
        edit(7)
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(!FileManager.default.fileExists(atPath: third))
    }

    @Test func aWatchedBuildTakesItsSourcesFromTheWatchsSnapshotAndTheNextRunCatchesAChangeSince() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        let targets = WatchTargets(glyphFolders: [glyphs.path])
        try settle(glyphs)
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="5" width="27" height="26"/></svg>"#
        )
        let seen = WatchSnapshot.take(targets)
        memory.watchSaw(seen)
        // Saved after the snapshot the run starts from (a new size: a different signature).
        glyphs.write(
            "wide-30pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="2.5" y="8.5" width="30" height="18"/></svg>"#
        )
        let watched = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(watched.reusedCount == 3)  // the wide glyph as the snapshot saw it
        // The watch's next snapshot differs from that one: the next run renders it.
        let next = WatchSnapshot.take(targets)
        #expect(next.changes(since: seen) == [WatchChange(glyphs.path + "/wide-30pt.svg", .changed)])
        memory.watchSaw(next)
        let again = try Builder.run(request(glyphs, into: output, memory: memory))
        #expect(again.reusedCount == 3)
        // Taken once: a build without a snapshot of its own looks for itself.
        #expect(memory.takeWatchedSources() == nil)
        let cold = TemporaryFolder()
        _ = try Builder.run(request(glyphs, into: cold, memory: nil))
        for name in ["catalog.json", "square-27pt@3x.png", "wide-30pt@2x.png", "wide-30pt@3x.png"] {
            #expect(try bytes(output.file(name)) == bytes(cold.file(name)), "\(name)")
        }
    }

    @Test func aGlyphThatIsALinkIsMarkedInTheSnapshotAndRecordedAsAColdBuildRecordsIt() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let elsewhere = TemporaryFolder()
        elsewhere.copy(fixture: "pipeline/square-27pt.svg", as: "target.svg")
        try FileManager.default.createSymbolicLink(
            atPath: glyphs.file("linked.svg"), withDestinationPath: elsewhere.file("target.svg"))
        try settle(glyphs)
        let memory = BuildMemory()
        let seen = WatchSnapshot.take(WatchTargets(glyphFolders: [glyphs.path]))
        // The watch sees the link's target (its edits count); the build records the link.
        #expect(seen.links == [glyphs.path + "/linked.svg"] && seen.files[glyphs.path + "/linked.svg"] != nil)
        memory.watchSaw(seen)
        _ = try Builder.run(request(glyphs, into: output, memory: memory))
        let state = try #require(BuildState.decode(try bytes(output.file(BuildState.fileName))))
        let cold = TemporaryFolder()
        _ = try Builder.run(request(glyphs, into: cold, memory: nil))
        let coldState = try #require(BuildState.decode(try bytes(cold.file(BuildState.fileName))))
        #expect(state.sourceSignatures["linked"] == coldState.sourceSignatures["linked"])
        #expect(state.sourceSignatures["square-27pt"] != nil)
    }

    @Test func aWatchsWorkersOfEveryJobLiveOnInItsPool() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        let watched = try watchedInWorkers(glyphs, into: output, memory: memory, jobs: 2)
        _ = try Builder.run(watched)
        let idle = memory.workers.idleProcessIDs
        #expect(idle.count == 2)
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="5" width="27" height="26"/></svg>"#
        )
        glyphs.write(
            "wide-30pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="2.5" y="8.5" width="30" height="18"/></svg>"#
        )
        _ = try Builder.run(watched)
        // A worker started by a job's own thread is sent SIGKILL when that thread ends: it
        // would be a zombie now, or replaced by the second build.
        #expect(Set(memory.workers.idleProcessIDs) == Set(idle))
        #if os(Linux)
            for pid in idle {
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                let state = stat.split(separator: ")").last?.split(separator: " ").first
                #expect(state != nil && state != "Z" && state != "X", "worker \(pid): \(stat)")
            }
        #endif
    }

    @Test func aSetModeWatchsNextBuildTakesTheWorkerItsLastBuildLeftWhateverTheSetsScales() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        var watched = try watchedInWorkers(glyphs, into: output, memory: memory, jobs: 1)
        watched.options.mode = .fitSet
        _ = try Builder.run(watched)
        let idle = memory.workers.idleProcessIDs
        #expect(idle.count == 1)
        // Its render pass worked with the set's scales, which this build plans anew.
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="5" width="27" height="26"/></svg>"#
        )
        _ = try Builder.run(watched)
        #expect(memory.workers.idleProcessIDs == idle)
        var cold = watched
        cold.memory = nil
        let coldOutput = TemporaryFolder()
        cold.outputFolder = coldOutput.path
        _ = try Builder.run(cold)
        for name in ["catalog.json", "square-27pt@2x.png", "square-27pt@3x.png", "wide-30pt@3x.png"] {
            #expect(try bytes(output.file(name)) == bytes(coldOutput.file(name)), "\(name)")
        }
    }

    @Test func aWatchsNextBuildRendersInTheWorkerTheLastOneLeftIdle() throws {
        let glyphs = glyphs()
        let output = TemporaryFolder()
        let memory = BuildMemory()
        let watched = try watchedInWorkers(glyphs, into: output, memory: memory, jobs: 1)
        _ = try Builder.run(watched)
        let idle = memory.workers.idleProcessIDs
        #expect(idle.count == 1)
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="5" width="27" height="26"/></svg>"#
        )
        let second = try Builder.run(watched)
        func squareFindings(_ report: BuildReport) -> [Diagnostic] {
            report.diagnostics.filter { $0.file.hasSuffix("square-27pt.svg") }
        }
        #expect(second.reusedCount == 3 && squareFindings(second).isEmpty, "\(squareFindings(second))")
        #expect(memory.workers.idleProcessIDs == idle)
        // A parked worker that died meanwhile is replaced, and costs the glyph nothing.
        for pid in idle { kill(pid, SIGKILL) }
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#
        )
        let third = try Builder.run(watched)
        #expect(third.reusedCount == 3 && squareFindings(third).isEmpty, "\(squareFindings(third))")
        #expect(memory.workers.idleProcessIDs.count == 1 && memory.workers.idleProcessIDs != idle)
        let cold = TemporaryFolder()
        _ = try Builder.run(request(glyphs, into: cold, memory: nil))
        for name in ["catalog.json", "square-27pt@2x.png", "square-27pt@3x.png"] {
            #expect(try bytes(output.file(name)) == bytes(cold.file(name)), "\(name)")
        }
    }

    @Test func aWatchedCheckChecksOnlyTheGlyphsThatChanged() throws {
        let glyphs = glyphs()
        let unused = TemporaryFolder()
        let memory = BuildMemory()
        let first = try Builder.run(request(glyphs, into: unused, memory: memory, writes: false))
        #expect(first.reusedCount == 0)
        let again = try Builder.run(request(glyphs, into: unused, memory: memory, writes: false))
        #expect(again.reusedCount == 4)
        #expect(again.diagnostics == first.diagnostics)
        // Now too small: the one glyph checked again, and its finding is new.
        glyphs.write(
            "square-27pt.svg",
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="10" y="10" width="15" height="15"/></svg>"#
        )
        let edited = try Builder.run(request(glyphs, into: unused, memory: memory, writes: false))
        #expect(edited.reusedCount == 3)
        let fresh = try Builder.run(request(glyphs, into: unused, memory: nil, writes: false))
        #expect(edited.diagnostics == fresh.diagnostics)
        let newFindings = edited.diagnostics.filter { $0.file.hasSuffix("square-27pt.svg") && $0.severity == .error }
        #expect(!newFindings.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: unused.path).isEmpty)
    }
}
