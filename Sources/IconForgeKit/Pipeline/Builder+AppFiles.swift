import FoundationEssentials

/// What goes into the app beside the PNGs: quick-action definitions, an asset catalog,
/// and a dependency file for Make.
extension Builder {
    /// The definitions file's check, and its catalog entry.
    struct QuickActionsOutcome {
        var path: String
        var sourceSHA256: String
        var result: QuickActionsResult
        /// Further definitions files (an error, but a dependency all the same).
        var extraSources: [String] = []

        /// The catalog's record of it: files only when there are no errors.
        var entry: Catalog.QuickActionsEntry {
            Catalog.QuickActionsEntry(
                source: QuickActions.fileName, sourceSHA256: sourceSHA256, status: result.hasErrors ? "failed" : "ok",
                files: result.hasErrors
                    ? []
                    : result.files.map { Catalog.GeneratedFile(file: $0.relativePath, bytes: $0.bytes.count, sha256: SHA256Digest.hex(of: $0.bytes)) },
                diagnostics: result.diagnostics.map(Catalog.CatalogDiagnostic.init))
        }
    }

    /// The glyphs whose output files would overwrite files iconforge did not write: a file
    /// under a glyph's output name that no previous catalog lists (and that does not already
    /// hold exactly the new bytes) is someone else's.
    static func foreignOutputs(_ outcomes: [GlyphOutcome], in folder: String, owned: Set<String>) -> [String: Diagnostic] {
        var refused: [String: Diagnostic] = [:]
        for outcome in outcomes where !outcome.reused {
            for (output, png) in zip(outcome.outputs, outcome.pngs) where !owned.contains(output.file) {
                if let message = foreignFileProblem(folder + "/" + output.file, replacingWith: png.bytes) {
                    refused[outcome.source.name] = Diagnostic(.error, .outputConflict, file: outcome.source.displayPath, message)
                    break
                }
            }
        }
        return refused
    }

    /// Why writing `bytes` to `path` would destroy someone else's file, or nil if it would not.
    static func foreignFileProblem(_ path: String, replacingWith bytes: [UInt8]) -> String? {
        switch FileSystem.kind(of: path) {
        case .missing: return nil
        case .regular(let size):
            if size == bytes.count, (try? FileSystem.readRegularFile(path, limit: size)) == bytes { return nil }
            fallthrough
        default:
            return "\(path) already exists and iconforge did not write it (no catalog lists it), so it is not overwritten; move it away, or delete it if it is stale"
        }
    }

    /// Checks `quick-actions.json` in the glyphs folders: an app has one set of quick actions,
    /// so a second file is an error. With `outputFolder`, the files it would generate must
    /// not overwrite files iconforge did not write.
    static func checkQuickActions(
        _ request: BuildRequest, glyphs: [Catalog.Glyph], outputFolder: String?, owned: Set<String>
    ) -> QuickActionsOutcome? {
        let folders = request.inputs.filter { FileSystem.kind(followingSymlinksOf: $0) == .directory }
        let withDefinitions = folders.filter { FileSystem.kind(of: $0 + "/" + QuickActions.fileName) != .missing }
        guard let folder = withDefinitions.first else { return nil }
        var outcome = checkQuickActions(in: folder, request: request, glyphs: glyphs)
        for other in withDefinitions.dropFirst() {
            let path = (other.hasSuffix("/") ? String(other.dropLast()) : other) + "/" + QuickActions.fileName
            outcome.result.diagnostics.append(Diagnostic(.error, .actionsParse, file: path, "a second quick-actions.json (the first is \(outcome.path)); an app has one set of quick actions: merge them into one file"))
            outcome.extraSources.append(path)
        }
        if let outputFolder, !outcome.result.hasErrors {
            for file in outcome.result.files where !owned.contains(file.relativePath) {
                if let problem = foreignFileProblem(outputFolder + "/" + file.relativePath, replacingWith: file.bytes) {
                    outcome.result.diagnostics.append(Diagnostic(.error, .outputConflict, file: outcome.path, problem))
                }
            }
        }
        return outcome
    }

