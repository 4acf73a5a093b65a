/// Writes glyphs into an Xcode asset catalog (`.xcassets`) as template image sets, so that
/// `UIApplicationShortcutItemIconFile` can name them.
///
/// Each glyph becomes `<name>.imageset/` with `<name>@2x.png`, `<name>@3x.png` and a
/// `Contents.json` in Xcode's own formatting. iconforge owns exactly the image sets whose
/// `Contents.json` says `"author" : "iconforge"`: it rewrites and removes only those, and only
/// its own files inside them. A glyph whose name an image set it does not own already uses,
/// at the top level or in a group without its own namespace, is left out and reported.
/// Files are written atomically and only when their bytes change.
public enum AssetCatalogWriter {
    /// The `info.author` that marks what iconforge wrote.
    public static let author = "iconforge"

    /// What the catalog at `path` holds, and which of `names` it must refuse: read only,
    /// so that a build can settle every refusal before it writes anything.
    public struct Plan: Sendable, Equatable {
        /// Glyph name → image-set folder name, for iconforge's own image sets.
        var owned: [String: String] = [:]
        /// Glyphs that cannot go in, and why.
        public var conflicts: [AssetCatalogReport.Conflict] = []
    }

    /// Plans and writes in one step.
    public static func write(_ glyphs: [AssetCatalogGlyph], to path: String) throws(FileError) -> AssetCatalogReport {
        try write(glyphs, to: path, plan: plan(glyphs.map(\.name), in: path))
    }

    /// Reads the catalog at `path` (missing is empty) and decides which of `names` it refuses.
    public static func plan(_ names: [String], in path: String) throws(FileError) -> Plan {
        var plan = Plan()
        var foreign: [String: String] = [:]  // lower-cased asset name → path, for everyone else's
        if case .directory = FileSystem.kind(followingSymlinksOf: path) {
            let topLevel = try FileSystem.contents(ofFolder: path).sorted()
            for entry in topLevel where entry.hasSuffix(imageSetExtension) {
                let name = String(entry.dropLast(imageSetExtension.count))
                // An image set folder without a Contents.json is no asset at all (Xcode needs one),
                // for example what is left when iconforge removed its files from a folder that also
                // held someone's notes: iconforge may use it again.
                if isOwned(path + "/" + entry) || FileSystem.kind(of: path + "/" + entry + "/" + contentsFileName) == .missing {
                    plan.owned[name] = entry
                } else {
                    foreign[name.lowercased()] = foreign[name.lowercased()] ?? path + "/" + entry
                }
            }
            for entry in topLevel where !entry.contains(".") {
                collectImageSets(inGroup: path + "/" + entry, depth: 1, into: &foreign)
            }
        }
        var seen = Set<String>()
        for name in names.sorted() {
            let key = name.lowercased()
            if !isPlainName(name) {
                plan.conflicts.append(.init(glyph: name, path: path, message: "\"\(name)\" cannot name an image set (it is empty, starts with a dot or holds a slash); rename the glyph"))
            } else if !seen.insert(key).inserted {
                plan.conflicts.append(.init(glyph: name, path: path, message: "another glyph is also named \"\(name)\" (ignoring case), and asset names must be unique; rename one"))
            } else if let other = foreign[key] {
                plan.conflicts.append(.init(glyph: name, path: other, message: "\(other) was not made by iconforge (its Contents.json has no \"author\" : \"\(author)\"), and asset names must be unique in a catalog; rename the glyph or remove that image set, which iconforge will not touch"))
            }
        }
        return plan
    }

