/// How glyphs are checked, exported and encoded.
package struct PipelineOptions: Sendable, Equatable, Codable {
    package var mode: ExportMode = .template
    /// Aspect ratio at which a glyph counts as wide or tall.
    package var shapeThreshold = 1.2
    /// How far (pt) the governing dimension may be from its target (`size.target`).
    package var sizeTolerance = 0.5
    /// How far (pt) the ink centre may be from the artboard centre (`geometry.off-center`).
    package var centerTolerance = 1.0
    /// Longest-to-shortest side ratio beyond which `geometry.aspect` warns.
    package var maximumAspectRatio = 3.0
    /// How far (pt) template-mode ink may cross the 35 pt maximum before `size.max` reports
    /// it. Clipping by the viewport has no allowance in points: it is judged where it shows,
    /// a quarter of an @3x pixel (`GeometryChecks.visiblePixels`).
    package var edgeSlack = 0.1
    package var limits = Limits()
    /// Glyphs allowed to sit off the artboard centre on purpose (an optical correction).
    package var allowOffCenter: [String] = []
    /// PNG compression effort, 1 (fastest) to 12 (smallest): libdeflate's levels, except 6 and
    /// 7, iconforge's own encoder (`PNGEncoder.defaultCompressionLevel`).
    package var pngCompression = PNGEncoder.defaultCompressionLevel
    /// The librsvg library file to open instead of the platform's usual names (the
    /// executable's `ICONFORGE_LIBRSVG`); nil for the usual ones. Part of the build key when
    /// set: another librsvg may draw differently.
    package var librsvgPath: String?
    /// `--fit=set`: the scale per artboard size, planned by the build from every glyph's
    /// measurement before any is rendered (`FitSetPlanner`). Not part of the build key: it
    /// follows from the glyphs and the other options, which the build's fingerprint covers,
    /// and each output records the scale it was rendered at.
    package var setScales: [SetScale]?
    /// `--fit=set`'s planning pass: each glyph is checked and measured (`InkMeasurement`) but
    /// not rendered, since the set's scale needs only its artboard, ink box and shape.
    package var measuresOnly = false
    /// A project's severities for glyph rules (`"severities"` in iconforge.json), in rule
    /// order; each rule allows the severity (`RuleID.allowsSeverity`).
    package var severities: [RuleSeverity] = []
    /// The family checks (`"family"` in iconforge.json). Only whether glyphs are weighed
    /// at all matters here; the set is judged by the build (`FamilyChecks`).
    package var family = FamilyOptions()

    package init() {}

    /// `diagnostics` with the project's severities: applied before a glyph's PNGs are
    /// decided, so that `svg.text` lowered to a warning renders and an error raised fails.
    func applyingSeverities(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !severities.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            var changed = diagnostic
            if let setting = severities.first(where: { $0.rule == diagnostic.rule }) {
                changed.severity = setting.severity
            }
            return changed
        }
    }
}

/// One rule's severity as a project sets it.
package struct RuleSeverity: Sendable, Equatable, Codable {
    package var rule: RuleID
    package var severity: Severity

    package init(rule: RuleID, severity: Severity) {
        self.rule = rule
        self.severity = severity
    }
}
