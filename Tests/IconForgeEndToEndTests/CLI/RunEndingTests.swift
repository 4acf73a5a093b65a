import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgePlatform

/// Every way a run ends says what happened, in the format asked for: a usage error gives
/// CI its document, a closed pipe is the reader's choice, a full disk still counts the
/// glyphs, a stop says whether `catalog.json` is there.
@Suite struct RunEndingTests {
    func run(_ arguments: [String], observer: FlushObserver? = nil) -> ToolRun {
        var environment = ToolEnvironment()
        environment.probes.writes = observer
        return ToolCommand.run(arguments + ["--isolation", "none"], environment: environment)
    }

    @Test(arguments: ["json", "sarif", "github"])
    func aCommandLineThatCannotWorkStillGivesTheDocumentItsFormatPromises(_ format: String) throws {
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let cases: [(arguments: [String], message: String)] = [
            (["build", glyph, "--bogus-opt", "--format", format], "unknown option '--bogus-opt'"),
            (["check", glyph, "--format", format, "--format", "text"], "--format"),
            (["check", glyph, "--watch", "--format=\(format)"], "--watch prints for a person"),
        ]
        for (arguments, message) in cases {
            let ran = run(arguments)
            #expect(ran.status == .usage, "\(arguments)")
            let document = ran.stdout.joined(separator: "\n")
            #expect(!document.isEmpty, "\(arguments): no document on standard output")
            #expect(document.contains(message), "\(arguments): \(document)")
            switch format {
            case "json":
                let parsed = try #require(
                    try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any], "\(arguments)")
                #expect(parsed["passed"] as? Bool == false)
                #expect(document.contains("config.invalid"))
            case "sarif":
                let parsed = try #require(
                    try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any], "\(arguments)")
                #expect(parsed["version"] as? String == "2.1.0")
            default:
                #expect(document.hasPrefix("::error"), "\(document)")
            }
            #expect(
                ran.stderr.joined(separator: "\n").contains("iconforge: error:"), "a person reading the log is told too"
            )
        }
    }

    @Test func aFullDiskStillCountsTheGlyphsItChecked() throws {
        let output = TemporaryFolder()
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let observer = FlushObserver(failsWriting: OutputNaming.catalogFileName)
        let text = run(["build", glyph, "-o", output.path], observer: observer)
        #expect(text.status == .io)
        let lines = text.stderr.joined(separator: "\n")
        #expect(lines.contains("No space left on device; previous output left as it was"), "\(lines)")
        #expect(text.stderr.last?.hasPrefix("1 glyph, no output written, 1 error, 0 warnings, ") == true, "\(lines)")
        let json = run(["build", glyph, "-o", output.path, "--format", "json"], observer: observer)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.joined(separator: "\n").utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary["glyphs"] == 1 && summary["errors"] == 1 && summary["pngs"] == 0, "\(summary)")
    }

    @Test func aReadOnlyOutputFolderWithALockFileSaysTheFolderIsNotWritable() {
        let existing = FolderLock.openError(folder: "Output", errno: EACCES, lockExists: true)
        #expect(existing.path == "Output")
        #expect(
            existing.message.hasPrefix("the output folder is not writable (Permission denied)"), "\(existing.message)")
        #expect(!existing.message.contains("cannot create"))
        #expect(FolderLock.openError(folder: "Output", errno: EROFS).message.contains("cannot create .iconforge-lock"))
    }

    @Test func aStopSaysWhetherTheCatalogIsThereOrRemovedUntilTheNextBuild() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        glyphs.copy(fixture: "pipeline/square-27pt.svg", as: "a.svg")
        _ = try build([glyphs.path], into: output.path)
        glyphs.copy(fixture: "pipeline/wide-30pt.svg", as: "a.svg")
        let catalog = output.file(OutputNaming.catalogFileName)
        let said = Lock<[(present: Bool, message: String)]>([])
        let observer = FlushObserver(afterEach: { _ in
            let present = FileManager.default.fileExists(atPath: catalog)
            said.withLock { $0.append((present, Interruption.missingCommitPoints.joined(separator: ", "))) }
        })
        _ = try build([glyphs.path], into: output.path, observer: observer)
        let messages = said.withLock { $0 }
        #expect(messages.contains { !$0.present }, "the build replaced a file, so it removed the catalog for a while")
        for (present, message) in messages {
            // Other tests' builds may be committing too: only this folder's catalog is judged.
            // (With several commits under way the message lists each folder's catalog, joined
            // by commas before one "was removed": only whether this one is named is judged.)
            #expect(message.contains(catalog) == !present, "\(present): \(message)")
        }
        #expect(!Interruption.missingCommitPoints.contains(catalog))
    }

    @Test func aReaderThatStopsReadingIsNotAFailure() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["rules"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // No reader at all: the first write fails with EPIPE, as after `| head -1` exits.
        try out.fileHandleForReading.close()
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(stderr.isEmpty, "\(String(decoding: stderr, as: UTF8.self))")
    }
}
