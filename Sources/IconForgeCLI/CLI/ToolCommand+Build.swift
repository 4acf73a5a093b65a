/// `build`, `check` and `preview` (a check that then writes the preview page), in the steps a
/// run takes: settle how it reports, make the request, build, print the report, write the page.
extension ToolCommand {
    /// A run that ended at a step before the last, with its exit status (what it had to say
    /// is said).
    struct RunEnded: Error {
        var status: ExitStatus
    }

    /// A command line that cannot work (an unknown option, `--format` twice, `--watch` with a
    /// CI format) still gives CI the document the `--format` it asked for promises, holding
    /// the usage error, with exit status 2: a step that parses standard output never gets none.
    static func reportBuildUsageError(
        _ error: UsageError, _ commandLine: ScannedArguments, command: OptionCommand, output: inout ToolRun
    ) throws(UsageError) -> ExitStatus {
        let error = commandLine.error == nil ? error : foreignOptionError(commandLine, command: command) ?? error
        guard command != .preview, let format = requestedFormat(commandLine), format != .text else { throw error }
        let rule: RuleID = error.isUnreadableInput ? .inputUnreadable : .configInvalid
        reportStop(
            Diagnostic(rule, file: error.file ?? "", at: error.location, error.message), format: format,
            command: command.rawValue, output: &output)
        return printUsageError(error, output: &output)
    }

    /// For a command line that does not parse: which command an option belongs to, when it
    /// belongs to another one.
    static func foreignOptionError(_ commandLine: ScannedArguments, command: OptionCommand) -> UsageError? {
        for (option, _) in commandLine.written {
            guard let other = OptionTable.otherCommand(for: option, than: command) else { continue }
            let why =
                switch command {
                case .build: "'build' does not take it"
                case .check: "'check' writes nothing"
                default: "'\(command.rawValue)' does not take it"
                }
            return UsageError("option '\(option)' is for '\(other)'; " + why)
        }
        return nil
    }

    /// The first valid `--format` value on a command line that may not parse (nil: none).
    static func requestedFormat(_ commandLine: ScannedArguments) -> OutputFormat? {
        commandLine.written.lazy.filter { $0.option == Option.format.name }.compactMap {
            $0.value.flatMap(OutputFormat.init(rawValue:))
        }.first
    }

    /// Runs `build`, `check` or `preview` (`command`) on its parsed command line.
    static func build(_ parsed: ParsedArguments, command: OptionCommand, output: inout ToolRun) throws(UsageError)
        -> ExitStatus
    {
        let commandLine = OptionSettings(parsed: parsed)
        // preview has no --format or --path-base: its diagnostics are text, and on the page.
        let format = try command != .preview ? commandLine.value(of: .format) : .text
        if try commandLine.value(of: .watch) {
            return try watch(command, parsed: parsed, format: format, output: &output)
        }
        let run = try BuildCommandRun(parsed, command: command, format: format)
        var request: BuildRequest
        switch try run.request(from: parsed, output: &output) {
        case .success(let made): request = made
        case .failure(let ended): return ended.status
        }
        var missing = run.missingInputs(of: &request)
        let start = ContinuousClock().now
        var report: BuildReport
        switch run.build(request, since: start, output: &output) {
        case .success(let made): report = made
        case .failure(let ended): return ended.status
        }
        let elapsed = (ContinuousClock().now - start).seconds
        // The preview page goes over no file iconforge did not write (`output.conflict`).
        let previewPath = request.keepsImages ? Preview.path(inOutputFolder: request.outputFolder) : nil
        missing += run.previewConflicts(previewPath, request: request)
        if !missing.isEmpty {
            report.diagnostics = (missing + report.diagnostics).sorted(by: Diagnostic.sortOrder)
            report.failed = true
        }
        run.printReport(
            report, missing: missing, elapsed: elapsed, wrote: command == .build ? request.outputFolder : nil,
            output: &output)
        if let path = previewPath, !missing.contains(where: { $0.rule == .outputConflict }) {
            guard run.writePreview(report, request: request, to: path, output: &output) else { return .io }
        }
        return missing.contains(where: { $0.rule == .inputUnreadable }) ? .io : report.failed ? .checkFailed : .clean
    }

