/// The build's first stage: the glyph files under the inputs, what can be said of them
/// before reading any (their name findings depend on all names, the template's finding on
/// the folders), and, for a build that writes, the output folder locked.
struct Discovered: ~Copyable {
    var files: [GlyphFile]
    /// Findings about the inputs as a whole (none found).
    var diagnostics: [Diagnostic]
    /// Name findings by file index (they depend on the other glyphs' names).
    var nameFindings: [Int: [Diagnostic]]
    /// Held from reading what the last build wrote to writing the new catalog.
    var lock: FolderLock?

    static func discover(_ request: BuildRequest) throws(BuildError) -> Discovered {
        let files: [GlyphFile]
        do {
            files = try GlyphDiscovery.discover(request.inputs)
        } catch {
            throw .missingInput(path: error.path, message: error.message)
        }
        var diagnostics: [Diagnostic] = []
        if files.isEmpty {
            let place = request.inputs.joined(separator: ", ")
            diagnostics.append(
                Diagnostic(
                    .inputEmpty, file: place,
                    "no *.svg glyphs found; a check that finds nothing is probably pointed at the wrong folder"))
        }
        // One build at a time per output folder: from reading what the last build wrote to
        // writing the new catalog, another build's writes must not interleave.
        var lock: FolderLock?
        if request.writesOutput {
            try Builder.checkDestinations(request)
            do {
                try FileSystem.createFolder(request.outputFolder, observer: request.probes.writes)
                lock = try FolderLock(request.outputFolder) { request.onWaitingForLock?(request.outputFolder) }
                // A build stopped while committing left its journal: its commit is finished
                // first, so this one starts from one build's files, whichever it stopped at.
                try CommitJournal.recover(at: Builder.journalPath(request), observer: request.probes.writes)
            } catch {
                throw .output(error)
            }
        }
        diagnostics += TemplateCheck.run(folders: request.inputs, limits: request.options.limits)
        return Discovered(files: files, diagnostics: diagnostics, nameFindings: NameChecks.run(files), lock: lock)
    }
}
