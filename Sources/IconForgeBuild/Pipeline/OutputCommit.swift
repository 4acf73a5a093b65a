/// The build's last stage: writes what the resolution decided, in an order that keeps
/// every file consistent with the catalog, and adds what the app's files were found to
/// hold (known only once they are read, after the catalog was composed).
enum OutputCommit {
    static func commit(
        _ resolution: Resolution, files: [GlyphFile], plan: IncrementalPlan, request: BuildRequest, startedAt: Int64, early: EarlyStaging?
    ) throws(BuildError) -> Resolution {
        // A catalog.json in the output folder that is not iconforge's stops every write.
        guard request.writesOutput, !resolution.diagnostics.contains(where: { $0.rule == .outputConflict && $0.file == Builder.catalogPath(request) }) else {
            return resolution
        }
        let appFileFindings: [Diagnostic]
        let catalog: Catalog
        do throws(BuildError) {
            // The catalog comes back with what the vector outputs made (`writeVectorOutputs`).
            (appFileFindings, catalog) = try write(resolution, files: files, plan: plan, request: request, startedAt: startedAt, early: early)
        } catch {
            let summary = resolution.catalog.summary
            throw error.having(checked: FileError.Checked(glyphs: summary.glyphs, errors: summary.errors, warnings: summary.warnings))
        }
        var committed = resolution
        committed.catalog = catalog
        committed.diagnostics = (resolution.diagnostics + appFileFindings).sorted(by: Diagnostic.sortOrder)
        committed.failed = Builder.fails(committed.diagnostics, warningsAreErrors: request.warningsAreErrors)
        return committed
    }

