/// The build's last stage, one transaction (docs/architecture.md, "The commit: one
/// transaction"): everything a build writes is staged, journaled, renamed in order and
/// retired by `StagedWrites`; the sets in the app's asset catalog are written just before,
/// each owned by the record first. Nothing is drawn or measured here: the vector forms come
/// drawn (`VectorDrawing`). What the app's files were found to hold is known only once they
/// are read, here, and is added to the findings.
enum OutputCommit {
    static func commit(
        _ resolution: Resolution, drawing: VectorDrawing, files: [GlyphFile], plan: IncrementalPlan,
        request: BuildRequest, startedAt: Int64,
        early: EarlyStaging?
    ) throws(BuildError) -> Resolution {
        // A catalog.json in the output folder that is not iconforge's stops every write.
        guard request.writesOutput,
            !resolution.diagnostics.contains(where: {
                $0.rule == .outputConflict && $0.file == Builder.catalogPath(request)
            })
        else {
            return resolution
        }
        let appFileFindings: [Diagnostic]
        let catalog: Catalog
        do throws(BuildError) {
            (appFileFindings, catalog) = try write(
                resolution, drawing: drawing, files: files, plan: plan, request: request, startedAt: startedAt,
                early: early)
        } catch {
            let summary = resolution.catalog.summary
            throw error.having(
                checked: FileError.Checked(glyphs: summary.glyphs, errors: summary.errors, warnings: summary.warnings))
        }
        var committed = resolution
        committed.catalog = catalog
        committed.diagnostics = (resolution.diagnostics + appFileFindings).sorted(by: Diagnostic.sortOrder)
        committed.failed = Builder.fails(committed.diagnostics, warningsAreErrors: request.warningsAreErrors)
        return committed
    }

    /// What the record of the app's files (`AppOwnershipRecord`) owns: on disk now, and once
    /// this build is committed.
    private struct AppRecords {
        var onDisk: AppOwnershipRecord
        var next: AppOwnershipRecord
    }

    /// The transaction's steps, in order; returns the findings about the app's files and the
    /// catalog as written (with the vector forms the sets hold).
    private static func write(
        _ resolution: Resolution, drawing: VectorDrawing, files: [GlyphFile], plan: IncrementalPlan,
        request: BuildRequest, startedAt: Int64,
        early: EarlyStaging?
    ) throws(BuildError) -> (findings: [Diagnostic], catalog: Catalog) {
        // A build of some glyphs leaves the app's files as they are, with the quick actions.
        let partial = plan.partial
        let appLocks =
            request.appFiles.isEmpty || partial != nil
            ? [] : try AppFileCommit.lockFolders(request.appFiles, observer: request.probes.writes)
        defer { withExtendedLifetime(appLocks) {} }
        var records = AppRecords(onDisk: plan.appRecord, next: plan.appRecord)
        // Each of the app's files is read, and its new bytes computed, now, under its lock.
        let appFiles = AppFileCommit(observer: request.probes.writes)
        var findings =
            partial == nil
            ? try Builder.updateAppFiles(
                request.appFiles, quickActions: resolution.quickActions, record: &records.next, into: appFiles) : []
        var catalog = resolution.catalog
        let dependencies =
            request.depfile == nil
            ? [] : Builder.dependencyList(files: files, request: request, quickActions: resolution.quickActions)
        // A build of some glyphs writes no depfile or file lists: they describe a whole build.
        let dating =
            request.depfile == nil || partial != nil
            ? nil
            : Builder.catalogDating(
                dependencies, files: files, onDisk: plan.onDisk, failed: resolution.failed, startedAt: startedAt)
        var staged = StagedWrites(journal: Builder.journalPath(request), observer: request.probes.writes)
        var state: BuildState?
        do throws(BuildError) {
            var written = try OutputWriter.writeFiles(
                resolution.outcomes, generated: generatedFiles(resolution), to: request.outputFolder, staging: &staged,
                early: early)
            do throws(FileError) {
                for file in appFiles.ordered {
                    try staged.writeSharedFile(file.bytes, to: file.target, mode: file.mode, read: file.read)
                }
            } catch {
                throw .appFile(error)
            }
            // Kept files are not written: they are recorded as this build read them.
            for file in resolution.quickActions?.kept ?? [] { written[file.entry.file] = file.signature }
            findings += try writeSets(
                resolution, drawing: drawing, catalog: &catalog, records: &records, plan: plan, request: request)
            try stageAppOwnershipRecord(
                records.next, onDisk: records.onDisk, outputFolder: request.outputFolder, staging: &staged)
            state = try stageCatalogAndState(
                catalog, resolution: resolution, files: files, written: written, dating: dating, plan: plan,
                request: request, staging: &staged)
            do throws(FileError) { try staged.commit() } catch { throw .output(error) }
        } catch {
            throw error.leavingOutput(.unchanged)
        }
        if let state {
            do throws(BuildError) {
                try OutputWriter.finishRemovals(
                    state, in: request.outputFolder, memory: request.memory?.state, observer: request.probes.writes)
            } catch {
                throw error.leavingOutput(.committed)
            }
        }
        guard partial == nil else { return (findings, catalog) }
        try writeMakeFiles(
            catalog, resolution: resolution, files: files, dependencies: dependencies, dating: dating,
            record: records.next, request: request, startedAt: startedAt)
        return (findings, catalog)
    }

