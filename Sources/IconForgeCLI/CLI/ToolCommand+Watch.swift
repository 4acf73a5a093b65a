/// `build --watch`, `check --watch` and `preview --watch`: the command's single run, again whenever what it
/// reads changes (see `WatchLoop`). Each run's lines are printed as it ends, through
/// `ToolEnvironment.progress`; the watch itself ends only with the process (Ctrl-C: exit
/// status 130, SIGTERM: 143, as for any run, with nothing half-written left).
extension ToolCommand {
    /// Runs `command` with the command line `parsed`, without `--watch`, again and again. The preview page its
    /// runs write (`WatchTargets.pages`) is one a browser should reload (`LiveReload`); the
    /// runs see `ToolEnvironment.isWatching`, so the page carries `LiveReload.pageScript`.
    static func watch(
        _ command: OptionCommand, parsed: ParsedArguments, format: OutputFormat, output: inout ToolRun
    ) throws(UsageError) -> ExitStatus {
        guard format == .text else {
            throw UsageError(
                "--watch prints for a person at a terminal, in text; --format \(format.rawValue) is for a program, which runs iconforge once"
            )
        }
        var environment = output.environment
        environment.isWatching = true
        environment.buildMemory = BuildMemory()
        // A command line that cannot work stops here, once; a configuration file that is not
        // valid is reported by the run, and watched until it is fixed.
        do {
            _ = try request(from: parsed, command: command, environment: environment)
        } catch  where error.file == nil {
            throw error
        } catch {}
        let once = parsed.without([Option.watch.declaration], positionals: parsed.positionals)
        let driver = environment.watchDriver?() ?? WatchDriver.system(polling: environment.watchPolls)
        let say = environment.progress
        var status = ExitStatus.clean
        var announced = false
        var notice: String?
        let targets = { watchTargets(parsed, command: command, environment: environment) }
        var loop = WatchLoop()
        loop.memory = environment.buildMemory
        loop.run(driver: driver, targets: targets) { changes in
            if !changes.isEmpty { say(.err(ToolRun.standardErrorText("iconforge: " + WatchChange.describe(changes)))) }
            let run = ToolCommand.run(environment: environment) { output throws(UsageError) in
                try build(once, command: command, output: &output)
            }
            for line in run.lines { say(line) }
            // The hint is a line of its own: the diagnostics need not be formatted to find it.
            let hinted = run.lines.contains {
                guard case .err(let text) = $0 else { return false }
                return text.hasPrefix(explainHintPrefix)
            }
            if hinted { environment.hintsExplain = false }
            status = run.status
            if !announced, let targets = targets() {
                announced = true
                say(
                    .err(
                        ToolRun.standardErrorText(
                            "iconforge: watching \(describe(targets)) for changes (\(driver.method)); press Ctrl-C to stop"
                        )))
            }
            // Folders the system would not watch (macOS: out of descriptors), said once
            // each time it changes.
            if let targets = targets() {
                let now = driver.notice(targets)
                if let now, now != notice { say(.err(ToolRun.standardErrorText(now))) }
                notice = now
            }
        }
        return status
    }

    /// What a run with these arguments reads: its glyph folders (one that does not exist yet
    /// too) and glyph files, each folder's quick-action definitions, and the configuration
    /// file, whether it exists or not. Nil when the configuration cannot be read.
    static func watchTargets(_ parsed: ParsedArguments, command: OptionCommand, environment: ToolEnvironment)
        -> WatchTargets?
    {
        guard let (request, _) = try? request(from: parsed, command: command, environment: environment) else {
            return nil
        }
        var targets = WatchTargets()
        for input in request.inputs {
            switch FileSystem.kind(followingSymlinksOf: input) {
            case .directory: targets.glyphFolders.append(input)
            case .missing where !GlyphDiscovery.hasSVGExtension(input): targets.glyphFolders.append(input)
            default: targets.files.append(input)
            }
        }
        targets.files += targets.glyphFolders.map { $0.withoutTrailingSlash + "/" + QuickActions.fileName }
        targets.files.append((try? OptionSettings(parsed: parsed).value(of: .config)) ?? Configuration.defaultFileName)
        if request.keepsImages { targets.pages = [Preview.path(inOutputFolder: request.outputFolder)] }
        return targets
    }

    /// "Glyphs/ and iconforge.json".
    private static func describe(_ targets: WatchTargets) -> String {
        let named =
            targets.glyphFolders.map { $0.withoutTrailingSlash + "/" }
            + targets.files.filter { !$0.hasSuffix("/" + QuickActions.fileName) }
        return named.count < 2 ? named.joined() : named.dropLast().joined(separator: ", ") + " and " + named.last!
    }
}