    /// A run that stopped before it had a report: in text, `file: error: message` on
    /// standard error; otherwise the document (or annotation) the format promises, holding
    /// the one diagnostic, so that a CI step parsing it never gets empty output.
    static func reportStop(
        _ diagnostic: Diagnostic, format: OutputFormat, command: String, checked: FileError.Checked? = nil,
        output: inout ToolRun
    ) {
        if output.environment.writesStepSummary {
            output.stepSummary = StepSummary.markdown(
                command: command, diagnostics: [diagnostic], glyphs: checked?.glyphs ?? 0, glyphFiles: [], failed: true)
        }
        switch format {
        case .json:
            // A stop after the glyphs were checked counts them, and their findings beside the stop.
            let summary = Catalog.Summary(
                glyphs: checked?.glyphs ?? 0, pngs: 0, errors: 1 + (checked?.errors ?? 0),
                warnings: checked?.warnings ?? 0)
            output.out(DiagnosticFormatter.json(diagnostics: [diagnostic], summary: summary, failed: true))
        case .github: output.out(DiagnosticFormatter.github(diagnostic))
        case .sarif: output.out(SARIFFormatter.log([diagnostic], completed: false))
        case .text:
            output.err(
                "\(diagnostic.file.isEmpty ? "iconforge" : DiagnosticFormatter.runnerSafe(diagnostic.file)): error: \(diagnostic.message)"
            )
        }
    }
}

/// One run of `build`, `check` or `preview`: how it reports, settled before it builds, and
/// its steps.
struct BuildCommandRun {
    var command: OptionCommand
    var format: OutputFormat
    var quiet: Bool
    var currentFolder: String
    /// What paths are relative to for CI: `--path-base`, else the repository's root (GitHub
    /// finds a file by its path from there, not from where iconforge ran).
    var pathBase: String

    init(_ parsed: ParsedArguments, command: OptionCommand, format: OutputFormat) throws(UsageError) {
        let commandLine = OptionSettings(parsed: parsed)
        self.command = command
        self.format = format
        quiet = try commandLine.value(of: .quiet)
        currentFolder = FileManager.default.currentDirectoryPath
        let given = try command != .preview ? commandLine.value(of: .pathBase) : nil
        pathBase = given ?? PathBase.repositoryRoot(from: currentFolder) ?? currentFolder
    }

    /// `diagnostic` as CI reads it: its file named from `pathBase`.
    func forCI(_ diagnostic: Diagnostic) -> Diagnostic {
        var moved = diagnostic
        if !diagnostic.file.isEmpty {
            moved.file = PathBase.relative(diagnostic.file, to: pathBase, currentFolder: currentFolder)
        }
        return moved
    }

    /// Reports a stop (`ToolCommand.reportStop`), its path as the format names files.
    func stop(_ diagnostic: Diagnostic, checked: FileError.Checked? = nil, output: inout ToolRun) {
        ToolCommand.reportStop(
            format == .text ? diagnostic : forCI(diagnostic), format: format, command: command.rawValue,
            checked: checked, output: &output)
    }

