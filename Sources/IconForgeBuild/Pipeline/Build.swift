import Dispatch
import Synchronization

/// What to build or check, and where.
public struct BuildRequest: Sendable {
    /// Folders (every `*.svg` inside) and single SVG files.
    public var inputs: [String] = ["Glyphs"]
    public var outputFolder: String = "Output"
    public var options = PipelineOptions()
    /// Glyphs processed at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// False for `check`: run every rule, write nothing.
    public var writesOutput = true
    /// Where glyphs are rendered; the command-line tool uses worker processes.
    public var isolation = Isolation.inProcess
    /// An Xcode asset catalog (`.xcassets`) to write the glyphs into as template images.
    public var assetCatalog: String?
    /// The app target's other asset catalogs, whose asset names the glyphs must not take.
    public var otherAssetCatalogs: [String] = []
    /// The app's name, for the `actions.app-name` rule (overrides the definitions file).
    public var appName: String?
    /// A make-style dependency file to write, listing every input the outputs depend on.
    public var depfile: String?
    /// A folder to write Xcode's input and output file lists into (`--xcfilelist`), for a
    /// Run Script build phase.
    public var fileListFolder: String?
    /// The quick actions in the app's own files, each updated in place (`--info-plist`,
    /// `--info-plist-strings`, `--xcstrings`, `--swift`).
    public var appFiles = AppFileTargets()
    /// Further inputs that a depfile should name (the configuration file).
    public var extraDependencies: [String] = []
    /// Whether warnings fail the build too (`--werror`).
    public var warningsAreErrors = false
    /// Keep every glyph's PNGs in the report (`BuildReport.images`), a failed glyph's renders
    /// too, also in a check: what the preview page shows, so that it shows exactly what the
    /// build made. A build where nothing changed still stops early when nothing failed (the
    /// page then reads the PNGs it kept); failed glyphs are processed again to be shown.
    public var keepsImages = false
    /// Called once, with the output folder, when another build holds it and this one waits
    /// for it to finish (the library prints nothing; a command line says it is waiting).
    public var onWaitingForLock: (@Sendable (String) -> Void)?
    /// Called after each glyph is processed (reused ones too) with how many are done and
    /// the total, from whichever thread did it: what a progress line counts.
    public var onGlyphDone: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// The project a symlink on the way to a write may lead into (see `WriteDestination`);
    /// nil: the current folder (the command line gives its git repository).
    public var projectRoot: String?
    /// `--follow-symlinks`: write through symlinks that lead out of the project too.
    public var followsSymlinks = false
    /// The clocks the build compares file times with.
    var clock = BuildClock.system

    public init() {}

    /// How this build judges where its writes land.
    package var writeDestination: WriteDestination {
        let folder = FileManager.default.currentDirectoryPath
        let root = projectRoot ?? folder
        return WriteDestination(root: FileSystem.resolvedPath(root) ?? root, followsLinksOutside: followsSymlinks)
    }
}

/// What a build or check found and did.
public struct BuildReport: Sendable {
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    public var glyphCount: Int
    /// The glyph files checked, as diagnostics name them: what a summary calls glyphs (a
    /// missing input or the quick-action definitions are files, not glyphs).
    public var glyphFiles: Set<String>
    public var pngCount: Int
    /// Glyphs whose files were kept from the previous build because nothing changed.
    public var reusedCount: Int
    /// Whether the previous build's result stood as a whole: nothing it read had changed
    /// (its fingerprint matched), so nothing was checked glyph by glyph or written.
    public var nothingChanged = false
    /// The catalog written (build) or that would be written (check).
    public var catalog: Catalog { catalogSource.catalog }
    let catalogSource: CatalogSource
    /// Seconds spent per stage, summed over all threads.
    public var stageSeconds: [(stage: String, seconds: Double)]
    /// With `BuildRequest.keepsImages`, by glyph name, every glyph this run rendered:
    /// the PNGs it wrote (or, in a check, would write), or a failed glyph's renders. Glyphs
    /// whose files were kept from the previous build are not here: their files are.
    package var images: [String: GlyphImages] = [:]

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// Whether the build failed: an error, or a warning under `--werror`.
    public var failed: Bool
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// A report's catalog: the one the build composed, or, for a build that found nothing
/// changed and so composed none, the one on disk, read when first asked for.
final class CatalogSource: Sendable {
    private let loaded: Lock<Catalog?>
    private let load: @Sendable () -> Catalog

    init(_ catalog: Catalog) {
        loaded = Lock(catalog)
        load = { catalog }
    }

    init(loading: @escaping @Sendable () -> Catalog) {
        loaded = Lock(nil)
        load = loading
    }

    var catalog: Catalog {
        loaded.withLock { cached in
            if let cached { return cached }
            let catalog = load()
            cached = catalog
            return catalog
        }
    }
}

/// Runs the pipeline over every glyph, in one direction: discover → plan → process →
/// resolve → commit → report. Nothing is written before every refusal is known, and
/// nothing found while writing goes back to change what was decided.
public enum Builder {
    public static let toolVersion = "0.1.0"

