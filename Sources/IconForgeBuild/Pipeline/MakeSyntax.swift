/// How a path is spelled in a GNU make rule, or why it cannot be.
///
/// Found by running GNU make 4.3 on each case (see `DepfileNameTests`): a backslash escapes
/// a space, `#`, `:` and the glob characters `*`, `?`, `[` in targets and prerequisites,
/// and `|` in prerequisites (in a target it is plain); backslashes just before such a
/// character are doubled, others are literal; `$` doubles. Nothing escapes the rest: `;`
/// starts a recipe, `=` turns the line into a variable assignment, `%` turns the empty rule
/// `file:` into a pattern rule (and `\%` is not unescaped there), a tab separates targets,
/// a line break ends the rule, a backslash at the end escapes what follows, and a name
/// ending in `(…)` is an archive member.
enum MakeSyntax {
    /// The path as a prerequisite and as the target of a rule.
    struct Spelling: Equatable {
        var prerequisite: String
        var target: String
    }

    /// The spelling of `path`, or why make cannot express it.
    static func spell(_ path: String) -> Result<Spelling, Refusal> {
        if let refusal = refusal(path) { return .failure(refusal) }
        // Most paths need nothing: check their bytes first (this runs for every glyph).
        guard path.utf8.contains(where: { escapedBytes.contains($0) }) else {
            return .success(Spelling(prerequisite: path, target: path))
        }
        return .success(
            Spelling(
                prerequisite: escaped(path, special: prerequisiteSpecial), target: escaped(path, special: targetSpecial)
            ))
    }

    /// Why make cannot express a path.
    struct Refusal: Error, Equatable {
        var reason: String
    }

    private static func refusal(_ path: String) -> Refusal? {
        if path.isEmpty { return Refusal(reason: "an empty name") }
        for scalar in path.unicodeScalars {
            switch scalar {
            case ";":
                return Refusal(reason: "';' ends a rule's prerequisites and starts its recipe, and cannot be escaped")
            case "=": return Refusal(reason: "'=' makes the rule a variable assignment, and cannot be escaped")
            case "%":
                return Refusal(
                    reason:
                        "'%' makes the empty rule that lets the file be deleted a pattern rule, and cannot be escaped there"
                )
            case "\t": return Refusal(reason: "a tab cannot be escaped in a rule's target")
            case "\n", "\r": return Refusal(reason: "a line break ends a rule")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    return Refusal(reason: "it holds a control character")
                }
            }
        }
        if path.hasSuffix("\\") { return Refusal(reason: "a backslash at its end would escape what follows it") }
        if path.hasSuffix(")"), path.contains("(") {
            return Refusal(reason: "a name ending in '(…)' is read as a member of an archive")
        }
        return nil
    }

    private static let targetSpecial: Set<Unicode.Scalar> = [" ", "#", ":", "*", "?", "["]
    private static let prerequisiteSpecial = targetSpecial.union(["|"])
    private static let escapedBytes = Set(" #:*?[|$\\".utf8)

    private static func escaped(_ path: String, special: Set<Unicode.Scalar>) -> String {
        var result = ""
        var backslashes = 0
        for scalar in path.unicodeScalars {
            if scalar == "\\" {
                backslashes += 1
                continue
            }
            let escapes = special.contains(scalar)
            result += String(repeating: "\\", count: escapes ? 2 * backslashes + 1 : backslashes)
            backslashes = 0
            if scalar == "$" {
                result += "$$"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + String(repeating: "\\", count: backslashes)
    }
}
