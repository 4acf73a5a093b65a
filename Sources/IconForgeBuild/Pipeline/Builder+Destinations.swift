/// Where a build may write, settled before it writes: symlinks on the way (`WriteDestination`)
/// and the output folder's own files that are not iconforge's.
extension Builder {
    /// Refuses, before anything is written, a place the build would write to that a symlink
    /// takes out of the project (or nowhere), and an asset catalog whose folder, links
    /// resolved, is not one (see `WriteDestination`).
    static func checkDestinations(_ request: BuildRequest) throws(BuildError) {
        let destination = request.writeDestination
        let folder = FileManager.default.currentDirectoryPath
        let app = request.appFiles
        let places: [(path: String?, what: String)] = [
            (request.outputFolder, "the output folder"), (request.assetCatalog, "--xcassets"),
            (app.infoPlist, "--info-plist"),
            (app.stringsFolder, "--info-plist-strings"), (app.stringCatalog, "--xcstrings"),
            (app.swiftSource, "--swift"),
            (request.symbolsFolder, "--symbols"),
        ]
        for place in places {
            guard let path = place.path,
                let problem = destination.problem(path, what: place.what, currentFolder: folder)
            else { continue }
            throw .refusedDestination(FileError(path: path, message: problem))
        }
        if let catalog = request.assetCatalog {
            let resolved =
                FileSystem.resolvedPath(catalog)
                ?? FileSystem.resolvedPath(catalog.parentPath).map { $0 + "/" + catalog.lastPathComponent }
            if let resolved, case .failure(let refusal) = AssetCatalogWriter.locate(resolved) {
                throw .refusedDestination(
                    FileError(path: catalog, message: "--xcassets leads to \(resolved), which \(refusal.message)"))
            }
        }
    }

    /// The commit's intent journal (`CommitJournal`), beside the catalog it commits.
    static func journalPath(_ request: BuildRequest) -> String {
        request.outputFolder + "/" + journalFileName
    }

    static let journalFileName = ".iconforge-journal"

    static func catalogPath(_ request: BuildRequest) -> String {
        request.outputFolder + "/" + OutputNaming.catalogFileName
    }

    /// Why the output folder's `catalog.json` is not iconforge's to replace, or nil: it is
    /// iconforge's when it is missing, when a build state (`previous`, read from the state
    /// file) names it, or, with no state (a fresh clone, whose `Output/` is committed without
    /// its state), when it is a catalog iconforge wrote (`previous` is then read from it).
    static func foreignCatalogProblem(_ folder: String, previous: BuildState?) -> String? {
        let path = folder + "/" + OutputNaming.catalogFileName
        switch FileSystem.kind(of: path) {
        case .missing: return nil
        case .regular where previous != nil: return nil
        default:
            return
                "\(path) already exists and iconforge did not write it (no build state names it, and it is no catalog of iconforge's), so it is not overwritten and this build writes nothing; move it away, or build into another folder with -o"
        }
    }

    /// The glyphs whose output files would overwrite files iconforge did not write: a file
    /// under a glyph's output name that no previous catalog lists (and that does not already
    /// hold exactly the new bytes) is someone else's.
    static func foreignOutputs(_ outcomes: [GlyphOutcome], in folder: String, owned: Set<String>) -> [String:
        Diagnostic]
    {
        var refused: [String: Diagnostic] = [:]
        for outcome in outcomes where !outcome.reused {
            for (output, png) in zip(outcome.outputs, outcome.pngs) where !owned.contains(output.file) {
                if let message = foreignFileProblem(folder + "/" + output.file, replacingWith: png.bytes) {
                    refused[outcome.source.name] = Diagnostic(
                        .outputConflict, file: outcome.source.displayPath, message)
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
            return
                "\(path) already exists and iconforge did not write it (no catalog lists it), so it is not overwritten; move it away, or delete it if it is stale"
        }
    }
}
