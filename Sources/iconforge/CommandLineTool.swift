import IconForgeCLI

/// The process around the library: reads the arguments and the environment, runs
/// `ToolCommand`, prints what it returns, and exits with its status. The only code that
/// writes to the terminal, reads the environment or sets a signal's disposition.
enum CommandLineTool {
    static func main() -> Never {
        Platform.fixRenderingLanguage()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A render worker speaks in frames over its stdin and stdout (see RenderWorker): a
        // mode of the process, entered before signals are set up, not one of `CommandTable`'s
        // commands, which return their lines as values.
        if arguments.first == RenderWorker.command {
            Platform.exit(RenderWorker.run(Array(arguments.dropFirst()), input: 0, output: 1))
        }
        // Printing to a closed pipe (`iconforge rules | head -1`) must end the output
        // quietly, not kill the process.
        Platform.ignoreBrokenPipes()
        Platform.stopCleanlyOnTerminationSignals()
        // GitHub Actions names the file a step appends its Markdown summary to.
        let stepSummaryPath = Platform.environment("GITHUB_STEP_SUMMARY").flatMap { $0.isEmpty ? nil : $0 }
        var environment = ToolEnvironment(
            printsStageTimings: Platform.environment("ICONFORGE_TIMINGS") == "1",
            librsvgPath: Platform.environment("ICONFORGE_LIBRSVG"),
            writesStepSummary: stepSummaryPath != nil, renderWorkerPath: Platform.environment("ICONFORGE_RENDER_WORKER")
        )
        // A progress line is best effort: a failure to print it shows again at the end.
        environment.progress = { line in _ = write(line, colored: colorsStandardError) }
        if Platform.isTerminal(0) {
            environment.askAppName = { suggestion in
                _ = Platform.writeText("App name [\(suggestion)]: ", to: 2)
                return readLine()
            }
        }
        // A progress line redrawn in place needs a terminal; a log or a pipe gets none.
        if Platform.isTerminal(2), Platform.environment("TERM") != "dumb" {
            environment.statusLine = { text in _ = Platform.writeText(text, to: 2) }
        }
        environment.watchPolls = Platform.environment("ICONFORGE_WATCH") == "poll"
        let run = ToolCommand.run(arguments, environment: environment)
        // Stopped by a signal while it ran: what the run says now is the stop's doing (a
        // rename that found its temporary file removed), and the signal's exit status is due.
        Interruption.waitForExitIfStopped()
        let outcome = print(run, colored: colorsStandardError)
        var printed = outcome != .failed
        if let stepSummaryPath, let summary = run.stepSummary,
            let code = Platform.appendText(summary, toFileAt: stepSummaryPath)
        {
            _ = Platform.writeText(
                "iconforge: error: cannot write the step summary \(stepSummaryPath): \(Platform.describe(code))\n",
                to: 2)
            printed = false
        }
        // Output that did not arrive is a failed run, whatever the checks said; output a
        // reader chose to stop reading (`iconforge rules | head -1`) is not: the run's status.
        Platform.exit(printed ? run.status.rawValue : ToolCommand.ExitStatus.io.rawValue)
    }

    /// How printing a run went.
    enum Printed {
        case whole
        /// Standard output's reader went away (a closed pipe): what it read was whole, and
        /// it asked for no more.
        case readerLeft
        case failed
    }

    /// Whether diagnostics on standard error get colour: a terminal that shows it, and no
    /// NO_COLOR (https://no-color.org).
    static var colorsStandardError: Bool {
        Platform.isTerminal(2) && Platform.environment("NO_COLOR") == nil && Platform.environment("TERM") != "dumb"
    }

    /// The one printer: each line to its stream, diagnostics in compiler form. Returns
    /// false when a write failed: then standard output gets nothing more (a JSON document
    /// is never quietly cut short) and standard error says what happened, if it can.
    static func print(_ run: ToolRun, colored: Bool) -> Printed {
        var failure: (stream: String, code: Int32)?
        var standardOutputFailed = false
        for line in run.lines {
            if case .out = line, standardOutputFailed { continue }
            if let code = write(line, colored: colored) {
                if case .out = line {
                    standardOutputFailed = true
                    failure = failure ?? ("standard output", code)
                } else {
                    failure = failure ?? ("standard error", code)
                }
            }
        }
        guard let failure else { return .whole }
        // A reader that went away (`iconforge rules | head -1`) knows why: nothing to say,
        // and nothing failed (the shell's pipefail sees the reader's choice, not an error).
        if Platform.isBrokenPipe(failure.code), failure.stream == "standard output" { return .readerLeft }
        _ = Platform.writeText(
            "iconforge: error: cannot write \(failure.stream): \(Platform.describe(failure.code))\n", to: 2)
        return .failed
    }

    /// Writes one line to its stream; the error code when the write failed.
    static func write(_ line: ToolRun.Line, colored: Bool) -> Int32? {
        switch line {
        case .out(let text): Platform.writeText(text + "\n", to: 1)
        case .err(let text): Platform.writeText(text + "\n", to: 2)
        case .diagnostic(let diagnostic):
            Platform.writeText(DiagnosticFormatter.text(diagnostic, colored: colored) + "\n", to: 2)
        }
    }
}
