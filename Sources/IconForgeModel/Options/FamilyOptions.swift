/// The family checks of a build (`"family"` in iconforge.json): which of them run, and how
/// far a glyph's stroke may be from the set's.
package struct FamilyOptions: Sendable, Equatable, Codable {
    /// `set.stroke-weight`: each glyph's dominant stroke against the set's median.
    package var strokeWeight = true
    /// `set.optical-weight`: each glyph's ink coverage against the set's distribution.
    package var opticalWeight = true
    /// How far (a share of the median, 0.15 = 15 %) a glyph's stroke may be from the set's.
    package var share = 0.15
    /// Whether the set is one style, or mixes filled and outline glyphs on purpose.
    package var styles = Styles.one

    /// How many drawing styles a set holds (`"styles"` in `"family"`).
    package enum Styles: String, Sendable, Codable, CaseIterable {
        /// One: a filled glyph among outline ones is the odd one out.
        case one
        /// Filled and outline glyphs on purpose (a library with both, as Iconoir's regular
        /// and solid): each glyph is weighed among the glyphs of its own style.
        case mixed
    }

    /// The fewest glyphs a set needs to be judged: with two, neither is the odd one.
    package static let minimumGlyphs = 3
    /// The shares `"share"` may be, as a fraction.
    package static let shareRange = 0.01...1.0

    package init() {}

    /// Whether any check runs, and so whether glyphs are weighed at all.
    package var weighs: Bool { strokeWeight || opticalWeight }
}
