/// A glyph's PNGs as one run of the build made them, one per `Template.scales` entry, with
/// where the artboard was placed on each: what the preview page shows of it.
package struct GlyphImages: Sendable {
    package var pngs: [PNGEncoder.Encoded]
    package var plans: [RenderPlan]
    /// True for the PNGs the build writes (a check: would write); false for a failed
    /// glyph's renders, which are only shown.
    package var areOutputs: Bool

    package init(pngs: [PNGEncoder.Encoded], plans: [RenderPlan], areOutputs: Bool) {
        self.pngs = pngs
        self.plans = plans
        self.areOutputs = areOutputs
    }

    /// What `outcome` holds to show: its PNGs, else its failed renders; nil when it was not
    /// rendered this run (it failed before, or its files were kept).
    init?(_ outcome: GlyphOutcome) {
        let pngs = outcome.pngs.isEmpty ? outcome.failedRenders : outcome.pngs
        guard !pngs.isEmpty, pngs.count == outcome.plans.count else { return nil }
        self.init(pngs: pngs, plans: outcome.plans, areOutputs: !outcome.pngs.isEmpty)
    }
}
