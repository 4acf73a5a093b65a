/// The build's resolution stage: everything decided before anything is written. Every
/// refusal is settled here (a glyph whose output name is someone else's file, one the asset
/// catalog cannot take, generated files in the way), and the catalog composed; nothing
/// found while writing goes back to change it.
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
        _ processed: [GlyphOutcome], family: Catalog.Family? = nil, discovered: borrowing Discovered, plan: IncrementalPlan, request: BuildRequest
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
            if let problem = Builder.foreignCatalogProblem(request.outputFolder, previous: plan.previous) {
                diagnostics.append(Diagnostic(.outputConflict, file: Builder.catalogPath(request), problem))
            }
            withhold(Builder.foreignOutputs(outcomes, in: request.outputFolder, owned: plan.ownedFiles))
            if let path = request.assetCatalog {
                let candidates = outcomes.filter { !$0.hasErrors && $0.outputs.count == Template.scales.count }
                let commit = try Builder.planAssetCatalog(
                    at: path, names: candidates.map(\.source.name), otherCatalogs: request.otherAssetCatalogs, record: plan.appRecord, observer: request.probes.writes)
                withhold(Builder.assetCatalogRefusals(commit.plan, outcomes: outcomes))
                assetCatalog = commit
            }
            let invalidNames = Set(discovered.nameFindings.filter { $0.value.contains { $0.rule == .nameInvalid } }.map { discovered.files[$0.key].name })
            let depfile = Builder.depfileRefusals(discovered.files.map(\.displayPath), files: discovered.files, invalidNames: invalidNames, request: request)
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
            glyphs.append(Self.catalogEntry(for: outcome))
            pngCount += outcome.outputs.count
        }
        glyphs.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        // A build of some glyphs leaves the quick actions as the last whole build made them.
        var quickActions =
            plan.partial != nil
            ? nil : Builder.checkQuickActions(request, glyphs: glyphs, outputFolder: request.writesOutput ? request.outputFolder : nil, owned: plan.ownedFiles)
        if request.writesOutput {
            quickActions?.keepPreviousFiles(plan.previous?.generatedFiles ?? [], outputFolder: request.outputFolder)
            if let commit = assetCatalog, let first = quickActions?.result.diagnostics.firstIndex(where: { $0.severity == .error }) {
                let passed = Set(outcomes.filter { !$0.hasErrors && $0.outputs.count == Template.scales.count }.map(\.source.name))
                // Not one whose name an asset of the app's now has: the target would hold it twice.
                let refused = Set(commit.plan.conflicts.map(\.glyph))
                let keeping = Builder.imageSetsToKeep(quickActions, request: request, namespace: commit.plan.namespace)
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
            let dependencies = Builder.dependencyList(files: discovered.files, request: request, quickActions: quickActions)
            let glyphPaths = Set(discovered.files.map(\.displayPath))
            diagnostics += Builder.depfileRefusals(dependencies.filter { !glyphPaths.contains($0) }, files: [], request: request).others
        }
        diagnostics.sort(by: Diagnostic.sortOrder)
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
            // The previous build's entries for the other glyphs, and what it said of the set.
            catalog.glyphs = partial.glyphs(adding: glyphs)
            catalog.quickActions = partial.previousCatalog?.quickActions
            catalog.family = partial.previousCatalog?.family
            catalog.summary = partial.summary(of: catalog.glyphs)
        }
        return Resolution(
            outcomes: outcomes, quickActions: quickActions, catalog: catalog, diagnostics: diagnostics, pngCount: pngCount,
            failed: Builder.fails(diagnostics, warningsAreErrors: request.warningsAreErrors), assetCatalog: assetCatalog)
    }

    static func catalogEntry(for outcome: GlyphOutcome) -> Catalog.Glyph {
        Catalog.Glyph(
            name: outcome.source.name, source: outcome.source.relativePath, sourceSHA256: outcome.sourceSHA256,
            status: outcome.hasErrors ? .failed : .ok, shape: outcome.shape, artboard: outcome.artboard,
            inkBox: outcome.inkBox, color: outcome.color?.hex, weight: outcome.weight, outputs: outcome.outputs,
            diagnostics: outcome.diagnostics.map(Catalog.CatalogDiagnostic.init))
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