    /// The request the command line and iconforge.json make. From here on, every way out
    /// gives CI the document (or annotation) `format` promises.
    func request(from parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> Result<
        BuildRequest, ToolCommand.RunEnded
    > {
        do throws(UsageError) {
            var (request, werror) = try ToolCommand.request(
                from: parsed, command: command, environment: output.environment)
            request.warningsAreErrors = werror
            return .success(request)
        } catch {
            guard format != .text else { throw error }
            stop(
                Diagnostic(
                    error.isUnreadableInput ? .inputUnreadable : .configInvalid, file: error.file ?? "",
                    at: error.location, error.message), output: &output)
            return .failure(ToolCommand.RunEnded(status: ToolCommand.printUsageError(error, output: &output)))
        }
    }

    /// check: what exists is checked, and what does not is reported (exit 3), taken out of
    /// the request's inputs. build stops instead: a catalog without a missing folder's
    /// glyphs would drop their outputs.
    func missingInputs(of request: inout BuildRequest) -> [Diagnostic] {
        guard command == .check else { return [] }
        let present = request.inputs.filter { FileSystem.kind(of: $0) != .missing }
        guard !present.isEmpty, present.count < request.inputs.count else { return [] }
        let missing = request.inputs.filter { FileSystem.kind(of: $0) == .missing }.map {
            Diagnostic(.inputUnreadable, file: $0, "no such file or folder")
        }
        request.inputs = present
        return missing
    }

    /// Builds, with a progress line on a terminal, in text (the meter decides: once a second
    /// has passed); the report, or the end of a build that stopped, reported.
    func build(_ request: BuildRequest, since start: ContinuousClock.Instant, output: inout ToolRun) -> Result<
        BuildReport, ToolCommand.RunEnded
    > {
        var request = request
        var meter: ProgressMeter?
        if format == .text, !quiet, let statusLine = output.environment.statusLine {
            let progress = ProgressMeter(clock: output.environment.clock, write: statusLine)
            request.onGlyphDone = { done, total in progress.update(done: done, total: total) }
            meter = progress
        }
        do {
            defer { meter?.finish() }
            return .success(try Builder.run(request))
        } catch {
            report(error, outputFolder: request.outputFolder, since: start, output: &output)
            return .failure(ToolCommand.RunEnded(status: .io))
        }
    }

    /// Why the build stopped, and, for a stop while writing, what is on disk, as the build
    /// reports it.
    private func report(
        _ error: BuildError, outputFolder: String, since start: ContinuousClock.Instant, output: inout ToolRun
    ) {
        switch error {
        case .missingInput(let path, let message):
            stop(Diagnostic(.inputUnreadable, file: path, message), output: &output)
        case .output(let failure):
            let kept =
                switch failure.leftOutput {
                case .commitPointRemoved:
                    "; no output was replaced, but catalog.json was removed until a build completes: build again"
                case .partlyReplaced:
                    "; some outputs were replaced, and catalog.json was removed until a build completes: build again"
                case .partlyAdded:
                    "; some new outputs were added, and catalog.json, which does not list them yet, left as it was: build again"
                case .committed:
                    "; the new outputs and catalog.json are in place, but the outputs of glyphs that no longer build were not all removed: the next build removes them"
                case .unchanged, nil:
                    FileSystem.kind(followingSymlinksOf: outputFolder) == .directory
                        ? "; previous output left as it was" : ""
                }
            stop(
                Diagnostic(.outputUnwritable, file: failure.path, failure.message + kept), checked: failure.checked,
                output: &output)
            // The glyphs were checked: the summary line still counts them (and the stop).
            if let checked = failure.checked, format == .text || format == .github, !quiet {
                func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
                let seconds = (ContinuousClock().now - start).seconds.fixed(2)
                output.err(
                    "\(count(checked.glyphs, "glyph")), no output written, \(count(checked.errors + 1, "error")), \(count(checked.warnings, "warning")), \(seconds) s"
                )
            }
        case .dependencyFile(let failure):
            stop(
                Diagnostic(
                    .outputUnwritable, file: failure.path,
                    "cannot write the dependency file: \(failure.message) (the outputs were written)"), output: &output)
        case .appFile(let failure):
            let message =
                "cannot update the app's file: \(failure.message) (nothing was written: the app's files are committed with the outputs)"
            stop(Diagnostic(.outputUnwritable, file: failure.path, message), output: &output)
        case .refusedDestination(let failure):
            stop(
                Diagnostic(.outputUnwritable, file: failure.path, failure.message + "; nothing was written"),
                output: &output)
        }
    }

    /// Why the preview page at `path` is not written: a file iconforge did not write is
    /// there, or (`preview`, which writes only the page; `build` judged its output folder
    /// before writing) the output folder is not one to write in.
    func previewConflicts(_ path: String?, request: BuildRequest) -> [Diagnostic] {
        guard let path else { return [] }
        if let problem = Preview.conflict(at: path) { return [Diagnostic(.outputConflict, file: path, problem)] }
        guard command == .preview,
            let problem = request.writeDestination.problem(
                request.outputFolder, what: "the output folder", currentFolder: currentFolder)
        else { return [] }
        return [Diagnostic(.outputConflict, file: path, problem + "; the preview page is not written")]
    }

    /// The report in `format`, then the lines for people: the --werror note, the tallies and
    /// the summary line, the stage timings; the step summary for GitHub.
    func printReport(
        _ report: BuildReport, missing: [Diagnostic], elapsed: Double, wrote folder: String?, output: inout ToolRun
    ) {
        if output.environment.writesStepSummary {
            let glyphFiles = Set(
                report.glyphFiles.map { PathBase.relative($0, to: pathBase, currentFolder: currentFolder) })
            output.stepSummary = StepSummary.markdown(
                command: command.rawValue, diagnostics: report.diagnostics.map(forCI), glyphs: report.glyphCount,
                glyphFiles: glyphFiles, failed: report.failed)
        }
        let notice = printDiagnostics(report, missing: missing, output: &output)
        if report.failed, report.errorCount == 0, format == .text || format == .github {
            output.err(ToolCommand.werrorNote(warnings: report.warningCount))
        }
        if !quiet {
            if format == .text || format == .github,
                let tally = DiagnosticFormatter.failureTally(report.diagnostics, glyphFiles: report.glyphFiles)
            {
                output.err(tally)
            }
            output.err(ToolCommand.summaryLine(report, elapsed: elapsed, wrote: folder))
        }
        if output.environment.printsStageTimings {
            for (stage, seconds) in report.stageSeconds {
                output.err("stage \(stage) \(seconds.fixed(4)) s")
            }
        }
        if let notice { output.out(notice) }
    }

    /// The report's diagnostics in `format`; the notice GitHub's annotations end with, if any.
    private func printDiagnostics(_ report: BuildReport, missing: [Diagnostic], output: inout ToolRun) -> String? {
        switch format {
        case .json:
            // Read only here: after a build where nothing changed, the catalog comes from
            // decoding catalog.json, which costs such a build more than all its other work.
            var summary = report.catalog.summary
            summary.errors += missing.count
            output.out(
                DiagnosticFormatter.json(diagnostics: report.diagnostics, summary: summary, failed: report.failed))
        case .github:
            // Within what GitHub annotates; the rest go to the log in text form, and a
            // notice at the end says how many and where.
            let selection = GitHubAnnotations.select(
                DiagnosticFormatter.grouped(report.diagnostics.map(forCI)),
                summaryWritten: output.environment.writesStepSummary)
            for annotation in selection.annotations { output.out(annotation) }
            for diagnostic in selection.rest { output.diagnostic(diagnostic) }
            return selection.notice
        case .sarif:
            output.out(
                SARIFFormatter.log(
                    report.diagnostics.map(forCI), completed: !missing.contains { $0.rule == .inputUnreadable }))
        case .text:
            for diagnostic in DiagnosticFormatter.grouped(report.diagnostics) {
                output.diagnostic(diagnostic)
            }
            if let hint = ToolCommand.explainHint(report.diagnostics, environment: output.environment) {
                output.err(hint)
            }
        }
        return nil
    }

    /// Writes the preview page and names it; false when it cannot be written (said why).
    func writePreview(_ report: BuildReport, request: BuildRequest, to path: String, output: inout ToolRun) -> Bool {
        do throws(FileError) {
            try FileSystem.createFolder(request.outputFolder)
            try Preview.write(report: report, request: request, to: path, liveReload: output.environment.isWatching)
        } catch {
            output.err("\(error.path): error: cannot write the preview page: \(error.message)")
            return false
        }
        // Standard output holds the document a CI format promises, and nothing else.
        if format == .text { output.out(path) } else { output.err("preview: \(path)") }
        return true
    }
}
