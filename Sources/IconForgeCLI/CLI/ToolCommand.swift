/// The `iconforge` command as a pure function of its arguments: it parses them, runs the
/// library, and returns what to print and the exit status as values. It prints nothing,
/// reads no environment and exits nothing: the `iconforge` executable does that.
public enum ToolCommand {
    /// Runs the command line `arguments` (without the program name).
    public static func run(_ arguments: [String], environment: ToolEnvironment = ToolEnvironment()) -> ToolRun {
        var output = ToolRun(environment: environment)
        output.status = run(arguments, output: &output)
        return output
    }

    private static func run(_ arguments: [String], output: inout ToolRun) -> ExitStatus {
        guard let command = arguments.first else {
            output.out(HelpText.main)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            // Every command runs from its declaration: the table the help, completions,
            // man page and reference are made from is the one that dispatches.
            if let declaration = CommandTable.command(command) { return try declaration.run(rest, &output) }
            switch command {
            case "generate-docs":
                // Hidden: `make docs` writes the generated reference files with it.
                return try generateDocs(rest, output: &output)
            case "-h", "--help": return try help(rest, output: &output)
            case "--version", "version":
                output.out("iconforge \(Builder.toolVersion)")
                return .clean
            default:
                var message = "unknown command '\(command)'"
                if let suggestion = ArgumentParser.closest(to: command, among: Set(CommandTable.names)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message)
            }
        } catch {
            output.err("iconforge: error: \(error.message)\n\(error.hint)")
            return error.isUnreadableInput ? .io : .usage
        }
    }

    /// `iconforge help [COMMAND]`.
    static func help(_ arguments: [String], output: inout ToolRun) throws(UsageError) -> ExitStatus {
        guard let name = arguments.first, name != "help" else {
            output.out(HelpText.main)
            return .clean
        }
        guard let help = HelpText.help(for: name) else {
            throw UsageError("no help for unknown command '\(name)'; commands are \(CommandTable.names.joined(separator: ", "))")
        }
        output.out(help)
        return .clean
    }

    /// A command outside the pipeline: its own options parsed, `--help` answered, then `body`.
    static func ownCommand(
        _ name: String, _ arguments: [String], output: inout ToolRun, _ body: (ParsedArguments, inout ToolRun) throws(UsageError) -> ExitStatus
    ) throws(UsageError) -> ExitStatus {
        let parsed = try ArgumentParser.parse(arguments, spec: CommandTable.command(name)?.spec ?? OptionTable.spec(for: [Option.help.declaration]))
        if try OptionSettings(parsed: parsed).value(of: .help) {
            output.out(HelpText.help(for: name) ?? HelpText.main)
            return .clean
        }
        return try body(parsed, &output)
    }

