/// How a glyph is placed on the canvas.
package enum ExportMode: String, Sendable, Codable {
    /// The artboard centred on the canvas at the template's scale; the drawing untouched.
    case template
    /// `--fit=set` (what `--fit` means): every glyph on the same artboard size at one scale
    /// (`SetScale`), each centred by its ink box.
    case fitSet = "fit-set"
    /// `--fit=glyph`: each ink box centred and scaled so its governing dimension hits the
    /// target exactly.
    case fitGlyph = "fit-glyph"

    /// Whether the export normalises size (either fit mode).
    package var isFit: Bool { self != .template }
}
