/// What writing an asset catalog did, and which glyphs it had to leave out.
package struct AssetCatalogReport: Sendable, Equatable {
    /// A glyph left out of the catalog, and why.
    package struct Conflict: Sendable, Equatable {
        package var glyph: String
        /// The image set (or other entry) in the way, or the catalog itself.
        package var path: String
        /// What is in the way, naming `path`.
        package var problem: String
        /// What to do about it.
        package var remedy: String

        /// The problem and the remedy, as one message.
        package var message: String { problem + "; " + remedy }
    }

    /// Glyphs whose image set was created or had a file rewritten, sorted.
    package var written: [String] = []
    /// Image sets of glyphs no longer listed that iconforge removed, by glyph name, sorted.
    package var removed: [String] = []
    /// Glyphs not written because something iconforge does not own has their name.
    package var conflicts: [Conflict] = []
    /// Image sets of glyphs that failed or are gone, kept because the app's kept Info.plist names them.
    package var kept: [String] = []
    /// Glyphs whose image set's Contents.json someone changed since iconforge wrote it: kept as it is.
    package var editedContents: [String] = []
    /// Image sets of glyphs no longer listed that someone changed since iconforge wrote them
    /// (a file's bytes differ from the record's): kept whole, by glyph name, sorted.
    package var touched: [String] = []
    /// By glyph name, the SHA-256 of each file iconforge owns in its image set now (for `AppOwnershipRecord`).
    package var files: [String: [String: String]] = [:]
}