    /// The quick-action files `Output/` gets; with errors none is written: those the last
    /// good build wrote stay, as `kept`.
    private static func generatedFiles(_ resolution: Resolution) -> [(relativePath: String, bytes: [UInt8])] {
        guard let quickActions = resolution.quickActions, !quickActions.result.hasErrors else { return [] }
        return quickActions.result.files
    }

    /// Writes the sets in the app's folders (the asset catalog's image sets, the vector forms'
    /// sets), each owned by the record on disk before it is written: a build stopped while
    /// writing them leaves a record that owns each. Only the sets: the app's files still hold
    /// what the last build wrote, which the record keeps owning until the commit replaces them.
    private static func writeSets(
        _ resolution: Resolution, drawing: VectorDrawing, catalog: inout Catalog, records: inout AppRecords,
        plan: IncrementalPlan, request: BuildRequest
    ) throws(BuildError) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let scope = plan.partial?.scope
        if let assetCatalog = resolution.assetCatalog {
            var pending = records.onDisk
            var sets = records.next.imageSets.flatMap { $0.folder == assetCatalog.path ? $0.sets : nil } ?? [:]
            for outcome in resolution.outcomes
            where !outcome.hasErrors && outcome.outputs.count == Template.scales.count
                && sets[outcome.source.name] == nil
            {
                sets[outcome.source.name] = [:]
            }
            pending.imageSets = AppOwnershipRecord.ImageSets(folder: assetCatalog.path, sets: sets)
            try writeAppOwnershipRecord(
                pending, previous: records.onDisk, outputFolder: request.outputFolder, observer: request.probes.writes)
            records.onDisk = pending
            let written = try Builder.writeAssetCatalog(
                assetCatalog, outcomes: resolution.outcomes, outputFolder: request.outputFolder, scope: scope,
                record: &records.next,
                observer: request.probes.writes)
            findings += Builder.assetCatalogFindings(written, path: assetCatalog.path)
        }
        if drawing.imageSets != nil || drawing.symbolSets != nil {
            let vector = try Builder.writeVectorOutputs(
                drawing, outcomes: resolution.outcomes, request: request, scope: scope, record: &records.next
            ) { pending throws(FileError) in
                var onDisk = records.onDisk
                (onDisk.imageSets, onDisk.vectorSets, onDisk.symbolSets) = (
                    pending.imageSets, pending.vectorSets, pending.symbolSets
                )
                try onDisk.write(in: request.outputFolder, observer: request.probes.writes)
                records.onDisk = onDisk
            }
            findings += vector.findings
            catalog.assembleEntries(resolution.outcomes, vector: vector.written)
        }
        return findings
    }

    /// Stages the catalog (the commit point) and the build's state (renamed first, naming
    /// every file the build writes or removes); returns the state, nil when the catalog
    /// needs no writing.
    private static func stageCatalogAndState(
        _ catalog: Catalog, resolution: Resolution, files: [GlyphFile], written: [String: FileSignature],
        dating: OutputWriter.CatalogDating?,
        plan: IncrementalPlan, request: BuildRequest, staging staged: inout StagedWrites
    ) throws(BuildError) -> BuildState? {
        let outcomes = resolution.outcomes
        var signatures: [String: FileSignature] = [:]
        for outcome in outcomes { signatures[outcome.source.name] = outcome.sourceSignature }
        let onDisk = plan.onDisk
        // Only what this build knows it read or wrote goes into the fingerprint it records:
        // settled sources and definitions (as they were before being read), outputs as
        // checked or as written, the catalog and generated files as written. Anything
        // unsettled or unknown gives no fingerprint, so the next build looks again.
        let record = FingerprintInputs(
            buildKey: plan.buildKey, sources: outcomes.map(\.sourceSignature),
            definitions: onDisk.definitions.map { $0.settled(before: onDisk.takenAt) },
            generatedNames: catalog.quickActions?.ownedFiles.map(\.file) ?? [],
            listed: Set(catalog.glyphs.flatMap { $0.outputs.map(\.file) }))
        let report = BuildState.Report(
            glyphCount: catalog.glyphs.count, pngCount: resolution.pngCount, diagnostics: resolution.diagnostics)
        // Taken before anything is renamed into place (`writeCatalog` asks, before the commit,
        // and only when every glyph was reused): it stats the catalog and generated files as they are.
        let fingerprintBeforeWriting = { record.beforeWriting(files: files, outputs: onDisk.outputs, request: request) }
        guard
            let committed = try OutputWriter.writeCatalog(
                catalog, outcomes: outcomes, written: written, previous: plan.previous, sourceSignatures: signatures,
                catalogDating: dating,
                fingerprintBeforeWriting: fingerprintBeforeWriting, report: report, keeping: plan.partial?.kept,
                to: request.outputFolder, staging: &staged, memory: request.memory?.state, threads: request.jobs)
        else { return nil }
        // A build of some glyphs vouches for no whole build: the next one looks at everything.
        let fingerprint =
            plan.partial == nil ? record.afterWriting(files: files, known: committed.known, request: request) : nil
        return try OutputWriter.stageState(
            committed, fingerprint: fingerprint, outcomes: outcomes, previous: plan.previous, to: request.outputFolder,
            staging: &staged,
            memory: request.memory?.state)
    }

    /// Once the commit is done: the file lists and the dependency file, which describe a
    /// whole build.
    private static func writeMakeFiles(
        _ catalog: Catalog, resolution: Resolution, files: [GlyphFile], dependencies: [String],
        dating: OutputWriter.CatalogDating?, record: AppOwnershipRecord,
        request: BuildRequest, startedAt: Int64
    ) throws(BuildError) {
        if let folder = request.fileListFolder {
            try Builder.writeFileLists(
                in: folder,
                inputs: Builder.dependencyList(files: files, request: request, quickActions: resolution.quickActions),
                outputs: [request.outputFolder + "/" + OutputNaming.catalogFileName]
                    + Builder.ownedAppFiles(record, request: request),
                observer: request.probes.writes)
        }
        guard let depfile = request.depfile else { return }
        // Every file iconforge owns is the target's prerequisite too: one edited or deleted
        // (a PNG, an image set, the array taken out of Info.plist) makes Make build again.
        let outputs =
            catalog.glyphs.flatMap { $0.outputs.map(\.file) } + (catalog.quickActions?.ownedFiles.map(\.file) ?? [])
        let owned = outputs.map { request.outputFolder + "/" + $0 } + Builder.ownedAppFiles(record, request: request)
        try Builder.writeDepfile(depfile, dependencies: dependencies, appFiles: owned, request: request)
        if let dating, !resolution.failed, dating.newestInput < startedAt {
            Builder.dateCatalog(after: owned, outputFolder: request.outputFolder)
        }
    }

    /// Writes the record of what iconforge wrote into the app's files, once there is one.
    static func writeAppOwnershipRecord(
        _ record: AppOwnershipRecord, previous: AppOwnershipRecord, outputFolder: String, observer: FlushObserver?
    ) throws(BuildError) {
        let exists = FileSystem.kind(of: outputFolder + "/" + AppOwnershipRecord.fileName) != .missing
        guard recordIsOwed(record, previous: previous, fileExists: exists) else { return }
        do throws(FileError) { try record.write(in: outputFolder, observer: observer) } catch { throw .output(error) }
    }

    /// Whether the record must be written: it changed, or it owns something and its file is gone.
    private static func recordIsOwed(_ record: AppOwnershipRecord, previous: AppOwnershipRecord, fileExists: Bool)
        -> Bool
    {
        record != previous || (record != AppOwnershipRecord() && !fileExists)
    }

    /// Stages the record of what this build wrote into the app's files, to be placed after
    /// them (nothing when the file already says it).
    private static func stageAppOwnershipRecord(
        _ record: AppOwnershipRecord, onDisk: AppOwnershipRecord, outputFolder: String,
        staging staged: inout StagedWrites
    ) throws(BuildError) {
        let path = outputFolder + "/" + AppOwnershipRecord.fileName
        let read = FileSystem.signature(of: path, followingSymlinks: false)
        guard recordIsOwed(record, previous: onDisk, fileExists: read != nil) else { return }
        let bytes = record.encoded(in: outputFolder)
        if let read, read.size == bytes.count,
            (try? FileSystem.readRegularFile(path, limit: read.size, followingSymlinks: false)) == bytes
        {
            return
        }
        do throws(FileError) { try staged.writeSharedFile(bytes, to: path, mode: nil, read: read) } catch {
            throw .output(error)
        }
    }

    /// What a build's fingerprint is computed from, besides what is on disk.
    struct FingerprintInputs {
        var buildKey: String
        /// Each source's signature, if it was settled when read.
        var sources: [FileSignature?]
        var definitions: [BuildFingerprint.DefinitionsFile]
        var generatedNames: [String]
        /// Every output file the new catalog lists.
        var listed: Set<String>

        /// As things stand now (call it before writing): what a previous build that left
        /// everything as this one found it recorded.
        func beforeWriting(files: [GlyphFile], outputs: [[FileSignature?]], request: BuildRequest) -> String? {
            BuildFingerprint.computeNow(
                buildKey: buildKey, request: request, files: files, sources: sources, outputs: outputs,
                definitions: definitions,
                generatedFiles: generatedNames)
        }

        /// Once everything is written, from the signature of every file this build wrote or
        /// checked; nil when it cannot vouch for one of them.
        func afterWriting(files: [GlyphFile], known: [String: FileSignature], request: BuildRequest) -> String? {
            var outputs: [[FileSignature?]] = []
            for file in files {
                var signatures: [FileSignature?] = []
                for scale in Template.scales {
                    let name = OutputNaming.fileName(glyph: file.name, scale: scale)
                    guard listed.contains(name) else {
                        signatures.append(nil)  // not there, or about to be removed
                        continue
                    }
                    guard let signature = known[name] else { return nil }
                    signatures.append(signature)
                }
                outputs.append(signatures)
            }
            return BuildFingerprint.compute(
                buildKey: buildKey, request: request, files: files, sources: sources, outputs: outputs,
                definitions: definitions,
                catalog: known[OutputNaming.catalogFileName], generated: generatedNames.map { ($0, known[$0]) })
        }
    }
}
