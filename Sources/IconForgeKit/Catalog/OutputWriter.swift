import FoundationEssentials

/// Writes a build's PNGs and catalog so that `Output/` is never left half-written.
///
/// Every file goes to a temporary file in the same folder and is renamed into place;
/// the catalog is written last, as the commit point. Files whose bytes are unchanged are
/// not rewritten (their modification times stay, which keeps Make and Xcode quiet).
/// Outputs of glyphs that no longer build are removed only if the previous catalog says
/// iconforge wrote them: a file a person put in the folder is never touched.
enum OutputWriter {
    static let catalogFileName = "catalog.json"

    static func fileName(glyph: String, scale: Template.Scale) -> String {
        glyph + scale.suffix + ".png"
    }

    /// What the previous build in `folder` wrote: its state file, or failing that (a
    /// state file lost or from another version) its catalog, which has the same entries.
    static func previousState(in folder: String) -> BuildState? {
        if let bytes = try? FileSystem.readRegularFile(folder + "/" + BuildState.fileName, limit: 256 << 20),
            let state = BuildState.decode(bytes)
        {
            return state
        }
        guard let catalog = Catalog.load(from: folder + "/" + catalogFileName) else { return nil }
        return BuildState(buildKey: catalog.buildKey, catalogSHA256: "", glyphs: catalog.glyphs)
    }

    /// Writes new PNGs and the catalog, then removes what `previous` listed and `catalog` does not.
    static func write(_ outcomes: [GlyphOutcome], catalog: Catalog, previous: BuildState?, to folder: String) throws(BuildError) {
        do {
            try FileSystem.createFolder(folder)
            removeStrayTemporaryFiles(in: folder)
            let catalogPath = folder + "/" + catalogFileName

            var written = Set<String>()
            for outcome in outcomes {
                for (output, png) in zip(outcome.outputs, outcome.pngs) {
                    try writeIfChanged(png.bytes, to: folder + "/" + output.file)
                }
                written.formUnion(outcome.outputs.map(\.file))
            }
            // When every glyph was reused and the catalog on disk is the one the previous
            // build wrote, the new catalog would be byte-identical: skip encoding it.
            let statePath = folder + "/" + BuildState.fileName
            if let previous, !previous.catalogSHA256.isEmpty, outcomes.allSatisfy(\.reused),
                previous.buildKey == catalog.buildKey, previous.glyphs == catalog.glyphs,
                let onDisk = try? FileSystem.readRegularFile(catalogPath, limit: 256 << 20),
                SHA256Digest.hex(of: onDisk) == previous.catalogSHA256
            {
                return
            }
            let catalogBytes = Array(try catalog.encoded())
            try writeIfChanged(catalogBytes, to: catalogPath)
            var times: [String: Int64] = [:]
            for glyph in catalog.glyphs {
                for output in glyph.outputs {
                    times[output.file] = FileSystem.signature(of: folder + "/" + output.file)?.modified
                }
            }
            let state = BuildState(
                buildKey: catalog.buildKey, catalogSHA256: SHA256Digest.hex(of: catalogBytes), glyphs: catalog.glyphs,
                modificationTimes: times)
            try writeIfChanged(state.encoded(), to: statePath)
            FileSystem.syncFolder(folder)

            // Only after the new catalog is in place: remove what the old one listed and the new one does not.
            for glyph in previous?.glyphs ?? [] {
                for output in glyph.outputs where !written.contains(output.file) && isPlainFileName(output.file) {
                    try FileSystem.remove(folder + "/" + output.file)
                }
            }
        } catch let error as FileError {
            throw .output(error)
        } catch {
            throw .output(FileError(path: folder + "/" + catalogFileName, message: "cannot encode the catalog: \(error)"))
        }
    }

    private static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(FileError) {
        if case .regular(let size) = FileSystem.kind(of: path), size == bytes.count,
            let existing = try? FileSystem.readRegularFile(path, limit: size), existing == bytes
        {
            return
        }
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// A catalog from disk is input too: never follow a listed name out of the folder.
    private static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && name != "." && name != ".." && name.hasSuffix(".png")
    }

    /// Temporary files left by a build that was killed before renaming them.
    private static func removeStrayTemporaryFiles(in folder: String) {
        // Only this process writes here now (the build holds the folder's lock).
        for name in (try? FileSystem.contents(ofFolder: folder)) ?? [] where name.hasPrefix(FileSystem.temporaryPrefix) {
            try? FileSystem.remove(folder + "/" + name)
        }
    }
}
