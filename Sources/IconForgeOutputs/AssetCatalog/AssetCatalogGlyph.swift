/// One glyph to put in an Xcode asset catalog: its name and its encoded PNGs.
public struct AssetCatalogGlyph: Sendable, Equatable {
    public var name: String
    public var png2x: [UInt8]
    public var png3x: [UInt8]

    public init(name: String, png2x: [UInt8], png3x: [UInt8]) {
        self.name = name
        self.png2x = png2x
        self.png3x = png3x
    }
}
