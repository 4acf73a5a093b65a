/// One glyph file, read into memory.
package struct GlyphSource: Sendable, Equatable {
    /// The asset name: the file name without its `.svg` extension.
    package var name: String
    /// The path as diagnostics show it (as the user named it, joined with the file name).
    package var displayPath: String
    /// The path relative to the glyphs folder, as the catalog records it.
    package var relativePath: String
    package var bytes: [UInt8]

    package init(name: String, displayPath: String, relativePath: String, bytes: [UInt8]) {
        self.name = name
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.bytes = bytes
    }
}
