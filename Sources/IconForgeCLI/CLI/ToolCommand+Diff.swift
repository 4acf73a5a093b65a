/// `iconforge diff --base REV|DIR`: what a change did to the glyphs' pictures, for review.
extension ToolCommand {
    /// Why the base cannot be read: exit status 1, with a message that says what to do.
    struct BaseUnreadable: Error {
        var message: String
    }

    static func diff(_ arguments: [String], output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let parsed = try ArgumentParser.parse(arguments, spec: OptionTable.spec(for: .diff))
        let commandLine = OptionSettings(parsed: parsed)
        if try commandLine.value(of: .help) {
            output.out(HelpText.diff)
            return .clean
        }
        let format = try commandLine.value(of: .diffFormat)
        guard let baseName = try commandLine.value(of: .base), !baseName.isEmpty else {
            throw UsageError("diff needs --base: a git revision (--base origin/main) or a folder holding an earlier Output/")
        }
        let currentFolder = FileManager.default.currentDirectoryPath
        let pathBase = try commandLine.value(of: .pathBase) ?? PathBase.repositoryRoot(from: currentFolder) ?? currentFolder

        var (request, _) = try self.request(from: parsed, command: .diff, environment: output.environment)
        request.writesOutput = false
        request.keepsImages = true
        let pagePath = try commandLine.value(of: .page) ?? request.outputFolder.withoutTrailingSlash + "/" + DiffPage.fileName
        if let problem = Preview.conflict(at: pagePath) {
            throw UsageError(problem.replacing("the page is not written over it", with: "the diff page is not written over it; or name another with --page FILE"))
        }

        let base: DiffSide, label: String
        do throws(BaseUnreadable) {
            (base, label) = try readBase(baseName, parsed: parsed, request: request, currentFolder: currentFolder, environment: output.environment)
        } catch {
            output.err("iconforge: error: cannot read the base: \(error.message)")
            if format == .github { output.out("::error title=iconforge diff::" + DiagnosticFormatter.escapeData("cannot read the base: " + error.message)) }
            return .checkFailed
        }
        let current: DiffSide
        do {
            current = DiffSide(report: try Builder.run(request), request: request)
        } catch {
            return report(error, output: &output)
        }
        let result = GlyphDiff.compare(base: base, current: current, baseName: label)

        do throws(FileError) {
            if pagePath.contains("/") { try FileSystem.createFolder(pagePath.parentPath) }
            try DiffPage.write(result, to: pagePath)
        } catch {
            output.err("\(error.path): error: cannot write the diff page: \(error.message)")
            return .io
        }
        let forCI = { (file: String) in PathBase.relative(file, to: pathBase, currentFolder: currentFolder) }
        if output.environment.writesStepSummary {
            output.stepSummary = DiffFormatter.markdown(result, page: pagePath, path: forCI)
        }
        switch format {
        case .text: output.out(DiffFormatter.text(result))
        case .json: output.out(DiffFormatter.json(result, page: pagePath))
        case .github: for line in DiffFormatter.annotations(result, path: forCI) { output.out(line) }
        }
        if try !commandLine.value(of: .quiet) { output.err("diff page: \(pagePath)") }
        return .clean
    }

    /// The base as a side of the diff: an output folder's build, or a git revision's glyphs
    /// built in a temporary folder with the configuration that revision had.
    static func readBase(
        _ name: String, parsed: ParsedArguments, request: BuildRequest, currentFolder: String, environment: ToolEnvironment
    ) throws(BaseUnreadable) -> (DiffSide, String) {
        if FileSystem.kind(followingSymlinksOf: name) == .directory {
            // The output folder itself, or a folder holding one under the current one's name.
            let nested = name.withoutTrailingSlash + "/" + request.outputFolder.lastPathComponent
            let folder = FileSystem.kind(of: name.withoutTrailingSlash + "/catalog.json") == .missing && FileSystem.kind(of: nested + "/catalog.json") != .missing ? nested : name
            do {
                // With one glyph folder, the base's sources were most likely in it too.
                let glyphFolder = request.inputs.count == 1 && !request.inputs[0].hasSuffix(".svg") ? request.inputs[0].withoutTrailingSlash + "/" : ""
                return (try DiffSide(outputFolder: folder) { glyphFolder + $0 }, folder)
            } catch {
                throw BaseUnreadable(message: "\(error.path): \(error.message)")
            }
        }
        let revision: GitRevision
        do {
            revision = try GitRevision(name, in: currentFolder)
        } catch {
            throw BaseUnreadable(message: error.message + (FileSystem.kind(of: name) == .missing ? "" : " (\(name) is not a folder either)"))
        }
        let label = "\(name) (\(revision.commit.prefix(7)))"
        do {
            return (try buildRevision(revision, parsed: parsed, currentFolder: currentFolder, environment: environment), label)
        } catch let error as GitRevision.Failure {
            throw BaseUnreadable(message: error.message)
        } catch let error as UsageError {
            throw BaseUnreadable(message: "\(label): \(error.message)")
        } catch let error as FileError {
            throw BaseUnreadable(message: "\(error.path): \(error.message)")
        } catch let error as BuildError {
            throw BaseUnreadable(message: "\(label) does not build: \(error)")
        } catch {
            throw BaseUnreadable(message: "\(error)")
        }
    }

