/// The glyphs' vector forms: `--vector`'s image sets in the asset catalog's Vector group and
/// `--symbols`' custom symbol sets, written beside the PNGs' image sets and owned, like
/// them, by the record of what iconforge wrote (`AppOwnershipRecord`).
/// The vector forms are drawn (`VectorDrawing.draw`, librsvg) before the commit starts, as
/// everything drawn or measured is; the commit only writes what was drawn
/// (`Builder.writeVectorOutputs`).
struct VectorDrawing {
    /// `--vector`'s image sets, for the asset catalog's Vector group.
    var imageSets: [OwnedSetWriter.AssetSet]?
    /// `--symbols`' custom symbol sets, with each glyph's variants' names.
    var symbolSets: [OwnedSetWriter.AssetSet]?
    var symbolVariants: [String: [String]] = [:]
    /// Glyphs that get no vector form, and why.
    var findings: [Diagnostic] = []

    /// Nothing to draw (neither `--vector` nor `--symbols`).
    static let none = VectorDrawing()

    /// Draws every glyph that passed as a vector image set and/or a symbol set. A glyph whose
    /// source and placement are as the previous build (`previous`, made with these options)
    /// had them, and whose set is still as the record lists it (every file's SHA-256),
    /// keeps that set as it is, without being drawn again; any other is drawn from its source
    /// and the placement its @2x PNG has in the catalog.
    static func draw(
        _ resolution: Resolution, previous: [Catalog.Glyph], record: AppOwnershipRecord, request: BuildRequest
    ) -> VectorDrawing {
        guard request.writesOutput, request.vectorFormat != nil || request.symbolsFolder != nil else { return .none }
        let glyphs = Drawable(resolution, previous: previous, request: request)
        var drawing = VectorDrawing()
        if let format = request.vectorFormat, let catalogFolder = request.assetCatalog {
            drawing.imageSets = glyphs.imageSets(
                format: format, in: catalogFolder, record: record, findings: &drawing.findings)
        }
        if let folder = request.symbolsFolder {
            drawing.symbolSets = glyphs.symbolSets(
                in: folder, record: record, variants: &drawing.symbolVariants, findings: &drawing.findings)
        }
        return drawing
    }

    /// The glyphs that passed, with what drawing them needs: their sources, and the
    /// previous build's entries.
    private struct Drawable {
        var catalog: Catalog
        /// The glyphs with a placement to draw by, in the catalog's order.
        var glyphs: [Catalog.Glyph]
        var sources: [String: GlyphSource]
        var before: [String: Catalog.Glyph]
        var request: BuildRequest