    /// Writes, in an order that keeps every file consistent with the catalog: the asset
    /// catalog; then the state, the PNGs and generated files, and the catalog (the commit
    /// point), all flushed at once and renamed in that order; the removal of files no
    /// longer listed; then the dependency file.
    /// Returns the findings about the app's files, known only once they are read, and the
    /// catalog as written.
    private static func write(
        _ resolution: Resolution, files: [GlyphFile], plan: IncrementalPlan, request: BuildRequest, startedAt: Int64, early: EarlyStaging?
    ) throws(BuildError) -> (findings: [Diagnostic], catalog: Catalog) {
        var catalog = resolution.catalog
        let outcomes = resolution.outcomes
        let quickActions = resolution.quickActions
        // With errors none is written: those the last good build wrote stay, as `kept`.
        let generated = quickActions?.result.hasErrors == false ? quickActions?.result.files ?? [] : []
        var signatures: [String: FileSignature] = [:]
        for outcome in outcomes { signatures[outcome.source.name] = outcome.sourceSignature }
        let dependencies = request.depfile == nil ? [] : Builder.dependencyList(files: files, request: request, quickActions: quickActions)
        let onDisk = plan.onDisk
        // A build of some glyphs writes no depfile or file lists: they describe a whole build.
        let partial = plan.partial
        let dating = request.depfile == nil || partial != nil ? nil : Builder.catalogDating(dependencies, files: files, onDisk: onDisk, failed: resolution.failed, startedAt: startedAt)
        // Only what this build knows it read or wrote goes into the fingerprint it records:
        // settled sources and definitions (as they were before being read), outputs as
        // checked or as written, the catalog and generated files as written. Anything
        // unsettled or unknown gives no fingerprint, so the next build looks again.
        let record = FingerprintInputs(
            buildKey: plan.buildKey, sources: outcomes.map(\.sourceSignature),
            definitions: onDisk.definitions.map { $0.settled(before: onDisk.takenAt) },
            generatedNames: catalog.quickActions?.ownedFiles.map(\.file) ?? [],
            listed: Set(catalog.glyphs.flatMap { $0.outputs.map(\.file) }))
        let report = BuildState.Report(glyphCount: catalog.glyphs.count, pngCount: resolution.pngCount, diagnostics: resolution.diagnostics)
        // Taken before anything is renamed into place (`writeCatalog` asks, before the commit,
        // and only when every glyph was reused): it stats the catalog and generated files as they are.
        let fingerprintBeforeWriting = { record.beforeWriting(files: files, outputs: onDisk.outputs, request: request) }
        // Everything is staged, then committed as one transaction (`StagedWrites.commit`;
        // docs/architecture.md, "The commit: one transaction"). The app's files: their
        // folders locked, each read and its new bytes computed now (`AppFileCommit`).
        // A build of some glyphs leaves them as they are, with the quick actions.
        let appLocks = request.appFiles.isEmpty || partial != nil ? [] : try AppFileCommit.lockFolders(request.appFiles)
        defer { withExtendedLifetime(appLocks) {} }
        let appFiles = AppFileCommit()
        // What earlier builds wrote decides what of the app's files is iconforge's; the
        // record of what it owns after this build is written once everything is committed.
        var appRecord = plan.appRecord
        var findings: [Diagnostic] = []
        if partial == nil {
            findings += try Builder.updateAppFiles(request.appFiles, quickActions: quickActions, record: &appRecord, into: appFiles)
        }
        var appRecordOnDisk = plan.appRecord
        var staged = StagedWrites(journal: Builder.journalPath(request))
        var state: BuildState?
        do throws(BuildError) {
            var written = try OutputWriter.writeFiles(outcomes, generated: generated, to: request.outputFolder, staging: &staged, early: early)
            do throws(FileError) {
                for file in appFiles.ordered { try staged.writeSharedFile(file.bytes, to: file.target, mode: file.mode, read: file.read) }
            } catch {
                throw .appFile(error)
            }
            // Kept files are not written: they are recorded as this build read them.
            for file in quickActions?.kept ?? [] { written[file.entry.file] = file.signature }
            if let assetCatalog = resolution.assetCatalog {
                // Recorded before the catalog is touched, as the state is: a build killed while
                // writing image sets leaves a record that owns each of them. Only the image
                // sets: the app's files still hold what the last build wrote, which is what
                // the record must keep owning until the commit replaces them.
                var pending = plan.appRecord
                var sets = appRecord.imageSets.flatMap { $0.folder == assetCatalog.path ? $0.sets : nil } ?? [:]
                for outcome in outcomes where !outcome.hasErrors && outcome.outputs.count == Template.scales.count && sets[outcome.source.name] == nil {
                    sets[outcome.source.name] = [:]
                }
                pending.imageSets = AppFilesRecord.ImageSets(folder: assetCatalog.path, sets: sets)
                try writeAppFilesRecord(pending, previous: plan.appRecord, outputFolder: request.outputFolder)
                appRecordOnDisk = pending
                let written = try Builder.writeAssetCatalog(
                    assetCatalog, outcomes: outcomes, outputFolder: request.outputFolder, scope: partial?.scope, record: &appRecord)
                findings += Builder.assetCatalogFindings(written, path: assetCatalog.path)
            }
            if request.vectorFormat != nil || request.symbolsFolder != nil {
                findings += try Builder.writeVectorOutputs(
                    outcomes, catalog: &catalog, previous: plan.reusable?.glyphs ?? [], request: request, scope: partial?.scope, record: &appRecord
                ) { pending throws(FileError) in
                    // The sets only, as for the image sets above: the app's files' entries
                    // change with the journaled commit.
                    var onDisk = appRecordOnDisk
                    (onDisk.imageSets, onDisk.vectorSets, onDisk.symbolSets) = (pending.imageSets, pending.vectorSets, pending.symbolSets)
                    try onDisk.write(in: request.outputFolder)
                    appRecordOnDisk = onDisk
                }
            }
            // The record of the app's files is renamed with them, after them, in the journaled
            // commit: a stopped build never leaves it owning values the files do not hold.
            try stageAppFilesRecord(appRecord, onDisk: appRecordOnDisk, outputFolder: request.outputFolder, staging: &staged)
            if let committed = try OutputWriter.writeCatalog(
                catalog, outcomes: outcomes, written: written, previous: plan.previous, sourceSignatures: signatures, catalogDating: dating,
                fingerprintBeforeWriting: fingerprintBeforeWriting, report: report, keeping: partial?.kept,
                to: request.outputFolder, staging: &staged, memory: request.memory?.state, threads: request.jobs)
            {
                // A build of some glyphs vouches for no whole build: the next one looks at everything.
                let fingerprint = partial == nil ? record.afterWriting(files: files, known: committed.known, request: request) : nil
                state = try OutputWriter.stageState(
                    committed, fingerprint: fingerprint, outcomes: outcomes,
                    previous: plan.previous, to: request.outputFolder, staging: &staged, memory: request.memory?.state)
            }
            do throws(FileError) { try staged.commit() } catch { throw .output(error) }
        } catch {
            throw error.leavingOutput(.unchanged)
        }
        if let state {
            do throws(BuildError) {
                try OutputWriter.finishRemovals(state, in: request.outputFolder, memory: request.memory?.state)
            } catch {
                throw error.leavingOutput(.committed)
            }
        }
        if let folder = request.fileListFolder, partial == nil {
            try Builder.writeFileLists(
                in: folder, inputs: Builder.dependencyList(files: files, request: request, quickActions: quickActions),
                outputs: [request.outputFolder + "/" + OutputNaming.catalogFileName] + Builder.ownedAppFiles(appRecord, request: request))
        }
        if let depfile = request.depfile, partial == nil {
            // Every file iconforge owns is the target's prerequisite too: one edited or deleted
            // (a PNG, an image set, the array taken out of Info.plist) makes Make build again.
            let outputs = catalog.glyphs.flatMap { $0.outputs.map(\.file) } + (catalog.quickActions?.ownedFiles.map(\.file) ?? [])
            let owned = outputs.map { request.outputFolder + "/" + $0 } + Builder.ownedAppFiles(appRecord, request: request)
            try Builder.writeDepfile(depfile, dependencies: dependencies, appFiles: owned, request: request)
            if let dating, !resolution.failed, dating.newestInput < startedAt {
                Builder.dateCatalog(after: owned, outputFolder: request.outputFolder)
            }
        }
        return (findings, catalog)
    }

