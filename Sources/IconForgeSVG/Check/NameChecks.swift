/// Rules on glyph file names, which become asset names.
package enum NameChecks {
    /// The rules these checks report (emoji only for the file name, which has no line).
    package static let rules: Set<RuleID> = [.nameInvalid, .nameCollision, .glyphEmoji]

    /// Findings per glyph index, for names that are invalid or collide.
    package static func run(_ sources: [GlyphFile]) -> [Int: [Diagnostic]] {
        var found: [Int: [Diagnostic]] = [:]
        var firstByKey: [String: Int] = [:]
        for (index, source) in sources.enumerated() {
            let name = source.name
            // Most names are plain ASCII asset names: nothing to find in them but collisions.
            let plain = name.utf8.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
                    || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2E
            }
            for finding in plain ? [] : EmojiScanner.findings(in: name) {
                let message = EmojiMessages.message(for: finding, in: "the file name")
                found[index, default: []].append(
                    finding.isError
                        ? Diagnostic(.glyphEmoji, file: source.displayPath, message)
                        : Diagnostic(warningOf: .glyphEmoji, file: source.displayPath, message))
            }
            if !plain || name.isEmpty || name.hasPrefix(".") || name.utf8.count > maximumNameBytes,
                let problem = problem(with: name)
            {
                found[index, default: []].append(
                    Diagnostic(
                        .nameInvalid, file: source.displayPath,
                        "glyph name '\(name)' \(problem); asset names may use ASCII letters, digits, '-', '_' and '.'; rename the file"
                    ))
            }
            // macOS file systems are case-insensitive and normalise Unicode, so these
            // names would overwrite each other in an asset catalog. (Swift's String equality
            // and hashing are canonical-equivalence aware: "e\u{301}" == "\u{E9}".)
            let key = name.lowercased()
            if let first = firstByKey[key] {
                let other = sources[first]
                let message =
                    other.name.unicodeScalars.elementsEqual(name.unicodeScalars)
                    ? "glyph name '\(name)' is also used by \(other.displayPath); their outputs would overwrite each other; rename one"
                    : "glyph name '\(name)' collides with '\(other.name)' (\(other.displayPath)): \(difference(name, other.name)), and would overwrite each other on macOS; rename one"
                found[index, default: []].append(Diagnostic(.nameCollision, file: source.displayPath, message))
            } else {
                firstByKey[key] = index
            }
        }
        return found
    }

    /// How two colliding names differ: by case, or by Unicode normalisation, spelled out in
    /// code points, since the two look the same ("caf<U+00E9>" and "cafe<U+0301>").
    static func difference(_ name: String, _ other: String) -> String {
        if name.lowercased().unicodeScalars.elementsEqual(other.lowercased().unicodeScalars) {
            return "they differ only by case"
        }
        func hex(_ scalar: Unicode.Scalar) -> String { String(scalar.value, radix: 16, uppercase: true) }
        func spelled(_ text: String) -> String {
            text.unicodeScalars.map { scalar in
                scalar.isASCII && scalar.value >= 0x20
                    ? String(scalar)
                    : "<U+\(String(repeating: "0", count: max(0, 4 - hex(scalar).count)) + hex(scalar))>"
            }.joined()
        }
        return
            "they differ only by Unicode normalisation, the same text in other code points ('\(spelled(name))' and '\(spelled(other))')"
    }

    /// The longest glyph name, in UTF-8 bytes. File systems (ext4, APFS) allow 255 bytes per
    /// name, and the longest name iconforge writes for a glyph is its temporary file
    /// `.iconforge-tmp-<pid>-<random>-<name>@3x.png`, 51 bytes more than the name.
    static let maximumNameBytes = 200

    /// What is wrong with `name` as an asset name, or nil when it is fine.
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.utf8.count > maximumNameBytes {
            return
                "is \(name.utf8.count) bytes long; the longest file iconforge writes for a glyph adds 51 bytes to its name and file systems allow 255, so names may have at most \(maximumNameBytes)"
        }
        if name.hasPrefix(".") { return "starts with a dot" }
        if name.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { return "contains whitespace" }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.".unicodeScalars.contains(scalar))
        }
        if !allowed { return "contains a character asset names cannot have" }
        return nil
    }
}
