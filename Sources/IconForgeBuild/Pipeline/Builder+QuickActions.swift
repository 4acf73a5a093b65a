/// The quick actions' definitions (`quick-actions.json` in the glyphs folders): checked
/// against the glyphs, with the files the build generates from them.
extension Builder {
    /// The definitions file's check, and its catalog entry.
    struct QuickActionsOutcome {
        var path: String
        var sourceSHA256: String
        var result: QuickActionsResult
        /// Further definitions files (an error, but a dependency all the same).
        var extraSources: [String] = []
        /// With errors: the files an earlier build generated, left as they are (see `keepPreviousFiles`).
        var kept: [OutputWriter.KeptFile] = []

        /// The catalog's record of it: files only when there are no errors, and those kept.
        var entry: Catalog.QuickActionsEntry {
            Catalog.QuickActionsEntry(
                source: QuickActions.fileName, sourceSHA256: sourceSHA256, status: result.hasErrors ? .failed : .ok,
                files: result.hasErrors
                    ? []
                    : result.files.map {
                        Catalog.GeneratedFile(
                            file: $0.relativePath, bytes: $0.bytes.count, sha256: SHA256Digest.hex(of: $0.bytes))
                    },
                keptFiles: kept.isEmpty ? nil : kept.map(\.entry),
                diagnostics: result.diagnostics.map(Catalog.CatalogDiagnostic.init))
        }

        /// When errors stop the files this build: keeps those `previous` (the last build's
        /// generated files) names that are still in `outputFolder`, so that one failing glyph
        /// does not remove a working `QuickActions.plist`, and says so on the first error.
        mutating func keepPreviousFiles(_ previous: [Catalog.GeneratedFile], outputFolder: String) {
            guard result.hasErrors, let first = result.diagnostics.firstIndex(where: { $0.severity == .error }) else {
                return
            }
            kept = OutputWriter.keptGeneratedFiles(previous, in: outputFolder)
            guard !kept.isEmpty else { return }
            let names = kept.map(\.entry.file)
            let strings = names.filter { $0.hasSuffix(".strings") }.count
            let listed =
                names.filter { !$0.hasSuffix(".strings") }
                + (strings == 0 ? [] : ["\(strings) InfoPlist.strings \(strings == 1 ? "file" : "files")"])
            result.diagnostics[first].message +=
                "; until this is fixed, \(outputFolder)/ keeps the last good build's \(listed.joined(separator: " and ")) as they are"
        }
    }

    /// Checks `quick-actions.json` in the glyphs folders: an app has one set of quick actions,
    /// so a second file is an error. With `outputFolder`, the files it would generate must
    /// not overwrite files iconforge did not write.
    static func checkQuickActions(
        _ request: BuildRequest, glyphs: [Catalog.Glyph], outputFolder: String?, owned: Set<String>
    ) -> QuickActionsOutcome? {
        let withDefinitions = QuickActions.definitionsPaths(in: request.inputs).filter {
            FileSystem.kind(of: $0) != .missing
        }
        guard let first = withDefinitions.first else { return nil }
        var outcome = checkQuickActions(at: first, request: request, glyphs: glyphs)
        for path in withDefinitions.dropFirst() {
            outcome.result.diagnostics.append(
                Diagnostic(
                    .actionsParse, file: path,
                    "a second quick-actions.json (the first is \(outcome.path)); an app has one set of quick actions: merge them into one file"
                ))
            outcome.extraSources.append(path)
        }
        if let outputFolder, !outcome.result.hasErrors {
            for file in outcome.result.files where !owned.contains(file.relativePath) {
                if let problem = foreignFileProblem(outputFolder + "/" + file.relativePath, replacingWith: file.bytes) {
                    outcome.result.diagnostics.append(Diagnostic(.outputConflict, file: outcome.path, problem))
                }
            }
        }
        return outcome
    }

    /// Checks one glyphs folder's `quick-actions.json`, at `path`.
    private static func checkQuickActions(at path: String, request: BuildRequest, glyphs: [Catalog.Glyph])
        -> QuickActionsOutcome
    {
        let folder = path.parentPath
        let bytes: [UInt8]
        var result: QuickActionsResult
        do throws(FileError) {
            // Like a glyph, the definitions are read through a symlink only if it stays in the folder.
            var readPath = path
            if FileSystem.kind(of: path) == .symlink {
                let root = FileSystem.resolvedPath(folder) ?? folder
                guard let target = FileSystem.resolvedPath(path), FileSystem.isPath(target, inside: root) else {
                    throw FileError(
                        path: path,
                        message: "is a symbolic link leading outside the glyphs folder; copy the file in instead")
                }
                readPath = target
            }
            bytes = try FileSystem.readRegularFile(
                readPath, limit: request.options.limits.maximumFileBytes, followingSymlinks: false)
            let passed = Dictionary(glyphs.map { ($0.name, $0.status == .ok) }, uniquingKeysWith: { first, _ in first })
            result = QuickActions.check(
                fileBytes: bytes, displayPath: path, glyphs: passed, appName: request.appName,
                iconNamespace: AssetCatalogWriter.namespace(ofFolder: request.assetCatalog))
        } catch {
            bytes = []
            result = QuickActionsResult(
                diagnostics: [Diagnostic(.inputUnreadable, file: path, error.message)], files: [])
        }
        return QuickActionsOutcome(path: path, sourceSHA256: SHA256Digest.hex(of: bytes), result: result)
    }
}
