/// The names of the files a build writes into the output folder: what the render layer
/// records in each outcome and the outputs layer writes.
package enum OutputNaming {
    package static let catalogFileName = "catalog.json"

    package static func fileName(glyph: String, scale: Template.Scale) -> String {
        glyph + scale.suffix + ".png"
    }
}