    /// The request a command line asks for: `iconforge.json` (or `--config FILE`) first,
    /// then the flags, which win.
    static func request(from parsed: ParsedArguments, command: OptionCommand, environment: ToolEnvironment) throws(UsageError) -> (BuildRequest, werror: Bool) {
        let writes = command == .build
        var configuration = Configuration()
        var request = BuildRequest()
        request.memory = environment.buildMemory
        request.probes = environment.probes
        // An empty ICONFORGE_LIBRSVG is no preference, as an unset one.
        request.options.librsvgPath = environment.librsvgPath.flatMap { $0.isEmpty ? nil : $0 }
        let commandLine = OptionSettings(parsed: parsed)
        let configPath =
            try commandLine.value(of: .noConfig)
            ? nil : try commandLine.value(of: .config) ?? (FileSystem.kind(of: Configuration.defaultFileName) != .missing ? Configuration.defaultFileName : nil)
        // The folder the configuration lives (or would live) in is a dependency too: creating
        // an iconforge.json must make Make build again.
        request.extraDependencies = [configPath.map { $0.contains("/") ? $0.parentPath : "." } ?? "."]
        if let configPath {
            // `--follow-symlinks` is the command line's alone (no key): it lets a configured path out through a link.
            let linksMayLeave = writes ? try commandLine.value(of: .followSymlinks) : false
            configuration = try Configuration.load(configPath, linksMayLeave: linksMayLeave)
            request.extraDependencies.append(configPath)
        }
        request.writesOutput = writes
        let settings = OptionSettings(parsed: parsed, configuration: configuration)
        request.inputs = parsed.positionals.isEmpty ? configuration.glyphs ?? ["Glyphs"] : parsed.positionals
        if writes || command == .preview {
            request.outputFolder = try settings.value(of: .output)
        } else if let folder = configuration.given(.output) {
            // Read, never written: what the last build recorded (see `Builder.render`).
            request.outputFolder = folder
        }
        if writes {
            request.assetCatalog = try settings.value(of: .xcassets)
            request.otherAssetCatalogs = try settings.value(of: .xcassetsCheck)
            if let catalog = request.assetCatalog, case .failure(let refusal) = AssetCatalogWriter.locate(catalog) {
                throw UsageError("--xcassets \(catalog) \(refusal.message)")
            }
            for other in request.otherAssetCatalogs where (try? AssetCatalogWriter.locate(other).get())?.groups.isEmpty != true {
                throw UsageError("--xcassets-check \(other) is not an asset catalog: name another .xcassets folder of the app's target")
            }
            request.vectorFormat = try settings.value(of: .vector)
            if request.vectorFormat != nil, request.assetCatalog == nil {
                throw UsageError("--vector writes vector image sets into an asset catalog: name it with --xcassets (App/Assets.xcassets)")
            }
            request.symbolsFolder = try settings.value(of: .symbols)
            request.depfile = try settings.value(of: .depfile)
            request.fileListFolder = try settings.value(of: .xcfilelist)
            request.appFiles.infoPlist = try settings.value(of: .infoPlist)
            request.appFiles.stringsFolder = try settings.value(of: .infoPlistStrings)
            request.appFiles.stringCatalog = try settings.value(of: .xcstrings)
            request.appFiles.swiftSource = try settings.value(of: .swift)
            request.appFiles.swiftIsPublic = try settings.value(of: .swiftPublic)
            request.followsSymlinks = try settings.value(of: .followSymlinks)
        }
        if writes || command == .preview {
            let folder = FileManager.default.currentDirectoryPath
            request.projectRoot = PathBase.repositoryRoot(from: folder) ?? folder
        }
        request.appName = try settings.value(of: .appName)
        // The page shows the PNGs this run makes, so the run keeps them (a check too).
        let previewFlag = try settings.value(of: .preview)
        request.keepsImages = command == .preview || previewFlag
        let werror = try settings.value(of: .werror)
        if let fit = try settings.value(of: .fit) { request.options.mode = fit.mode }
        request.jobs = try settings.value(of: .jobs)
        let progress = environment.progress
        request.onWaitingForLock = { folder in
            progress(.err(ToolRun.standardErrorText("waiting for another iconforge build of \(folder.hasSuffix("/") ? folder : folder + "/") to finish…")))
        }
        request.options.shapeThreshold = try settings.value(of: .shapeThreshold)
        request.options.sizeTolerance = try settings.value(of: .tolerance)
        request.options.limits.maximumFileBytes = try settings.value(of: .maxFileSize)
        request.options.limits.maximumElements = try settings.value(of: .maxElements)
        request.options.pngCompression = try settings.value(of: .pngCompression)
        request.options.allowOffCenter = configuration.allowOffCenter ?? []
        request.options.severities = configuration.severities ?? []
        request.options.family = configuration.family ?? FamilyOptions()
        // Checked once the file and the flags are merged: the same pair is refused from either.
        let timeout = try settings.given(.renderTimeout)
        switch try settings.value(of: .isolation) {
        case .none:
            if timeout != nil {
                let option = Option.renderTimeout
                let key = option.declaration.configurationKey ?? ""
                let given = settings.isOnCommandLine(option) ? option.name : "\"\(key)\" in \(configPath ?? Configuration.defaultFileName)"
                throw UsageError("\(given) needs worker processes; it cannot stop a render inside this process (--isolation none)")
            }
            request.isolation = .inProcess
        case .workers:
            request.isolation = .defaultWorkers(timeout: timeout ?? Option.renderTimeout.defaultValue)
            if let worker = environment.renderWorkerPath, !worker.isEmpty, case .workers(_, let timeout, let memory) = request.isolation {
                request.isolation = .workers(executable: worker, timeout: timeout, memoryBytes: memory)
            }
        }
        return (request, werror)
    }

