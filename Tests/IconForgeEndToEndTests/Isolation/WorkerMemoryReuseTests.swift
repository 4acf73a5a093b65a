import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeRender
@testable import IconForgeSVG

/// A render worker keeps the memory it frees for the next glyph instead of faulting in fresh
/// pages for every one (`WorkerProcess.reuseFreedMemory`). Counted in page faults, which do
/// not depend on the machine's load: with glibc's defaults a worker measuring or rendering
/// a 512-unit Font Awesome glyph faulted in about 2,000 fresh pages (8 MB) every time, in
/// every mode, and a curved 24-unit fill in template mode about 130.
@Suite struct WorkerMemoryReuseTests {
    /// Minor page faults of process `pid` so far (field 10 of /proc/PID/stat), nil off Linux.
    static func minorFaults(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After the command name: state, ppid, pgrp, session, tty, tpgid, flags, minflt.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 7 ? Int(fields[7]) : nil
    }

    /// Under a sanitizer, malloc is the sanitizer's (with a quarantine of freed memory); the
    /// count of page faults comes from Linux's /proc.
    static let measurable = !WorkerProcess.underSanitizer && minorFaults(getpid()) != nil

    @Test(
        .enabled(if: measurable, "needs the system's malloc (not a sanitizer's) and Linux's /proc/PID/stat"),
        arguments: [ExportMode.fitSet, .fitGlyph, .template],
        ["isolation/curved-fill-24-viewbox-only.svg", "real/fontawesome-overshoot-512.svg", "pipeline/stroke-24px.svg"])
    func aWorkerRenderingTheSameGlyphAgainFaultsInAlmostNoNewPages(mode: ExportMode, fixture: String) throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        var options = PipelineOptions()
        options.mode = mode
        let worker = try WorkerProcess(
            executable: iconforge,
            arguments: RenderWorker.arguments(options: options, memoryBytes: 1 << 30, timeout: ampleRenderTimeout))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture))))
        let source = GlyphSource(name: "glyph", displayPath: fixture, relativePath: fixture, bytes: bytes)
        func renderOnce(encode: Bool) throws {
            #expect(worker.send(OutcomeCodec.encodeRequest(source, encode: encode)))
            guard case .frame(let reply) = worker.receive(timeout: ampleRenderTimeout) else {
                Issue.record("the worker did not reply")
                return
            }
            // (Template mode finds this 24-unit glyph off its target size; it still renders it.)
            #expect(OutcomeCodec.decodeOutcome(reply, source: source)?.inkBox != nil)
        }
        // The first glyphs grow the heap to what a glyph needs (and load librsvg).
        for _ in 0..<3 {
            try renderOnce(encode: false)
            try renderOnce(encode: true)
        }
        let before = try #require(Self.minorFaults(worker.processID))
        let rounds = 20
        for _ in 0..<rounds {
            try renderOnce(encode: false)
            try renderOnce(encode: true)
        }
        let after = try #require(Self.minorFaults(worker.processID))
        // A measurement and a render reuse the memory the previous ones freed: a few pages
        // each at most (a buffer that grew), not hundreds of fresh ones.
        #expect(
            Double(after - before) / Double(2 * rounds) < 8,
            "\(mode) \(fixture) \(after - before) page faults in \(2 * rounds) requests")
    }
}