    /// Writes every glyph `plan` does not refuse, and removes iconforge's image sets of
    /// glyphs no longer listed.
    public static func write(_ glyphs: [AssetCatalogGlyph], to path: String, plan: Plan) throws(FileError) -> AssetCatalogReport {
        var report = AssetCatalogReport()
        report.conflicts = plan.conflicts
        try FileSystem.createFolder(path)
        let rootContents = path + "/" + contentsFileName
        if FileSystem.kind(of: rootContents) == .missing {
            try FileSystem.writeAtomically(Array(rootContentsJSON.utf8), to: rootContents)
        }
        let refused = Set(plan.conflicts.map(\.glyph))
        let wanted = glyphs.filter { !refused.contains($0.name) }.sorted { $0.name < $1.name }

        // Stale image sets go first, so that on a case-insensitive file system a glyph renamed
        // only in case is not removed right after being written.
        let wantedNames = Set(wanted.map(\.name))
        for (name, folder) in plan.owned.sorted(by: { $0.key < $1.key }) where !wantedNames.contains(name) {
            try removeImageSet(path + "/" + folder, glyph: name)
            report.removed.append(name)
        }
        // Staged: flushed together, then renamed, then each changed image set's folder
        // flushed (by `commit`), instead of one flush per file.
        var staged = StagedWrites()
        for glyph in wanted {
            let folder = path + "/" + glyph.name + imageSetExtension
            try FileSystem.createFolder(folder)
            var changed = try staged.writeIfChangedRecording(Array(contentsJSON(for: glyph.name).utf8), to: folder + "/" + contentsFileName).changed
            changed = try staged.writeIfChangedRecording(glyph.png2x, to: folder + "/" + fileName(glyph.name, scale: 2)).changed || changed
            changed = try staged.writeIfChangedRecording(glyph.png3x, to: folder + "/" + fileName(glyph.name, scale: 3)).changed || changed
            if changed {
                report.written.append(glyph.name)
            }
        }
        try staged.commit()
        FileSystem.syncFolder(path)
        return report
    }

    static let contentsFileName = "Contents.json"
    static let imageSetExtension = ".imageset"

    static func fileName(_ glyph: String, scale: Int) -> String {
        "\(glyph)@\(scale)x.png"
    }

    /// The catalog's own Contents.json, written only when the catalog has none.
    static let rootContentsJSON = """
        {
          "info" : {
            "author" : "\(author)",
            "version" : 1
          }
        }

        """

    /// An image set's Contents.json as Xcode formats it: two-space indents, " : ", keys sorted.
    static func contentsJSON(for glyph: String) -> String {
        let images = [2, 3].map { scale in
            """
                {
                  "filename" : "\(jsonEscaped(fileName(glyph, scale: scale)))",
                  "idiom" : "universal",
                  "scale" : "\(scale)x"
                }
            """
        }
        return """
            {
              "images" : [
            \(images.joined(separator: ",\n"))
              ],
              "info" : {
                "author" : "\(author)",
                "version" : 1
              },
              "properties" : {
                "template-rendering-intent" : "template"
              }
            }

            """
    }

    /// Whether the image set's Contents.json says iconforge wrote it.
    static func isOwned(_ folder: String) -> Bool {
        guard case .directory = FileSystem.kind(of: folder),
            let bytes = try? FileSystem.readRegularFile(folder + "/" + contentsFileName, limit: 1 << 20, followingSymlinks: false),
            let root = try? JSONParser.parse(bytes)
        else { return false }
        return root["info"]?["author"]?.string == author
    }

    /// Image sets in a group folder and its subgroups, unless a group gives its assets their own namespace.
    private static func collectImageSets(inGroup folder: String, depth: Int, into found: inout [String: String]) {
        guard depth <= 16, case .directory = FileSystem.kind(of: folder) else { return }
        if let bytes = try? FileSystem.readRegularFile(folder + "/" + contentsFileName, limit: 1 << 20, followingSymlinks: false),
            let root = try? JSONParser.parse(bytes), root["properties"]?["provides-namespace"]?.kind == .bool(true)
        {
            return
        }
        for entry in ((try? FileSystem.contents(ofFolder: folder)) ?? []).sorted() {
            if entry.hasSuffix(imageSetExtension) {
                let name = String(entry.dropLast(imageSetExtension.count)).lowercased()
                found[name] = found[name] ?? folder + "/" + entry
            } else if !entry.contains(".") {
                collectImageSets(inGroup: folder + "/" + entry, depth: depth + 1, into: &found)
            }
        }
    }

    /// Removes iconforge's files from its image set, then the folder if nothing else is left in it.
    private static func removeImageSet(_ folder: String, glyph: String) throws(FileError) {
        for file in [fileName(glyph, scale: 2), fileName(glyph, scale: 3)] {
            try FileSystem.remove(folder + "/" + file)
        }
        for entry in (try? FileSystem.contents(ofFolder: folder)) ?? [] where entry.hasPrefix(FileSystem.temporaryPrefix) {
            try FileSystem.remove(folder + "/" + entry)
        }
        // Contents.json last: while it is there, the folder still says iconforge owns it.
        try FileSystem.remove(folder + "/" + contentsFileName)
        try FileSystem.removeFolderIfEmpty(folder)
    }

    private static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.unicodeScalars.contains { $0.value < 0x20 }
    }

    private static func jsonEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
