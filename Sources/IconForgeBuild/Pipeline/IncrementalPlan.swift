/// The build's second stage: what the previous build left in the output folder, and what of
/// it this build may reuse. When its fingerprint shows that nothing it read has changed,
/// its result stands and the build stops here (`Result.unchanged`).
struct IncrementalPlan {
    var buildKey: String
    var onDisk: OnDiskSignatures
    /// The previous build's state, whatever its options (for what it owns and wrote).
    var previous: BuildState?
    /// The same, when made with this tool and these options: its entries for unchanged
    /// glyphs stand in for rendering them again.
    var reusable: BuildState?
    /// Every file the previous build wrote: a file by these names is iconforge's own.
    var ownedFiles: Set<String>
    /// What earlier builds wrote into the app's files (empty when nothing is recorded).
    var appRecord = AppOwnershipRecord()
    /// For a build of some glyphs (`build FILE…`): what it keeps of the previous build.
    var partial: PartialBuild?

    enum Result {
        /// Nothing the previous build read has changed: its result stands.
        case unchanged(BuildReport)
        case build(IncrementalPlan)
    }

    /// Findings that say more about the moment than about the glyph (a crash, a timeout, a
    /// conflict with someone else's file): a glyph with one is processed again.
    static let mayNotRecur: Set<RuleID> = [
        .renderCrashed, .renderTimeout, .renderFailed, .outputConflict, .xcassetsConflict,
    ]

    static func plan(_ discovered: borrowing Discovered, request: BuildRequest, loadSeconds: () -> Double) -> Result {
        let buildKey = Builder.buildKey(request.options)
        let onDisk = OnDiskSignatures.stat(discovered.files, request: request)
        // Its bytes only: decoding waits until it is known to be needed.
        let stateBytes = request.writesOutput ? OutputWriter.stateBytes(in: request.outputFolder) : nil
        if var unchanged = resultIfNothingChanged(
            stateBytes: stateBytes, buildKey: buildKey, files: discovered.files, onDisk: onDisk, request: request,
            loadSeconds: loadSeconds())
        {
            // The template is no glyph, and not in the fingerprint: its finding is made afresh.
            unchanged.diagnostics =
                (unchanged.diagnostics.filter { !TemplateCheck.isTemplateFinding($0) }
                + discovered.diagnostics.filter(TemplateCheck.isTemplateFinding))
                .sorted(by: Diagnostic.sortOrder)
            unchanged.failed = Builder.fails(unchanged.diagnostics, warningsAreErrors: request.warningsAreErrors)
            return .unchanged(unchanged)
        }
        let previous =
            request.writesOutput
            ? OutputWriter.previousState(
                in: request.outputFolder, stateBytes: stateBytes, memory: request.memory?.state)
            : request.memory?.lastCheck(buildKey: buildKey)
        // Files a killed build meant to remove are iconforge's too while they are as it recorded them.
        let pending = (previous?.pendingRemovals ?? [:]).filter { file, recorded in
            FileSystem.signature(of: request.outputFolder + "/" + file, followingSymlinks: false) == recorded
        }
        let owned = Set(
            (previous?.glyphs ?? []).flatMap { $0.outputs.map(\.file) } + (previous?.generatedFiles ?? []).map(\.file)
                + pending.keys)
        return .build(
            IncrementalPlan(
                buildKey: buildKey, onDisk: onDisk, previous: previous,
                reusable: previous?.buildKey == buildKey ? previous : nil, ownedFiles: owned,
                appRecord: (request.writesOutput ? AppOwnershipRecord.read(in: request.outputFolder) : nil)
                    ?? AppOwnershipRecord(),
                partial: PartialBuild.isPartial(request)
                    ? PartialBuild.plan(
                        discovered.files, previous: previous, buildKey: buildKey, outputFolder: request.outputFolder)
                    : nil))
    }