    /// Checks one folder's `quick-actions.json`.
    private static func checkQuickActions(in folder: String, request: BuildRequest, glyphs: [Catalog.Glyph]) -> QuickActionsOutcome {
        let path = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + QuickActions.fileName
        let bytes: [UInt8]
        var result: QuickActionsResult
        do throws(FileError) {
            // Like a glyph, the definitions are read through a symlink only if it stays in the folder.
            var readPath = path
            if FileSystem.kind(of: path) == .symlink {
                let root = FileSystem.resolvedPath(folder) ?? folder
                guard let target = FileSystem.resolvedPath(path), FileSystem.isPath(target, inside: root) else {
                    throw FileError(path: path, message: "is a symbolic link leading outside the glyphs folder; copy the file in instead")
                }
                readPath = target
            }
            bytes = try FileSystem.readRegularFile(readPath, limit: request.options.limits.maximumFileBytes, followingSymlinks: false)
            let passed = Dictionary(glyphs.map { ($0.name, $0.status == "ok") }, uniquingKeysWith: { first, _ in first })
            result = QuickActions.check(fileBytes: bytes, displayPath: path, glyphs: passed, appName: request.appName)
        } catch {
            bytes = []
            result = QuickActionsResult(diagnostics: [Diagnostic(.error, .inputUnreadable, file: path, error.message)], files: [])
        }
        return QuickActionsOutcome(path: path, sourceSHA256: SHA256Digest.hex(of: bytes), result: result)
    }

    /// Writes every glyph that passed into the asset catalog at `path`; returns, by glyph
    /// name, findings about glyphs it refused (a name an image set iconforge did not make
    /// already uses).
    static func writeAssetCatalog(_ outcomes: [GlyphOutcome], to path: String, outputFolder: String) throws(BuildError) -> [String: Diagnostic] {
        var glyphs: [AssetCatalogGlyph] = []
        for outcome in outcomes where !outcome.hasErrors && outcome.outputs.count == 2 {
            // Reused glyphs have no PNG bytes in memory: their files in the output folder are them.
            var pngs = outcome.pngs.map(\.bytes)
            if pngs.count != 2 {
                do {
                    pngs = try outcome.outputs.map { output throws(FileError) in
                        try FileSystem.readRegularFile(outputFolder + "/" + output.file, limit: 64 << 20)
                    }
                } catch {
                    throw .output(error)
                }
            }
            glyphs.append(AssetCatalogGlyph(name: outcome.source.name, png2x: pngs[0], png3x: pngs[1]))
        }
        let report: AssetCatalogReport
        do {
            try FileSystem.createFolder(path)
            // Two builds with different output folders may share one asset catalog.
            let lock = try FolderLock(path)
            report = try withExtendedLifetime(lock) { () throws(FileError) in try AssetCatalogWriter.write(glyphs, to: path) }
        } catch {
            throw .output(error)
        }
        var refused: [String: Diagnostic] = [:]
        for conflict in report.conflicts {
            let source = outcomes.first { $0.source.name == conflict.glyph }?.source.displayPath ?? conflict.path
            refused[conflict.glyph] = Diagnostic(.error, .xcassetsConflict, file: source, "\(conflict.message) (in \(conflict.path)); its PNGs are withheld until the name is free")
        }
        return refused
    }

    /// Writes a make-style dependency file: the catalog (the build's commit point) depends
    /// on every glyph, the glyphs folders (a glyph added or removed), the definitions and
    /// the configuration; each input also gets an empty rule, so that deleting one does not
    /// stop Make. The catalog's time is set to just before the build started (`startedAt`, by
    /// the file-system clock), so Make sees the target as up to date, yet newer than any input
    /// saved while the build ran; or, when the build failed, to the epoch, so that the next
    /// `make` tries again rather than taking a failed build for a finished one.
    static func writeDepfile(
        _ path: String, files: [GlyphFile], request: BuildRequest, definitions: [String], failed: Bool, startedAt: Int64
    ) throws(BuildError) {
        let inputs = request.inputs + files.map(\.displayPath) + definitions + request.extraDependencies
        var seen = Set<String>()
        let unique = inputs.filter { seen.insert($0).inserted }
        let target = request.outputFolder + "/" + OutputWriter.catalogFileName
        var text = makeEscaped(target) + ":"
        for input in unique { text += " \\\n  " + makeEscaped(input) }
        text += "\n"
        for input in unique { text += "\n" + makeEscaped(input) + ":\n" }
        do {
            try FileSystem.writeIfChanged(Array(text.utf8), to: path)
        } catch {
            throw .dependencyFile(error)
        }
        FileSystem.setModificationTime(of: target, to: failed ? 0 : startedAt - 1)
    }

    /// Escapes a path for a Makefile rule: spaces, `#`, `:` and `\` get a backslash, `$` doubles.
    static func makeEscaped(_ path: String) -> String {
        var out = ""
        for character in path {
            switch character {
            case " ", "#", ":", "\\": out += "\\" + String(character)
            case "$": out += "$$"
            case "\n", "\t": out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }
}
