import IconForgeKit

/// The process around the library: reads the arguments and the environment, runs
/// `ToolCommand`, prints what it returns, and exits with its status. The only code that
/// writes to the terminal, reads the environment or sets a signal's disposition.
enum CommandLineTool {
    static func main() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A render worker speaks in frames over its stdin and stdout (see RenderWorker).
        if arguments.first == RenderWorker.command {
            Platform.exit(RenderWorker.run(Array(arguments.dropFirst()), input: 0, output: 1))
        }
        // Printing to a closed pipe (`iconforge rules | head -1`) must end the output
        // quietly, not kill the process.
        Platform.ignoreBrokenPipes()
        Platform.stopCleanlyOnTerminationSignals()
        var environment = ToolEnvironment(
            printsStageTimings: Platform.environment("ICONFORGE_TIMINGS") == "1", librsvgPath: Platform.environment("ICONFORGE_LIBRSVG"),
            renderWorkerPath: Platform.environment("ICONFORGE_RENDER_WORKER"))
        environment.progress = { line in print(line, colored: colorsStandardError) }
        let run = ToolCommand.run(arguments, environment: environment)
        print(run, colored: colorsStandardError)
        Platform.exit(run.status.rawValue)
    }

    /// Whether diagnostics on standard error get colour: a terminal that shows it, and no
    /// NO_COLOR (https://no-color.org).
    static var colorsStandardError: Bool {
        Platform.isTerminal(2) && Platform.environment("NO_COLOR") == nil && Platform.environment("TERM") != "dumb"
    }

    /// The one printer: each line to its stream, diagnostics in compiler form.
    static func print(_ run: ToolRun, colored: Bool) {
        for line in run.lines { print(line, colored: colored) }
    }

    static func print(_ line: ToolRun.Line, colored: Bool) {
        switch line {
        case .out(let text): Platform.writeText(text + "\n", to: 1)
        case .err(let text): Platform.writeText(text + "\n", to: 2)
        case .diagnostic(let diagnostic): Platform.writeText(DiagnosticFormatter.text(diagnostic, colored: colored) + "\n", to: 2)
        }
    }
}
