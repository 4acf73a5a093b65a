/// One glyph file, read into memory.
public struct GlyphSource: Sendable, Equatable {
    /// The asset name: the file name without its `.svg` extension.
    public var name: String
    /// The path as diagnostics show it (as the user named it, joined with the file name).
    public var displayPath: String
    /// The path relative to the glyphs folder, as the catalog records it.
    public var relativePath: String
    public var bytes: [UInt8]

    public init(name: String, displayPath: String, relativePath: String, bytes: [UInt8]) {
        self.name = name
        self.displayPath = displayPath
        self.relativePath = relativePath
        self.bytes = bytes
    }
}