        init(_ resolution: Resolution, previous: [Catalog.Glyph], request: BuildRequest) {
            catalog = resolution.catalog
            let sources = Dictionary(
                resolution.outcomes.map { ($0.source.name, $0.source) }, uniquingKeysWith: { first, _ in first })
            self.sources = sources
            before = Dictionary(previous.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            glyphs = resolution.catalog.glyphs.filter { glyph in
                glyph.status == .ok && glyph.artboard != nil && glyph.outputs.first?.transform != nil
                    && sources[glyph.name] != nil
            }
            self.request = request
        }

        func displayPath(_ name: String) -> String { sources[name]?.displayPath ?? name }

        /// The glyph's drawing, read only when it has to be drawn (a reused glyph's bytes were
        /// not read this build), and only as the catalog knows it.
        func artwork(_ glyph: Catalog.Glyph) -> VectorArtwork? {
            guard let artboard = glyph.artboard, let placement = glyph.outputs.first?.transform,
                let source = sources[glyph.name]
            else { return nil }
            var bytes = source.bytes
            if bytes.isEmpty {
                bytes =
                    (try? FileSystem.readRegularFile(source.displayPath, limit: request.options.limits.maximumFileBytes))
                    ?? []
            }
            guard SHA256Digest.hex(of: bytes) == glyph.sourceSHA256 else { return nil }
            return VectorArtwork(name: glyph.name, source: bytes, artboard: artboard, placement: placement)
        }

        /// The previous build's vector forms of the glyph, when it drew them from the same
        /// source at the same place.
        func unchanged(_ glyph: Catalog.Glyph) -> Catalog.VectorOutputs? {
            guard let entry = before[glyph.name], entry.status == .ok, entry.sourceSHA256 == glyph.sourceSHA256,
                entry.artboard == glyph.artboard,
                entry.outputs.first?.transform == glyph.outputs.first?.transform
            else { return nil }
            return entry.vector
        }

        /// `--vector`'s image sets, for the Vector group of the asset catalog `catalogFolder`.
        func imageSets(
            format: VectorFormat, in catalogFolder: String, record: AppOwnershipRecord, findings: inout [Diagnostic]
        ) -> [OwnedSetWriter.AssetSet] {
            let group = VectorAssetSets.groupPath(in: catalogFolder)
            var sets: [OwnedSetWriter.AssetSet] = []
            let recorded = record.vectorSets.flatMap { $0.folder == group ? $0.sets : nil } ?? [:]
            for glyph in glyphs {
                let file = VectorAssetSets.imageFile(glyph: glyph.name, format: format)
                if unchanged(glyph)?.imageFile == VectorAssetSets.groupName + "/" + glyph.name
                    + VectorAssetSets.imageSetExtension + "/" + file,
                    let kept = Builder.keptSet(
                        glyph.name, glyph: glyph.name, in: group, setExtension: VectorAssetSets.imageSetExtension,
                        recorded: recorded, file: file)
                {
                    sets.append(kept)
                    continue
                }
                guard let artwork = artwork(glyph) else { continue }
                do {
                    sets.append(
                        try VectorAssetSets.imageSet(
                            artwork, format: format, librsvgPath: request.options.librsvgPath,
                            drawings: request.probes.vectorDrawings))
                } catch {
                    findings.append(
                        Diagnostic(
                            .renderFailed, file: displayPath(artwork.name),
                            error.message + "; it gets no vector image set"))
                }
            }
            return sets
        }

        /// `--symbols`' custom symbol sets in `folder`, with each glyph's variants' names.
        func symbolSets(
            in folder: String, record: AppOwnershipRecord, variants: inout [String: [String]],
            findings: inout [Diagnostic]
        ) -> [OwnedSetWriter.AssetSet] {
            var sets: [OwnedSetWriter.AssetSet] = []
            // Symbol names the glyphs a build of some glyphs left alone hold.
            var taken: [String: String] = [:]
            for glyph in catalog.glyphs where sources[glyph.name] == nil {
                if let symbol = glyph.vector?.symbol { taken[symbol] = glyph.name }
            }
            let recorded = record.symbolSets.flatMap { $0.folder == folder ? $0.sets : nil } ?? [:]
            for glyph in glyphs {
                guard let name = VectorAssetSets.symbolName(for: glyph.name) else {
                    findings.append(
                        Diagnostic(
                            .outputConflict, file: displayPath(glyph.name),
                            "its name has no letter or digit of a-z or 0-9, so it makes no custom symbol name (custom.NAME: lower-case ASCII words joined by periods); rename the glyph to have a symbol"
                        ))
                    continue
                }
                if let other = taken[name] {
                    findings.append(
                        Diagnostic(
                            .outputConflict, file: displayPath(glyph.name),
                            "its custom symbol name \(name) is also \(other)'s (symbol names are lower-case words joined by periods); rename one of the glyphs"
                        ))
                    continue
                }
                taken[name] = glyph.name
                if let made = unchanged(glyph), made.symbol == name, let kept = made.symbolVariants,
                    let set = Builder.keptSet(
                        name, glyph: glyph.name, in: folder, setExtension: VectorAssetSets.symbolSetExtension,
                        recorded: recorded, file: name + ".svg")
                {
                    sets.append(set)
                    variants[glyph.name] = kept
                    continue
                }
                guard let artwork = artwork(glyph) else { continue }
                do {
                    let template = try SymbolTemplate.make(
                        artwork, symbolName: name, librsvgPath: request.options.librsvgPath,
                        drawings: request.probes.vectorDrawings)
                    sets.append(VectorAssetSets.symbolSet(template, glyph: artwork.name))
                    variants[artwork.name] = template.variants.map(\.name)
                } catch {
                    findings.append(
                        Diagnostic(
                            .renderFailed, file: displayPath(artwork.name), error.message + "; it gets no symbol set"))
                }
            }
            return sets
        }
    }
}

extension Builder {
    /// Writes the vector forms `drawing` holds, removes those of glyphs gone or failed,
    /// records what it owns in `record`, and returns its findings (the drawing's among them)
    /// and, by glyph name, the vector forms written, for the glyphs' catalog entries. Files
    /// are written only when their bytes change. With `scope` (a build of some glyphs), the
    /// sets of glyphs outside it stay as they are.
    static func writeVectorOutputs(
        _ drawing: VectorDrawing, outcomes: [GlyphOutcome], request: BuildRequest, scope: Set<String>? = nil,
        record: inout AppOwnershipRecord, persist: (AppOwnershipRecord) throws(FileError) -> Void
    ) throws(BuildError) -> (findings: [Diagnostic], written: [String: Catalog.VectorOutputs]) {
        var findings = drawing.findings
        let sources = Dictionary(outcomes.map { ($0.source.name, $0.source) }, uniquingKeysWith: { first, _ in first })
        let displayPath = { (name: String) in sources[name]?.displayPath ?? name }
        /// Writes `sets` into `folder`, each owned by the record before it is written (so
        /// that a build killed meanwhile leaves a record that owns it), records what was
        /// written under `key`, and returns the sets written.
        func commit(
            _ sets: [OwnedSetWriter.AssetSet], into folder: String,
            recordedAs key: WritableKeyPath<AppOwnershipRecord, AppOwnershipRecord.ImageSets?>,
            setExtension: String, ownName: (String) -> String?, refusedAs rule: RuleID, what: String
        ) throws(FileError) -> [OwnedSetWriter.AssetSet] {
            let recorded = record[keyPath: key].flatMap { $0.folder == folder ? $0.sets : nil } ?? [:]
            try persist(
                pending(record, key, folder: folder, setExtension: setExtension, recorded: recorded, sets: sets))
            // A build of some glyphs leaves every set not theirs as it is.
            let theirs = Set((scope ?? []).compactMap(ownName))
            let leaving = scope == nil ? [] : Set(recorded.keys.filter { !theirs.contains($0) })
            let report = try OwnedSetWriter.write(
                sets, into: folder, setExtension: setExtension, recorded: recorded, leaving: leaving,
                observer: request.probes.writes)
            record[keyPath: key] = AppOwnershipRecord.ImageSets(folder: folder, sets: report.files)
            findings += refusals(report, rule: rule, what: what, displayPath: displayPath)
            return sets.filter { report.files[$0.name] != nil }
        }
        var made: [String: Catalog.VectorOutputs] = [:]
        do throws(FileError) {
            if let sets = drawing.imageSets, let catalogFolder = request.assetCatalog {
                let written = try commit(
                    sets, into: try VectorAssetSets.createGroup(in: catalogFolder, observer: request.probes.writes),
                    recordedAs: \.vectorSets,
                    setExtension: VectorAssetSets.imageSetExtension, ownName: { $0 }, refusedAs: .xcassetsConflict,
                    what: "vector image set")
                for set in written {
                    let file = set.files.keys.first { $0 != AssetCatalogWriter.contentsFileName } ?? ""
                    made[set.glyph, default: .init()].imageFile =
                        VectorAssetSets.groupName + "/" + set.name + VectorAssetSets.imageSetExtension + "/" + file
                }
            }
            if let sets = drawing.symbolSets, let folder = request.symbolsFolder {
                let written = try commit(
                    sets, into: folder, recordedAs: \.symbolSets, setExtension: VectorAssetSets.symbolSetExtension,
                    ownName: VectorAssetSets.symbolName(for:), refusedAs: .outputConflict, what: "symbol set")
                for set in written {
                    made[set.glyph, default: .init()].symbol = set.name
                    made[set.glyph, default: .init()].symbolVariants = drawing.symbolVariants[set.glyph]
                }
            }
        } catch {
            throw .output(error)
        }
        return (findings, made)
    }

