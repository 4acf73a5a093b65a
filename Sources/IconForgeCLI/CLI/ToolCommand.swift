/// The `iconforge` command as a pure function of its arguments: it parses them, runs the
/// library, and returns what to print and the exit status as values. It prints nothing,
/// reads no environment and exits nothing: the `iconforge` executable does that.
package enum ToolCommand {
    /// Runs the command line `arguments` (without the program name): its first word names a
    /// command of `CommandTable`, which runs it.
    package static func run(_ arguments: [String], environment: ToolEnvironment = ToolEnvironment()) -> ToolRun {
        run(environment: environment) { output throws(UsageError) in
            guard let word = arguments.first else {
                output.out(HelpText.main)
                return .usage
            }
            guard let command = CommandTable.dispatched(word) else {
                var message = "unknown command '\(word)'"
                if let suggestion = ArgumentParser.closest(to: word, among: Set(CommandTable.names)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message)
            }
            return try command.invoke(Array(arguments.dropFirst()), output: &output)
        }
    }

    /// One run of `body`: what it prints and its status, or a usage error's.
    static func run(environment: ToolEnvironment, _ body: (inout ToolRun) throws(UsageError) -> ExitStatus) -> ToolRun {
        var output = ToolRun(environment: environment)
        do throws(UsageError) {
            output.status = try body(&output)
        } catch {
            output.status = printUsageError(error, output: &output)
        }
        return output
    }

    /// `iconforge: error: …` with its hint; the exit status the error gives.
    static func printUsageError(_ error: UsageError, output: inout ToolRun) -> ExitStatus {
        output.err("iconforge: error: \(error.message)\n\(error.hint)")
        return error.isUnreadableInput ? .io : .usage
    }

    /// `iconforge help [COMMAND]`.
    static func help(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        guard let name = parsed.positionals.first else {
            output.out(HelpText.main)
            return .clean
        }
        guard let help = HelpText.help(for: name) else {
            throw UsageError(
                "no help for unknown command '\(name)'; commands are \(CommandTable.names.joined(separator: ", "))")
        }
        output.out(help)
        return .clean
    }

    /// The request a command line asks for: `iconforge.json` (or `--config FILE`) first,
    /// then the flags, which win.
    static func request(from parsed: ParsedArguments, command: OptionCommand, environment: ToolEnvironment)
        throws(UsageError) -> (BuildRequest, werror: Bool)
    {
        let writes = command == .build
        var request = BuildRequest()
        request.memory = environment.buildMemory
        request.probes = environment.probes
        // An empty ICONFORGE_LIBRSVG is no preference, as an unset one.
        request.options.librsvgPath = environment.librsvgPath.flatMap { $0.isEmpty ? nil : $0 }
        let (configuration, configPath) = try loadConfiguration(for: parsed, command: command, request: &request)
        request.writesOutput = writes
        let settings = OptionSettings(parsed: parsed, configuration: configuration)
        request.inputs = parsed.positionals.isEmpty ? configuration.glyphs ?? ["Glyphs"] : parsed.positionals
        if writes || command == .preview {
            request.outputFolder = try settings.value(of: .output)
        } else if let folder = configuration.given(.output) {
            // Read, never written: what the last build recorded (see `Builder.render`).
            request.outputFolder = folder
        }
        if writes { try settleWrites(settings, request: &request) }
        if writes || command == .preview {
            let folder = FileManager.default.currentDirectoryPath
            request.projectRoot = PathBase.repositoryRoot(from: folder) ?? folder
        }
        request.appName = try settings.value(of: .appName)
        // The page shows the PNGs this run makes, so the run keeps them (a check too).
        let previewFlag = try settings.value(of: .preview)
        request.keepsImages = command == .preview || previewFlag
        let werror = try settings.value(of: .werror)
        try settleChecks(settings, configuration: configuration, request: &request, environment: environment)
        request.isolation = try isolation(settings, configPath: configPath, environment: environment)
        return (request, werror)
    }

    /// The configuration the command line names (`--config`), else iconforge.json here if
    /// there is one, unless `--no-config`: loaded, with its path; `request` depends on it.
    private static func loadConfiguration(
        for parsed: ParsedArguments, command: OptionCommand, request: inout BuildRequest
    ) throws(UsageError) -> (Configuration, path: String?) {
        let commandLine = OptionSettings(parsed: parsed)
        let configPath =
            try commandLine.value(of: .noConfig)
            ? nil
            : try commandLine.value(of: .config)
                ?? (FileSystem.kind(of: Configuration.defaultFileName) != .missing
                    ? Configuration.defaultFileName : nil)
        // The folder the configuration lives (or would live) in is a dependency too: creating
        // an iconforge.json must make Make build again.
        request.extraDependencies = [configPath.map { $0.contains("/") ? $0.parentPath : "." } ?? "."]
        guard let configPath else { return (Configuration(), nil) }
        // `--follow-symlinks` is the command line's alone (no key): it lets a configured path out through a link.
        let linksMayLeave = command == .build ? try commandLine.value(of: .followSymlinks) : false
        let configuration = try Configuration.load(configPath, linksMayLeave: linksMayLeave)
        request.extraDependencies.append(configPath)
        return (configuration, configPath)
    }

    /// What `build` writes besides the PNGs and the catalog: asset catalogs, symbols, the
    /// depfile and file lists, the app's files.
    private static func settleWrites(_ settings: OptionSettings, request: inout BuildRequest) throws(UsageError) {
        request.assetCatalog = try settings.value(of: .xcassets)
        request.otherAssetCatalogs = try settings.value(of: .xcassetsCheck)
        if let catalog = request.assetCatalog, case .failure(let refusal) = AssetCatalogWriter.locate(catalog) {
            throw UsageError("--xcassets \(catalog) \(refusal.message)")
        }
        for other in request.otherAssetCatalogs
        where (try? AssetCatalogWriter.locate(other).get())?.groups.isEmpty != true {
            throw UsageError(
                "--xcassets-check \(other) is not an asset catalog: name another .xcassets folder of the app's target")
        }
        request.vectorFormat = try settings.value(of: .vector)
        if request.vectorFormat != nil, request.assetCatalog == nil {
            throw UsageError(
                "--vector writes vector image sets into an asset catalog: name it with --xcassets (App/Assets.xcassets)"
            )
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

    /// How the glyphs are measured, checked, rendered and encoded, and how many at once.
    private static func settleChecks(
        _ settings: OptionSettings, configuration: Configuration, request: inout BuildRequest,
        environment: ToolEnvironment
    ) throws(UsageError) {
        if let fit = try settings.value(of: .fit) { request.options.mode = fit.mode }
        request.jobs = try settings.value(of: .jobs)
        let progress = environment.progress
        request.onWaitingForLock = { folder in
            progress(
                .err(
                    ToolRun.standardErrorText(
                        "waiting for another iconforge build of \(folder.hasSuffix("/") ? folder : folder + "/") to finish…"
                    )))
        }
        request.options.shapeThreshold = try settings.value(of: .shapeThreshold)
        request.options.sizeTolerance = try settings.value(of: .tolerance)
        request.options.limits.maximumFileBytes = try settings.value(of: .maxFileSize)
        request.options.limits.maximumElements = try settings.value(of: .maxElements)
        request.options.pngCompression = try settings.value(of: .pngCompression)
        request.options.allowOffCenter = configuration.allowOffCenter ?? []
        request.options.severities = configuration.severities ?? []
        request.options.family = configuration.family ?? FamilyOptions()
    }

    /// Where glyphs render: in worker processes (the environment may name their program), or
    /// in this process, where no render timeout can stop a render. Judged once the file and
    /// the flags are merged: the same pair is refused from either.
    private static func isolation(_ settings: OptionSettings, configPath: String?, environment: ToolEnvironment)
        throws(UsageError) -> Isolation
    {
        let timeout = try settings.given(.renderTimeout)
        switch try settings.value(of: .isolation) {
        case .none:
            if timeout != nil {
                let option = Option.renderTimeout
                let key = option.declaration.configurationKey ?? ""
                let given =
                    settings.isOnCommandLine(option)
                    ? option.name : "\"\(key)\" in \(configPath ?? Configuration.defaultFileName)"
                throw UsageError(
                    "\(given) needs worker processes; it cannot stop a render inside this process (--isolation none)")
            }
            return .inProcess
        case .workers:
            let workers = Isolation.defaultWorkers(timeout: timeout ?? Option.renderTimeout.defaultValue)
            if let worker = environment.renderWorkerPath, !worker.isEmpty,
                case .workers(_, let timeout, let memory) = workers
            {
                return .workers(executable: worker, timeout: timeout, memoryBytes: memory)
            }
            return workers
        }
    }

    /// `iconforge render GLYPH.svg --scale 2|3 -o FILE.png`: one glyph, one scale, exactly as
    /// `build` makes it, for Makefile pattern rules.
    static func render(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let own = OptionSettings(parsed: parsed)
        let path = try singleGlyph(
            parsed, command: "render", example: "iconforge render Glyphs/star.svg --scale 2 -o star@2x.png")
        guard let scaleText = try own.value(of: .scale),
            let scale = Template.scales.first(where: { "\($0.factor)" == scaleText || "\($0.factor)x" == scaleText })
        else {
            throw UsageError("render needs --scale 2 or --scale 3")
        }
        guard let destination = try own.value(of: .renderOutput) else { throw UsageError("render needs -o FILE.png") }
        // No positionals: the request's inputs are the glyphs a build would see, the set that
        // `--fit=set` plans the glyph's scale over (see `Builder.render`).
        let (request, werror) = try request(
            from: parsed.without([Option.renderOutput.declaration, Option.scale.declaration], positionals: []),
            command: .check, environment: output.environment)

        let diagnostics: [Diagnostic]
        var png: [UInt8]?
        do {
            let rendered = try Builder.render(path, request: request)
            diagnostics = rendered.diagnostics
            if let index = Template.scales.firstIndex(of: scale), index < rendered.pngs.count {
                png = rendered.pngs[index]
            }
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
        var parts = [
            count(report.glyphCount, "glyph") + (report.reusedCount > 0 ? " (\(report.reusedCount) unchanged)" : "")
        ]
        if folder != nil { parts.append(count(report.pngCount, "PNG")) }
        parts += [
            DiagnosticFormatter.count(.error, in: report.diagnostics, glyphFiles: report.glyphFiles),
            DiagnosticFormatter.count(.warning, in: report.diagnostics, glyphFiles: report.glyphFiles),
            elapsed.fixed(2) + " s",
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
