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
        /// With errors: the files an earlier build generated, left as they are (see `keepPreviousFiles`).
        var kept: [OutputWriter.KeptFile] = []

        /// The catalog's record of it: files only when there are no errors, and those kept.
        var entry: Catalog.QuickActionsEntry {
            Catalog.QuickActionsEntry(
                source: QuickActions.fileName, sourceSHA256: sourceSHA256, status: result.hasErrors ? .failed : .ok,
                files: result.hasErrors
                    ? []
                    : result.files.map { Catalog.GeneratedFile(file: $0.relativePath, bytes: $0.bytes.count, sha256: SHA256Digest.hex(of: $0.bytes)) },
                keptFiles: kept.isEmpty ? nil : kept.map(\.entry),
                diagnostics: result.diagnostics.map(Catalog.CatalogDiagnostic.init))
        }

        /// When errors stop the files this build: keeps those `previous` (the last build's
        /// generated files) names that are still in `outputFolder`, so that one failing glyph
        /// does not remove a working `QuickActions.plist`, and says so on the first error.
        mutating func keepPreviousFiles(_ previous: [Catalog.GeneratedFile], outputFolder: String) {
            guard result.hasErrors, let first = result.diagnostics.firstIndex(where: { $0.severity == .error }) else { return }
            kept = OutputWriter.keptGeneratedFiles(previous, in: outputFolder)
            guard !kept.isEmpty else { return }
            let names = kept.map(\.entry.file)
            let strings = names.filter { $0.hasSuffix(".strings") }.count
            let listed = names.filter { !$0.hasSuffix(".strings") } + (strings == 0 ? [] : ["\(strings) InfoPlist.strings \(strings == 1 ? "file" : "files")"])
            result.diagnostics[first].message +=
                "; until this is fixed, \(outputFolder)/ keeps the last good build's \(listed.joined(separator: " and ")) as they are"
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
                    refused[outcome.source.name] = Diagnostic(.outputConflict, file: outcome.source.displayPath, message)
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
        let withDefinitions = QuickActions.definitionsPaths(in: request.inputs).filter { FileSystem.kind(of: $0) != .missing }
        guard let first = withDefinitions.first else { return nil }
        var outcome = checkQuickActions(at: first, request: request, glyphs: glyphs)
        for path in withDefinitions.dropFirst() {
            outcome.result.diagnostics.append(Diagnostic(.actionsParse, file: path, "a second quick-actions.json (the first is \(outcome.path)); an app has one set of quick actions: merge them into one file"))
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
    private static func checkQuickActions(at path: String, request: BuildRequest, glyphs: [Catalog.Glyph]) -> QuickActionsOutcome {
        let folder = path.parentPath
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
            let passed = Dictionary(glyphs.map { ($0.name, $0.status == .ok) }, uniquingKeysWith: { first, _ in first })
            result = QuickActions.check(
                fileBytes: bytes, displayPath: path, glyphs: passed, appName: request.appName,
                iconNamespace: AssetCatalogWriter.namespace(ofFolder: request.assetCatalog))
        } catch {
            bytes = []
            result = QuickActionsResult(diagnostics: [Diagnostic(.inputUnreadable, file: path, error.message)], files: [])
        }
        return QuickActionsOutcome(path: path, sourceSHA256: SHA256Digest.hex(of: bytes), result: result)
    }

    /// Locks the asset catalog that `path` is in (the catalog or a group in it) and plans
    /// what writing `names` into `path` will do, without writing: a path that is in no
    /// catalog or cannot be a folder is an error now, not after `Output/` was written.
    static func planAssetCatalog(
        at path: String, names: [String], otherCatalogs: [String], record: AppFilesRecord, observer: FlushObserver? = nil
    ) throws(BuildError) -> AssetCatalogCommit {
        do throws(FileError) {
            let location = try AssetCatalogWriter.locate(path).get()
            try FileSystem.createFolder(path, observer: observer)
            // The catalog is the app's, in its repository: the lock is on its folder itself
            // (two builds writing into two groups of it take turns too), and a lock file an
            // earlier iconforge left there goes.
            let lock = try FolderLock(location.catalog, lockFile: false)
            if case .regular = FileSystem.kind(of: path + "/" + FolderLock.fileName) { try FileSystem.remove(path + "/" + FolderLock.fileName, observer: observer) }
            let recorded = record.imageSets.flatMap { $0.folder == path ? $0.sets : nil }
            return AssetCatalogCommit(
                path: path, plan: try AssetCatalogWriter.plan(names, in: path, otherCatalogs: otherCatalogs, recorded: recorded), lock: lock)
        } catch {
            throw .output(error)
        }
    }

    /// By glyph name, the findings about glyphs the asset catalog refuses (a name an image
    /// set iconforge did not make already uses).
    static func assetCatalogRefusals(_ plan: AssetCatalogWriter.Plan, outcomes: [GlyphOutcome]) -> [String: Diagnostic] {
        var refused: [String: Diagnostic] = [:]
        for conflict in plan.conflicts {
            let source = outcomes.first { $0.source.name == conflict.glyph }?.source.displayPath ?? conflict.path
            // The problem names the asset in the way (or the catalog), once.
            refused[conflict.glyph] = Diagnostic(.xcassetsConflict, file: source, "\(conflict.problem); the glyph's PNGs are withheld until the name is free (any an earlier build made, in the output folder and as an image set, are removed); \(conflict.remedy)")
        }
        return refused
    }

    /// Writes every glyph that passed into the planned asset catalog, keeping the image sets
    /// the commit says to keep, and records what it owns there now in `record`. With `scope`
    /// (a build of some glyphs), the image sets of other glyphs stay as they are.
    static func writeAssetCatalog(
        _ commit: AssetCatalogCommit, outcomes: [GlyphOutcome], outputFolder: String, scope: Set<String>? = nil, record: inout AppFilesRecord,
        observer: FlushObserver? = nil
    ) throws(BuildError) -> AssetCatalogReport {
        var glyphs: [AssetCatalogGlyph] = []
        do throws(FileError) {
            for outcome in outcomes where !outcome.hasErrors && outcome.outputs.count == Template.scales.count {
                // Reused glyphs have no PNG bytes in memory: their files in the output folder are them.
                var pngs = outcome.pngs.map(\.bytes)
                if pngs.count != Template.scales.count {
                    pngs = try outcome.outputs.map { output throws(FileError) in
                        try FileSystem.readRegularFile(outputFolder + "/" + output.file, limit: 64 << 20)
                    }
                }
                glyphs.append(AssetCatalogGlyph(name: outcome.source.name, png2x: pngs[0], png3x: pngs[1]))
            }
            let report = try withExtendedLifetime(commit.lock) { () throws(FileError) in
                try AssetCatalogWriter.write(glyphs, to: commit.path, plan: commit.plan, keeping: commit.keeping, scope: scope, observer: observer)
            }
            record.imageSets = AppFilesRecord.ImageSets(folder: commit.path, sets: report.files)
            return report
        } catch {
            throw .output(error)
        }
    }

    /// The findings about image sets someone changed since iconforge wrote them: a
    /// Contents.json kept as it is, and whole sets of glyphs gone, kept rather than half-removed.
    static func assetCatalogFindings(_ report: AssetCatalogReport, path: String) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for name in report.editedContents {
            let file = "\(path)/\(name)\(AssetCatalogWriter.imageSetExtension)/\(AssetCatalogWriter.contentsFileName)"
            findings.append(Diagnostic(.appFilesEdited, file: file, "was changed since iconforge wrote it (in Xcode's inspector, say), so it is kept as it is and only the PNGs are updated; delete it and build again to have iconforge write it"))
        }
        for name in report.touched {
            let folder = "\(path)/\(name)\(AssetCatalogWriter.imageSetExtension)"
            findings.append(Diagnostic(.appFilesEdited, file: folder, "is the image set of a glyph no longer built (\(name).svg was deleted, renamed or withheld), and was changed since iconforge wrote it (in Xcode's inspector, say), so it is kept whole rather than half-removed; delete the folder if the app no longer needs it, or put the glyph back to have iconforge update it again"))
        }
        return findings
    }

    /// The glyphs whose image sets stay although they failed or are gone: while the quick
    /// actions have errors, the app keeps the last good Info.plist (its own, with
    /// `--info-plist`, and `Output/QuickActions.plist`), and each icon file it names must
    /// keep its image set, or the app would ship an action without an icon.
    static func imageSetsToKeep(_ quickActions: QuickActionsOutcome?, request: BuildRequest, namespace: String) -> Set<String> {
        guard let quickActions, quickActions.result.hasErrors else { return [] }
        var plists: [String] = quickActions.kept.map { request.outputFolder + "/" + $0.entry.file }.filter { $0.hasSuffix(".plist") }
        if let path = request.appFiles.infoPlist { plists.append(path) }
        var names = Set<String>()
        for path in plists {
            guard let bytes = try? FileSystem.readRegularFile(path, limit: readLimit),
                let root = try? InfoPlistUpdate.parse(bytes, what: "it").dictionary
            else { continue }
            for item in root[InfoPlistUpdate.key]?.array ?? [] {
                guard let file = item.dictionary?["UIApplicationShortcutItemIconFile"]?.string, file.hasPrefix(namespace) else { continue }
                names.insert(String(file.dropFirst(namespace.count)))
            }
        }
        return names
    }

    /// Every input the outputs depend on, for a make-style dependency file: the glyphs
    /// folders (a glyph added or removed), every glyph, the quick-action definitions and the
    /// configuration (and the folder it lives in, or would).
    static func dependencyList(files: [GlyphFile], request: BuildRequest, quickActions: QuickActionsOutcome?) -> [String] {
        let definitions = quickActions.map { [$0.path] + $0.extraSources } ?? []
        var seen = Set<String>()
        return (request.inputs + files.map(\.displayPath) + definitions + request.extraDependencies).filter { seen.insert($0).inserted }
    }

    /// When a depfile is written, the catalog is Make's target, so its time is what Make
    /// compares with the inputs'. A build that failed dates it at the epoch, so the next
    /// `make` tries again rather than taking a failed build for a finished one. Otherwise it
    /// gets the file-system clock's time from just before the build started, so that an
    /// input saved while iconforge ran, or a moment after in the same clock tick, is newer;
    /// a catalog that is already newer than every input keeps its time (Make had no reason
    /// to run, and the build state that records the time stays valid).
    static func catalogDating(
        _ dependencies: [String], files: [GlyphFile], onDisk: OnDiskSignatures, failed: Bool, startedAt: Int64
    ) -> OutputWriter.CatalogDating {
        guard !failed else { return OutputWriter.CatalogDating(time: 0, newestInput: 0) }
        var sourceTimes: [String: Int64] = [:]
        for (file, signature) in zip(files, onDisk.sources) { sourceTimes[file.displayPath] = signature?.modified }
        let newest = dependencies.map { sourceTimes[$0] ?? FileSystem.modificationTime(of: $0) ?? 0 }.max() ?? 0
        return OutputWriter.CatalogDating(time: startedAt - 1, newestInput: newest)
    }

    /// Writes `dependencies` as a make-style dependency file whose target is the catalog;
    /// each input also gets an empty rule, so that deleting one does not stop Make. A path
    /// make cannot express is left out (`depfileRefusals` reported it): the file must stay
    /// one that make can read, or every target, even `make clean`, fails.
    static func writeDepfile(_ path: String, dependencies: [String], appFiles: [String] = [], request: BuildRequest) throws(BuildError) {
        var text = "# iconforge: make cannot name the catalog in this output folder\n"
        if case .success(let target) = MakeSyntax.spell(request.outputFolder + "/" + OutputNaming.catalogFileName) {
            // An app file make cannot name is left out: it is the app's, not the build's input.
            let spelled = (dependencies + appFiles.filter { !dependencies.contains($0) }).compactMap { try? MakeSyntax.spell($0).get() }
            text = target.target + ":" + spelled.map { " \\\n  " + $0.prerequisite }.joined() + "\n"
            for input in spelled { text += "\n" + input.target + ":\n" }
        }
        do {
            try FileSystem.writeIfChanged(Array(text.utf8), to: path, observer: request.probes.writes)
        } catch {
            throw .dependencyFile(error)
        }
    }

    /// The app's files iconforge owns now, by the record: the Info.plist, the String
    /// Catalog, each strings file and every file of its image sets, and the Swift source.
    static func ownedAppFiles(_ record: AppFilesRecord, request: BuildRequest) -> [String] {
        var files = [record.infoPlist?.path, request.appFiles.swiftSource].compactMap { $0 }
        files += record.translations.keys.sorted()
        if let sets = record.imageSets {
            for (name, contents) in sets.sets.sorted(by: { $0.key < $1.key }) {
                files += contents.keys.sorted().map { "\(sets.folder)/\(name)\(AssetCatalogWriter.imageSetExtension)/\($0)" }
            }
        }
        // The vector image sets and symbol sets (`writeVectorOutputs`).
        for (sets, setExtension) in [(record.vectorSets, VectorAssetSets.imageSetExtension), (record.symbolSets, VectorAssetSets.symbolSetExtension)] {
            guard let sets else { continue }
            for (name, contents) in sets.sets.sorted(by: { $0.key < $1.key }) {
                files += contents.keys.sorted().map { "\(sets.folder)/\(name)\(setExtension)/\($0)" }
            }
        }
        return files
    }

    /// The names of the two lists `--xcfilelist` writes.
    static let fileListNames = (inputs: "iconforge-inputs.xcfilelist", outputs: "iconforge-outputs.xcfilelist")

    /// Writes Xcode's file lists for a Run Script phase: the files a build reads (every
    /// glyph, quick-actions.json, the configuration; folders left out, as Xcode lists files)
    /// and those it writes into the app (the catalog, and every app file and image-set file
    /// it owns), one a line, relative paths as `$(SRCROOT)/…` (the phase runs there).
    static func writeFileLists(in folder: String, inputs: [String], outputs: [String], observer: FlushObserver? = nil) throws(BuildError) {
        func list(_ paths: [String]) -> [UInt8] {
            let lines = paths.filter { FileSystem.kind(followingSymlinksOf: $0) != .directory }.map { path in
                let plain = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                return plain.hasPrefix("/") ? plain : "$(SRCROOT)/" + plain
            }
            return Array((lines.joined(separator: "\n") + "\n").utf8)
        }
        do throws(FileError) {
            try FileSystem.createFolder(folder, observer: observer)
            _ = try FileSystem.writeIfChanged(list(inputs), to: folder + "/" + fileListNames.inputs, observer: observer)
            _ = try FileSystem.writeIfChanged(list(outputs), to: folder + "/" + fileListNames.outputs, observer: observer)
        } catch {
            throw .dependencyFile(error)
        }
    }

    /// Dates the catalog, Make's target, no earlier than the newest of `appFiles`, which were
    /// written after it: otherwise the next `make` would find them newer and build once more.
    /// (Called only when no input was saved after the build started: that one must stay newer.)
    static func dateCatalog(after appFiles: [String], outputFolder: String) {
        let catalog = outputFolder + "/" + OutputNaming.catalogFileName
        guard let newest = appFiles.compactMap({ FileSystem.modificationTime(of: $0) }).max(),
            let time = FileSystem.modificationTime(of: catalog), newest > time
        else { return }
        FileSystem.setModificationTime(of: catalog, to: newest)
    }

    /// Findings about the paths a depfile cannot name (see `MakeSyntax`): by glyph name for
    /// glyph files (the glyph is refused, as an invalid name), and the others (folders, the
    /// configuration, the catalog itself). A glyph in `invalidNames` (the name checks found
    /// its name invalid) whose file name alone is what make cannot spell gets no second
    /// finding for that one cause: `notes` has, by glyph name, what to add to the first.
    static func depfileRefusals(
        _ dependencies: [String], files: [GlyphFile], invalidNames: Set<String> = [], request: BuildRequest
    ) -> (glyphs: [String: Diagnostic], notes: [String: String], others: [Diagnostic]) {
        guard let depfile = request.depfile else { return ([:], [:], []) }
        let glyphByPath = Dictionary(files.map { ($0.displayPath, $0.name) }, uniquingKeysWith: { first, _ in first })
        var glyphs: [String: Diagnostic] = [:]
        var notes: [String: String] = [:]
        var others: [Diagnostic] = []
        let target = request.outputFolder + "/" + OutputNaming.catalogFileName
        for path in [target] + dependencies {
            guard case .failure(let refusal) = MakeSyntax.spell(path) else { continue }
            let problem = "a make depfile (\(depfile)) cannot name this path: \(refusal.reason)"
            if path == target {
                others.append(Diagnostic(.nameInvalid, file: path, problem + "; the depfile lists nothing until the output folder is renamed"))
            } else if let glyph = glyphByPath[path] {
                // Every character make refuses in a file name (';', '=', '%', a tab, a line
                // break) is one an asset name cannot have, so renaming the file mends both;
                // unless the path with a plain file name is refused too (its folder's fault).
                let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
                if invalidNames.contains(glyph), (try? MakeSyntax.spell(folder + "a.svg").get()) != nil {
                    notes[glyph] = "; a make depfile (\(depfile)) cannot name it either (\(refusal.reason)), so it is left out of the depfile"
                } else {
                    glyphs[glyph] = Diagnostic(.nameInvalid, file: path, problem + "; rename the file (it is left out of the depfile, and the glyph is not built)")
                }
            } else {
                others.append(Diagnostic(.nameInvalid, file: path, problem + "; rename it (it is left out of the depfile)"))
            }
        }
        return (glyphs, notes, others)
    }
}
