/// What a build system needs to run a build again when, and only when, an input changed:
/// Make's dependency file (`--depfile`) and Xcode's file lists (`--xcfilelist`), and the
/// catalog (their target) dated for them.
extension Builder {
    /// Every input the outputs depend on, for a make-style dependency file: the glyphs
    /// folders (a glyph added or removed), every glyph, the quick-action definitions and the
    /// configuration (and the folder it lives in, or would).
    static func dependencyList(files: [GlyphFile], request: BuildRequest, quickActions: QuickActionsOutcome?)
        -> [String]
    {
        let definitions = quickActions.map { [$0.path] + $0.extraSources } ?? []
        var seen = Set<String>()
        return (request.inputs + files.map(\.displayPath) + definitions + request.extraDependencies).filter {
            seen.insert($0).inserted
        }
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
    static func writeDepfile(_ path: String, dependencies: [String], appFiles: [String] = [], request: BuildRequest)
        throws(BuildError)
    {
        var text = "# iconforge: make cannot name the catalog in this output folder\n"
        if case .success(let target) = MakeSyntax.spell(request.outputFolder + "/" + OutputNaming.catalogFileName) {
            // An app file make cannot name is left out: it is the app's, not the build's input.
            let spelled = (dependencies + appFiles.filter { !dependencies.contains($0) }).compactMap {
                try? MakeSyntax.spell($0).get()
            }
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
    static func ownedAppFiles(_ record: AppOwnershipRecord, request: BuildRequest) -> [String] {
        var files = [record.infoPlist?.path, request.appFiles.swiftSource].compactMap { $0 }
        files += record.translations.keys.sorted()
        if let sets = record.imageSets {
            for (name, contents) in sets.sets.sorted(by: { $0.key < $1.key }) {
                files += contents.keys.sorted().map {
                    "\(sets.folder)/\(name)\(AssetCatalogWriter.imageSetExtension)/\($0)"
                }
            }
        }
        // The vector image sets and symbol sets (`writeVectorOutputs`).
        for (sets, setExtension) in [
            (record.vectorSets, VectorAssetSets.imageSetExtension),
            (record.symbolSets, VectorAssetSets.symbolSetExtension),
        ] {
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
    static func writeFileLists(in folder: String, inputs: [String], outputs: [String], observer: FlushObserver? = nil)
        throws(BuildError)
    {
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
            _ = try FileSystem.writeIfChanged(
                list(outputs), to: folder + "/" + fileListNames.outputs, observer: observer)
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
                others.append(
                    Diagnostic(
                        .nameInvalid, file: path,
                        problem + "; the depfile lists nothing until the output folder is renamed"))
            } else if let glyph = glyphByPath[path] {
                // Every character make refuses in a file name (';', '=', '%', a tab, a line
                // break) is one an asset name cannot have, so renaming the file mends both;
                // unless the path with a plain file name is refused too (its folder's fault).
                let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
                if invalidNames.contains(glyph), (try? MakeSyntax.spell(folder + "a.svg").get()) != nil {
                    notes[glyph] =
                        "; a make depfile (\(depfile)) cannot name it either (\(refusal.reason)), so it is left out of the depfile"
                } else {
                    glyphs[glyph] = Diagnostic(
                        .nameInvalid, file: path,
                        problem + "; rename the file (it is left out of the depfile, and the glyph is not built)")
                }
            } else {
                others.append(
                    Diagnostic(.nameInvalid, file: path, problem + "; rename it (it is left out of the depfile)"))
            }
        }
        return (glyphs, notes, others)
    }
}
