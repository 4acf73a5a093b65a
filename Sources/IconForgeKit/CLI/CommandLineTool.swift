import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `iconforge` command: parses arguments, runs the library, prints, and returns the
/// exit status. The only code that writes to the terminal.
public enum CommandLineTool {
    /// Exit statuses, as documented in `--help` and the README.
    public enum ExitStatus: Int32 {
        case clean = 0
        case checkFailed = 1
        case usage = 2
        case io = 3
    }

    /// Runs the tool with `arguments` (without the program name).
    public static func run(_ arguments: [String]) -> Int32 {
        var output = StandardStreams()
        return run(arguments, output: &output).rawValue
    }

    static func run(_ arguments: [String], output: inout some ToolOutput) -> ExitStatus {
        guard let command = arguments.first else {
            output.out(HelpText.main)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            switch command {
            case RenderWorker.command:
                return ExitStatus(rawValue: RenderWorker.run(rest)) ?? .usage
            case "build": return try build(rest, writes: true, output: &output)
            case "check": return try build(rest, writes: false, output: &output)
            case "rules":
                _ = try ArgumentParser.parse(rest, spec: OptionSpec(valued: [], flags: []))
                output.out(rulesTable())
                return .clean
            case "help", "-h", "--help":
                switch rest.first {
                case nil: output.out(HelpText.main)
                case "build": output.out(HelpText.build)
                case "check": output.out(HelpText.check)
                case let other?: throw UsageError("no help for unknown command '\(other)'; commands are build, check, rules")
                }
                return .clean
            case "--version", "version":
                output.out("iconforge \(Builder.toolVersion)")
                return .clean
            default:
                var message = "unknown command '\(command)'"
                if let suggestion = ArgumentParser.closest(to: command, among: ["build", "check", "rules", "help"]) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message)
            }
        } catch {
            output.err("iconforge: error: \(error.message)\nRun 'iconforge --help' for usage.")
            return .usage
        }
    }

    private static let buildSpec = OptionSpec(
        valued: [
            "--output", "--jobs", "--shape-threshold", "--tolerance", "--max-file-size", "--max-elements", "--format",
            "--png-compression", "--render-timeout", "--isolation",
        ],
        flags: ["--fit", "--werror", "--quiet", "--help"],
        aliases: ["-o": "--output", "-h": "--help", "-j": "--jobs", "-q": "--quiet"])

    private static func build(_ arguments: [String], writes: Bool, output: inout some ToolOutput) throws(UsageError) -> ExitStatus {
        let parsed = try ArgumentParser.parse(arguments, spec: buildSpec)
        if parsed.flags.contains("--help") {
            output.out(writes ? HelpText.build : HelpText.check)
            return .clean
        }
        if writes, parsed.values["--format"] != nil {
            throw UsageError("option '--format' is for 'check'; 'build' prints text diagnostics")
        }
        if !writes, parsed.values["--output"] != nil {
            throw UsageError("option '--output' is for 'build'; 'check' writes nothing")
        }
        let format = parsed.values["--format"] ?? "text"
        guard ["text", "json", "github"].contains(format) else {
            throw UsageError("unknown format '\(format)'; use text, json or github")
        }

        var request = BuildRequest()
        request.writesOutput = writes
        if !parsed.positionals.isEmpty { request.inputs = parsed.positionals }
        if let folder = parsed.values["--output"] { request.outputFolder = folder }
        if parsed.flags.contains("--fit") { request.options.mode = .fit }
        if let jobs = try parsed.integer("--jobs", in: 1...256) { request.jobs = jobs }
        if let threshold = try parsed.number("--shape-threshold", in: 1...10) { request.options.shapeThreshold = threshold }
        if let tolerance = try parsed.number("--tolerance", in: 0...35) { request.options.sizeTolerance = tolerance }
        if let size = try parsed.integer("--max-file-size", in: 1...(1 << 30)) { request.options.limits.maximumFileBytes = size }
        if let count = try parsed.integer("--max-elements", in: 1...10_000_000) { request.options.limits.maximumElements = count }
        if let level = try parsed.integer("--png-compression", in: 1...12) { request.options.pngCompression = level }
        let timeout = try parsed.number("--render-timeout", in: 0.1...3600) ?? 10
        switch parsed.values["--isolation"] ?? "workers" {
        case "workers": request.isolation = .defaultWorkers(timeout: timeout)
        case "none": request.isolation = .inProcess
        case let other: throw UsageError("unknown isolation '\(other)'; use workers or none")
        }

        let clock = ContinuousClock()
        let start = clock.now
        let report: BuildReport
        do {
            report = try Builder.run(request)
        } catch {
            switch error {
            case .missingInput(let path, let message): output.err("\(path): error: \(message)")
            case .output(let failure): output.err("\(failure.path): error: \(failure.message); previous output left as it was")
            }
            return .io
        }
        let elapsed = (clock.now - start).seconds
        let failed = report.errorCount > 0 || (parsed.flags.contains("--werror") && report.warningCount > 0)

        switch format {
        case "json":
            output.out(DiagnosticFormatter.json(report, failed: failed))
        case "github":
            for diagnostic in report.diagnostics { output.out(DiagnosticFormatter.github(diagnostic)) }
        default:
            for diagnostic in report.diagnostics {
                output.err(DiagnosticFormatter.text(diagnostic, colored: output.colorsErrors))
            }
        }
        if !parsed.flags.contains("--quiet") {
            output.err(summaryLine(report, elapsed: elapsed, wrote: writes ? request.outputFolder : nil))
        }
        if ProcessInfo.processInfo.environment["ICONFORGE_TIMINGS"] == "1" {
            for (stage, seconds) in report.stageSeconds {
                output.err("stage \(stage) \(seconds.fixed(4)) s")
            }
        }
        return failed ? .checkFailed : .clean
    }

    static func summaryLine(_ report: BuildReport, elapsed: Double, wrote folder: String?) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var parts = [count(report.glyphCount, "glyph")]
        if folder != nil { parts.append(count(report.pngCount, "PNG")) }
        parts += [count(report.errorCount, "error"), count(report.warningCount, "warning"), elapsed.fixed(2) + " s"]
        var line = parts.joined(separator: ", ")
        if let folder { line += " → \(folder)/" }
        return line
    }

    static func rulesTable() -> String {
        RuleID.allCases.map { rule in
            let id = rule.rawValue.padded(to: 20)
            let severity = rule.defaultSeverity.rawValue.padded(to: 8)
            return "\(id) \(severity) \(rule.summary)"
        }.joined(separator: "\n")
    }
}

/// Where the tool's text goes; tests capture it.
protocol ToolOutput {
    mutating func out(_ text: String)
    mutating func err(_ text: String)
    /// Whether stderr is a terminal that shows colour.
    var colorsErrors: Bool { get }
}

struct StandardStreams: ToolOutput {
    mutating func out(_ text: String) {
        Self.write(text + "\n", to: 1)
    }

    mutating func err(_ text: String) {
        Self.write(text + "\n", to: 2)
    }

    /// Writes all of `text` to a file descriptor (1 or 2), retrying short writes.
    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return }
            written += result
        }
    }

    var colorsErrors: Bool {
        isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}
