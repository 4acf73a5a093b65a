/// Writes glyphs into an Xcode asset catalog (`.xcassets`) as template image sets, so that
/// `UIApplicationShortcutItemIconFile` can name them.
///
/// Each glyph becomes `<name>.imageset/` with `<name>@2x.png`, `<name>@3x.png` and a
/// `Contents.json` in Xcode's own formatting. iconforge owns exactly the image sets whose
/// `Contents.json` says `"author" : "iconforge"`: it rewrites and removes only those, and only
/// its own files inside them. A glyph whose name an image set it does not own already uses,
/// at the top level or in a group without its own namespace, is left out and reported.
/// Files are written atomically and only when their bytes change.
package enum AssetCatalogWriter {
    /// The `info.author` that marks what iconforge wrote.
    package static let author = "iconforge"

    /// What the catalog at `path` holds, and which of `names` it must refuse: read only,
    /// so that a build can settle every refusal before it writes anything.
    package struct Plan: Sendable, Equatable {
        /// Glyph name → image-set folder name, for iconforge's own image sets.
        package var owned: [String: String] = [:]
        /// What goes before a glyph's name in its asset's full name: the names of the groups
        /// above it that provide a namespace, each with a slash (`Glyphs/`), or nothing.
        package var namespace = ""
        /// Glyphs that cannot go in, and why.
        package var conflicts: [AssetCatalogReport.Conflict] = []
        /// Glyph name → SHA-256 by file name, of what iconforge recorded writing in its image sets.
        var recorded: [String: [String: String]] = [:]
    }

    /// Where in an asset catalog a folder is.
    package struct Location: Sendable, Equatable {
        /// The `.xcassets` folder.
        package var catalog: String
        /// The group names from the catalog down to the folder (none: the catalog itself).
        package var groups: [String]
    }

    package static let catalogExtension = ".xcassets"

    /// Where `path` is in its asset catalog: the catalog itself, or a group inside one
    /// (Apple's Asset Catalog Format Reference: a group's folder name has no period, and
    /// every other folder in a catalog is an asset, `<name>.<type>`). Anything else is an
    /// error that says why: Xcode would not find image sets written there.
    package static func locate(_ path: String) -> Result<Location, FileError> {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard
            let index = components.firstIndex(where: {
                $0.hasSuffix(catalogExtension) && $0.count > catalogExtension.count
            })
        else {
            return .failure(
                FileError(
                    path: path,
                    message:
                        "is not an asset catalog or a group inside one: name the .xcassets folder (App/Assets.xcassets) or a group in it (App/Assets.xcassets/QuickActions); Xcode reads image sets only from a folder ending in .xcassets"
                ))
        }
        let groups = components[(index + 1)...].filter { $0 != "." }
        if let bad = groups.first(where: { $0.contains(".") }) {
            let why =
                bad == ".."
                ? "'..' leads out of the group"
                : "a group's folder name has no period (Xcode reads '\(bad)' as an asset of type '\(bad.split(separator: ".").last ?? "")')"
            return .failure(
                FileError(
                    path: path,
                    message:
                        "names no group of the asset catalog \(components[...index].joined(separator: "/")): \(why); write into the catalog or a group in it"
                ))
        }
        components.removeSubrange((index + 1)...)
        return .success(
            Location(
                catalog: (path.hasPrefix("/") ? "/" : "") + components.joined(separator: "/"), groups: Array(groups)))
    }

    /// The namespace a glyph written into `location` gets: every group on the way down whose
    /// Contents.json says `"provides-namespace" : true` adds its name (the format reference:
    /// "the full name includes the name of any group … marked as providing a namespace").
    package static func namespace(of location: Location) -> String {
        var folder = location.catalog
        var namespace = ""
        for group in location.groups {
            folder += "/" + group
            if providesNamespace(folder) { namespace += group + "/" }
        }
        return namespace
    }

    /// The namespace of the folder at `path`: empty when it is in no catalog.
    package static func namespace(ofFolder path: String?) -> String {
        guard let path, case .success(let location) = locate(path) else { return "" }
        return namespace(of: location)
    }

    /// Plans and writes in one step.
    package static func write(_ glyphs: [AssetCatalogGlyph], to path: String) throws(FileError) -> AssetCatalogReport {
        try write(glyphs, to: path, plan: plan(glyphs.map(\.name), in: path))
    }

    /// Reads the catalog that `path` is in (or `path` as a catalog of its own, when it is in
    /// none; missing is empty), and the other catalogs of the app's target, and decides
    /// which of `names` it refuses: a name is refused when any asset already has the full
    /// name the glyph's image set would get, in this catalog or another (asset names must be
    /// unique across a target's catalogs, whatever the asset type), unless it is iconforge's
    /// own image set in `path`.
    ///
    /// `recorded` is what earlier builds recorded writing (`AppOwnershipRecord`): an image set
    /// it lists is iconforge's whatever its Contents.json says, and one it does not list is
    /// not. Without a record (nil), an image set whose Contents.json says
    /// `"author" : "iconforge"` is taken as iconforge's, as earlier versions marked them.
    package static func plan(_ names: [String], in path: String, otherCatalogs: [String] = []) throws(FileError) -> Plan
    {
        try plan(names, in: path, otherCatalogs: otherCatalogs, recorded: nil)
    }

    package static func plan(
        _ names: [String], in path: String, otherCatalogs: [String] = [], recorded: [String: [String: String]]?
    ) throws(FileError) -> Plan {
        var plan = Plan()
        plan.recorded = recorded ?? [:]
        let location = (try? locate(path).get()) ?? Location(catalog: path, groups: [])
        plan.namespace = namespace(of: location)
        let folder = ([location.catalog] + location.groups).joined(separator: "/")
        var taken: [String: Asset] = [:]  // lower-cased full name → the first asset with it
        if case .directory = FileSystem.kind(followingSymlinksOf: folder) {
            // Real folders only: a link named like an image set leads somewhere else.
            for entry in try FileSystem.contents(ofFolder: folder).sorted()
            where entry.hasSuffix(imageSetExtension) && FileSystem.kind(of: folder + "/" + entry) == .directory {
                // An image set folder without a Contents.json is no asset at all (Xcode needs one),
                // for example what is left when iconforge removed its files from a folder that also
                // held someone's notes: iconforge may use it again.
                let name = String(entry.dropLast(imageSetExtension.count))
                let mine = recorded.map { $0[name] != nil } ?? isOwned(folder + "/" + entry)
                if mine || FileSystem.kind(of: folder + "/" + entry + "/" + contentsFileName) == .missing {
                    plan.owned[name] = entry
                }
            }
        }
        if case .directory = FileSystem.kind(followingSymlinksOf: location.catalog) {
            let ownFolders = Set(plan.owned.values.map { folder + "/" + $0 })
            collectAssets(
                in: location.catalog, namespace: "", depth: 0, otherCatalog: false, skipping: ownFolders, into: &taken)
        }
        let ownCatalog = FileSystem.resolvedPath(location.catalog)
        for other in otherCatalogs {
            guard case .directory = FileSystem.kind(followingSymlinksOf: other) else {
                throw FileError(
                    path: other,
                    message: "is not a folder; --xcassets-check names another asset catalog of the app's target")
            }
            guard FileSystem.resolvedPath(other) != ownCatalog else { continue }
            collectAssets(in: other, namespace: "", depth: 0, otherCatalog: true, skipping: [], into: &taken)
        }
        var seen = Set<String>()
        for name in names.sorted() {
            let fullName = plan.namespace + name
            let key = fullName.lowercased()
            if !isPlainName(name) {
                plan.conflicts.append(
                    .init(
                        glyph: name, path: path,
                        problem:
                            "\"\(name)\" cannot name an image set in \(path) (it is empty, starts with a dot or holds a slash)",
                        remedy: "rename the glyph"))
            } else if !seen.insert(key).inserted {
                plan.conflicts.append(
                    .init(
                        glyph: name, path: path,
                        problem:
                            "another glyph is also named \"\(name)\" (ignoring case) in \(path), and asset names must be unique",
                        remedy: "rename one"))
            } else if let kind = Optional(FileSystem.kind(of: folder + "/" + name + imageSetExtension)),
                kind != .missing, kind != .directory
            {
                let what =
                    kind == .symlink ? "is a symbolic link, which iconforge never writes through" : "is not a folder"
                plan.conflicts.append(
                    .init(
                        glyph: name, path: folder + "/" + name + imageSetExtension,
                        problem: "\(folder)/\(name)\(imageSetExtension) \(what)",
                        remedy: "remove it, or rename the glyph"))
            } else if let other = taken[key] {
                let (problem, remedy) = other.conflict(fullName: fullName)
                plan.conflicts.append(.init(glyph: name, path: other.path, problem: problem, remedy: remedy))
            }
        }
        return plan
    }

    /// Writes every glyph `plan` does not refuse, and removes iconforge's image sets of
    /// glyphs no longer listed, except those named in `keeping` (an app's kept Info.plist
    /// still names them) and those someone changed since (kept whole, never half-removed:
    /// `AssetCatalogReport.touched`). A Contents.json someone changed since iconforge
    /// recorded writing it is kept as it is (`AssetCatalogReport.editedContents`).
    package static func write(_ glyphs: [AssetCatalogGlyph], to path: String, plan: Plan) throws(FileError)
        -> AssetCatalogReport
    {
        try write(glyphs, to: path, plan: plan, keeping: [])
    }

    /// With `scope` (a build of some glyphs), an image set of a glyph outside it is left as
    /// it is and stays iconforge's: only a build of the whole folder removes stale sets.
    /// `observer`: a test's (`BuildProbes.writes`).
    package static func write(
        _ glyphs: [AssetCatalogGlyph], to path: String, plan: Plan, keeping: Set<String>, scope: Set<String>? = nil,
        observer: FlushObserver? = nil
    ) throws(FileError) -> AssetCatalogReport {
        var report = AssetCatalogReport()
        report.conflicts = plan.conflicts
        try prepareCatalog(at: path, plan: plan, observer: observer)
        let refused = Set(plan.conflicts.map(\.glyph))
        let wanted = glyphs.filter { !refused.contains($0.name) }.sorted { $0.name < $1.name }
        // Stale image sets go first, so that on a case-insensitive file system a glyph renamed
        // only in case is not removed right after being written.
        try removeStaleImageSets(
            in: path, wanted: wanted, plan: plan, keeping: keeping, scope: scope, report: &report, observer: observer)
        // Staged: flushed together, then renamed, then each changed image set's folder
        // flushed (by `commit`), instead of one flush per file.
        var staged = StagedWrites(observer: observer)
        for glyph in wanted {
            try writeImageSet(of: glyph, in: path, plan: plan, staged: &staged, report: &report, observer: observer)
        }
        try staged.commit()
        FileSystem.syncFolder(path, observer: observer)
        return report
    }

    /// Creates the catalog folder and its own Contents.json when missing, and removes what a
    /// build killed while writing here left (the caller holds the catalog's lock).
    private static func prepareCatalog(at path: String, plan: Plan, observer: FlushObserver?) throws(FileError) {
        try FileSystem.createFolder(path, observer: observer)
        FileSystem.removeStrayTemporaryFiles(in: path, observer: observer)
        for folder in plan.owned.values {
            FileSystem.removeStrayTemporaryFiles(in: path + "/" + folder, observer: observer)
        }
        let rootContents = path + "/" + contentsFileName
        if FileSystem.kind(of: rootContents) == .missing {
            try FileSystem.writeAtomically(Array(rootContentsJSON.utf8), to: rootContents, observer: observer)
        }
    }

    /// Removes, renames, or keeps (saying why in `report`) each image set iconforge owns whose
    /// glyph is not in `wanted`.
    private static func removeStaleImageSets(
        in path: String, wanted: [AssetCatalogGlyph], plan: Plan, keeping: Set<String>, scope: Set<String>?,
        report: inout AssetCatalogReport, observer: FlushObserver?
    ) throws(FileError) {
        let wantedNames = Set(wanted.map(\.name))
        for (name, folder) in plan.owned.sorted(by: { $0.key < $1.key }) where !wantedNames.contains(name) {
            if let scope, !scope.contains(name) {
                report.files[name] = plan.recorded[name] ?? [:]
                continue
            }
            // A glyph renamed by case alone, on a case-insensitive disk: its new image set is
            // this very folder (decided by identity, not by name), renamed, never removed.
            if let renamed = wanted.first(where: { $0.name.lowercased() == name.lowercased() }),
                FileSystem.isSameFile(path + "/" + folder, path + "/" + renamed.name + imageSetExtension)
            {
                try FileSystem.renameCase(
                    path + "/" + folder, to: path + "/" + renamed.name + imageSetExtension, observer: observer)
                continue
            }
            if keeping.contains(name),
                FileSystem.kind(of: path + "/" + folder + "/" + fileName(name, scale: 3)) != .missing
            {
                report.kept.append(name)
                report.files[name] = plan.recorded[name]
                continue
            }
            if let recorded = plan.recorded[name], isTouched(path + "/" + folder, recorded: recorded) {
                // Someone's change (Xcode's inspector, say): the set stays whole, and iconforge's,
                // so that the same folder is taken up again if its glyph comes back.
                report.touched.append(name)
                report.files[name] = recorded
                continue
            }
            try removeImageSet(path + "/" + folder, glyph: name, recorded: plan.recorded[name], observer: observer)
            report.removed.append(name)
        }
    }

    /// Stages `glyph`'s image set: its Contents.json (unless someone edited it since) and its
    /// two PNGs, each only when its bytes changed.
    private static func writeImageSet(
        of glyph: AssetCatalogGlyph, in path: String, plan: Plan, staged: inout StagedWrites,
        report: inout AssetCatalogReport, observer: FlushObserver?
    ) throws(FileError) {
        let folder = path + "/" + glyph.name + imageSetExtension
        try FileSystem.createFolder(folder, observer: observer)
        let contents = Array(contentsJSON(for: glyph.name).utf8)
        var files = [
            contentsFileName: SHA256Digest.hex(of: contents),
            fileName(glyph.name, scale: 2): SHA256Digest.hex(of: glyph.png2x),
            fileName(glyph.name, scale: 3): SHA256Digest.hex(of: glyph.png3x),
        ]
        var changed = false
        let onDisk = try? FileSystem.readRegularFile(
            folder + "/" + contentsFileName, limit: 1 << 20, followingSymlinks: false)
        if let onDisk, onDisk != contents, let mine = plan.recorded[glyph.name]?[contentsFileName],
            SHA256Digest.hex(of: onDisk) != mine
        {
            // Someone's edit (Xcode's inspector, say): theirs now.
            report.editedContents.append(glyph.name)
            files[contentsFileName] = mine
        } else {
            changed = try staged.writeIfChangedRecording(contents, to: folder + "/" + contentsFileName).changed
        }
        report.files[glyph.name] = files
        changed =
            try staged.writeIfChangedRecording(glyph.png2x, to: folder + "/" + fileName(glyph.name, scale: 2))
            .changed || changed
        changed =
            try staged.writeIfChangedRecording(glyph.png3x, to: folder + "/" + fileName(glyph.name, scale: 3))
            .changed || changed
        if changed {
            report.written.append(glyph.name)
        }
    }

    package static let contentsFileName = "Contents.json"
    package static let imageSetExtension = ".imageset"

    static func fileName(_ glyph: String, scale: Int) -> String {
        "\(glyph)@\(scale)x.png"
    }

    /// The catalog's own Contents.json, written only when the catalog has none.
    static let rootContentsJSON = contentsFile(.object([info]))

    /// An image set's Contents.json as Xcode formats it: two-space indents, " : ", keys sorted.
    static func contentsJSON(for glyph: String) -> String {
        let images = [2, 3].map { scale in
            OrderedJSON.object([
                ("filename", .string(fileName(glyph, scale: scale))), ("idiom", .string("universal")),
                ("scale", .string("\(scale)x")),
            ])
        }
        return contentsFile(
            .object([
                ("images", .array(images)), info,
                ("properties", .object([("template-rendering-intent", .string("template"))])),
            ]))
    }

    /// The `info` member that marks a Contents.json as iconforge's. Computed, not stored:
    /// LeakSanitizer reported the boxes of a stored global of this tuple as leaked at exit.
    static var info: (String, OrderedJSON) {
        ("info", .object([("author", .string(author)), ("version", .integer(1))]))
    }

    /// A Contents.json file's text: `document` as Xcode lays it out (its members listed in
    /// the order of their keys, as Xcode sorts them), and a final newline.
    static func contentsFile(_ document: OrderedJSON) -> String {
        document.text(.pretty) + "\n"
    }

    /// Whether the image set's Contents.json says iconforge wrote it.
    static func isOwned(_ folder: String) -> Bool {
        guard case .directory = FileSystem.kind(of: folder),
            let bytes = try? FileSystem.readRegularFile(
                folder + "/" + contentsFileName, limit: 1 << 20, followingSymlinks: false),
            let root = try? JSONParser.parse(bytes)
        else { return false }
        return root["info"]?["author"]?.string == author
    }

    /// An asset found in a catalog: where, and whose.
    struct Asset {
        var path: String
        var isImageSet: Bool
        var isIconforges: Bool
        var inOtherCatalog: Bool

        /// What this asset's name clashing with `fullName` is, naming the asset, and what to do.
        func conflict(fullName: String) -> (problem: String, remedy: String) {
            let unique = "asset names must be unique across every catalog of an app's target, whatever the asset type"
            if inOtherCatalog {
                return (
                    "\(path), in another asset catalog of the app's target, already has the asset name \"\(fullName)\", and \(unique)",
                    "rename the glyph or that asset"
                )
            }
            if isIconforges {
                return (
                    "\(path) is an image set iconforge wrote for another folder of this catalog (a build with another --xcassets) and has the asset name \"\(fullName)\", and \(unique)",
                    "remove it, or write into the folder it is in"
                )
            }
            let owner =
                isImageSet
                ? "was not made by iconforge (its Contents.json has no \"author\" : \"\(author)\")"
                : "is an asset iconforge does not make"
            return (
                "\(path) \(owner) and has the asset name \"\(fullName)\", and \(unique)",
                "rename the glyph or remove that asset, which iconforge will not touch"
            )
        }
    }

    /// Every asset in a catalog folder and its groups, by lower-cased full name (a group or
    /// sprite atlas that provides a namespace adds its name).
    private static func collectAssets(
        in folder: String, namespace: String, depth: Int, otherCatalog: Bool, skipping: Set<String>,
        into found: inout [String: Asset]
    ) {
        guard depth <= 16, case .directory = FileSystem.kind(of: folder) else { return }
        for entry in ((try? FileSystem.contents(ofFolder: folder)) ?? []).sorted() where !entry.hasPrefix(".") {
            let path = folder + "/" + entry
            guard case .directory = FileSystem.kind(of: path), !skipping.contains(path) else { continue }
            guard let dot = entry.lastIndex(of: ".") else {
                collectAssets(
                    in: path, namespace: namespace + (providesNamespace(path) ? entry + "/" : ""), depth: depth + 1,
                    otherCatalog: otherCatalog,
                    skipping: skipping, into: &found)
                continue
            }
            let name = namespace + entry[..<dot]
            let type = entry[entry.index(after: dot)...]
            if found[name.lowercased()] == nil {
                found[name.lowercased()] = Asset(
                    path: path, isImageSet: type == "imageset", isIconforges: type == "imageset" && isOwned(path),
                    inOtherCatalog: otherCatalog)
            }
            if type == "spriteatlas" {
                collectAssets(
                    in: path, namespace: namespace + (providesNamespace(path) ? entry[..<dot] + "/" : ""),
                    depth: depth + 1,
                    otherCatalog: otherCatalog, skipping: skipping, into: &found)
            }
        }
    }

    /// Whether the group (or sprite atlas) folder's Contents.json says `"provides-namespace" : true`.
    static func providesNamespace(_ folder: String) -> Bool {
        guard
            let bytes = try? FileSystem.readRegularFile(
                folder + "/" + contentsFileName, limit: 1 << 20, followingSymlinks: false),
            let root = try? JSONParser.parse(bytes)
        else { return false }
        return root["properties"]?["provides-namespace"]?.kind == .bool(true)
    }

    /// Whether a file iconforge recorded writing in the image set `folder` now holds other
    /// bytes: someone touched the set, and it is not iconforge's to take apart.
    private static func isTouched(_ folder: String, recorded: [String: String]) -> Bool {
        recorded.contains { file, sha256 in
            guard
                let bytes = try? FileSystem.readRegularFile(
                    folder + "/" + file, limit: 64 << 20, followingSymlinks: false)
            else { return false }
            return SHA256Digest.hex(of: bytes) != sha256
        }
    }

    /// Removes iconforge's files from its image set, then the folder if nothing else is left in it.
    private static func removeImageSet(
        _ folder: String, glyph: String, recorded: [String: String]?, observer: FlushObserver?
    ) throws(FileError) {
        for file in [fileName(glyph, scale: 2), fileName(glyph, scale: 3)] {
            try FileSystem.remove(folder + "/" + file, observer: observer)
        }
        for entry in (try? FileSystem.contents(ofFolder: folder)) ?? []
        where entry.hasPrefix(FileSystem.temporaryPrefix) {
            try FileSystem.remove(folder + "/" + entry, observer: observer)
        }
        // Contents.json last (and only as iconforge wrote it): while it is there, the folder
        // is still an asset.
        let contents = try? FileSystem.readRegularFile(
            folder + "/" + contentsFileName, limit: 1 << 20, followingSymlinks: false)
        if let mine = recorded?[contentsFileName], let contents, SHA256Digest.hex(of: contents) != mine { return }
        try FileSystem.remove(folder + "/" + contentsFileName, observer: observer)
        try FileSystem.removeFolderIfEmpty(folder, observer: observer)
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 }
    }
}