    /// The set `name` as the previous build wrote it into `folder`: its Contents.json and
    /// `file`, each still holding the bytes whose SHA-256 the record lists (as a reused PNG
    /// without a recorded time is checked), or nil when anything differs.
    static func keptSet(
        _ name: String, glyph: String, in folder: String, setExtension: String, recorded: [String: [String: String]],
        file: String
    ) -> OwnedSetWriter.AssetSet? {
        guard let hashes = recorded[name], Set(hashes.keys) == [AssetCatalogWriter.contentsFileName, file] else {
            return nil
        }
        var files: [String: [UInt8]] = [:]
        for (file, sha256) in hashes {
            guard
                let bytes = try? FileSystem.readRegularFile(
                    folder + "/" + name + setExtension + "/" + file, limit: 64 << 20, followingSymlinks: false),
                SHA256Digest.hex(of: bytes) == sha256
            else { return nil }
            files[file] = bytes
        }
        return OwnedSetWriter.AssetSet(name: name, glyph: glyph, files: files)
    }

    /// The record as it must be before `sets` are written: every set in it, so that a build
    /// killed while writing them leaves a record that owns each (as for the PNG image sets).
    private static func pending(
        _ record: AppOwnershipRecord, _ key: WritableKeyPath<AppOwnershipRecord, AppOwnershipRecord.ImageSets?>,
        folder: String, setExtension: String,
        recorded: [String: [String: String]], sets: [OwnedSetWriter.AssetSet]
    ) -> AppOwnershipRecord {
        var pending = record
        var owned = recorded
        for set in sets
        where owned[set.name] == nil && FileSystem.kind(of: folder + "/" + set.name + setExtension) == .missing {
            owned[set.name] = [:]
        }
        pending[keyPath: key] = AppOwnershipRecord.ImageSets(folder: folder, sets: owned)
        return pending
    }

    /// The findings about sets the writer refused or files it kept.
    private static func refusals(
        _ report: OwnedSetWriter.Report, rule: RuleID, what: String, displayPath: (String) -> String
    ) -> [Diagnostic] {
        var findings = report.conflicts.sorted { $0.key < $1.key }.map { glyph, problem in
            Diagnostic(
                rule, file: displayPath(glyph),
                "\(problem), so the glyph gets no \(what) there; remove that folder or rename the glyph")
        }
        for path in report.edited {
            findings.append(
                Diagnostic(
                    .appFilesEdited, file: path,
                    "was changed since iconforge wrote it (or was there before), so it is kept as it is; delete it and build again to have iconforge write it"
                ))
        }
        return findings
    }
}
