/// The worker side: `iconforge __render-worker OPTIONS MEMORY` reads glyphs from stdin and
/// writes outcomes to stdout until stdin closes. The executable recognises the command and
/// lends the worker its standard input and output.
public enum RenderWorker {
    /// The hidden first argument that makes `iconforge` a render worker.
    public static let command = "__render-worker"

    /// The arguments that start a worker for `options`.
    static func arguments(options: PipelineOptions, memoryBytes: Int) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(options)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return [command, json, String(memoryBytes)]
    }

    /// Runs the worker loop over `input` and `output` (the process's 0 and 1) with the
    /// arguments after the command; returns the process exit status.
    public static func run(_ arguments: [String], input: Int32, output: Int32) -> Int32 {
        guard arguments.count == 2, let memory = Int(arguments[1]),
            let options = try? JSONDecoder().decode(PipelineOptions.self, from: Data(arguments[0].utf8))
        else { return 2 }
        WorkerProcess.limitMemory(bytes: memory)
        while let frame = WorkerProcess.readFrame(from: input) {
            guard let request = OutcomeCodec.decodeRequest(frame) else { return 2 }
            let outcome = GlyphProcessor.process(request.source, options: options, encode: request.encode)
            guard WorkerProcess.writeFrame(OutcomeCodec.encodeOutcome(outcome), to: output) else { return 1 }
        }
        return 0
    }
}
