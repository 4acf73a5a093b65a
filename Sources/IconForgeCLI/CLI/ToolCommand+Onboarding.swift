/// The commands that help people start: `explain`, `init`, `doctor`, `completions`, and
/// the hidden `generate-docs` behind `make docs`.
extension ToolCommand {
    /// After text diagnostics, once per run (once per session under `--watch`): where to read
    /// about the first error's rule (or the first warning's, when there is no error).
    static func explainHint(_ diagnostics: [Diagnostic], environment: ToolEnvironment) -> String? {
        guard environment.hintsExplain,
            let rule = (diagnostics.first { $0.severity == .error } ?? diagnostics.first)?.rule
        else { return nil }
        return explainHintPrefix + "\(rule.rawValue)' says what a rule checks and how to fix it"
    }

    static let explainHintPrefix = "hint: 'iconforge explain "

    static func explain(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        guard parsed.positionals.count == 1, let name = parsed.positionals.first else {
            throw UsageError(
                "explain takes one rule id, e.g. iconforge explain color.monochrome; 'iconforge rules' lists them")
        }
        guard let rule = RuleID(rawValue: name) else {
            var message = "unknown rule '\(name)'"
            // A family's word (`size`, `color.`): its rules, in the order `rules` lists them.
            let family = name.lowercased().hasSuffix(".") ? name.lowercased() : name.lowercased() + "."
            let members = RuleID.allCases.map(\.rawValue).filter { $0.hasPrefix(family) }
            if !members.isEmpty {
                message += "; the rules starting with '\(family)' are " + members.joined(separator: ", ")
            } else if let suggestion = ArgumentParser.closest(to: name, among: Set(RuleID.allCases.map(\.rawValue))) {
                message += "; did you mean '\(suggestion)'?"
            }
            var error = UsageError(message)
            error.hint = "Run 'iconforge rules' for every rule id."
            throw error
        }
        guard let explanation = RuleExplanation.entry(for: rule) else {
            output.out(
                "\(rule.rawValue) (\(rule.defaultSeverity.rawValue)): \(rule.summary)\n\n(No longer explanation has been written for this rule yet.)"
            )
            return .clean
        }
        output.out(explanation.text)
        return .clean
    }

    static func initialize(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        guard parsed.positionals.count <= 1 else {
            throw UsageError("init takes at most one folder, e.g. iconforge init MyApp")
        }
        let folder = parsed.positionals.first ?? "."
        guard FileSystem.kind(followingSymlinksOf: folder) == .directory else {
            var error = UsageError(
                "'\(folder)' is not a folder; init starts a project in an existing folder (the app's repository)")
            error.isUnreadableInput = true
            throw error
        }
        let options = OptionSettings(parsed: parsed)
        let strings = try options.value(of: .strings)
        let catalog = try options.value(of: .initXcstrings)
        if let plist = try options.value(of: .fromInfoPlist) {
            return importQuickActions(plist, into: folder, strings: strings, catalog: catalog, output: &output)
        }
        if strings != nil || catalog != nil {
            throw UsageError(
                "--strings and --xcstrings go with --from-info-plist PATH: they name where the imported actions' translations are"
            )
        }
        let appName =
            try options.value(of: .initAppName)
            ?? output.environment.askAppName?(ProjectScaffold.defaultAppName(for: folder))
        let name =
            appName.flatMap { $0.trimmed().isEmpty ? nil : $0.trimmed() } ?? ProjectScaffold.defaultAppName(for: folder)
        let result = ProjectScaffold.create(in: folder, appName: name)
        for path in result.existing { output.err("\(path) already exists; left as it is") }
        for path in result.written { output.out("created \(path)") }
        for path in result.extended { output.out("added iconforge's entries to \(path)") }
        if let failure = result.failure {
            output.err("\(failure.path): error: \(failure.message)")
            return .io
        }
        if result.written.isEmpty && result.extended.isEmpty {
            output.out("nothing to do: every file init writes already exists")
        } else {
            let inFolder = folder == "." ? "" : "cd \(folder) && "
            output.out(
                "next: \(inFolder)iconforge build   (renders the example into Output/); draw new glyphs on Glyphs/.template.svg"
            )
        }
        return .clean
    }

