import FoundationEssentials

/// What goes into the app beside the PNGs: quick-action definitions, an asset catalog,
/// and a dependency file for Make.
extension Builder {
    /// The definitions file's check, and its catalog entry.
    struct QuickActionsOutcome {
        var path: String
        var result: QuickActionsResult
        var entry: Catalog.QuickActionsEntry
    }

    /// Checks `quick-actions.json` in the first glyphs folder that has one.
    static func checkQuickActions(_ request: BuildRequest, glyphs: [Catalog.Glyph]) -> QuickActionsOutcome? {
        let folders = request.inputs.filter { FileSystem.kind(followingSymlinksOf: $0) == .directory }
        guard let folder = folders.first(where: { FileSystem.kind(of: $0 + "/" + QuickActions.fileName) != .missing }) else {
            return nil
        }
        let path = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + QuickActions.fileName
        let bytes: [UInt8]
        var result: QuickActionsResult
        do throws(FileError) {
            // Like a glyph, the definitions are read through a symlink only if it stays in the folder.
            var readPath = path
            if FileSystem.kind(of: path) == .symlink {
                let root = FileSystem.resolvedPath(folder) ?? folder
                guard let target = FileSystem.resolvedPath(path), target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
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
        let entry = Catalog.QuickActionsEntry(
            source: QuickActions.fileName, sourceSHA256: SHA256Digest.hex(of: bytes), status: result.hasErrors ? "failed" : "ok",
            files: result.hasErrors
                ? []
                : result.files.map { Catalog.GeneratedFile(file: $0.relativePath, bytes: $0.bytes.count, sha256: SHA256Digest.hex(of: $0.bytes)) },
            diagnostics: result.diagnostics.map {
                Catalog.CatalogDiagnostic(severity: $0.severity, rule: $0.rule, line: $0.location?.line, column: $0.location?.column, message: $0.message)
            })
        return QuickActionsOutcome(path: path, result: result, entry: entry)
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
    /// stop Make. The catalog's time is refreshed so Make sees the target as up to date, or,
    /// when the build failed, set back to the epoch, so that the next `make` tries again
    /// rather than taking a failed build for a finished one.
    static func writeDepfile(
        _ path: String, files: [GlyphFile], request: BuildRequest, quickActionsSource: String?, failed: Bool
    ) throws(BuildError) {
        var inputs = request.inputs + files.map(\.displayPath) + request.extraDependencies
        if let quickActionsSource { inputs.append(quickActionsSource) }
        var seen = Set<String>()
        inputs = inputs.filter { seen.insert($0).inserted }
        let target = request.outputFolder + "/" + OutputWriter.catalogFileName
        var text = makeEscaped(target) + ":"
        for input in inputs { text += " \\\n  " + makeEscaped(input) }
        text += "\n"
        for input in inputs { text += "\n" + makeEscaped(input) + ":\n" }
        do {
            try FileSystem.writeIfChanged(Array(text.utf8), to: path)
        } catch {
            throw .dependencyFile(error)
        }
        FileSystem.setModificationTime(of: target, toNow: !failed)
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
