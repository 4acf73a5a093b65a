/// Syntax checks on the attribute values librsvg would otherwise silently ignore: a
/// broken viewBox falls back to no viewBox. (Path data: `PathDataSyntax`.)
enum AttributeSyntax {
    /// Why a `viewBox` value is unusable, or nil when it is four numbers with a positive size.
    static func viewBoxProblem(_ value: String) -> String? {
        let parts = value.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard parts.count == 4 else { return "viewBox needs four numbers (min-x min-y width height), found '\(value)'" }
        let numbers = parts.map { Double($0) }
        guard numbers.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            return "viewBox '\(value)' holds something that is not a finite number"
        }
        if numbers[2]! <= 0 || numbers[3]! <= 0 {
            return
                "viewBox '\(value)' has zero or negative width or height; give it a positive size, e.g. viewBox=\"0 0 35 35\""
        }
        return nil
    }
}