    /// `init --from-info-plist`: the app's own shortcut array as `Glyphs/quick-actions.json`.
    private static func importQuickActions(
        _ plist: String, into folder: String, strings: String?, catalog: String?, output: inout ToolRun
    ) -> ExitStatus {
        let target =
            (folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")) + "Glyphs/" + QuickActions.fileName
        guard FileSystem.kind(of: target) == .missing else {
            output.err(
                "\(target): error: already exists; left as it is (move it away to import the Info.plist's quick actions instead)"
            )
            return .io
        }
        do throws(QuickActionsImport.Failure) {
            var translations: QuickActionsImport.Translations = [:]
            var development: String?
            if let strings { translations = try QuickActionsImport.strings(in: strings) }
            if let catalog {
                (translations, development) = try QuickActionsImport.catalog(at: catalog)
            }
            let bytes: [UInt8]
            do throws(FileError) {
                bytes = try FileSystem.readRegularFile(plist, limit: QuickActionsImport.readLimit)
            } catch {
                throw QuickActionsImport.Failure(path: plist, message: error.message)
            }
            let text = try QuickActionsImport.definitions(
                plist: bytes, plistPath: plist, translations: translations, developmentLocale: development)
            do throws(FileError) {
                try FileSystem.createFolder(target.parentPath)
                _ = try FileSystem.writeAtomically(Array(text.utf8), to: target)
            } catch {
                throw QuickActionsImport.Failure(path: target, message: error.message)
            }
        } catch {
            output.err("\(error.path): error: \(error.message)")
            return .io
        }
        output.out("created \(target) from \(plist)'s UIApplicationShortcutItems")
        // The build's bookkeeping stays out of version control, as after a plain init.
        var ignored = ProjectScaffold.Result()
        ProjectScaffold.addIgnoredPaths(in: folder, to: &ignored)
        for path in ignored.written { output.out("created \(path)") }
        for path in ignored.extended { output.out("added iconforge's entries to \(path)") }
        if let failure = ignored.failure { output.err("\(failure.path): warning: \(failure.message)") }
        output.out(
            "next: put each icon's glyph beside it (Glyphs/NAME.svg for each \"glyph\" icon), then build with --info-plist \(plist): the first build keeps the array as it is"
        )
        return .clean
    }

    static func doctor(_ parsed: ParsedArguments, output: inout ToolRun) -> ExitStatus {
        let worker =
            output.environment.renderWorkerPath.flatMap { $0.isEmpty ? nil : $0 } ?? WorkerProcess.currentExecutable
        let findings = Doctor.run(
            librsvgPath: output.environment.librsvgPath.flatMap { $0.isEmpty ? nil : $0 }, workerExecutable: worker)
        output.out("iconforge \(Builder.toolVersion)")
        for finding in findings {
            output.out((finding.ok ? "ok      " : "MISSING ") + finding.name.padded(to: 14) + finding.detail)
            if let fix = finding.fix { output.out(String(repeating: " ", count: 22) + "fix: " + fix) }
        }
        let failed = findings.filter { !$0.ok }.count
        output.out(failed == 0 ? "iconforge is ready" : "\(failed) problem\(failed == 1 ? "" : "s") found")
        return failed == 0 ? .clean : .io
    }

    static func completions(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let shells = ShellCompletions.Shell.allCases.map(\.rawValue).joined(separator: ", ")
        guard parsed.positionals.count == 1, let shell = ShellCompletions.Shell(rawValue: parsed.positionals[0]) else {
            throw UsageError("completions takes one shell: \(shells)")
        }
        output.out(ShellCompletions.script(for: shell))
        return .clean
    }

    static func generateDocs(_ arguments: [String], output: inout ToolRun) throws(UsageError) -> ExitStatus {
        guard arguments.count == 1, let root = arguments.first else {
            throw UsageError("generate-docs takes the repository's folder")
        }
        for file in GeneratedFiles.all {
            let path = root + "/" + file.path
            do throws(FileError) {
                try FileSystem.createFolder(path.parentPath)
                if try FileSystem.writeIfChanged(Array(file.text.utf8), to: path) { output.out("wrote \(file.path)") }
            } catch {
                output.err("\(error.path): error: \(error.message)")
                return .io
            }
        }
        return .clean
    }
}

/// Every file `make docs` generates, by its path in the repository.
enum GeneratedFiles {
    static var all: [(path: String, text: String)] {
        [
            ("docs/reference.md", ReferenceDocument.document()), ("docs/iconforge.1", ManPage.page()),
            ("docs/completions/iconforge.bash", ShellCompletions.script(for: .bash)),
            ("docs/completions/_iconforge", ShellCompletions.script(for: .zsh)),
            ("docs/completions/iconforge.fish", ShellCompletions.script(for: .fish)),
        ] + JSONSchemas.all.map { ("docs/schemas/" + $0.fileName, $0.text) }
    }
}
