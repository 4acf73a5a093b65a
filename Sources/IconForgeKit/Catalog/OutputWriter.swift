import Foundation

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

    static func write(_ outcomes: [GlyphOutcome], catalog: Catalog, to folder: String) throws(BuildError) {
        do {
            try FileSystem.createFolder(folder)
            removeStrayTemporaryFiles(in: folder)
            let catalogPath = folder + "/" + catalogFileName
            let previous = Catalog.load(from: catalogPath)

            var written = Set<String>()
            for outcome in outcomes {
                for (scale, png) in zip(Template.scales, outcome.pngs) {
                    let name = fileName(glyph: outcome.source.name, scale: scale)
                    try writeIfChanged(png.bytes, to: folder + "/" + name)
                    written.insert(name)
                }
            }
            try writeIfChanged(Array(try catalog.encoded()), to: catalogPath)
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
        for name in (try? FileSystem.contents(ofFolder: folder)) ?? [] where name.hasPrefix(FileSystem.temporaryPrefix) {
            try? FileSystem.remove(folder + "/" + name)
        }
    }
}
