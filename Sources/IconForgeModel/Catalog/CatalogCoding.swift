extension Catalog {
    /// The formatting of `catalog.json`.
    static let fileFormatting: JSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    /// The catalog's file bytes: pretty-printed, keys sorted, a final newline.
    public func encoded() throws -> Data {
        Data(try JSONText.encode(self, formatting: Self.fileFormatting) + [0x0A])
    }

    /// The same bytes as `encoded()`, each glyph entry taken from `cache` when it is the entry
    /// the cache last encoded: what a watch's build pays for the 999 glyphs that did not change.
    package func encoded(reusing cache: GlyphJSONCache) throws -> [UInt8] {
        guard !glyphs.isEmpty else { return Array(try encoded()) }
        var skeleton = self
        skeleton.glyphs = []
        let outer = try JSONText.encode(skeleton, formatting: Self.fileFormatting)
        // Pretty-printed, an empty array at depth 1 is `[`, an empty line, and `  ]`; the key
        // is the only one at that depth named so (keys inside strings are escaped quotes).
        let empty = Array("\n  \"glyphs\" : [\n\n  ]".utf8)
        guard let range = outer.firstRange(of: empty) else { return Array(try encoded()) }
        var bytes = Array(outer[..<range.lowerBound])
        bytes.reserveCapacity(outer.count + glyphs.count * 1_024)
        bytes += Array("\n  \"glyphs\" : [\n".utf8)
        for (index, fragment) in try cache.prettyFragments(glyphs).enumerated() {
            if index > 0 { bytes += Array(",\n".utf8) }
            bytes += fragment
        }
        bytes += Array("\n  ]".utf8)
        bytes += outer[range.upperBound...]
        bytes.append(0x0A)
        return bytes
    }
}

/// Each glyph entry's JSON as the catalog and the build state write it, kept between the
/// builds of one watch (`BuildMemory`): an entry equal to the one last encoded under its
/// name is written from the bytes it had then. Entries of glyphs no longer built are
/// dropped at each use, so it holds one build's worth.
package final class GlyphJSONCache: Sendable {
    private struct Encoded {
        var glyph: Catalog.Glyph
        var bytes: [UInt8]
    }

    /// Pretty-printed at the catalog's depth (indented by four spaces), and compact.
    private let pretty = Lock<[String: Encoded]>([:])
    private let compact = Lock<[String: Encoded]>([:])

    package init() {}

    /// The catalog's fragment for each glyph: pretty-printed, every line indented to sit in
    /// the `glyphs` array (an empty line, as inside an empty array, stays empty).
    func prettyFragments(_ glyphs: [Catalog.Glyph]) throws -> [[UInt8]] {
        try fragments(glyphs, in: pretty) { glyph in
            let standalone = try JSONText.encode(glyph, formatting: Catalog.fileFormatting)
            var indented: [UInt8] = []
            indented.reserveCapacity(standalone.count + standalone.count / 8)
            var lineStart = true
            for byte in standalone {
                if lineStart, byte != 0x0A { indented += [0x20, 0x20, 0x20, 0x20] }
                indented.append(byte)
                lineStart = byte == 0x0A
            }
            return indented
        }
    }

    /// The build state's fragment for each glyph: compact, keys sorted.
    package func compactFragments(_ glyphs: [Catalog.Glyph], formatting: JSONEncoder.OutputFormatting) throws -> [[UInt8]] {
        try fragments(glyphs, in: compact) { try JSONText.encode($0, formatting: formatting) }
    }

    private func fragments(
        _ glyphs: [Catalog.Glyph], in store: borrowing Lock<[String: Encoded]>, encode: (Catalog.Glyph) throws -> [UInt8]
    ) throws -> [[UInt8]] {
        let known = store.withLock { $0 }
        var next: [String: Encoded] = [:]
        next.reserveCapacity(glyphs.count)
        var result: [[UInt8]] = []
        result.reserveCapacity(glyphs.count)
        for glyph in glyphs {
            let bytes: [UInt8]
            if let kept = next[glyph.name] ?? known[glyph.name], kept.glyph == glyph {
                bytes = kept.bytes
            } else {
                bytes = try encode(glyph)
            }
            next[glyph.name] = Encoded(glyph: glyph, bytes: bytes)
            result.append(bytes)
        }
        store.withLock { $0 = next }
        return result
    }
}
