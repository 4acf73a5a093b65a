/// Where glyphs are measured and rendered.
package enum Isolation: Sendable, Equatable {
    /// In the build's own threads: fastest to start, but a librsvg crash or hang would take
    /// the build with it. For tests and for `--isolation none`.
    case inProcess
    /// In long-lived worker processes (one per job) started from `executable`, each glyph
    /// limited to `timeout` seconds and each worker to `memoryBytes` of address space;
    /// a worker that dies or overruns is replaced, and costs only the glyph it was on.
    case workers(executable: String, timeout: Double, memoryBytes: Int)

    /// Seconds one glyph may take to render unless `--render-timeout` says otherwise: the
    /// one place this default is written.
    package static let defaultRenderTimeout = 10.0

    /// The default for the command-line tool: workers started from this very executable.
    package static func defaultWorkers(timeout: Double = defaultRenderTimeout, memoryBytes: Int = 1 << 30) -> Isolation
    {
        .workers(executable: WorkerProcess.currentExecutable, timeout: timeout, memoryBytes: memoryBytes)
    }
}