    /// `build`, `check` and `preview` (a check that then writes the preview page). A command
    /// line that cannot work (an unknown option, `--format` twice, `--watch` with a CI
    /// format) still gives CI the document the `--format` it asked for promises, holding the
    /// usage error, with exit status 2: a step that parses standard output never gets none.
    static func build(_ arguments: [String], command: OptionCommand, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        do throws(UsageError) {
            return try buildParsed(arguments, command: command, output: &output)
        } catch {
            guard command != .preview, let format = requestedFormat(arguments), format != .text else { throw error }
            reportStop(Diagnostic(error.isUnreadableInput ? .inputUnreadable : .configInvalid, file: error.file ?? "", at: error.location, error.message), format: format, command: command.rawValue, output: &output)
            output.err("iconforge: error: \(error.message)\n\(error.hint)")
            return error.isUnreadableInput ? .io : .usage
        }
    }

    /// The first valid `--format` value on a command line that may not parse (nil: none).
    static func requestedFormat(_ arguments: [String]) -> OutputFormat? {
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            let name = Option.format.name
            if argument == name, index + 1 < arguments.count, let format = OutputFormat(rawValue: arguments[index + 1]) { return format }
            if argument.hasPrefix(name + "="), let format = OutputFormat(rawValue: String(argument.dropFirst(name.count + 1))) { return format }
            index += 1
        }
        return nil
    }

    private static func buildParsed(_ arguments: [String], command: OptionCommand, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let writes = command == .build
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, spec: OptionTable.spec(for: command))
        } catch {
            // Say which command an option belongs to, when it belongs to another one.
            let names = arguments.prefix { $0 != "--" }.filter { $0.hasPrefix("-") }.map { String($0.prefix { $0 != "=" }) }
            for option in names {
                guard let other = OptionTable.otherCommand(for: option, than: command) else { continue }
                let why =
                    switch command {
                    case .build: "'build' does not take it"
                    case .check: "'check' writes nothing"
                    default: "'\(command.rawValue)' does not take it"
                    }
                throw UsageError("option '\(option)' is for '\(other)'; " + why)
            }
            throw error
        }
        let commandLine = OptionSettings(parsed: parsed)
        if try commandLine.value(of: .help) {
            output.out(command == .build ? HelpText.build : command == .preview ? HelpText.preview : HelpText.check)
            return .clean
        }
        // preview has no --format or --path-base: its diagnostics are text, and on the page.
        let ciOptions = command != .preview
        let format = try ciOptions ? commandLine.value(of: .format) : .text
        if try commandLine.value(of: .watch) {
            return try watch(command, arguments, parsed: parsed, format: format, output: &output)
        }
        // GitHub finds a file by its path from the repository root, not from where iconforge ran.
        let currentFolder = FileManager.default.currentDirectoryPath
        let base = try (ciOptions ? commandLine.value(of: .pathBase) : nil) ?? PathBase.repositoryRoot(from: currentFolder) ?? currentFolder
        let forCI: (Diagnostic) -> Diagnostic = { diagnostic in
            var moved = diagnostic
            if !diagnostic.file.isEmpty { moved.file = PathBase.relative(diagnostic.file, to: base, currentFolder: currentFolder) }
            return moved
        }
        // From here on, every way out gives CI the document (or annotation) `format` promises.
        var request: BuildRequest
        do {
            let werror: Bool
            (request, werror) = try self.request(from: parsed, command: command, environment: output.environment)
            request.warningsAreErrors = werror
        } catch {
            guard format != .text else { throw error }
            let rule: RuleID = error.isUnreadableInput ? .inputUnreadable : .configInvalid
            reportStop(forCI(Diagnostic(rule, file: error.file ?? "", at: error.location, error.message)), format: format, command: command.rawValue, output: &output)
            output.err("iconforge: error: \(error.message)\n\(error.hint)")
            return error.isUnreadableInput ? .io : .usage
        }

        // check: what exists is checked, and what does not is reported (exit 3). build stops
        // instead: a catalog without a missing folder's glyphs would drop their outputs.
        var missing: [Diagnostic] = []
        if command == .check {
            let present = request.inputs.filter { FileSystem.kind(of: $0) != .missing }
            if !present.isEmpty, present.count < request.inputs.count {
                missing = request.inputs.filter { FileSystem.kind(of: $0) == .missing }.map { Diagnostic(.inputUnreadable, file: $0, "no such file or folder") }
                request.inputs = present
            }
        }

        // A progress line: on a terminal, in text, and (the meter decides) once a second has passed.
        var meter: ProgressMeter?
        let quiet = try commandLine.value(of: .quiet)
        if format == .text, !quiet, let statusLine = output.environment.statusLine {
            let progress = ProgressMeter(clock: output.environment.clock, write: statusLine)
            request.onGlyphDone = { done, total in progress.update(done: done, total: total) }
            meter = progress
        }
        let clock = ContinuousClock()
        let start = clock.now
        var report: BuildReport
        do {
            defer { meter?.finish() }
            report = try Builder.run(request)
        } catch {
            switch error {
            case .missingInput(let path, let message):
                let diagnostic = Diagnostic(.inputUnreadable, file: path, message)
                reportStop(format == .text ? diagnostic : forCI(diagnostic), format: format, command: command.rawValue, output: &output)
            case .output(let failure):
                // Say what is on disk, as the build reports it.
                let kept =
                    switch failure.leftOutput {
                    case .commitPointRemoved: "; no output was replaced, but catalog.json was removed until a build completes: build again"
                    case .partlyReplaced: "; some outputs were replaced, and catalog.json was removed until a build completes: build again"
                    case .partlyAdded: "; some new outputs were added, and catalog.json, which does not list them yet, left as it was: build again"
                    case .committed:
                        "; the new outputs and catalog.json are in place, but the outputs of glyphs that no longer build were not all removed: the next build removes them"
                    case .unchanged, nil: FileSystem.kind(followingSymlinksOf: request.outputFolder) == .directory ? "; previous output left as it was" : ""
                    }
                let diagnostic = Diagnostic(.outputUnwritable, file: failure.path, failure.message + kept)
                reportStop(format == .text ? diagnostic : forCI(diagnostic), format: format, command: command.rawValue, checked: failure.checked, output: &output)
                // The glyphs were checked: the summary line still counts them (and the stop).
                if let checked = failure.checked, format == .text || format == .github, !quiet {
                    func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
                    output.err("\(count(checked.glyphs, "glyph")), no output written, \(count(checked.errors + 1, "error")), \(count(checked.warnings, "warning")), \((clock.now - start).seconds.fixed(2)) s")
                }
            case .dependencyFile(let failure):
                let diagnostic = Diagnostic(.outputUnwritable, file: failure.path, "cannot write the dependency file: \(failure.message) (the outputs were written)")
                reportStop(format == .text ? diagnostic : forCI(diagnostic), format: format, command: command.rawValue, output: &output)
            case .appFile(let failure):
                let diagnostic = Diagnostic(.outputUnwritable, file: failure.path, "cannot update the app's file: \(failure.message) (nothing was written: the app's files are committed with the outputs)")
                reportStop(format == .text ? diagnostic : forCI(diagnostic), format: format, command: command.rawValue, output: &output)
            case .refusedDestination(let failure):
                let diagnostic = Diagnostic(.outputUnwritable, file: failure.path, failure.message + "; nothing was written")
                reportStop(format == .text ? diagnostic : forCI(diagnostic), format: format, command: command.rawValue, output: &output)
            }
            return .io
        }
        let elapsed = (clock.now - start).seconds
        // The preview page goes over no file iconforge did not write (`output.conflict`).
        let previewPath = request.keepsImages ? Preview.path(inOutputFolder: request.outputFolder) : nil
        if let path = previewPath, let problem = Preview.conflict(at: path) {
            missing.append(Diagnostic(.outputConflict, file: path, problem))
        } else if let path = previewPath, command == .preview,
            let problem = request.writeDestination.problem(request.outputFolder, what: "the output folder", currentFolder: currentFolder)
        {
            // `build` judged its output folder before writing; `preview` writes only the page.
            missing.append(Diagnostic(.outputConflict, file: path, problem + "; the preview page is not written"))
        }
        if !missing.isEmpty {
            report.diagnostics = (missing + report.diagnostics).sorted(by: Diagnostic.sortOrder)
            report.failed = true
        }
        let failed = report.failed
        if output.environment.writesStepSummary {
            output.stepSummary = StepSummary.markdown(
                command: command.rawValue, diagnostics: report.diagnostics.map(forCI), glyphs: report.glyphCount,
                glyphFiles: Set(report.glyphFiles.map { PathBase.relative($0, to: base, currentFolder: currentFolder) }), failed: failed)
        }
        var notice: String?

        switch format {
        case .json:
            // Read only here: after a build where nothing changed, the catalog comes from
            // decoding catalog.json, which costs such a build more than all its other work.
            var summary = report.catalog.summary
            summary.errors += missing.count
            output.out(DiagnosticFormatter.json(diagnostics: report.diagnostics, summary: summary, failed: failed))
        case .github:
            // Within what GitHub annotates; the rest go to the log in text form, and a
            // notice at the end says how many and where.
            let selection = GitHubAnnotations.select(DiagnosticFormatter.grouped(report.diagnostics.map(forCI)), summaryWritten: output.environment.writesStepSummary)
            for annotation in selection.annotations { output.out(annotation) }
            for diagnostic in selection.rest { output.diagnostic(diagnostic) }
            notice = selection.notice
        case .sarif:
            output.out(SARIFFormatter.log(report.diagnostics.map(forCI), completed: !missing.contains { $0.rule == .inputUnreadable }))
        case .text:
            for diagnostic in DiagnosticFormatter.grouped(report.diagnostics) {
                output.diagnostic(diagnostic)
            }
            if let hint = explainHint(report.diagnostics, environment: output.environment) { output.err(hint) }
        }
        if failed, report.errorCount == 0, format == .text || format == .github {
            output.err(werrorNote(warnings: report.warningCount))
        }
        if !quiet {
            if format == .text || format == .github, let tally = DiagnosticFormatter.failureTally(report.diagnostics, glyphFiles: report.glyphFiles) { output.err(tally) }
            output.err(summaryLine(report, elapsed: elapsed, wrote: writes ? request.outputFolder : nil))
        }
        if output.environment.printsStageTimings {
            for (stage, seconds) in report.stageSeconds {
                output.err("stage \(stage) \(seconds.fixed(4)) s")
            }
        }
        if let notice { output.out(notice) }
        if let path = previewPath, !missing.contains(where: { $0.rule == .outputConflict }) {
            do throws(FileError) {
                try FileSystem.createFolder(request.outputFolder)
                try Preview.write(report: report, request: request, to: path, liveReload: output.environment.isWatching)
            } catch {
                output.err("\(error.path): error: cannot write the preview page: \(error.message)")
                return .io
            }
            // Standard output holds the document a CI format promises, and nothing else.
            if format == .text { output.out(path) } else { output.err("preview: \(path)") }
        }
        return missing.contains(where: { $0.rule == .inputUnreadable }) ? .io : failed ? .checkFailed : .clean
    }

    /// A run that stopped before it had a report: in text, `file: error: message` on
    /// standard error; otherwise the document (or annotation) the format promises, holding
    /// the one diagnostic, so that a CI step parsing it never gets empty output.
    static func reportStop(_ diagnostic: Diagnostic, format: OutputFormat, command: String, checked: FileError.Checked? = nil, output: inout ToolRun) {
        if output.environment.writesStepSummary {
            output.stepSummary = StepSummary.markdown(command: command, diagnostics: [diagnostic], glyphs: checked?.glyphs ?? 0, glyphFiles: [], failed: true)
        }
        switch format {
        case .json:
            // A stop after the glyphs were checked counts them, and their findings beside the stop.
            let summary = Catalog.Summary(glyphs: checked?.glyphs ?? 0, pngs: 0, errors: 1 + (checked?.errors ?? 0), warnings: checked?.warnings ?? 0)
            output.out(DiagnosticFormatter.json(diagnostics: [diagnostic], summary: summary, failed: true))
        case .github: output.out(DiagnosticFormatter.github(diagnostic))
        case .sarif: output.out(SARIFFormatter.log([diagnostic], completed: false))
        case .text: output.err("\(diagnostic.file.isEmpty ? "iconforge" : DiagnosticFormatter.runnerSafe(diagnostic.file)): error: \(diagnostic.message)")
        }
    }

    /// `iconforge render GLYPH.svg --scale 2|3 -o FILE.png`: one glyph, one scale, exactly as
    /// `build` makes it, for Makefile pattern rules.
    static func render(_ arguments: [String], output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let parsed = try ArgumentParser.parse(arguments, spec: OptionTable.spec(for: .render))
        let own = OptionSettings(parsed: parsed)
        if try own.value(of: .help) {
            output.out(HelpText.render)
            return .clean
        }
        let path = try singleGlyph(parsed, command: "render", example: "iconforge render Glyphs/star.svg --scale 2 -o star@2x.png")
        guard let scaleText = try own.value(of: .scale), let scale = Template.scales.first(where: { "\($0.factor)" == scaleText || "\($0.factor)x" == scaleText }) else {
            throw UsageError("render needs --scale 2 or --scale 3")
        }
        guard let destination = try own.value(of: .renderOutput) else { throw UsageError("render needs -o FILE.png") }
        // No positionals: the request's inputs are the glyphs a build would see, the set that
        // `--fit=set` plans the glyph's scale over (see `Builder.render`).
        let (request, werror) = try request(from: parsed.without([Option.renderOutput.declaration, Option.scale.declaration], positionals: []), command: .check, environment: output.environment)

        let diagnostics: [Diagnostic]
        var png: [UInt8]?
        do {
            let rendered = try Builder.render(path, request: request)
            diagnostics = rendered.diagnostics
            if let index = Template.scales.firstIndex(of: scale), index < rendered.pngs.count { png = rendered.pngs[index] }
        } catch {
            return report(error, output: &output)
        }
        for diagnostic in DiagnosticFormatter.grouped(diagnostics) { output.diagnostic(diagnostic) }
        if let hint = explainHint(diagnostics, environment: output.environment) { output.err(hint) }
        let policy = SeverityPolicy(warningsAreErrors: werror)
        let failed = policy.fails(diagnostics)
        if policy.failsByWarningsAlone(diagnostics) { output.err(werrorNote(warnings: diagnostics.count)) }
        guard !failed, let png else { return .checkFailed }
        do {
            // Always written (not only when changed): Make judges the target by its time.
            try FileSystem.writeAtomically(png, to: destination)
        } catch {
            output.err("\(error.path): error: \(error.message)")
            return .io
        }
        return .clean
    }

    /// Why a run with no errors failed: without it, "0 errors" and exit status 1 disagree.
    static func werrorNote(warnings: Int) -> String {
        "iconforge: error: \(warnings == 1 ? "1 warning" : "\(warnings) warnings") treated as errors (--werror, or \"werror\" in iconforge.json)"
    }

    static func summaryLine(_ report: BuildReport, elapsed: Double, wrote folder: String?) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var parts = [count(report.glyphCount, "glyph") + (report.reusedCount > 0 ? " (\(report.reusedCount) unchanged)" : "")]
        if folder != nil { parts.append(count(report.pngCount, "PNG")) }
        parts += [
            DiagnosticFormatter.count(.error, in: report.diagnostics, glyphFiles: report.glyphFiles),
            DiagnosticFormatter.count(.warning, in: report.diagnostics, glyphFiles: report.glyphFiles), elapsed.fixed(2) + " s",
        ]
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

