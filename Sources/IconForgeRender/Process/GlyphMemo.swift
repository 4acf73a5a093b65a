/// What one worker (or in-process runner) learned of a glyph in `--fit=set`'s planning
/// pass, kept for the render pass that follows, so that a glyph sent back to the worker
/// that measured it is not markup-checked and parsed by librsvg a second time.
///
/// Entries are keyed by the SHA-256 of the source's bytes and match only the very source
/// and limits they were made from, so an edited file (other bytes) or a renamed one (other
/// paths in its findings) is simply checked again. The render pass takes an entry out as it
/// uses it; what is kept is bounded, so that a large set keeps the first glyphs that fit and
/// checks the rest again rather than growing a worker without limit. Not thread-safe: one
/// per worker process, or per runner, used by one thread at a time.
package final class GlyphMemo {
    /// One glyph as the planning pass left it.
    struct Entry {
        var name: String
        var displayPath: String
        var relativePath: String
        var limits: Limits
        var markup: MarkupChecks.Result
        /// The bytes `handle` was parsed from (the renderable text, a background and the
        /// shapes off the artboard blanked), and the parsed document, if the budget allowed.
        var parsedFrom: [UInt8] = []
        var handle: SVGHandle?
        var cost: Int

        func matches(_ source: GlyphSource, limits: Limits) -> Bool {
            name == source.name && displayPath == source.displayPath && relativePath == source.relativePath
                && self.limits == limits
        }
    }

    /// The bytes of memory this memo may hold (as estimated by `cost(of:)`): enough for a
    /// worker's half of 300 glyphs of the benchmark's libraries (the colour theme's 3 kB
    /// files need 14 MB of it), and bounded for a large set, whose whole tree's peak must
    /// stay well under 150 MB at 5,000 glyphs.
    package static let defaultBudget = 16 << 20

    private var entries: [String: Entry] = [:]
    private var held = 0
    private let budget: Int

    package init(budget: Int = GlyphMemo.defaultBudget) {
        self.budget = budget
    }

    /// How many glyphs are remembered (tests).
    package var count: Int { entries.count }

    /// Remembers `markup` for the source whose bytes hash to `sha256`, and the document
    /// librsvg parsed from `parsedFrom` while measuring it, within the budget: a glyph that
    /// does not fit is not remembered at all, one whose document does not fit keeps only
    /// its markup.
    func remember(
        _ sha256: String, source: GlyphSource, limits: Limits, markup: MarkupChecks.Result, handle: SVGHandle?,
        parsedFrom: [UInt8]
    ) {
        var entry = Entry(
            name: source.name, displayPath: source.displayPath, relativePath: source.relativePath, limits: limits,
            markup: markup,
            cost: Self.cost(of: markup, source: source))
        if let handle, held + entry.cost + Self.cost(ofDocumentFrom: parsedFrom) <= budget {
            entry.handle = handle
            entry.parsedFrom = parsedFrom
            entry.cost += Self.cost(ofDocumentFrom: parsedFrom)
        }
        if let replaced = entries.removeValue(forKey: sha256) { held -= replaced.cost }
        guard held + entry.cost <= budget else { return }
        entries[sha256] = entry
        held += entry.cost
    }

    /// The entry for `source` (whose bytes hash to `sha256`), taken out of the memo: the
    /// render pass needs it once.
    func take(_ sha256: String, for source: GlyphSource, limits: Limits) -> Entry? {
        guard let entry = entries[sha256], entry.matches(source, limits: limits) else { return nil }
        entries[sha256] = nil
        held -= entry.cost
        return entry
    }

    /// Forgets everything (a worker between builds of a watch keeps nothing stale).
    package func removeAll() {
        entries = [:]
        held = 0
    }

    /// An estimate of what the markup check's result holds: the renderable text, the
    /// source's copy, and the paint uses and findings beside them.
    static func cost(of markup: MarkupChecks.Result, source: GlyphSource) -> Int {
        (markup.renderable?.count ?? 0) + source.bytes.count + 256 * (markup.paintUses.count + markup.diagnostics.count)
            + 1024
    }

    /// An estimate of a librsvg document's heap (its element tree and parsed paths) with
    /// what drawing it left behind: about 25 bytes a byte of the file (resident memory over
    /// 400 Lucide documents held, each drawn once), and a few kB however small the file.
    static func cost(ofDocumentFrom bytes: [UInt8]) -> Int {
        24 * bytes.count + 8192
    }
}