    /// Writes the record of what iconforge wrote into the app's files, once there is one.
    static func writeAppFilesRecord(_ record: AppFilesRecord, previous: AppFilesRecord, outputFolder: String) throws(BuildError) {
        let exists = FileSystem.kind(of: outputFolder + "/" + AppFilesRecord.fileName) != .missing
        guard recordIsOwed(record, previous: previous, fileExists: exists) else { return }
        do throws(FileError) { try record.write(in: outputFolder) } catch { throw .output(error) }
    }

    /// Whether the record must be written: it changed, or it owns something and its file is gone.
    private static func recordIsOwed(_ record: AppFilesRecord, previous: AppFilesRecord, fileExists: Bool) -> Bool {
        record != previous || (record != AppFilesRecord() && !fileExists)
    }

    /// Stages the record of what this build wrote into the app's files, to be placed after
    /// them (nothing when the file already says it).
    private static func stageAppFilesRecord(
        _ record: AppFilesRecord, onDisk: AppFilesRecord, outputFolder: String, staging staged: inout StagedWrites
    ) throws(BuildError) {
        let path = outputFolder + "/" + AppFilesRecord.fileName
        let read = FileSystem.signature(of: path, followingSymlinks: false)
        guard recordIsOwed(record, previous: onDisk, fileExists: read != nil) else { return }
        let bytes = record.encoded(in: outputFolder)
        if let read, read.size == bytes.count, (try? FileSystem.readRegularFile(path, limit: read.size, followingSymlinks: false)) == bytes { return }
        do throws(FileError) { try staged.writeSharedFile(bytes, to: path, mode: nil, read: read) } catch { throw .output(error) }
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
                buildKey: buildKey, request: request, files: files, sources: sources, outputs: outputs, definitions: definitions,
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
                buildKey: buildKey, request: request, files: files, sources: sources, outputs: outputs, definitions: definitions,
                catalog: known[OutputNaming.catalogFileName], generated: generatedNames.map { ($0, known[$0]) })
        }
    }
}
