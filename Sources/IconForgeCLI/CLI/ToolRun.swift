extension ToolCommand {
    /// Exit statuses, as documented in `--help`, docs/commands.md and docs/reference.md.
    package enum ExitStatus: Int32, Sendable {
        case clean = 0
        case checkFailed = 1
        case usage = 2
        case io = 3
    }
}

/// What the command reads from the process's environment. The executable reads the
/// variables and passes their values in; the library never reads the environment.
package struct ToolEnvironment: Sendable, Equatable {
    /// `ICONFORGE_TIMINGS=1`: after the summary, how long each stage of a build took.
    package var printsStageTimings: Bool
    /// `ICONFORGE_LIBRSVG`: the librsvg library file to open (nil or empty: the usual names).
    package var librsvgPath: String?
    /// `GITHUB_STEP_SUMMARY` is set: `build` and `check` return a Markdown summary for it.
    package var writesStepSummary: Bool
    /// `ICONFORGE_RENDER_WORKER`: the program to start as each render worker instead of this
    /// executable (nil or empty: this one). For tests and for debugging a worker.
    package var renderWorkerPath: String?
    /// Where a line goes that must be printed while the command still runs, not with the
    /// rest of the run at its end ("waiting for another iconforge build of Output/…").
    package var progress: @Sendable (ToolRun.Line) -> Void = { _ in }
    /// `init` without `--app-name`: asks for the app's name, offering the default it is
    /// given; nil (no terminal to ask on) or an empty answer takes the default.
    package var askAppName: (@Sendable (String) -> String?)?
    /// Writes text to standard error as it is (no newline added), for a progress line
    /// redrawn in place; nil when standard error is not a terminal, and then no progress
    /// is shown.
    package var statusLine: (@Sendable (String) -> Void)?
    /// Nanoseconds on a clock that only moves forward: when a progress line is due.
    package var clock: @Sendable () -> Int64 = { MonotonicClock.now() }
    /// `ICONFORGE_WATCH=poll`: `--watch` looks for changes by polling, not folder events.
    package var watchPolls = false
    /// This run is one of a watch's (`--watch`): a page it writes should carry
    /// `LiveReload.pageScript`, to reload itself in the browser when the watch rewrites it.
    package var isWatching = false
    /// Whether text output ends with the `iconforge explain` hint; a watch session turns it
    /// off once it has been shown.
    package var hintsExplain = true
    /// How `--watch` waits for changes (nil: the system's); tests give a script.
    package var watchDriver: (@Sendable () -> WatchDriver)?
    /// What a watch's runs keep between them (set by `--watch` for its session).
    package var buildMemory: BuildMemory?
    /// What a test watches the builds do (`BuildRequest.probes`); none otherwise.
    package var probes = BuildProbes()

    package static func == (a: ToolEnvironment, b: ToolEnvironment) -> Bool {
        a.printsStageTimings == b.printsStageTimings && a.librsvgPath == b.librsvgPath
            && a.writesStepSummary == b.writesStepSummary
            && a.renderWorkerPath == b.renderWorkerPath && a.watchPolls == b.watchPolls
            && a.isWatching == b.isWatching
    }

    package init(
        printsStageTimings: Bool = false, librsvgPath: String? = nil, writesStepSummary: Bool = false,
        renderWorkerPath: String? = nil
    ) {
        self.printsStageTimings = printsStageTimings
        self.librsvgPath = librsvgPath
        self.writesStepSummary = writesStepSummary
        self.renderWorkerPath = renderWorkerPath
    }
}

/// One run of the command, as values: what to print, in order, and the exit status.
/// The executable's printer writes it out (with colour on a terminal); tests read it.
package struct ToolRun: Sendable {
    /// One line of output, without its newline.
    package enum Line: Sendable, Equatable {
        /// A line for standard output.
        case out(String)
        /// A line for standard error.
        case err(String)
        /// A diagnostic for standard error, in compiler form (the printer decides colour).
        case diagnostic(Diagnostic)
    }

    package var status: ToolCommand.ExitStatus = .clean
    package var lines: [Line] = []
    /// Markdown for `$GITHUB_STEP_SUMMARY`, when the environment asked for it
    /// (`ToolEnvironment.writesStepSummary`); the executable appends it to that file.
    package var stepSummary: String?
    let environment: ToolEnvironment

    init(environment: ToolEnvironment) {
        self.environment = environment
    }

    mutating func out(_ text: String) { lines.append(.out(text)) }
    mutating func err(_ text: String) { lines.append(.err(Self.standardErrorText(text))) }

    /// `text` as standard error may carry it, line by line: nothing a terminal acts on (an
    /// ESC or a bidirectional override from a file name is shown as `\u{1B}`, see
    /// `DisplayText`), and no workflow command: a line that begins with `::` (a path named in
    /// a message, perhaps after a newline in a file name) gets `./` first. For every line a
    /// command writes to standard error, also those it writes while it runs (`progress`).
    static func standardErrorText(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            DiagnosticFormatter.runnerSafe(DisplayText.neutralised(String($0)))
        }
        .joined(separator: "\n")
    }
    mutating func diagnostic(_ diagnostic: Diagnostic) { lines.append(.diagnostic(diagnostic)) }

    /// The lines for standard output.
    package var stdout: [String] {
        lines.compactMap { if case .out(let text) = $0 { text } else { nil } }
    }

    /// The lines for standard error, diagnostics without colour.
    package var stderr: [String] {
        lines.compactMap {
            switch $0 {
            case .out: nil
            case .err(let text): text
            case .diagnostic(let diagnostic): DiagnosticFormatter.text(diagnostic)
            }
        }
    }
}
