/// How heavy a glyph looks, measured from its @3x render: what the family checks
/// (`set.stroke-weight`, `set.optical-weight`) compare across a build's glyphs. Recorded in
/// the catalog, so that a later build compares an unchanged glyph without rendering it.
package struct GlyphWeight: Codable, Equatable, Sendable {
    /// The dominant stroke's width in points as the glyph is exported (@3x pixels over the
    /// shape's px/pt, 80/27 or 88/30); nil when no stroke width dominates (a filled glyph),
    /// which the stroke comparison leaves out.
    package var stroke: Double?
    /// The ink's area (alpha-weighted) as a share of the shape's target box (27 × 27 pt for
    /// a square glyph, 30 × 30 pt for a wide or tall one).
    package var coverage: Double

    package init(stroke: Double?, coverage: Double) {
        self.stroke = stroke
        self.coverage = coverage
    }

    /// Rounded to 1/1000, so that the catalog's numbers are stable and readable.
    package var roundedForCatalog: GlyphWeight {
        func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return GlyphWeight(stroke: stroke.map(round), coverage: round(coverage))
    }
}