    public static func run(_ request: BuildRequest) throws(BuildError) -> BuildReport {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let startedAt = request.clock.fileTimeNow()
        let discovered = try discover(request)
        defer { withExtendedLifetime(discovered.lock) {} }
        let plan: BuildPlan
        switch self.plan(discovered, request: request, loadSeconds: { (clock.now - loadStart).seconds }) {
        case .unchanged(var report):
            // The template is no glyph, and not in the fingerprint: its finding is made afresh.
            report.diagnostics = (report.diagnostics.filter { !TemplateCheck.isTemplateFinding($0) } + discovered.diagnostics.filter(TemplateCheck.isTemplateFinding))
                .sorted(by: Diagnostic.sortOrder)
            report.failed = fails(report.diagnostics, warningsAreErrors: request.warningsAreErrors)
            return report
        case .build(let planned): plan = planned
        }
        let loadSeconds = (clock.now - loadStart).seconds
        let setScales = planSetScales(
            discovered.files, nameFindings: discovered.nameFindings, previous: plan.reusable, onDisk: plan.onDisk, request: request)
        var request = request
        request.options = setScales.applied(to: request.options)
        let early = request.writesOutput ? EarlyStaging() : nil
        let processed = process(
            discovered.files, nameFindings: discovered.nameFindings, previous: plan.reusable, onDisk: plan.onDisk, request: request,
            encode: request.writesOutput || request.keepsImages, staging: early)
        let (outcomes, family) = FamilyChecks.judge(processed, options: request.options.family)
        var resolution = try resolve(outcomes, family: family, discovered: discovered, plan: plan, request: request)
        let writeStart = clock.now
        // A catalog.json in the output folder that is not iconforge's stops every write.
        if request.writesOutput, !resolution.diagnostics.contains(where: { $0.rule == .outputConflict && $0.file == catalogPath(request) }) {
            let appFileFindings: [Diagnostic]
            do throws(BuildError) {
                appFileFindings = try commit(resolution, files: discovered.files, plan: plan, request: request, startedAt: startedAt, early: early)
            } catch {
                throw error.having(checked: FileError.Checked(glyphs: resolution.catalog.summary.glyphs, errors: resolution.catalog.summary.errors, warnings: resolution.catalog.summary.warnings))
            }
            // What the app's files hold is known only once they are read, after the catalog was composed.
            resolution.diagnostics = (resolution.diagnostics + appFileFindings).sorted(by: Diagnostic.sortOrder)
            resolution.failed = Self.fails(resolution.diagnostics, warningsAreErrors: request.warningsAreErrors)
        }
        return report(resolution, keepsImages: request.keepsImages, loadSeconds: loadSeconds, writeSeconds: (clock.now - writeStart).seconds)
    }

    /// One glyph file through the same stages as a build (discover, process), its PNGs
    /// kept in memory, one per `Template.scales` entry, instead of committed: what
    /// `iconforge render` writes for a Makefile pattern rule. No PNGs when it fails.
    /// `request.inputs` are the glyphs a build would see: under `--fit=set` the glyph's
    /// scale is planned over them as that build plans it (see `setScales(rendering:in:)`),
    /// so that it gets the bytes the build writes.
    public static func render(_ glyphFile: String, request: BuildRequest) throws(BuildError) -> (diagnostics: [Diagnostic], pngs: [[UInt8]]) {
        var request = request
        let set = request.inputs
        request.inputs = [glyphFile]
        request.writesOutput = false
        request.keepsImages = false
        let discovered = try discover(request)
        let nothingRecorded = OnDiskSignatures(
            sources: Array(repeating: nil, count: discovered.files.count), outputs: [], definitions: [], takenAt: request.clock.now())
        if request.options.mode == .fitSet, let planned = setScales(rendering: glyphFile, in: set, request: request) {
            request.options.setScales = planned
        } else {
            request.options = planSetScales(discovered.files, nameFindings: discovered.nameFindings, previous: nil, onDisk: nothingRecorded, request: request)
                .applied(to: request.options)
        }
        let outcomes = process(
            discovered.files, nameFindings: discovered.nameFindings, previous: nil, onDisk: nothingRecorded, request: request, encode: true)
        let diagnostics = (discovered.diagnostics + outcomes.flatMap(\.diagnostics)).sorted(by: Diagnostic.sortOrder)
        return (diagnostics, outcomes.first?.pngs.map(\.bytes) ?? [])
    }

    /// `--fit=set` for one glyph: the set's scales as a build of `inputs` plans them, over
    /// the glyphs that build sees, or over the glyph's own folder when they do not include
    /// it. The measurements the last build recorded in the output folder stand in for
    /// unchanged glyphs, as in that build. Nil when the glyph is in neither.
    static func setScales(rendering glyphFile: String, in inputs: [String], request: BuildRequest) -> [SetScale]? {
        guard let target = FileSystem.resolvedPath(glyphFile) else { return nil }
        func holdsTheGlyph(_ files: [GlyphFile]) -> Bool { files.contains { FileSystem.resolvedPath($0.displayPath) == target } }
        var files = (try? GlyphDiscovery.discover(inputs)) ?? []
        if !holdsTheGlyph(files) { files = (try? GlyphDiscovery.discover([glyphFile.parentPath])) ?? [] }
        guard holdsTheGlyph(files) else { return nil }
        let previous = OutputWriter.previousState(in: request.outputFolder).flatMap { $0.buildKey == buildKey(request.options) ? $0 : nil }
        let onDisk = statSourcesAndOutputs(files, request: request)
        return planSetScales(files, nameFindings: NameChecks.run(files), previous: previous, onDisk: onDisk, request: request).scales
    }

    // MARK: - Discover

