/// The asset catalog (`--xcassets`): planned and locked before anything is written, written
/// with the glyphs' image sets, and what someone else changed in it, kept and reported.
extension Builder {
    /// Locks the asset catalog that `path` is in (the catalog or a group in it) and plans
    /// what writing `names` into `path` will do, without writing: a path that is in no
    /// catalog or cannot be a folder is an error now, not after `Output/` was written.
    static func planAssetCatalog(
        at path: String, names: [String], otherCatalogs: [String], record: AppOwnershipRecord,
        observer: FlushObserver? = nil
    ) throws(BuildError) -> AssetCatalogCommit {
        do throws(FileError) {
            let location = try AssetCatalogWriter.locate(path).get()
            try FileSystem.createFolder(path, observer: observer)
            // The catalog is the app's, in its repository: the lock is on its folder itself
            // (two builds writing into two groups of it take turns too), and a lock file an
            // earlier iconforge left there goes.
            let lock = try FolderLock(location.catalog, lockFile: false)
            if case .regular = FileSystem.kind(of: path + "/" + FolderLock.fileName) {
                try FileSystem.remove(path + "/" + FolderLock.fileName, observer: observer)
            }
            let recorded = record.imageSets.flatMap { $0.folder == path ? $0.sets : nil }
            return AssetCatalogCommit(
                path: path,
                plan: try AssetCatalogWriter.plan(names, in: path, otherCatalogs: otherCatalogs, recorded: recorded),
                lock: lock)
        } catch {
            throw .output(error)
        }
    }

    /// By glyph name, the findings about glyphs the asset catalog refuses (a name an image
    /// set iconforge did not make already uses).
    static func assetCatalogRefusals(_ plan: AssetCatalogWriter.Plan, outcomes: [GlyphOutcome]) -> [String: Diagnostic]
    {
        var refused: [String: Diagnostic] = [:]
        for conflict in plan.conflicts {
            let source = outcomes.first { $0.source.name == conflict.glyph }?.source.displayPath ?? conflict.path
            // The problem names the asset in the way (or the catalog), once.
            refused[conflict.glyph] = Diagnostic(
                .xcassetsConflict, file: source,
                "\(conflict.problem); the glyph's PNGs are withheld until the name is free (any an earlier build made, in the output folder and as an image set, are removed); \(conflict.remedy)"
            )
        }
        return refused
    }

    /// Writes every glyph that passed into the planned asset catalog, keeping the image sets
    /// the commit says to keep, and records what it owns there now in `record`. With `scope`
    /// (a build of some glyphs), the image sets of other glyphs stay as they are.
    static func writeAssetCatalog(
        _ commit: AssetCatalogCommit, outcomes: [GlyphOutcome], outputFolder: String, scope: Set<String>? = nil,
        record: inout AppOwnershipRecord,
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
                try AssetCatalogWriter.write(
                    glyphs, to: commit.path, plan: commit.plan, keeping: commit.keeping, scope: scope,
                    observer: observer)
            }
            record.imageSets = AppOwnershipRecord.ImageSets(folder: commit.path, sets: report.files)
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
            findings.append(
                Diagnostic(
                    .appFilesEdited, file: file,
                    "was changed since iconforge wrote it (in Xcode's inspector, say), so it is kept as it is and only the PNGs are updated; delete it and build again to have iconforge write it"
                ))
        }
        for name in report.touched {
            let folder = "\(path)/\(name)\(AssetCatalogWriter.imageSetExtension)"
            findings.append(
                Diagnostic(
                    .appFilesEdited, file: folder,
                    "is the image set of a glyph no longer built (\(name).svg was deleted, renamed or withheld), and was changed since iconforge wrote it (in Xcode's inspector, say), so it is kept whole rather than half-removed; delete the folder if the app no longer needs it, or put the glyph back to have iconforge update it again"
                ))
        }
        return findings
    }

    /// The glyphs whose image sets stay although they failed or are gone: while the quick
    /// actions have errors, the app keeps the last good Info.plist (its own, with
    /// `--info-plist`, and `Output/QuickActions.plist`), and each icon file it names must
    /// keep its image set, or the app would ship an action without an icon.
    static func imageSetsToKeep(_ quickActions: QuickActionsOutcome?, request: BuildRequest, namespace: String) -> Set<
        String
    > {
        guard let quickActions, quickActions.result.hasErrors else { return [] }
        var plists: [String] = quickActions.kept.map { request.outputFolder + "/" + $0.entry.file }.filter {
            $0.hasSuffix(".plist")
        }
        if let path = request.appFiles.infoPlist { plists.append(path) }
        var names = Set<String>()
        for path in plists {
            guard let bytes = try? FileSystem.readRegularFile(path, limit: readLimit),
                let root = try? InfoPlistUpdate.parse(bytes, what: "it").dictionary
            else { continue }
            for item in root[InfoPlistUpdate.key]?.array ?? [] {
                guard let file = item.dictionary?["UIApplicationShortcutItemIconFile"]?.string,
                    file.hasPrefix(namespace)
                else { continue }
                names.insert(String(file.dropFirst(namespace.count)))
            }
        }
        return names
    }
}