    /// The previous build's result, when its fingerprint shows that nothing it read has
    /// changed (see `BuildFingerprint`) and none of its findings may fail to recur: the same
    /// diagnostics, nothing written.
    private static func resultIfNothingChanged(
        stateBytes: [UInt8]?, buildKey: String, files: [GlyphFile], onDisk: OnDiskSignatures, request: BuildRequest,
        loadSeconds: Double
    ) -> BuildReport? {
        guard let stateBytes, let header = BuildState.decodeHeader(stateBytes), header.buildKey == buildKey,
            header.pendingRemovals.isEmpty,
            let recorded = header.fingerprint, let report = header.report,
            !report.diagnostics.contains(where: { mayNotRecur.contains($0.rule) }),
            !(request.keepsImages && report.diagnostics.contains { $0.severity == .error }),
            BuildFingerprint.computeNow(
                buildKey: buildKey, request: request, files: files, sources: onDisk.sources, outputs: onDisk.outputs,
                definitions: onDisk.definitions, generatedFiles: header.generatedFiles.map(\.file))
                == recorded
        else { return nil }
        let catalogPath = request.outputFolder + "/" + OutputNaming.catalogFileName
        let failed = Builder.fails(report.diagnostics, warningsAreErrors: request.warningsAreErrors)
        let summary = Catalog.Summary(glyphs: report.glyphCount, pngs: report.pngCount, diagnostics: report.diagnostics)
        let catalog = CatalogSource {
            // The catalog the fingerprint vouches for; should it not decode, the summary stands in.
            let bytes = (try? FileSystem.readRegularFile(catalogPath, limit: 256 << 20)) ?? []
            return (try? JSONDecoder().decode(Catalog.self, from: Data(bytes)))
                ?? Catalog(
                    schemaVersion: Catalog.currentSchemaVersion,
                    tool: Catalog.Tool(name: "iconforge", version: Builder.toolVersion), buildKey: buildKey,
                    mode: request.options.mode, template: Builder.templateInfo(request.options), glyphs: [],
                    quickActions: nil, summary: summary)
        }
        var stages = [("load", loadSeconds)]
        for stage in GlyphTimings.stageNames { stages.append((stage, 0)) }
        stages.append(("write", 0))
        return BuildReport(
            diagnostics: report.diagnostics, glyphCount: report.glyphCount, glyphFiles: Set(files.map(\.displayPath)),
            pngCount: report.pngCount,
            reusedCount: report.glyphCount,
            nothingChanged: true, catalogSource: catalog, stageSeconds: stages, failed: failed)
    }
}

/// The size and time of every source, and of the files each glyph's outputs would be,
/// as found before processing: what a build where nothing changed compares with the
/// previous build's state.
struct OnDiskSignatures: Sendable {
    /// By file index.
    var sources: [FileSignature?]
    /// By file index, then by `Template.scales` index; empty when nothing is written.
    var outputs: [[FileSignature?]]
    /// The quick-action definitions file in each folder named as input (taken before the
    /// build reads it).
    var definitions: [BuildFingerprint.DefinitionsFile]
    /// The clock (ns since the epoch) before the first of them was taken.
    var takenAt: Int64

    /// Nothing known of any of `count` sources: every one is read and hashed.
    static func unknown(count: Int, takenAt: Int64) -> OnDiskSignatures {
        OnDiskSignatures(sources: Array(repeating: nil, count: count), outputs: [], definitions: [], takenAt: takenAt)
    }

    /// Stats every source and, for a build that writes, every expected output.
    static func stat(_ files: [GlyphFile], request: BuildRequest) -> OnDiskSignatures {
        let folders = OpenFolders(
            (request.writesOutput ? [request.outputFolder] : [])
                + Set(files.map(\.directory)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        var takenAt = request.clock.now()
        // What a watch's snapshot saw just before this run, where it saw what a build
        // records (not through a link): the snapshot looked a moment ago.
        let watched = request.memory?.takeWatchedSources()
        var usedWatched = false
        let sources = files.map { file -> FileSignature? in
            // A glyph of a folder is known to both by its folder as given and its name.
            if let watched, file.folder != nil, !watched.links.contains(file.displayPath),
                let signature = watched.files[file.displayPath]
            {
                usedWatched = true
                return signature
            }
            return folders.signature(of: file.relativePath, in: file.directory, followingSymlinks: false)
        }
        // Settled is judged from when the first signature was taken.
        if usedWatched, let watched { takenAt = min(takenAt, watched.takenAt) }
        let outputs: [[FileSignature?]] =
            request.writesOutput
            ? files.map { file in
                Template.scales.map {
                    folders.signature(of: OutputNaming.fileName(glyph: file.name, scale: $0), in: request.outputFolder)
                }
            } : []
        return OnDiskSignatures(
            sources: sources, outputs: outputs, definitions: BuildFingerprint.definitionsFiles(request.inputs),
            takenAt: takenAt)
    }
}
