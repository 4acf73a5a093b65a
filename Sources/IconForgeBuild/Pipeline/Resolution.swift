/// The build's resolution stage: everything decided before anything is written. Every
/// refusal of a glyph's PNGs is settled here (a glyph whose output name is someone else's
/// file, one the asset catalog cannot take, generated files in the way), and the catalog
/// composed. Writing then adds only findings about the app's files and the sets, and the
/// vector forms written to each glyph's entry (`OutputCommit`); what the catalog says of a
/// glyph's PNGs (its status, outputs and findings) stays as settled here.
struct Resolution {
    var outcomes: [GlyphOutcome]
    var quickActions: Builder.QuickActionsOutcome?
    var catalog: Catalog
    var diagnostics: [Diagnostic]
    var pngCount: Int
    var failed: Bool
    /// The asset catalog to write, with what it refuses already settled.
    var assetCatalog: AssetCatalogCommit?

    /// Settles every refusal in the processed glyphs' outcomes and composes the catalog.
    static func settle(
        _ processed: [GlyphOutcome], family: Catalog.Family? = nil, discovered: borrowing Discovered,
        plan: IncrementalPlan, request: BuildRequest
    ) throws(BuildError) -> Resolution {
        var outcomes = processed
        var diagnostics = discovered.diagnostics
        var assetCatalog: AssetCatalogCommit?
        if request.writesOutput {
            diagnostics += try refuse(
                &outcomes, assetCatalog: &assetCatalog, discovered: discovered, plan: plan, request: request)
        }
        var pngCount = 0
        var glyphs: [Catalog.Glyph] = []
        for outcome in outcomes {
            diagnostics += outcome.diagnostics
            glyphs.append(Catalog.Glyph(outcome))
            pngCount += outcome.outputs.count
        }
        glyphs.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let quickActions = checkQuickActions(
            glyphs: glyphs, outcomes: outcomes, assetCatalog: &assetCatalog, plan: plan, request: request)
        diagnostics += quickActions?.result.diagnostics ?? []
        if request.writesOutput, request.depfile != nil {
            let dependencies = Builder.dependencyList(
                files: discovered.files, request: request, quickActions: quickActions)
            let glyphPaths = Set(discovered.files.map(\.displayPath))
            diagnostics +=
                Builder.depfileRefusals(dependencies.filter { !glyphPaths.contains($0) }, files: [], request: request)
                .others
        }
        diagnostics.sort(by: Diagnostic.sortOrder)
        let catalog = composeCatalog(
            glyphs, pngCount: pngCount, diagnostics: diagnostics, family: family, quickActions: quickActions,
            plan: plan, request: request)
        return Resolution(
            outcomes: outcomes, quickActions: quickActions, catalog: catalog, diagnostics: diagnostics,
            pngCount: pngCount,
            failed: Builder.fails(diagnostics, warningsAreErrors: request.warningsAreErrors), assetCatalog: assetCatalog
        )
    }

