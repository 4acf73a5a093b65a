/// Syntax checks on the attribute values librsvg would otherwise silently ignore or
/// half-read: a broken viewBox falls back to no viewBox, and path data stops drawing at
/// the first error.
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
            return "viewBox '\(value)' has zero or negative width or height; give it a positive size, e.g. viewBox=\"0 0 35 35\""
        }
        return nil
    }

    /// The UTF-8 offset of the first character that cannot appear in SVG path data, if any.
    static func pathDataProblem(_ value: String) -> Int? {
        var offset = 0
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
                UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                break
            default:
                // Commands, and the exponent marker of numbers.
                guard "MmZzLlHhVvCcSsQqTtAaEe".utf8.contains(byte) else { return offset }
            }
            offset += 1
        }
        return nil
    }
}
