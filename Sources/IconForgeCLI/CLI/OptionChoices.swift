/// The values of the options that take one of a few words, as types: the declarations in
/// `Options.swift` list their cases, and `OptionSettings.value(of:)` reads them as values, so a
/// misspelt word is a compile error, not a string that matches nothing at run time.
protocol OptionChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension OptionChoice {
    /// Every value, as the declaration, the help and the completions list them.
    static var words: [String] { allCases.map(\.rawValue) }
}

/// `--format`: how a run reports its findings.
enum OutputFormat: String, OptionChoice {
    case text, json, github, sarif
}

/// `--fit[=set|glyph]`: how glyphs not drawn on the template are placed.
enum FitChoice: String, OptionChoice {
    case set, glyph

    var mode: ExportMode { self == .set ? .fitSet : .fitGlyph }
}

/// `--isolation`: where glyphs are rendered.
enum IsolationChoice: String, OptionChoice {
    case workers, none
}

/// `--vector`: the file format of the vector image sets.
extension VectorFormat: OptionChoice {}