    /// Checks out `revision`'s configuration and glyphs (from git's objects, not the work
    /// tree) into a private temporary folder, and builds them there, keeping the PNGs in
    /// memory: the command line's options apply as they do to the current glyphs, and the
    /// revision's own iconforge.json (or none) as it was.
    private static func buildRevision(_ revision: GitRevision, parsed: ParsedArguments, currentFolder: String, environment: ToolEnvironment) throws -> DiffSide {
        let folder = try ScratchFolder.create(prefix: "iconforge-diff")
        defer { folder.remove() }
        let project = folder.path + "/" + revision.prefix
        func inProject(_ path: String) throws(UsageError) -> String {
            let relative = PathBase.relative(path, to: currentFolder, currentFolder: currentFolder)
            guard !relative.hasPrefix("/"), !relative.hasPrefix("../"), relative != ".." else {
                throw UsageError("\(path) is outside the project folder, so it has no version in the revision")
            }
            return relative
        }
        // The configuration as the revision had it; none then is none, whatever is here now.
        let configuration = try inProject(try OptionSettings(parsed: parsed).value(of: .config) ?? Configuration.defaultFileName)
        let configFiles = try revision.files(under: [configuration]).filter { $0.path == revision.prefix + String(PathBase.normalized(configuration).dropFirst()) }
        var configPath = project + ".iconforge-diff-no-configuration.json"
        if let file = configFiles.first, let bytes = try revision.contents(of: [file])[file.object] {
            try folder.write(bytes, to: file.path)
            configPath = folder.path + "/" + file.path
        } else {
            try folder.write(Array("{}".utf8), to: revision.prefix + ".iconforge-diff-no-configuration.json")
        }
        let glyphFolders = try Configuration.parse(try FileSystem.readRegularFile(configPath, limit: Configuration.maximumFileBytes), path: configPath).glyphs
        let positionals = try parsed.positionals.map { path throws(UsageError) in project + (try inProject(path)) }
        let inputs = positionals.isEmpty ? glyphFolders ?? [project + "Glyphs"] : positionals
        let files = try revision.files(under: inputs.map { $0.hasPrefix(project) ? String($0.dropFirst(project.count)) : $0 }.map { $0.isEmpty ? "." : $0 })
        let contents = try revision.contents(of: files)
        // A folder the revision did not have yet is an empty one: every glyph is added.
        for input in inputs where !input.hasSuffix(".svg") && PathBase.normalized(input).hasPrefix(folder.path + "/") { try FileSystem.createFolder(input) }
        for file in files {
            guard let bytes = contents[file.object] else { continue }
            try folder.write(bytes, to: file.path)
        }
        var values = parsed.values
        values[Option.config.name] = configPath
        var (request, _) = try Self.request(from: ParsedArguments(values: values, repeated: parsed.repeated, flags: parsed.flags, positionals: inputs), command: .diff, environment: environment)
        // An output folder that does not exist: nothing of an earlier build is reused.
        request.outputFolder = folder.path + "/.iconforge-diff-output"
        request.writesOutput = false
        request.keepsImages = true
        request.projectRoot = project
        let report = try Builder.run(request)
        return DiffSide(report: report, request: request) { file in
            file.hasPrefix(project) ? String(file.dropFirst(project.count)) : file
        }
    }
}