    /// A build that writes: withholds every glyph whose files something else stands in the way
    /// of (another's file by its output name, the asset catalog, the depfile), and returns the
    /// findings that are not a glyph's; `assetCatalog` is planned and locked.
    private static func refuse(
        _ outcomes: inout [GlyphOutcome], assetCatalog: inout AssetCatalogCommit?, discovered: borrowing Discovered,
        plan: IncrementalPlan,
        request: BuildRequest
    ) throws(BuildError) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let problem = Builder.foreignCatalogProblem(request.outputFolder, previous: plan.previous) {
            diagnostics.append(Diagnostic(.outputConflict, file: Builder.catalogPath(request), problem))
        }
        withhold(
            Builder.foreignOutputs(outcomes, in: request.outputFolder, owned: plan.ownedFiles), from: &outcomes,
            keepsImages: request.keepsImages)
        if let path = request.assetCatalog {
            let candidates = outcomes.filter { !$0.hasErrors && $0.outputs.count == Template.scales.count }
            let commit = try Builder.planAssetCatalog(
                at: path, names: candidates.map(\.source.name), otherCatalogs: request.otherAssetCatalogs,
                record: plan.appRecord,
                observer: request.probes.writes)
            withhold(
                Builder.assetCatalogRefusals(commit.plan, outcomes: outcomes), from: &outcomes,
                keepsImages: request.keepsImages)
            assetCatalog = commit
        }
        let invalidNames = Set(
            discovered.nameFindings.filter { $0.value.contains { $0.rule == .nameInvalid } }.map {
                discovered.files[$0.key].name
            })
        let depfile = Builder.depfileRefusals(
            discovered.files.map(\.displayPath), files: discovered.files, invalidNames: invalidNames, request: request)
        withhold(depfile.glyphs, from: &outcomes, keepsImages: request.keepsImages)
        for index in outcomes.indices {
            guard let note = depfile.notes[outcomes[index].source.name],
                let named = outcomes[index].diagnostics.firstIndex(where: { $0.rule == .nameInvalid })
            else { continue }
            outcomes[index].diagnostics[named].message += note
        }
        return diagnostics
    }

    /// A refused glyph is recorded as failed in this build's catalog, like any other error,
    /// and gets no files.
    private static func withhold(
        _ refused: [String: Diagnostic], from outcomes: inout [GlyphOutcome], keepsImages: Bool
    ) {
        for index in outcomes.indices {
            guard let diagnostic = refused[outcomes[index].source.name] else { continue }
            outcomes[index].diagnostics.append(diagnostic)
            if keepsImages { outcomes[index].failedRenders = outcomes[index].pngs }
            outcomes[index].pngs = []
            outcomes[index].outputs = []
            outcomes[index].reused = false
        }
    }

    /// The quick actions checked against the glyphs (none for a build of some glyphs, which
    /// leaves them as the last whole build made them). With errors, a build that writes keeps
    /// the files the last good build wrote, and the asset catalog the image sets they name.
    private static func checkQuickActions(
        glyphs: [Catalog.Glyph], outcomes: [GlyphOutcome], assetCatalog: inout AssetCatalogCommit?,
        plan: IncrementalPlan, request: BuildRequest
    ) -> Builder.QuickActionsOutcome? {
        guard plan.partial == nil else { return nil }
        var quickActions = Builder.checkQuickActions(
            request, glyphs: glyphs, outputFolder: request.writesOutput ? request.outputFolder : nil,
            owned: plan.ownedFiles)
        guard request.writesOutput else { return quickActions }
        quickActions?.keepPreviousFiles(plan.previous?.generatedFiles ?? [], outputFolder: request.outputFolder)
        if let commit = assetCatalog,
            let first = quickActions?.result.diagnostics.firstIndex(where: { $0.severity == .error })
        {
            let passed = Set(
                outcomes.filter { !$0.hasErrors && $0.outputs.count == Template.scales.count }.map(\.source.name))
            // Not one whose name an asset of the app's now has: the target would hold it twice.
            let refused = Set(commit.plan.conflicts.map(\.glyph))
            let keeping = Builder.imageSetsToKeep(quickActions, request: request, namespace: commit.plan.namespace)
                .filter { !passed.contains($0) && !refused.contains($0) && commit.plan.owned[$0] != nil }
            assetCatalog?.keeping = keeping
            if !keeping.isEmpty {
                let sets = keeping.sorted().map { "\(commit.path)/\($0).imageset" }.joined(separator: ", ")
                quickActions?.result.diagnostics[first].message +=
                    "; the asset catalog keeps \(sets) as the last good build made \(keeping.count == 1 ? "it" : "them"), since the kept Info.plist names \(keeping.count == 1 ? "it" : "them")"
            }
        }
        return quickActions
    }

    /// The catalog of this build; a build of some glyphs keeps the previous build's entries
    /// for the other glyphs, and what it said of the set.
    private static func composeCatalog(
        _ glyphs: [Catalog.Glyph], pngCount: Int, diagnostics: [Diagnostic], family: Catalog.Family?,
        quickActions: Builder.QuickActionsOutcome?,
        plan: IncrementalPlan, request: BuildRequest
    ) -> Catalog {
        var catalog = Catalog(
            schemaVersion: Catalog.currentSchemaVersion,
            tool: Catalog.Tool(name: "iconforge", version: Builder.toolVersion),
            buildKey: plan.buildKey,
            mode: request.options.mode,
            template: Builder.templateInfo(request.options),
            glyphs: glyphs,
            quickActions: quickActions?.entry,
            family: family,
            summary: Catalog.Summary(glyphs: glyphs.count, pngs: pngCount, diagnostics: diagnostics))
        if let partial = plan.partial {
            catalog.glyphs = partial.glyphs(adding: glyphs)
            catalog.quickActions = partial.previousCatalog?.quickActions
            catalog.family = partial.previousCatalog?.family
            catalog.summary = partial.summary(of: catalog.glyphs)
        }
        return catalog
    }
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
