/// One side of `iconforge diff`: the glyphs of one build with the PNGs it made, as the
/// preview page shows them (`PreviewImages`), so that a diff compares exactly what a build
/// writes and the page shows it the way the preview does.
package struct DiffSide: Sendable {
    /// Why an earlier output folder cannot be a base.
    package struct Unreadable: Error, Equatable, Sendable {
        package var path: String
        package var message: String
    }

    var catalog: Catalog
    var glyphs: [PreviewGlyph]
    /// Each glyph's file as diagnostics name it (`Glyphs/star.svg`), by name.
    var files: [String: String]

    /// The glyphs a build or check found, with the PNGs it kept (`BuildRequest.keepsImages`)
    /// or, for glyphs whose files it kept, those files. `displayPath` turns a file as the run
    /// named it into the one a reader should see (a base built in a temporary folder names
    /// its files inside it).
    package init(report: BuildReport, request: BuildRequest, displayPath: (String) -> String = { $0 }) {
        catalog = report.catalog
        glyphs = PreviewImages.glyphs(report.catalog, images: report.images, outputFolder: request.outputFolder)
        // The catalog keeps a source relative to its glyph folder; the run's files say which folder.
        let runFiles = report.glyphFiles.sorted()
        var files: [String: String] = [:]
        for entry in report.catalog.glyphs {
            let file = runFiles.first { $0 == entry.source || $0.hasSuffix("/" + entry.source) } ?? entry.source
            files[entry.name] = displayPath(file)
        }
        self.files = files
    }

    /// The build an output folder holds: its `catalog.json` and the PNGs it lists (each
    /// checked against the catalog's hash). A glyph whose PNGs are missing or not the ones
    /// listed has no renders, and compares as changed. The catalog names each glyph's
    /// source from its glyph folder; `displayPath` says where that folder is now. The
    /// catalog and every file it lists must be inside the folder, symlinks resolved: the
    /// folder may come from a pull request, and the page embeds what it lists.
    package init(outputFolder folder: String, displayPath: (String) -> String = { $0 }) throws(Unreadable) {
        let path = folder.withoutTrailingSlash + "/catalog.json"
        try Self.checkInside(folder, "catalog.json", path: path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(path, limit: 1 << 28)
        } catch {
            throw Unreadable(
                path: path,
                message: FileSystem.kind(of: path) == .missing
                    ? "no catalog.json: not the output folder of an iconforge build" : error.message)
        }
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: Data(bytes))
        } catch {
            throw Unreadable(
                path: path,
                message: "not a catalog.json iconforge can read (\(error)); build the base with this iconforge version")
        }
        for glyph in catalog.glyphs {
            for output in glyph.outputs { try Self.checkInside(folder, output.file, path: path) }
        }
        glyphs = PreviewImages.glyphs(catalog, images: [:], outputFolder: folder)
        files = Dictionary(
            catalog.glyphs.map { ($0.name, displayPath($0.source)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Refuses `file`, named by the catalog at `path` from `folder`, unless it stays inside
    /// the folder: a relative path without `..`, and, if it exists, inside once every
    /// symlink is resolved.
    static func checkInside(_ folder: String, _ file: String, path: String) throws(Unreadable) {
        func refuse(_ why: String) -> Unreadable {
            Unreadable(
                path: path,
                message:
                    "names '\(file)', \(why), outside the base folder; a catalog iconforge writes names only files in its own folder"
            )
        }
        guard !file.hasPrefix("/") else { throw refuse("an absolute path") }
        // By byte, as the kernel reads it (see ScratchFolder.names).
        do {
            _ = try ScratchFolder.names(of: file, in: folder)
        } catch {
            throw refuse("a path that leads out of its folder")
        }
        let target = folder.withoutTrailingSlash + "/" + file
        guard FileSystem.kind(of: target) != .missing else { return }
        guard let root = FileSystem.resolvedPath(folder), let resolved = FileSystem.resolvedPath(target),
            FileSystem.isPath(resolved, inside: root)
        else {
            throw refuse("a symbolic link to \(FileSystem.resolvedPath(target) ?? "nothing")")
        }
    }
}
