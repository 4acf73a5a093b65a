/// One glyph to put in an Xcode asset catalog: its name and its encoded PNGs.
package struct AssetCatalogGlyph: Sendable, Equatable {
    package var name: String
    package var png2x: [UInt8]
    package var png3x: [UInt8]

    package init(name: String, png2x: [UInt8], png3x: [UInt8]) {
        self.name = name
        self.png2x = png2x
        self.png3x = png3x
    }
}
