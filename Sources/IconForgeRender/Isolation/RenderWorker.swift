/// The worker side: `iconforge __render-worker OPTIONS MEMORY PARENT LIMIT` reads glyphs from
/// stdin and writes outcomes to stdout until stdin closes; a frame of other options
/// (`OutcomeCodec.encodeOptions`) changes OPTIONS for the glyphs after it. The executable recognises the
/// command and lends the worker its standard input and output.
///
/// A worker ends with its parent (PARENT, the build's process id), and the kernel ends it
/// when a glyph has used LIMIT seconds of CPU (RLIMIT_CPU), so a build that is killed or
/// stops watching never leaves a renderer spinning.
package enum RenderWorker {
    /// The hidden first argument that makes `iconforge` a render worker.
    package static let command = "__render-worker"

    /// The arguments that start a worker for `options`.
    static func arguments(options: PipelineOptions, memoryBytes: Int, timeout: Double) -> [String] {
        let json = String(decoding: optionsJSON(options), as: UTF8.self)
        return [
            command, json, String(memoryBytes), String(WorkerProcess.currentProcessID),
            String(ownTimeLimit(timeout: timeout)),
        ]
    }

    /// What makes two workers interchangeable, for `WorkerPool`: the program, its limits and
    /// its parent, not its options, which an options frame changes (`GlyphRunner.use`).
    static func poolKey(executable: String, memoryBytes: Int, timeout: Double) -> String {
        [
            executable, command, String(memoryBytes), String(WorkerProcess.currentProcessID),
            String(ownTimeLimit(timeout: timeout)),
        ].joined(separator: "\u{0}")
    }

    /// `options` as a worker reads them, on its command line or in an options frame.
    static func optionsJSON(_ options: PipelineOptions) -> [UInt8] {
        (try? JSONText.encode(options, formatting: [.sortedKeys])).map(Array.init) ?? Array("{}".utf8)
    }

    /// The worker's own limit on one glyph's CPU time, in whole seconds: later than the
    /// build's `timeout`, so that the build, which reports it, normally stops the worker first.
    static func ownTimeLimit(timeout: Double) -> UInt32 {
        UInt32(min(Double(UInt32.max / 2), (timeout * 1.5).rounded(.up) + 2))
    }

    /// `outcome`, with a failure librsvg reports as running out of memory saying that it
    /// met the worker's memory limit (librsvg says only "NoMemory") and what to do.
    static func explainingMemory(_ outcome: GlyphOutcome, limit bytes: Int) -> GlyphOutcome {
        var outcome = outcome
        for index in outcome.diagnostics.indices where outcome.diagnostics[index].rule == .renderFailed {
            let message = outcome.diagnostics[index].message
            guard message.contains("NoMemory") || message.lowercased().contains("out of memory") else { continue }
            outcome.diagnostics[index].message =
                message
                + "; it ran out of the \(bytes >> 20) MiB a render worker may use: the drawing is too large or complex to render safely (simplify its paths), or, for a file you trust, build with --isolation none, which renders without limits"
        }
        return outcome
    }

    /// Runs the worker loop over `input` and `output` (the process's 0 and 1) with the
    /// arguments after the command; returns the process exit status.
    package static func run(_ arguments: [String], input: Int32, output: Int32) -> Int32 {
        guard arguments.count == 4, let memory = Int(arguments[1]), let parent = Int32(arguments[2]),
            let limit = UInt32(arguments[3]),
            var options = try? JSONDecoder().decode(PipelineOptions.self, from: Data(arguments[0].utf8))
        else { return 2 }
        // First, before anything slow: a parent that is already gone gets no work done.
        guard WorkerProcess.endWithParent(parent) else { return 3 }
        WorkerProcess.limitMemory(bytes: memory)
        WorkerProcess.reuseFreedMemory()
        // From the start, and anew for each glyph: the limit is on one glyph's CPU time.
        WorkerProcess.limitCPUTime(seconds: limit)
        // What set mode's planning pass learns of each glyph, for its render pass.
        let memo = GlyphMemo()
        while let frame = WorkerProcess.readFrame(from: input) {
            if let changed = OutcomeCodec.decodeOptions(frame) {
                options = changed
                continue
            }
            guard let request = OutcomeCodec.decodeRequest(frame) else { return 2 }
            WorkerProcess.limitCPUTime(seconds: limit)
            let outcome = explainingMemory(
                GlyphProcessor.process(
                    request.source, options: options, encode: request.encode, showingFailures: request.showingFailures,
                    measured: request.measured,
                    sourceSHA256: request.sourceSHA256, memo: memo),
                limit: memory)
            guard WorkerProcess.writeFrame(OutcomeCodec.encodeOutcome(outcome), to: output) else { return 1 }
        }
        return 0
    }
}
