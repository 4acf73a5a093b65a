/// Stages a build's PNGs, generated files, catalog and state in the build's transaction
/// (`StagedWrites`): the catalog is its commit point and the state its manifest (the order,
/// and why, are told once, in docs/architecture.md, "The commit: one transaction"). Files
/// whose bytes are unchanged are not rewritten (their modification times stay, which keeps
/// Make and Xcode quiet).
/// Outputs of glyphs that no longer build are removed only if the previous catalog says
/// iconforge wrote them: a file a person put in the folder is never touched.
package enum OutputWriter {
    /// What the previous build in `folder` wrote: its state file, or failing that (a
    /// state file lost or from another version) its catalog, which has the same entries.
    ///
    /// A state that does not describe the catalog on disk is that of a build killed before
    /// its catalog took its place (a build renames its state first, the catalog last): it
    /// still says which files are iconforge's, and its entries stand only for files whose
    /// size and time are still those it recorded. Its catalog hash is cleared, so that the
    /// next build writes its catalog.
    /// With `memory`, a state it remembers is not decoded again.
    package static func previousState(in folder: String, stateBytes: [UInt8]? = nil, memory: StateMemory? = nil)
        -> BuildState?
    {
        let catalogPath = folder + "/" + OutputNaming.catalogFileName
        let state = (stateBytes ?? self.stateBytes(in: folder)).flatMap { memory?.decode($0) ?? BuildState.decode($0) }
        if let state, let recorded = state.catalogSignature,
            FileSystem.signature(of: catalogPath, followingSymlinks: false) == recorded
        {
            return state
        }
        let catalogBytes = try? FileSystem.readRegularFile(catalogPath, limit: 256 << 20)
        if var state {
            if let catalogBytes, SHA256Digest.hex(of: catalogBytes) == state.catalogSHA256 { return state }
            state.catalogSHA256 = ""
            // A catalog that lists files the state does not (written before it by an older
            // iconforge, which renamed its state last, or put back by hand): those that still
            // have the bytes it gives are iconforge's too, to remove once no glyph lists them.
            if let catalogBytes, let catalog = try? JSONDecoder().decode(Catalog.self, from: Data(catalogBytes)) {
                let listed = Set(state.glyphs.flatMap { $0.outputs.map(\.file) })
                for output in catalog.glyphs.flatMap(\.outputs)
                where !listed.contains(output.file) && state.pendingRemovals[output.file] == nil
                    && isPlainFileName(output.file)
                {
                    let path = folder + "/" + output.file
                    guard let signature = FileSystem.signature(of: path, followingSymlinks: false),
                        signature.size == output.bytes,
                        let bytes = try? FileSystem.readRegularFile(path, limit: output.bytes),
                        SHA256Digest.hex(of: bytes) == output.sha256,
                        FileSystem.signature(of: path, followingSymlinks: false) == signature
                    else { continue }
                    state.pendingRemovals[output.file] = signature
                }
            }
            return state
        }
        guard let catalogBytes, let catalog = try? JSONDecoder().decode(Catalog.self, from: Data(catalogBytes)) else {
            return nil
        }
        return BuildState(
            buildKey: catalog.buildKey, catalogSHA256: "", glyphs: catalog.glyphs,
            generatedFiles: catalog.quickActions?.ownedFiles ?? [])
    }

    /// The bytes of the build state in `folder`, if there is one.
    package static func stateBytes(in folder: String) -> [UInt8]? {
        try? FileSystem.readRegularFile(folder + "/" + BuildState.fileName, limit: 256 << 20)
    }

    /// A catalog just written, and the state that will record it (its fingerprint still
    /// to be computed from `known`, by the builder, before `stageState`).
    package struct CommittedCatalog {
        /// The size and time of every file this build wrote or checked, the catalog
        /// included, by its path in the output folder.
        package var known: [String: FileSignature]
        var state: BuildState
        /// The glyph entries' JSON the catalog was spliced from, for the state's.
        var glyphJSON: GlyphJSONCache
    }

    /// What a build of some glyphs (`build FILE…`) keeps of the previous build's state, so
    /// that the state stays a whole record of what iconforge owns: every other glyph's entry
    /// (already in the catalog it writes), its outputs' recorded times and its source's
    /// signature, and the generated quick-action files, which such a build leaves alone.
    package struct KeptEntries: Sendable {
        /// The glyphs whose entries come from the previous build.
        package var names: Set<String>
        package var generatedFiles: [Catalog.GeneratedFile]
        package var modificationTimes: [String: Int64]
        package var sourceSignatures: [String: FileSignature]
        /// False when the previous build had other options: its entries stay, but the state
        /// then lets no later build reuse any glyph (its build key matches none).
        package var sameOptions: Bool

        package init(names: Set<String>, previous: BuildState?, sameOptions: Bool) {
            self.names = names
            let outputs = Set(
                (previous?.glyphs ?? []).filter { names.contains($0.name) }.flatMap { $0.outputs.map(\.file) })
            generatedFiles = previous?.generatedFiles ?? []
            modificationTimes = (previous?.modificationTimes ?? [:]).filter { outputs.contains($0.key) }
            sourceSignatures = (previous?.sourceSignatures ?? [:]).filter { names.contains($0.key) }
            self.sameOptions = sameOptions
        }
    }

    /// The time the catalog must carry for Make (see `Builder.catalogDating`): `time`
    /// (the epoch after a failed build), unless the catalog was not rewritten and is
    /// already newer than `newestInput`.
    package struct CatalogDating: Equatable, Sendable {
        var time: Int64
        package var newestInput: Int64

        package init(time: Int64, newestInput: Int64) {
            self.time = time
            self.newestInput = newestInput
        }
    }

    /// Stages the new PNGs and the generated quick-action files (each only when its bytes
    /// changed) in `staged`, which puts them in place at its `commit`, and returns the size
    /// and time of every output as this build wrote or checked it: what `writeCatalog` records.
    /// A PNG `early` already wrote to its temporary name is taken over, not written again.
    package static func writeFiles(
        _ outcomes: [GlyphOutcome], generated: [(relativePath: String, bytes: [UInt8])], to folder: String,
        staging staged: inout StagedWrites, early: EarlyStaging? = nil
    ) throws(BuildError) -> [String: FileSignature] {
        do throws(FileError) {
            // The size and time of each file as this build wrote or checked it, never as a
            // later stat finds it: a file changed by someone while the build ran must not be
            // recorded as the build's own.
            var known: [String: FileSignature] = [:]
            for outcome in outcomes {
                known.merge(outcome.verifiedOutputs) { _, checked in checked }
                for (output, png) in zip(outcome.outputs, outcome.pngs) {
                    known[output.file] = try staged.writeIfChangedRecording(
                        png.bytes, to: folder + "/" + output.file, early: early
                    ).signature
                }
            }
            for file in generated where isSafeRelativePath(file.relativePath) {
                let path = folder + "/" + file.relativePath
                if file.relativePath.contains("/") {
                    try requireRealFolder(path.parentPath, observer: staged.observer)
                }
                known[file.relativePath] = try staged.writeIfChangedRecording(file.bytes, to: path).signature
            }
            return known
        } catch {
            throw .output(error)
        }
    }

    /// A generated file an earlier build wrote, as a build that generates none finds it.
    package struct KeptFile: Equatable, Sendable {
        /// Its entry, with the bytes it has now.
        package var entry: Catalog.GeneratedFile
        /// Its size and time as read: the build's fingerprint records these.
        package var signature: FileSignature
    }

    /// The files `previous` says an earlier build generated that are still in `folder` (as
    /// regular files, in real folders inside it), read to record what they hold: a build
    /// whose quick actions have errors leaves them as they are and keeps them iconforge's,
    /// rather than removing a working `QuickActions.plist` for one failing glyph.
    package static func keptGeneratedFiles(_ previous: [Catalog.GeneratedFile], in folder: String) -> [KeptFile] {
        previous.compactMap { file in
            let path = folder + "/" + file.file
            guard isSafeRelativePath(file.file),
                !file.file.contains("/") || FileSystem.kind(of: path.parentPath) == .directory,
                case .regular(let size) = FileSystem.kind(of: path),
                let signature = FileSystem.signature(of: path, followingSymlinks: false),
                let bytes = try? FileSystem.readRegularFile(path, limit: max(size, 16 << 20), followingSymlinks: false),
                FileSystem.signature(of: path, followingSymlinks: false) == signature
            else { return nil }
            return KeptFile(
                entry: Catalog.GeneratedFile(file: file.file, bytes: bytes.count, sha256: SHA256Digest.hex(of: bytes)),
                signature: signature)
        }
    }

    /// Whether the catalog at `path` must be given `dating`'s time: it is missing, or its
    /// time is not the fixed one asked for, or not after the newest input.
    static func needsRedating(_ path: String, for dating: CatalogDating) -> Bool {
        guard let current = FileSystem.modificationTime(of: path) else { return true }
        return dating.time == 0 ? current != 0 : current <= dating.newestInput
    }

    /// The signature of the catalog `written` at `path`, once `dating`'s time is set on it
    /// where it was rewritten or `redate` asks for it.
    static func dated(
        _ written: (temporary: String?, signature: FileSignature?), at path: String, by dating: CatalogDating?,
        redate: Bool
    ) -> FileSignature? {
        guard let dating, written.temporary != nil || redate else { return written.signature }
        // The time goes on the temporary file, which the rename keeps.
        FileSystem.setModificationTime(of: written.temporary ?? path, to: dating.time)
        return written.signature.map { FileSignature(size: $0.size, modified: dating.time, inode: $0.inode) }
    }

    /// Adds to `state` the previous build's entries that `kept` keeps.
    static func merge(_ kept: KeptEntries, into state: inout BuildState) {
        state.modificationTimes.merge(kept.modificationTimes) { new, _ in new }
        state.sourceSignatures.merge(kept.sourceSignatures) { new, _ in new }
        if !kept.sameOptions { state.buildKey = "" }
    }

    /// The modification time in `known` of every output `catalog` lists.
    static func outputTimes(of catalog: Catalog, in known: [String: FileSignature]) -> [String: Int64] {
        var times: [String: Int64] = [:]
        for glyph in catalog.glyphs {
            for output in glyph.outputs {
                times[output.file] = known[output.file]?.modified
            }
        }
        return times
    }

    /// Stages the catalog in `staged`, whose `commit` renames it into place last: the
    /// commit point, only after every file it lists is in place. With `catalogDating`, the
    /// catalog's time is set for Make. Returns nil, having staged nothing, when the catalog
    /// and state on disk are already this build's (a build that reused every glyph and
    /// whose fingerprint and report stand unchanged).
    package static func writeCatalog(
        _ catalog: Catalog, outcomes: [GlyphOutcome], written known: [String: FileSignature], previous: BuildState?,
        sourceSignatures: [String: FileSignature], catalogDating: CatalogDating? = nil,
        fingerprintBeforeWriting: () -> String?,
        report: BuildState.Report, keeping kept: KeptEntries? = nil, to folder: String,
        staging staged: inout StagedWrites,
        memory: StateMemory? = nil, threads: Int = 1
    ) throws(BuildError) -> CommittedCatalog? {
        var known = known
        do {
            let catalogPath = folder + "/" + OutputNaming.catalogFileName
            let generatedFiles = kept?.generatedFiles ?? catalog.quickActions?.ownedFiles ?? []
            // When every glyph was reused and the catalog on disk is the one the previous
            // build wrote, the new catalog would be byte-identical: skip encoding it.
            // (`previousState` checked that the catalog on disk is the one the state describes.)
            let redate = catalogDating.map { needsRedating(catalogPath, for: $0) } ?? false
            if kept == nil, let previous, !previous.catalogSHA256.isEmpty, outcomes.allSatisfy(\.reused),
                previous.buildKey == catalog.buildKey, previous.glyphs == catalog.glyphs,
                previous.generatedFiles == generatedFiles,
                previous.sourceSignatures == sourceSignatures, !redate,
                // A state that had to be checked against the catalog's bytes (the catalog's
                // time changed since) is rewritten, so the next build need not read it.
                previous.catalogSignature == FileSystem.signature(of: catalogPath, followingSymlinks: false),
                // Nor is one whose report or fingerprint is not this build's, or that lists
                // files to remove. (The fingerprint last: only a build that reused every glyph
                // gets this far, and it is a hash over every source and output.)
                previous.report == report, previous.pendingRemovals.isEmpty,
                previous.fingerprint == fingerprintBeforeWriting()
            {
                return nil
            }
            // Temporary files of a build killed mid-write. Listing the folder costs a no-op
            // build a tenth of its time, so a build that writes nothing leaves them (they
            // are hidden, and harmless) to the next build that writes, and a watch looks
            // once, and again only after another build wrote here.
            if memory?.sweeps(folder) ?? true {
                removeStrayTemporaryFiles(in: folder, except: staged.temporaryNames, observer: staged.observer)
            }
            // A build outside a watch keeps its glyphs' JSON for its own state only.
            let glyphJSON = memory?.glyphJSON ?? GlyphJSONCache()
            glyphJSON.prepare(catalog.glyphs, threads: threads)
            let catalogBytes = try catalog.encoded(reusing: glyphJSON)
            let written = try staged.writeCommitPointIfChanged(catalogBytes, to: catalogPath)
            let catalogSignature = dated(written, at: catalogPath, by: catalogDating, redate: redate)
            known[OutputNaming.catalogFileName] = catalogSignature
            var state = BuildState(
                buildKey: catalog.buildKey,
                catalogSHA256: memory?.catalogSHA256(of: catalogBytes) ?? SHA256Digest.hex(of: catalogBytes),
                catalogSignature: catalogSignature, glyphs: catalog.glyphs,
                generatedFiles: generatedFiles, modificationTimes: outputTimes(of: catalog, in: known),
                sourceSignatures: sourceSignatures)
            if let kept { merge(kept, into: &state) }
            state.report = report
            return CommittedCatalog(known: known, state: state, glyphJSON: glyphJSON)
        } catch let error as FileError {
            throw .output(error)
        } catch {
            throw .output(
                FileError(
                    path: folder + "/" + OutputNaming.catalogFileName, message: "cannot encode the catalog: \(error)"))
        }
    }

    /// Stages the state that records `committed` (with `fingerprint`, when the build could
    /// vouch for everything it read) in `staged`, whose `commit` renames it into place before
    /// any other file: it names what this build writes and what it will remove (what
    /// `previous` listed and the new catalog does not, and what a build killed while
    /// removing left), so that a build killed at any later step leaves no file of
    /// iconforge's that the next build does not know. Returns the state, for `finishRemovals`.
    package static func stageState(
        _ committed: CommittedCatalog, fingerprint: String?, outcomes: [GlyphOutcome], previous: BuildState?,
        to folder: String,
        staging staged: inout StagedWrites, memory: StateMemory? = nil
    ) throws(BuildError) -> BuildState {
        var state = committed.state
        state.fingerprint = fingerprint
        if fingerprint == nil { state.report = nil }
        let generatedFiles = state.generatedFiles
        // Nothing is renamed yet: each file to remove is as the previous build left it.
        // Every output the new catalog lists stays, those of glyphs a build of some glyphs
        // kept from the previous one too.
        let kept = Set(outcomes.flatMap { $0.outputs.map(\.file) } + state.glyphs.flatMap { $0.outputs.map(\.file) })
        let stillGenerated = Set(generatedFiles.map(\.file))
        var removals: [String: FileSignature] = [:]
        for glyph in previous?.glyphs ?? [] {
            for output in glyph.outputs where !kept.contains(output.file) && isPlainFileName(output.file) {
                removals[output.file] = FileSystem.signature(of: folder + "/" + output.file, followingSymlinks: false)
            }
        }
        for file in previous?.generatedFiles ?? []
        where !stillGenerated.contains(file.file) && isSafeRelativePath(file.file) {
            let path = folder + "/" + file.file
            guard !file.file.contains("/") || FileSystem.kind(of: path.parentPath) == .directory else { continue }
            removals[file.file] = FileSystem.signature(of: path, followingSymlinks: false)
        }
        for (file, recorded) in previous?.pendingRemovals ?? [:]
        where !kept.contains(file) && !stillGenerated.contains(file)
            && (isPlainFileName(file) || isSafeRelativePath(file))
        {
            // Only if it is still the file that build meant to remove, in a real folder.
            let path = folder + "/" + file
            guard !file.contains("/") || FileSystem.kind(of: path.parentPath) == .directory else { continue }
            if FileSystem.signature(of: path, followingSymlinks: false) == recorded { removals[file] = recorded }
        }
        // A file this build writes under another case of the same name is, on a
        // case-insensitive disk, the same entry: removing the old name would remove it.
        let keptByFolding = Dictionary(
            (kept.union(stillGenerated)).map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        removals = removals.filter { file, _ in
            guard let other = keptByFolding[file.lowercased()] else { return true }
            return !FileSystem.isSameFile(folder + "/" + file, folder + "/" + other)
        }
        state.pendingRemovals = removals
        do throws(FileError) {
            try staged.writeManifestIfChanged(
                memory?.encode(state) ?? state.encoded(reusing: committed.glyphJSON),
                to: folder + "/" + BuildState.fileName)
        } catch {
            throw .output(error)
        }
        return state
    }

    /// Once the new catalog is in place: removes the files `state` lists for removal, then
    /// rewrites the state without them. A build killed meanwhile leaves them to the next,
    /// which removes those that are still the files this one meant to.
    /// `observer`: a test's (`BuildProbes.writes`).
    package static func finishRemovals(
        _ state: BuildState, in folder: String, memory: StateMemory? = nil, observer: FlushObserver?
    ) throws(BuildError) {
        guard !state.pendingRemovals.isEmpty else { return }
        var state = state
        do throws(FileError) {
            for (file, recorded) in state.pendingRemovals.sorted(by: {
                $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
            }) {
                let path = folder + "/" + file
                // By identity, not by name: on a case-insensitive disk (a Mac's) the name of
                // a glyph renamed by case alone now leads to the file this build just wrote.
                guard FileSystem.signature(of: path, followingSymlinks: false) == recorded else { continue }
                try FileSystem.remove(path, observer: observer)
                if file.contains("/") { try? FileSystem.removeFolderIfEmpty(path.parentPath, observer: observer) }
            }
            // Done: the next build has nothing left to remove.
            state.pendingRemovals = [:]
            try FileSystem.writeIfChanged(
                memory?.encode(state) ?? state.encoded(), to: folder + "/" + BuildState.fileName, observer: observer)
        } catch {
            throw .output(error)
        }
    }

    /// Creates `path` as a folder, or accepts it if it is one: a symlink in its place is
    /// refused, so that generated files are never written through it to somewhere else.
    private static func requireRealFolder(_ path: String, observer: FlushObserver?) throws(FileError) {
        switch FileSystem.kind(of: path) {
        case .directory: return
        case .missing: try FileSystem.createFolder(path, observer: observer)
        case .symlink:
            throw FileError(
                path: path,
                message:
                    "is a symbolic link; iconforge writes generated files only into real folders inside the output folder"
            )
        default: throw FileError(path: path, message: "exists and is not a folder")
        }
    }

    /// Generated files live in the output folder or one level down (`fr.lproj/…`), and
    /// their names come from a definitions file: never let one climb out of the folder.
    private static func isSafeRelativePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count)
            && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix(".") }
            && (path.hasSuffix(".plist") || path.hasSuffix(".strings"))
    }

    /// A catalog from disk is input too: never follow a listed name out of the folder.
    private static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".." && name.hasSuffix(".png")
    }

    /// Temporary files left by a build that was killed before renaming them: in the folder
    /// and in the `<locale>.lproj` folders the generated strings files go into (real folders
    /// only: a link is never followed to remove anything).
    private static func removeStrayTemporaryFiles(
        in folder: String, except staged: Set<String>, observer: FlushObserver?
    ) {
        // Only this process writes here now (the build holds the folder's lock).
        for name in (try? FileSystem.contents(ofFolder: folder)) ?? [] {
            if name.hasPrefix(FileSystem.temporaryPrefix), !staged.contains(name) {
                try? FileSystem.remove(folder + "/" + name, observer: observer)
            } else if name.hasSuffix(".lproj"), !name.hasPrefix("."),
                FileSystem.kind(of: folder + "/" + name) == .directory
            {
                FileSystem.removeStrayTemporaryFiles(in: folder + "/" + name, except: staged, observer: observer)
            }
        }
    }
}