    /// The glyph files found, and what can be said of them before reading any.
    struct Discovered: ~Copyable {
        var files: [GlyphFile]
        /// Findings about the inputs as a whole (none found).
        var diagnostics: [Diagnostic]
        /// Name findings by file index (they depend on the other glyphs' names).
        var nameFindings: [Int: [Diagnostic]]
        /// Held from reading what the last build wrote to writing the new catalog.
        var lock: FolderLock?
    }

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
            diagnostics.append(Diagnostic(.inputEmpty, file: place, "no *.svg glyphs found; a check that finds nothing is probably pointed at the wrong folder"))
        }
        // One build at a time per output folder: from reading what the last build wrote to
        // writing the new catalog, another build's writes must not interleave.
        var lock: FolderLock?
        if request.writesOutput {
            try checkDestinations(request)
            do {
                try FileSystem.createFolder(request.outputFolder)
                lock = try FolderLock(request.outputFolder) { request.onWaitingForLock?(request.outputFolder) }
            } catch {
                throw .output(error)
            }
        }
        diagnostics += TemplateCheck.run(folders: request.inputs, limits: request.options.limits)
        return Discovered(files: files, diagnostics: diagnostics, nameFindings: NameChecks.run(files), lock: lock)
    }

    // MARK: - Plan

    /// What the previous build left, and what of it this build may reuse.
    struct BuildPlan {
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
        var appRecord = AppFilesRecord()
    }

    enum PlanResult {
        /// Nothing the previous build read has changed: its result stands.
        case unchanged(BuildReport)
        case build(BuildPlan)
    }

    static func plan(_ discovered: borrowing Discovered, request: BuildRequest, loadSeconds: () -> Double) -> PlanResult {
        let buildKey = Self.buildKey(request.options)
        let (stateBytes, onDisk) = readPreviousBuild(discovered.files, request: request)
        if let unchanged = resultIfNothingChanged(
            stateBytes: stateBytes, buildKey: buildKey, files: discovered.files, onDisk: onDisk, request: request, loadSeconds: loadSeconds())
        {
            return .unchanged(unchanged)
        }
        let previous = request.writesOutput ? OutputWriter.previousState(in: request.outputFolder, stateBytes: stateBytes) : nil
        // Files a killed build meant to remove are iconforge's too while they are as it recorded them.
        let pending = (previous?.pendingRemovals ?? [:]).filter { file, recorded in
            FileSystem.signature(of: request.outputFolder + "/" + file, followingSymlinks: false) == recorded
        }
        let owned = Set(
            (previous?.glyphs ?? []).flatMap { $0.outputs.map(\.file) } + (previous?.generatedFiles ?? []).map(\.file) + pending.keys)
        return .build(BuildPlan(
            buildKey: buildKey, onDisk: onDisk, previous: previous, reusable: previous?.buildKey == buildKey ? previous : nil, ownedFiles: owned,
            appRecord: (request.writesOutput ? AppFilesRecord.read(in: request.outputFolder) : nil) ?? AppFilesRecord()))
    }

    /// `--fit=set`: measures every glyph as `--fit=glyph` does (its markup checked, its ink
    /// measured, nothing rendered: `PipelineOptions.measuresOnly`), and
    /// returns the plan of the set's scale per artboard size. Every glyph counts,
    /// changed or not: one glyph's change can move the typical glyph. A glyph `previous`
    /// would be reused for (its source unchanged, see `reuse`) counts with the artboard, ink
    /// box and shape it recorded, without being rendered: both fit modes measure the same
    /// way, and the ink box the planner sees is the catalog's rounded one either way (see
    /// `FitSetPlanner`), so the scale is a cold build's. Other modes plan nothing.
    static func planSetScales(
        _ files: [GlyphFile], nameFindings: [Int: [Diagnostic]], previous: BuildState?, onDisk: OnDiskSignatures, request: BuildRequest
    ) -> SetScalePlan {
        guard request.options.mode == .fitSet else { return SetScalePlan(scales: nil) }
        var measuring = request
        measuring.keepsImages = false
        measuring.options.mode = .fitGlyph
        measuring.options.allowOffCenter = []
        measuring.options.measuresOnly = true
        let measured = process(files, nameFindings: nameFindings, previous: previous, onDisk: onDisk, request: measuring, encode: false)
        return SetScalePlan(scales: FitSetPlanner.plan(measured.compactMap { outcome in
            guard let artboard = outcome.artboard, let inkBox = outcome.inkBox, let shape = outcome.shape else { return nil }
            return FitSetPlanner.Measured(artboard: artboard, inkBox: inkBox, shape: shape)
        }))
    }

    // MARK: - Resolve

    /// Everything decided before anything is written.
    struct Resolution {
        var outcomes: [GlyphOutcome]
        var quickActions: QuickActionsOutcome?
        var catalog: Catalog
        var diagnostics: [Diagnostic]
        var pngCount: Int
        var failed: Bool
        /// The asset catalog to write, with what it refuses already settled.
        var assetCatalog: AssetCatalogCommit?
    }

    /// An asset catalog, locked, and what writing into it will and will not do.
    struct AssetCatalogCommit {
        var path: String
        var plan: AssetCatalogWriter.Plan
        /// Two builds with different output folders may share one asset catalog.
        var lock: FolderLock
        /// Glyphs whose image sets stay, failed or gone, because the app's kept Info.plist names them.
        var keeping: Set<String> = []
    }

    /// Settles every refusal (a glyph whose output name is someone else's file, one the
    /// asset catalog cannot take, generated files in the way) and composes the catalog.
    private static func resolve(
        _ processed: [GlyphOutcome], family: Catalog.Family?, discovered: borrowing Discovered, plan: BuildPlan, request: BuildRequest
    ) throws(BuildError) -> Resolution {
        var outcomes = processed
        // A refused glyph is recorded as failed in this build's catalog, like any other
        // error, and gets no files.
        func withhold(_ refused: [String: Diagnostic]) {
            for index in outcomes.indices {
                guard let diagnostic = refused[outcomes[index].source.name] else { continue }
                outcomes[index].diagnostics.append(diagnostic)
                if request.keepsImages { outcomes[index].failedRenders = outcomes[index].pngs }
                outcomes[index].pngs = []
                outcomes[index].outputs = []
                outcomes[index].reused = false
            }
        }
        var assetCatalog: AssetCatalogCommit?
        var diagnostics = discovered.diagnostics
        if request.writesOutput {
            if let problem = foreignCatalogProblem(request.outputFolder, previous: plan.previous) {
                diagnostics.append(Diagnostic(.outputConflict, file: catalogPath(request), problem))
            }
            withhold(foreignOutputs(outcomes, in: request.outputFolder, owned: plan.ownedFiles))
            if let path = request.assetCatalog {
                let candidates = outcomes.filter { !$0.hasErrors && $0.outputs.count == Template.scales.count }
                let commit = try planAssetCatalog(
                    at: path, names: candidates.map(\.source.name), otherCatalogs: request.otherAssetCatalogs, record: plan.appRecord)
                withhold(assetCatalogRefusals(commit.plan, outcomes: outcomes))
                assetCatalog = commit
            }
            let invalidNames = Set(discovered.nameFindings.filter { $0.value.contains { $0.rule == .nameInvalid } }.map { discovered.files[$0.key].name })
            let depfile = depfileRefusals(discovered.files.map(\.displayPath), files: discovered.files, invalidNames: invalidNames, request: request)
            withhold(depfile.glyphs)
            for index in outcomes.indices {
                guard let note = depfile.notes[outcomes[index].source.name],
                    let named = outcomes[index].diagnostics.firstIndex(where: { $0.rule == .nameInvalid })
                else { continue }
                outcomes[index].diagnostics[named].message += note
            }
        }

        var pngCount = 0
        var glyphs: [Catalog.Glyph] = []
        for outcome in outcomes {
            diagnostics += outcome.diagnostics
            glyphs.append(catalogEntry(for: outcome))
            pngCount += outcome.outputs.count
        }
        glyphs.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var quickActions = checkQuickActions(
            request, glyphs: glyphs, outputFolder: request.writesOutput ? request.outputFolder : nil, owned: plan.ownedFiles)
        if request.writesOutput {
            quickActions?.keepPreviousFiles(plan.previous?.generatedFiles ?? [], outputFolder: request.outputFolder)
            if let commit = assetCatalog, let first = quickActions?.result.diagnostics.firstIndex(where: { $0.severity == .error }) {
                let passed = Set(outcomes.filter { !$0.hasErrors && $0.outputs.count == Template.scales.count }.map(\.source.name))
                // Not one whose name an asset of the app's now has: the target would hold it twice.
                let refused = Set(commit.plan.conflicts.map(\.glyph))
                let keeping = imageSetsToKeep(quickActions, request: request, namespace: commit.plan.namespace)
                    .filter { !passed.contains($0) && !refused.contains($0) && commit.plan.owned[$0] != nil }
                assetCatalog?.keeping = keeping
                if !keeping.isEmpty {
                    let sets = keeping.sorted().map { "\(commit.path)/\($0).imageset" }.joined(separator: ", ")
                    quickActions?.result.diagnostics[first].message += "; the asset catalog keeps \(sets) as the last good build made \(keeping.count == 1 ? "it" : "them"), since the kept Info.plist names \(keeping.count == 1 ? "it" : "them")"
                }
            }
        }
        diagnostics += quickActions?.result.diagnostics ?? []
        if request.writesOutput, request.depfile != nil {
            let dependencies = dependencyList(files: discovered.files, request: request, quickActions: quickActions)
            let glyphPaths = Set(discovered.files.map(\.displayPath))
            diagnostics += depfileRefusals(dependencies.filter { !glyphPaths.contains($0) }, files: [], request: request).others
        }
        diagnostics.sort(by: Diagnostic.sortOrder)
        let catalog = Catalog(
            schemaVersion: Catalog.currentSchemaVersion,
            tool: Catalog.Tool(name: "iconforge", version: toolVersion),
            buildKey: plan.buildKey,
            mode: request.options.mode,
            template: templateInfo(request.options),
            glyphs: glyphs,
            quickActions: quickActions?.entry,
            family: family,
            summary: Catalog.Summary(glyphs: glyphs.count, pngs: pngCount, diagnostics: diagnostics))
        return Resolution(
            outcomes: outcomes, quickActions: quickActions, catalog: catalog, diagnostics: diagnostics, pngCount: pngCount,
            failed: Self.fails(diagnostics, warningsAreErrors: request.warningsAreErrors), assetCatalog: assetCatalog)
    }

    // MARK: - Commit

    /// Writes, in an order that keeps every file consistent with the catalog: the asset
    /// catalog; then the state, the PNGs and generated files, and the catalog (the commit
    /// point), all flushed at once and renamed in that order; the removal of files no
    /// longer listed; then the dependency file.
    private static func commit(
        _ resolution: Resolution, files: [GlyphFile], plan: BuildPlan, request: BuildRequest, startedAt: Int64, early: EarlyStaging?
    ) throws(BuildError) -> [Diagnostic] {
        let catalog = resolution.catalog
        let outcomes = resolution.outcomes
        let quickActions = resolution.quickActions
        // With errors none is written: those the last good build wrote stay, as `kept`.
        let generated = quickActions?.result.hasErrors == false ? quickActions?.result.files ?? [] : []
        var signatures: [String: FileSignature] = [:]
        for outcome in outcomes { signatures[outcome.source.name] = outcome.sourceSignature }
        let dependencies = request.depfile == nil ? [] : dependencyList(files: files, request: request, quickActions: quickActions)
        let onDisk = plan.onDisk
        let dating = request.depfile == nil ? nil : catalogDating(dependencies, files: files, onDisk: onDisk, failed: resolution.failed, startedAt: startedAt)
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
        // Taken before anything is written: it stats the catalog and generated files as they are.
        let fingerprintBeforeWriting = record.beforeWriting(files: files, outputs: onDisk.outputs, request: request)
        // Every byte of the PNGs, generated files, catalog and state is written before
        // anything is renamed into place (`StagedWrites.commit`): a failure before then, a
        // full disk say, leaves the output folder as it was. The state is renamed first and
        // the catalog last, so that a build killed at any step leaves either a catalog that
        // matches its files or none, and a state that names every file of iconforge's.
        // The app's files: their folders locked, each read and its new bytes computed now,
        // before anything is written; committed below with the rest (`AppFileCommit`).
        let appLocks = request.appFiles.isEmpty ? [] : try AppFileCommit.lockFolders(request.appFiles)
        defer { withExtendedLifetime(appLocks) {} }
        let appFiles = AppFileCommit()
        var appFailure: BuildError?
        // What earlier builds wrote decides what of the app's files is iconforge's; the
        // record of what it owns after this build is written once everything is committed.
        var appRecord = plan.appRecord
        var findings: [Diagnostic] = []
        AppFileCommit.$collecting.withValue(appFiles) {
            do throws(BuildError) {
                findings += try updateAppFiles(request.appFiles, quickActions: quickActions, record: &appRecord)
            } catch {
                appFailure = error
            }
        }
        if let appFailure { throw appFailure }
        var staged = StagedWrites()
        var state: BuildState?
        do throws(BuildError) {
            var written = try OutputWriter.writeFiles(outcomes, generated: generated, to: request.outputFolder, staging: &staged, early: early)
            do throws(FileError) {
                for file in appFiles.ordered { try staged.writeProjectFile(file.bytes, to: file.target, mode: file.mode, read: file.read) }
            } catch {
                throw .appFile(error)
            }
            // Kept files are not written: they are recorded as this build read them.
            for file in quickActions?.kept ?? [] { written[file.entry.file] = file.signature }
            if let assetCatalog = resolution.assetCatalog {
                // Recorded before the catalog is touched, as the state is: a build killed while
                // writing image sets leaves a record that owns each of them.
                var pending = appRecord
                var sets = appRecord.imageSets.flatMap { $0.folder == assetCatalog.path ? $0.sets : nil } ?? [:]
                for outcome in outcomes where !outcome.hasErrors && outcome.outputs.count == Template.scales.count && sets[outcome.source.name] == nil {
                    sets[outcome.source.name] = [:]
                }
                pending.imageSets = AppFilesRecord.ImageSets(folder: assetCatalog.path, sets: sets)
                try writeAppFilesRecord(pending, previous: plan.appRecord, outputFolder: request.outputFolder)
                let written = try writeAssetCatalog(assetCatalog, outcomes: outcomes, outputFolder: request.outputFolder, record: &appRecord)
                for name in written.editedContents {
                    let path = "\(assetCatalog.path)/\(name).imageset/\(AssetCatalogWriter.contentsFileName)"
                    findings.append(Diagnostic(.appFilesEdited, file: path, "was changed since iconforge wrote it (in Xcode's inspector, say), so it is kept as it is and only the PNGs are updated; delete it and build again to have iconforge write it"))
                }
            }
            if let committed = try OutputWriter.writeCatalog(
                catalog, outcomes: outcomes, written: written, previous: plan.previous, sourceSignatures: signatures, catalogDating: dating,
                fingerprintBeforeWriting: fingerprintBeforeWriting, report: report,
                to: request.outputFolder, staging: &staged)
            {
                state = try OutputWriter.stageState(
                    committed, fingerprint: record.afterWriting(files: files, known: committed.known, request: request), outcomes: outcomes,
                    previous: plan.previous, to: request.outputFolder, staging: &staged)
            }
            do throws(FileError) { try staged.commit() } catch { throw .output(error) }
        } catch {
            throw error.leavingOutput(.unchanged)
        }
        if let state {
            do throws(BuildError) {
                try OutputWriter.finishRemovals(state, in: request.outputFolder)
            } catch {
                throw error.leavingOutput(.committed)
            }
        }
        try writeAppFilesRecord(appRecord, previous: plan.appRecord, outputFolder: request.outputFolder)
        if let folder = request.fileListFolder {
            try writeFileLists(
                in: folder, inputs: dependencyList(files: files, request: request, quickActions: quickActions),
                outputs: [request.outputFolder + "/" + OutputNaming.catalogFileName] + ownedAppFiles(appRecord, request: request))
        }
        if let depfile = request.depfile {
            // The app's files iconforge owns are the target's prerequisites too: one edited
            // or deleted (an image set, the array taken out of Info.plist) makes Make build again.
            let owned = ownedAppFiles(appRecord, request: request)
            try writeDepfile(depfile, dependencies: dependencies, appFiles: owned, request: request)
            if let dating, !resolution.failed, dating.newestInput < startedAt {
                dateCatalog(after: owned, outputFolder: request.outputFolder)
            }
        }
        return findings
    }

    /// Writes the record of what iconforge wrote into the app's files, once there is one.
    private static func writeAppFilesRecord(_ record: AppFilesRecord, previous: AppFilesRecord, outputFolder: String) throws(BuildError) {
        guard record != previous || (record != AppFilesRecord() && FileSystem.kind(of: outputFolder + "/" + AppFilesRecord.fileName) == .missing) else { return }
        do throws(FileError) { try record.write(in: outputFolder) } catch { throw .output(error) }
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

    // MARK: - Report

    private static func report(_ resolution: Resolution, keepsImages: Bool, loadSeconds: Double, writeSeconds: Double) -> BuildReport {
        var stages = [("load", loadSeconds)]
        for stage in GlyphTimings.stageNames {
            stages.append((stage, resolution.outcomes.reduce(0) { $0 + $1.timings[stage] }))
        }
        stages.append(("write", writeSeconds))
        var report = BuildReport(
            diagnostics: resolution.diagnostics, glyphCount: resolution.outcomes.count,
            glyphFiles: Set(resolution.outcomes.map(\.source.displayPath)), pngCount: resolution.pngCount,
            reusedCount: resolution.outcomes.filter(\.reused).count, catalogSource: CatalogSource(resolution.catalog),
            stageSeconds: stages, failed: resolution.failed)
        if keepsImages {
            for outcome in resolution.outcomes {
                if let images = GlyphImages(outcome) { report.images[outcome.source.name] = images }
            }
        }
        return report
    }

    /// Whether these findings fail a build: an error, or a warning under `--werror`
    /// (decided by `SeverityPolicy`).
    static func fails(_ diagnostics: [Diagnostic], warningsAreErrors: Bool) -> Bool {
        SeverityPolicy(warningsAreErrors: warningsAreErrors).fails(diagnostics)
    }

    static func templateInfo(_ options: PipelineOptions) -> Catalog.TemplateInfo {
        Catalog.TemplateInfo(
            canvasPoints: Template.canvasPoints, squareTargetPoints: Template.squareTargetPoints,
            wideTallTargetPoints: Template.wideTallTargetPoints, shapeThreshold: options.shapeThreshold,
            sizeTolerancePoints: options.sizeTolerance, scales: Template.scales, setScales: options.setScales)
    }

    /// Identifies the tool version, the placement rules, and every option that affects what
    /// a build writes.
    static func buildKey(_ options: PipelineOptions) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var keyed = options
        keyed.setScales = nil  // follows from the glyphs; each output records its scale
        // The set is judged afresh by every build (the fingerprint covers the share): only
        // whether glyphs are weighed changes what a glyph's entry records.
        keyed.family.share = FamilyOptions().share
        let optionsJSON = (try? encoder.encode(keyed)) ?? Data()
        let header = "iconforge \(toolVersion)\ngeometry \(RenderPlan.geometryRevision)\n" + (options.family.weighs ? "weight \(InkWeight.revision)\n" : "")
        return SHA256Digest.hex(of: Array(header.utf8) + Array(optionsJSON))
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
    }

    /// Reads the previous build's state (its bytes: decoding waits until it is known to be
    /// needed) and stats every source and expected output.
    private static func readPreviousBuild(_ files: [GlyphFile], request: BuildRequest) -> ([UInt8]?, OnDiskSignatures) {
        let signatures = statSourcesAndOutputs(files, request: request)
        let state = request.writesOutput ? OutputWriter.stateBytes(in: request.outputFolder) : nil
        return (state, signatures)
    }

    /// Findings that say more about the moment than about the glyph (a crash, a timeout, a
    /// conflict with someone else's file): a glyph with one is processed again.
    static let mayNotRecur: Set<RuleID> = [.renderCrashed, .renderTimeout, .renderFailed, .outputConflict, .xcassetsConflict]

    /// The previous build's result, when its fingerprint shows that nothing it read has
    /// changed (see `BuildFingerprint`) and none of its findings may fail to recur: the same
    /// diagnostics, nothing written.
    private static func resultIfNothingChanged(
        stateBytes: [UInt8]?, buildKey: String, files: [GlyphFile], onDisk: OnDiskSignatures, request: BuildRequest, loadSeconds: Double
    ) -> BuildReport? {
        guard let stateBytes, let header = BuildState.decodeHeader(stateBytes), header.buildKey == buildKey, header.pendingRemovals.isEmpty,
            let recorded = header.fingerprint, let report = header.report, !report.diagnostics.contains(where: { mayNotRecur.contains($0.rule) }),
            !(request.keepsImages && report.diagnostics.contains { $0.severity == .error }),
            BuildFingerprint.computeNow(
                buildKey: buildKey, request: request, files: files, sources: onDisk.sources, outputs: onDisk.outputs,
                definitions: onDisk.definitions, generatedFiles: header.generatedFiles.map(\.file))
                == recorded
        else { return nil }
        let catalogPath = request.outputFolder + "/" + OutputNaming.catalogFileName
        let failed = fails(report.diagnostics, warningsAreErrors: request.warningsAreErrors)
        let summary = Catalog.Summary(glyphs: report.glyphCount, pngs: report.pngCount, diagnostics: report.diagnostics)
        let catalog = CatalogSource {
            // The catalog the fingerprint vouches for; should it not decode, the summary stands in.
            let bytes = (try? FileSystem.readRegularFile(catalogPath, limit: 256 << 20)) ?? []
            return (try? JSONDecoder().decode(Catalog.self, from: Data(bytes)))
                ?? Catalog(
                    schemaVersion: Catalog.currentSchemaVersion, tool: Catalog.Tool(name: "iconforge", version: toolVersion), buildKey: buildKey,
                    mode: request.options.mode, template: templateInfo(request.options), glyphs: [], quickActions: nil, summary: summary)
        }
        var stages = [("load", loadSeconds)]
        for stage in GlyphTimings.stageNames { stages.append((stage, 0)) }
        stages.append(("write", 0))
        return BuildReport(
            diagnostics: report.diagnostics, glyphCount: report.glyphCount, glyphFiles: Set(files.map(\.displayPath)), pngCount: report.pngCount,
            reusedCount: report.glyphCount,
            nothingChanged: true, catalogSource: catalog, stageSeconds: stages, failed: failed)
    }

    private static func statSourcesAndOutputs(_ files: [GlyphFile], request: BuildRequest) -> OnDiskSignatures {
        let folders = OpenFolders(
            (request.writesOutput ? [request.outputFolder] : []) + Set(files.map(\.directory)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let takenAt = request.clock.now()
        let sources = files.map { folders.signature(of: $0.relativePath, in: $0.directory, followingSymlinks: false) }
        let outputs: [[FileSignature?]] =
            request.writesOutput
            ? files.map { file in
                Template.scales.map { folders.signature(of: OutputNaming.fileName(glyph: file.name, scale: $0), in: request.outputFolder) }
            } : []
        return OnDiskSignatures(
            sources: sources, outputs: outputs, definitions: BuildFingerprint.definitionsFiles(request.inputs), takenAt: takenAt)
    }

    /// Processes glyphs on `request.jobs` threads; results come back in input order, so
    /// nothing downstream depends on scheduling. With `staging`, each new PNG is written to
    /// its temporary name by the thread that rendered it, while the others still render.
    private static func process(
        _ files: [GlyphFile], nameFindings: [Int: [Diagnostic]], previous: BuildState?, onDisk: OnDiskSignatures, request: BuildRequest,
        encode: Bool, staging: EarlyStaging? = nil
    ) -> [GlyphOutcome] {
        let previousByName = Dictionary((previous?.glyphs ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let results = Lock<[GlyphOutcome?]>(Array(repeating: nil, count: files.count))
        let onGlyphDone = request.onGlyphDone
        @Sendable func store(_ index: Int, _ outcome: GlyphOutcome) {
            results.withLock { $0[index] = outcome }
            if let onGlyphDone { onGlyphDone(done.wrappingAdd(1, ordering: .relaxed).newValue, files.count) }
        }
        let workers = max(1, min(request.jobs, files.count))
        // The writes the threads stage belong to this task's observer (tests).
        let observer = FlushObserver.current
        // Threads of our own: concurrentPerform would run no more jobs than cores.
        Threads.run(workers) { _ in FlushObserver.$current.withValue(observer) {
            let runner = GlyphRunner(isolation: request.isolation, options: request.options)
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let file = files[index]
                let names = nameFindings[index] ?? []
                let entry = names.isEmpty ? previousByName[file.name] : nil
                // A source whose size and time are as the last build recorded is unchanged:
                // no need to read and hash it.
                let signature = onDisk.sources[index]
                let outputSignatures = onDisk.outputs.isEmpty ? [] : onDisk.outputs[index]
                if let entry, let signature, previous?.sourceSignatures[file.name] == signature,
                    var kept = reuse(
                        entry, for: GlyphSource(name: file.name, displayPath: file.displayPath, relativePath: file.relativePath, bytes: []),
                        options: request.options, showing: request.keepsImages, knownUnchanged: true, keepingFiles: encode, outputFolder: request.outputFolder,
                        outputSignatures: outputSignatures, modificationTimes: previous?.modificationTimes ?? [:])
                {
                    kept.sourceSignature = signature
                    store(index, kept)
                    continue
                }
                // Reading happens here, in parallel: on a no-op build it is most of the work.
                let source: GlyphSource
                switch GlyphDiscovery.read(file, limits: request.options.limits) {
                case .source(let read):
                    source = read
                case .failure(let diagnostic):
                    // Still a glyph, if one that could not be read: the catalog records why.
                    let unread = GlyphOutcome(
                        source: GlyphSource(name: file.name, displayPath: file.displayPath, relativePath: file.relativePath, bytes: []),
                        sourceSHA256: "", diagnostics: (names + [diagnostic]).sorted(by: Diagnostic.sortOrder),
                        artboard: nil, inkBox: nil, shape: nil, color: nil, pngs: [])
                    store(index, unread)
                    continue
                }
                var outcome: GlyphOutcome
                if let entry,
                    let kept = reuse(
                        entry, for: source, options: request.options, showing: request.keepsImages, knownUnchanged: false, keepingFiles: encode, outputFolder: request.outputFolder,
                        outputSignatures: outputSignatures, modificationTimes: previous?.modificationTimes ?? [:])
                {
                    outcome = kept
                } else {
                    outcome = runner.process(source, encode: encode && !names.contains { $0.severity == .error }, showingFailures: request.keepsImages)
                }
                // Settled sources only: a file changed within the last second could change
                // again without its time showing it.
                if let signature, onDisk.takenAt - signature.modified > 1_000_000_000 {
                    outcome.sourceSignature = signature
                }
                outcome.diagnostics = (names + outcome.diagnostics).sorted(by: Diagnostic.sortOrder)
                if let staging {
                    for (output, png) in zip(outcome.outputs, outcome.pngs) {
                        staging.stage(png.bytes, to: request.outputFolder + "/" + output.file)
                    }
                }
                store(index, outcome)
            }
        } }
        // Every index is filled: each iteration stores before it continues.
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The previous build's outcome for `source`, if its bytes are unchanged (known from
    /// its size and time, or checked by SHA-256), it had no name findings (those depend on
    /// other glyphs), and, when `keepingFiles`, its files are still in place. Without
    /// `keepingFiles` (`--fit=set`'s measuring pass) only what it measured is wanted.
    private static func reuse(
        _ entry: Catalog.Glyph, for source: GlyphSource, options: PipelineOptions, showing: Bool = false, knownUnchanged: Bool, keepingFiles: Bool,
        outputFolder: String,
        outputSignatures: [FileSignature?], modificationTimes: [String: Int64]
    ) -> GlyphOutcome? {
        // Name findings depend on other glyphs, and a crash, timeout or a conflict with
        // someone else's file (in the output folder or the asset catalog) may not recur:
        // redo those.
        guard entry.source == source.relativePath,
            !entry.diagnostics.contains(where: { NameChecks.rules.contains($0.rule) && $0.line == nil }),
            !entry.diagnostics.contains(where: { mayNotRecur.contains($0.rule) }),
            // A failed glyph has no files to show: the preview page needs it rendered.
            !(showing && entry.status == .failed),
            entry.name == source.name
        else { return nil }
        var verified: [String: FileSignature] = [:]
        if keepingFiles {
            guard placedAsPlanned(entry, options: options),
                let kept = keptFiles(entry, outputFolder: outputFolder, outputSignatures: outputSignatures, modificationTimes: modificationTimes)
            else { return nil }
            verified = kept
        }
        let sha256 = knownUnchanged ? entry.sourceSHA256 : SHA256Digest.hex(of: source.bytes)
        guard sha256 == entry.sourceSHA256 else { return nil }
        let color = entry.color.flatMap(PixelColor.init(hex:))
        var outcome = GlyphOutcome(
            source: source, sourceSHA256: sha256,
            // The set's findings are judged again over this build's glyphs (`FamilyChecks`).
            diagnostics: entry.diagnostics.filter { !FamilyChecks.rules.contains($0.rule) }.map { recorded in
                let location = recorded.line.map { SourceLocation(line: $0, column: recorded.column ?? 1) }
                var diagnostic = Diagnostic(recorded.severity, recorded.rule, file: source.displayPath, at: location, recorded.message)
                diagnostic.fix = recorded.fix
                return diagnostic
            },
            artboard: entry.artboard, inkBox: entry.inkBox, shape: entry.shape, color: color, pngs: [],
            outputs: entry.outputs, reused: true)
        outcome.verifiedOutputs = verified
        outcome.weight = entry.weight
        return outcome
    }

    /// The size and time of each of the entry's files, by name, if they are the ones the
    /// previous build wrote: same size and modification time as the state recorded, or,
    /// without a recorded time, the same SHA-256.
    private static func keptFiles(
        _ entry: Catalog.Glyph, outputFolder: String, outputSignatures: [FileSignature?], modificationTimes: [String: Int64]
    ) -> [String: FileSignature]? {
        // The state and catalog are files too: never trust a listed name to stay in the folder.
        guard entry.outputs.allSatisfy({ output in
            Template.scales.contains { $0.factor == output.scale && OutputNaming.fileName(glyph: entry.name, scale: $0) == output.file }
        }) else { return nil }
        var verified: [String: FileSignature] = [:]
        for output in entry.outputs {
            guard let scale = Template.scales.firstIndex(where: { $0.factor == output.scale }), scale < outputSignatures.count,
                let signature = outputSignatures[scale], signature.size == output.bytes
            else { return nil }
            verified[output.file] = signature
            if let recorded = modificationTimes[output.file] {
                guard recorded == signature.modified else { return nil }
            } else {
                guard let bytes = try? FileSystem.readRegularFile(outputFolder + "/" + output.file, limit: output.bytes), SHA256Digest.hex(of: bytes) == output.sha256 else {
                    return nil
                }
            }
        }
        return verified
    }

    /// Under `--fit=set`, whether the entry's outputs were rendered at the scale this build's
    /// set scale gives the glyph (the set scale follows from every glyph, so one glyph's
    /// change can move it). A glyph scaled down alone is redone: its warning names the set's scale.
    private static func placedAsPlanned(_ entry: Catalog.Glyph, options: PipelineOptions) -> Bool {
        guard options.mode == .fitSet, !entry.outputs.isEmpty else { return true }
        guard !entry.diagnostics.contains(where: { $0.rule == .sizeScaledDown }), let artboard = entry.artboard, let inkBox = entry.inkBox,
            let set = options.setScales?.first(where: { $0.artboard == artboard })
        else { return false }
        return entry.outputs.allSatisfy { output in
            guard let index = Template.scales.firstIndex(where: { $0.factor == output.scale }), let recorded = output.transform else { return false }
            let planned = RenderPlan(
                canvasWidth: 0, canvasHeight: 0, pixelsPerPoint: set.pixelsPerUnit(inkBox: inkBox, scale: index).value, originX: 0, originY: 0)
            return planned.catalogTransform.scale == recorded.scale
        }
    }

    private static func catalogEntry(for outcome: GlyphOutcome) -> Catalog.Glyph {
        Catalog.Glyph(
            name: outcome.source.name, source: outcome.source.relativePath, sourceSHA256: outcome.sourceSHA256,
            status: outcome.hasErrors ? .failed : .ok, shape: outcome.shape, artboard: outcome.artboard,
            inkBox: outcome.inkBox, color: outcome.color?.hex, weight: outcome.weight, outputs: outcome.outputs,
            diagnostics: outcome.diagnostics.map(Catalog.CatalogDiagnostic.init))
    }
}

extension Catalog.Summary {
    init(glyphs: Int, pngs: Int, diagnostics: [Diagnostic]) {
        self.init(
            glyphs: glyphs, pngs: pngs, errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count)
    }
}
