/// `iconforge diff {--base REV | --base-dir DIR}`: what a change did to the glyphs' pictures,
/// for review.
extension ToolCommand {
    /// Why the base cannot be read: exit status 1, with a message that says what to do; or
    /// why the command line does not say which base it means (exit status 2).
    struct BaseUnreadable: Error {
        var message: String
        var isUsageError = false
    }

    static func diff(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let commandLine = OptionSettings(parsed: parsed)
        let format = try commandLine.value(of: .diffFormat)
        let base = try BaseName(revision: try commandLine.value(of: .base), folder: try commandLine.value(of: .baseDir))
        let currentFolder = FileManager.default.currentDirectoryPath
        let pathBase =
            try commandLine.value(of: .pathBase) ?? PathBase.repositoryRoot(from: currentFolder) ?? currentFolder

        var (request, _) = try self.request(from: parsed, command: .diff, environment: output.environment)
        request.writesOutput = false
        request.keepsImages = true
        let pagePath =
            try commandLine.value(of: .page) ?? request.outputFolder.withoutTrailingSlash + "/" + DiffPage.fileName
        if let problem = Preview.conflict(at: pagePath) {
            throw UsageError(
                problem.replacing(
                    "the page is not written over it",
                    with: "the diff page is not written over it; or name another with --page FILE"))
        }
        let sides: DiffSides
        switch try readSides(
            base, parsed: parsed, request: request, currentFolder: currentFolder, format: format, output: &output)
        {
        case .success(let read): sides = read
        case .failure(let ended): return ended.status
        }
        let forCI = { (file: String) in PathBase.relative(file, to: pathBase, currentFolder: currentFolder) }
        for entry in sides.refused {
            let diagnostic = Diagnostic(
                .warning, .inputUnreadable, file: entry.path, "\(entry.reason); left out of \(sides.label)")
            output.diagnostic(diagnostic)
            if format == .github {
                output.out(
                    DiagnosticFormatter.github(
                        Diagnostic(.warning, .inputUnreadable, file: forCI(entry.path), diagnostic.message)))
            }
        }
        let result = GlyphDiff.compare(base: sides.base, current: sides.current, baseName: sides.label)
        guard writePage(result, to: pagePath, output: &output) else { return .io }
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

    /// The two sides of a diff, with the base's label and the tree entries it did not read.
    struct DiffSides {
        var base: DiffSide
        var current: DiffSide
        var label: String
        var refused: [GitRevision.Refused]
    }

    /// The base and the current glyphs, built. The base is found first (a revision that does
    /// not resolve, a folder without a build, stop here); a revision is built after the
    /// current glyphs, taking theirs where its own are the same. The end of the run when a
    /// side cannot be read (reported).
    private static func readSides(
        _ base: BaseName, parsed: ParsedArguments, request: BuildRequest, currentFolder: String, format: DiffFormat,
        output: inout ToolRun
    ) throws(UsageError) -> Result<DiffSides, RunEnded> {
        func unreadable(_ error: BaseUnreadable, output: inout ToolRun) -> Result<DiffSides, RunEnded> {
            output.err("iconforge: error: cannot read the base: \(error.message)")
            if format == .github {
                output.out(
                    "::error title=iconforge diff::"
                        + DiagnosticFormatter.escapeData("cannot read the base: " + error.message))
            }
            return .failure(RunEnded(status: .checkFailed))
        }
        let found: FoundBase
        do throws(BaseUnreadable) {
            found = try findBase(base, request: request, currentFolder: currentFolder)
        } catch {
            if error.isUsageError { throw UsageError(error.message) }
            return unreadable(error, output: &output)
        }
        let currentReport: BuildReport
        do {
            currentReport = try Builder.run(request)
        } catch {
            return .failure(RunEnded(status: report(error, output: &output)))
        }
        let current = DiffSide(report: currentReport, request: request)
        switch found {
        case .folder(let side, let folder):
            return .success(DiffSides(base: side, current: current, label: "folder " + folder, refused: []))
        case .revision(let revision, let name):
            do throws(BaseUnreadable) {
                let (side, label, refused) = try readRevision(
                    revision, named: name, parsed: parsed, current: (currentReport, request),
                    currentFolder: currentFolder, environment: output.environment)
                return .success(DiffSides(base: side, current: current, label: label, refused: refused))
            } catch {
                return unreadable(error, output: &output)
            }
        }
    }

    /// Writes the diff page; false when it cannot be written (said why).
    private static func writePage(_ result: DiffResult, to pagePath: String, output: inout ToolRun) -> Bool {
        do throws(FileError) {
            if pagePath.contains("/") { try FileSystem.createFolder(pagePath.parentPath) }
            try DiffPage.write(result, to: pagePath)
            return true
        } catch {
            output.err("\(error.path): error: cannot write the diff page: \(error.message)")
            return false
        }
    }

    /// What the command line names as the base, and as which kind: never guessed from
    /// what happens to be on disk.
    enum BaseName {
        case revision(String)
        case folder(String)

        init(revision: String?, folder: String?) throws(UsageError) {
            switch (revision.flatMap { $0.isEmpty ? nil : $0 }, folder.flatMap { $0.isEmpty ? nil : $0 }) {
            case (let revision?, nil): self = .revision(revision)
            case (nil, let folder?): self = .folder(folder)
            case (.some, .some): throw UsageError("give --base REV or --base-dir DIR, not both")
            case (nil, nil):
                throw UsageError(
                    "diff needs --base REV (a git revision: --base origin/main) or --base-dir DIR (a folder holding an earlier Output/)"
                )
            }
        }
    }

    /// The base, found: an output folder's build, read, or a git revision, resolved.
    enum FoundBase {
        case folder(DiffSide, String)
        case revision(GitRevision, String)
    }

    static func findBase(_ base: BaseName, request: BuildRequest, currentFolder: String) throws(BaseUnreadable)
        -> FoundBase
    {
        switch base {
        case .folder(let name): try readFolder(name, request: request)
        case .revision(let name): .revision(try resolveRevision(name, in: currentFolder), name)
        }
    }

    /// The output folder `name` is, or holds under the current one's name.
    static func readFolder(_ name: String, request: BuildRequest) throws(BaseUnreadable) -> FoundBase {
        guard FileSystem.kind(followingSymlinksOf: name) == .directory else {
            throw BaseUnreadable(
                message:
                    "\(name): no such folder (--base-dir names a folder holding an earlier Output/; a git revision is --base REV)"
            )
        }
        let nested = name.withoutTrailingSlash + "/" + request.outputFolder.lastPathComponent
        let folder =
            FileSystem.kind(of: name.withoutTrailingSlash + "/catalog.json") == .missing
                && FileSystem.kind(of: nested + "/catalog.json") != .missing ? nested : name
        do {
            // With one glyph folder, the base's sources were most likely in it too.
            let glyphFolder =
                request.inputs.count == 1 && !request.inputs[0].hasSuffix(".svg")
                ? request.inputs[0].withoutTrailingSlash + "/" : ""
            return .folder(try DiffSide(outputFolder: folder) { glyphFolder + $0 }, folder)
        } catch {
            throw BaseUnreadable(message: "\(error.path): \(error.message)")
        }
    }

    /// `name` as a revision of the current folder's repository, refused when a folder has
    /// that name too: a pull request could commit one named like its base branch (a build
    /// of its own glyphs) to be compared with instead.
    static func resolveRevision(_ name: String, in currentFolder: String) throws(BaseUnreadable) -> GitRevision {
        let isFolder = FileSystem.kind(followingSymlinksOf: name) == .directory
        let revision: GitRevision
        do {
            revision = try GitRevision(name, in: currentFolder)
        } catch {
            guard isFolder, case .unknownRevision = error else { throw BaseUnreadable(message: error.message) }
            throw BaseUnreadable(
                message:
                    "--base names a git revision, and '\(name)' is a folder, not a revision; give --base-dir \(name) to compare with the build it holds",
                isUsageError: true)
        }
        guard !isFolder else {
            throw BaseUnreadable(
                message:
                    "'\(name)' names both a git revision (\(revision.commit.prefix(7))) and a folder; iconforge does not guess which: "
                    + "give --base-dir \(name) for the folder, or --base \(revision.commit) for the revision",
                isUsageError: true)
        }
        return revision
    }

    /// A git revision's glyphs built in a temporary folder with the configuration that
    /// revision had, as a side of the diff, and the tree entries it did not read;
    /// `current` is the current glyphs' build, whose results it takes for every glyph whose
    /// source is the same, when the options are.
    static func readRevision(
        _ revision: GitRevision, named name: String, parsed: ParsedArguments,
        current: (report: BuildReport, request: BuildRequest), currentFolder: String,
        environment: ToolEnvironment
    ) throws(BaseUnreadable) -> (DiffSide, String, [GitRevision.Refused]) {
        let label = "revision \(name) (\(revision.commit.prefix(7)))"
        do {
            let (side, refused) = try buildRevision(
                revision, parsed: parsed, current: current, currentFolder: currentFolder, environment: environment)
            // Named from the project folder, as the glyphs are.
            let fromProject = refused.map { entry in
                var entry = entry
                if entry.path.hasPrefix(revision.prefix) { entry.path.removeFirst(revision.prefix.count) }
                return entry
            }
            return (side, label, fromProject)
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
    /// revision's own iconforge.json (or none) as it was. With the same options as the
    /// current build, a glyph whose bytes are the current one's is not built again: its
    /// results (PNGs, weight, findings) are the current build's (`KnownResults`), and the
    /// set is judged over the whole base.
    private static func buildRevision(
        _ revision: GitRevision, parsed: ParsedArguments, current: (report: BuildReport, request: BuildRequest),
        currentFolder: String,
        environment: ToolEnvironment
    ) throws -> (DiffSide, [GitRevision.Refused]) {
        let folder = try ScratchFolder.create(.diff)
        defer { folder.remove() }
        let project = folder.path + "/" + revision.prefix
        func inProject(_ path: String) throws(UsageError) -> String {
            let relative = PathBase.relative(path, to: currentFolder, currentFolder: currentFolder)
            guard !relative.hasPrefix("/"), !relative.hasPrefix("../"), relative != ".." else {
                throw UsageError("\(path) is outside the project folder, so it has no version in the revision")
            }
            return relative
        }
        let configuration = try inProject(
            try OptionSettings(parsed: parsed).value(of: .config) ?? Configuration.defaultFileName)
        let (configPath, configListing) = try checkOutConfiguration(configuration, of: revision, into: folder)
        let glyphFolders = try Configuration.load(configPath).glyphs
        let positionals = try parsed.positionals.map { path throws(UsageError) in project + (try inProject(path)) }
        let inputs = positionals.isEmpty ? glyphFolders ?? [project + "Glyphs"] : positionals
        let listing = try revision.files(
            under: inputs.map { $0.hasPrefix(project) ? String($0.dropFirst(project.count)) : $0 }.map {
                $0.isEmpty ? "." : $0
            })
        let contents = try revision.contents(of: listing.files)
        // A folder the revision did not have yet is an empty one: every glyph is added.
        for input in inputs.map(PathBase.normalized)
        where !input.hasSuffix(".svg") && input.hasPrefix(folder.path + "/") {
            try folder.createFolder(String(input.dropFirst(folder.path.count + 1)))
        }
        for file in listing.files {
            guard let bytes = contents[file.object] else { continue }
            try folder.write(bytes, to: file.path)
        }
        var values = parsed.values
        values[Option.config.name] = configPath
        var (request, _) = try Self.request(
            from: ParsedArguments(values: values, repeated: parsed.repeated, flags: parsed.flags, positionals: inputs),
            command: .diff, environment: environment)
        // An output folder that does not exist: nothing of an earlier build is reused.
        request.outputFolder = folder.path + "/.iconforge-diff-output"
        request.writesOutput = false
        request.keepsImages = true
        request.projectRoot = project
        if Builder.buildKey(request.options) == Builder.buildKey(current.request.options) {
            request.knownResults = KnownResults(current.report)
        }
        let report = try Builder.run(request)
        let side = DiffSide(report: report, request: request) { file in
            file.hasPrefix(project) ? String(file.dropFirst(project.count)) : file
        }
        return (side, configListing.refused + listing.refused)
    }

    /// The configuration file `configuration` (from the project folder) as `revision` had it,
    /// written into `folder`: its path there, and the listing that found it. None then is
    /// none, whatever is here now: an empty one is written in its stead.
    private static func checkOutConfiguration(
        _ configuration: String, of revision: GitRevision, into folder: ScratchFolder
    ) throws -> (path: String, listing: GitRevision.Listing) {
        let listing = try revision.files(under: [configuration])
        let files = listing.files.filter {
            $0.path == revision.prefix + String(PathBase.normalized(configuration).dropFirst())
        }
        if let file = files.first, let bytes = try revision.contents(of: [file])[file.object] {
            try folder.write(bytes, to: file.path)
            return (folder.path + "/" + file.path, listing)
        }
        try folder.write(Array("{}".utf8), to: revision.prefix + ".iconforge-diff-no-configuration.json")
        return (folder.path + "/" + revision.prefix + ".iconforge-diff-no-configuration.json", listing)
    }
}
