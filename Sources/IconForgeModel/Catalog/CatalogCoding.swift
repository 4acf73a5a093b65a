extension Catalog {
    /// The formatting of `catalog.json`.
    static let fileFormatting: JSONEncoder.OutputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    /// The catalog's file bytes: pretty-printed, keys sorted, a final newline.
    package func encoded() throws -> Data {
        Data(try JSONText.encode(self, formatting: Self.fileFormatting) + [0x0A])
    }

    /// The same bytes as `encoded()`, each glyph entry taken from `cache` when it is the entry
    /// the cache last encoded: what a watch's build pays for the 999 glyphs that did not change.
    package func encoded(reusing cache: GlyphJSONCache) throws -> [UInt8] {
        guard !glyphs.isEmpty else { return Array(try encoded()) }
        var skeleton = self
        skeleton.glyphs = []
        let outer = try JSONText.encode(skeleton, formatting: Self.fileFormatting)
        // Pretty-printed, an empty array at depth 1 is `[`, an empty line, and `  ]`; no other
        // member can be written so (a key inside a string has its quotes escaped).
        let empty = Self.glyphsMember(count: 0) { _, _ in }
        guard let range = outer.firstRange(of: empty) else { return Array(try encoded()) }
        let fragments = try cache.prettyFragments(glyphs)
        var bytes = Array(outer[..<range.lowerBound])
        bytes.reserveCapacity(outer.count + glyphs.count * 1_024)
        bytes += Self.glyphsMember(count: fragments.count) { writer, index in writer.verbatim(fragments[index]) }
        bytes += outer[range.upperBound...]
        bytes.append(0x0A)
        return bytes
    }

    /// The catalog's `"glyphs" : [...]` member, as the encoder lays it out at depth 1.
    private static func glyphsMember(count: Int, glyph: (inout JSONText.Writer, Int) -> Void) -> [UInt8] {
        var writer = JSONText.Writer(layout: .pretty)
        writer.key("glyphs")
        writer.container(.array, count: count, depth: 1, item: glyph)
        return writer.bytes
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

    /// The formatting of the build state's fragments.
    package static let compactFormatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]

    /// Encodes both fragments of every glyph, on up to `threads` threads, when this cache
    /// holds none, so that the catalog and the state written next only splice them. A cold
    /// build's glyphs are otherwise encoded one after another once the last is rendered, with
    /// every core but one idle (300 glyphs: 20 ms of a 0.5 s build). A cache that holds
    /// entries is a watch's, whose next build changes a glyph or two: those are encoded as
    /// they are spliced. A glyph that cannot be encoded is left out, for the splice to meet
    /// its error.
    package func prepare(_ glyphs: [Catalog.Glyph], threads: Int) {
        guard !glyphs.isEmpty, pretty.withLock({ $0.isEmpty }), compact.withLock({ $0.isEmpty }) else { return }
        // Below a few dozen glyphs a thread costs more than it saves.
        let count = min(max(1, threads), max(1, glyphs.count / 32))
        let encoded = Lock<[(glyph: Catalog.Glyph, pretty: [UInt8], compact: [UInt8])]>([])
        Threads.run(count) { thread in
            var mine: [(glyph: Catalog.Glyph, pretty: [UInt8], compact: [UInt8])] = []
            for index in Swift.stride(from: thread, to: glyphs.count, by: count) {
                let glyph = glyphs[index]
                // One encoding for both: the compact bytes are the pretty ones' without their layout.
                guard let standalone = try? JSONText.encode(glyph, formatting: Catalog.fileFormatting) else { continue }
                mine.append((glyph, Self.indented(standalone), JSONText.compacted(standalone)))
            }
            encoded.withLock { $0 += mine }
        }
        let results = encoded.withLock { $0 }
        pretty.withLock { store in
            for result in results { store[result.glyph.name] = Encoded(glyph: result.glyph, bytes: result.pretty) }
        }
        compact.withLock { store in
            for result in results { store[result.glyph.name] = Encoded(glyph: result.glyph, bytes: result.compact) }
        }
    }

    /// The catalog's fragment for each glyph: pretty-printed, every line after the first
    /// indented to sit in the `glyphs` array (an empty line, as inside an empty array, stays
    /// empty; the writer indents the first).
    func prettyFragments(_ glyphs: [Catalog.Glyph]) throws -> [[UInt8]] {
        try fragments(glyphs, in: pretty, encode: Self.prettyFragment)
    }

    /// The build state's fragment for each glyph: compact, keys sorted.
    package func compactFragments(_ glyphs: [Catalog.Glyph]) throws -> [[UInt8]] {
        try fragments(glyphs, in: compact, encode: Self.compactFragment)
    }

    private static func prettyFragment(_ glyph: Catalog.Glyph) throws -> [UInt8] {
        indented(try JSONText.encode(glyph, formatting: Catalog.fileFormatting))
    }

    /// A glyph's pretty-printed entry (`standalone`) indented to sit in the `glyphs` array.
    private static func indented(_ standalone: [UInt8]) -> [UInt8] {
        var indented: [UInt8] = []
        indented.reserveCapacity(standalone.count + standalone.count / 8)
        var lineStart = false
        for byte in standalone {
            // Four spaces, appended without an array literal's allocation per line.
            if lineStart, byte != 0x0A { indented.append(contentsOf: repeatElement(0x20, count: 4)) }
            indented.append(byte)
            lineStart = byte == 0x0A
        }
        return indented
    }

    private static func compactFragment(_ glyph: Catalog.Glyph) throws -> [UInt8] {
        try JSONText.encode(glyph, formatting: compactFormatting)
    }

    private func fragments(
        _ glyphs: [Catalog.Glyph], in store: borrowing Lock<[String: Encoded]>,
        encode: (Catalog.Glyph) throws -> [UInt8]
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
