/// What a change did to a glyph set: `iconforge diff`'s result, compared by decoded pixels
/// (a PNG recompressed, or a glyph re-saved by another tool that renders the same, is
/// unchanged), with the findings the change brought and those it fixed.
package struct DiffResult: Sendable {
    package enum Status: String, Sendable, CaseIterable {
        case changed, added, removed, renamed, unchanged
    }

    /// One scale of a glyph in both builds.
    package struct ScaleChange: Sendable, Equatable {
        package var scale: Int
        /// Pixels that differ (`GlyphDiff.differs`); all of them when the sizes differ.
        package var changedPixels: Int
        package var pixels: Int
        /// Before and after, `WxH`, when the canvas changed size.
        package var sizes: (before: String, after: String)?

        package static func == (lhs: ScaleChange, rhs: ScaleChange) -> Bool {
            (lhs.scale, lhs.changedPixels, lhs.pixels, lhs.sizes?.before, lhs.sizes?.after) == (
                rhs.scale, rhs.changedPixels, rhs.pixels, rhs.sizes?.before, rhs.sizes?.after
            )
        }
    }

    package struct Entry: Sendable {
        package var status: Status
        /// The glyph's name now (the base's for a removed one).
        package var name: String
        /// The base's name of a renamed glyph.
        package var baseName: String?
        /// Its file now (the base's for a removed one), as diagnostics name it.
        package var file: String
        /// The base's file of a renamed glyph.
        package var baseFile: String?
        /// For a changed glyph, each scale; empty otherwise.
        package var scales: [ScaleChange]
        /// Why a glyph with no pixels on one side compares as changed ("not rendered in the base").
        package var note: String?
        var before: PreviewGlyph?
        var after: PreviewGlyph?
        /// A changed glyph's difference image per scale.
        var differences: [PreviewGlyph.Render] = []
    }

    /// A finding one build has and the other has not.
    package struct Finding: Sendable, Equatable {
        /// The glyph it is about (as it is named now), or nil for the quick-action definitions.
        package var glyph: String?
        package var file: String
        package var diagnostic: Catalog.CatalogDiagnostic
    }

    /// What the base is, as the user named it: `origin/main (3f2a9c1)`, a folder.
    package var base: String
    /// Every glyph of both builds, changes first (changed, added, removed, renamed), then
    /// unchanged, by name within each.
    package var entries: [Entry]
    /// Findings the current build has that the base had not, and the other way round.
    package var newFindings: [Finding]
    package var fixedFindings: [Finding]

    package func count(_ status: Status) -> Int { entries.filter { $0.status == status }.count }
    package var hasChanges: Bool { entries.contains { $0.status != .unchanged } }

    /// "1 changed, 1 added, 0 removed, 1 renamed, 9 unchanged; findings: 1 new, 0 fixed".
    package var tally: String {
        Status.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
            + "; findings: \(newFindings.count) new, \(fixedFindings.count) fixed"
    }
}

/// Compares two builds' glyphs (`DiffSide`) by name, then pairs a removed and an added
/// glyph whose pixels are the same as a rename.
package enum GlyphDiff {
    /// How far a channel (0-255) may move before a pixel counts as changed: the same drawing
    /// rendered from different markup can round an edge pixel's alpha a unit differently.
    package static let channelTolerance = 2

    package static func compare(base: DiffSide, current: DiffSide, baseName: String) -> DiffResult {
        var entries: [DiffResult.Entry] = []
        var added: [PreviewGlyph] = []
        let baseGlyphs = Dictionary(base.glyphs.map { ($0.entry.name, $0) }, uniquingKeysWith: { first, _ in first })
        for glyph in current.glyphs.sorted(by: { $0.entry.name < $1.entry.name }) {
            let name = glyph.entry.name
            guard let before = baseGlyphs[name] else {
                added.append(glyph)
                continue
            }
            var entry = DiffResult.Entry(
                status: .unchanged, name: name, file: current.files[name] ?? glyph.entry.source, scales: [],
                before: before, after: glyph)
            let comparison = compare(before, glyph)
            if comparison.changed {
                entry.status = .changed
                entry.scales = comparison.scales
                entry.note = comparison.note
                entry.differences = differenceImages(before, glyph)
            }
            entries.append(entry)
        }
        let currentNames = Set(current.glyphs.map(\.entry.name))
        var removed = base.glyphs.filter { !currentNames.contains($0.entry.name) }.sorted {
            $0.entry.name < $1.entry.name
        }
        // A removed glyph and an added one that render the same are a rename.
        for glyph in added {
            let file = current.files[glyph.entry.name] ?? glyph.entry.source
            if !glyph.renders.isEmpty,
                let match = removed.firstIndex(where: { !$0.renders.isEmpty && !compare($0, glyph).changed })
            {
                let old = removed.remove(at: match)
                entries.append(
                    DiffResult.Entry(
                        status: .renamed, name: glyph.entry.name, baseName: old.entry.name, file: file,
                        baseFile: base.files[old.entry.name] ?? old.entry.source,
                        scales: [], before: old, after: glyph))
            } else {
                entries.append(
                    DiffResult.Entry(status: .added, name: glyph.entry.name, file: file, scales: [], after: glyph))
            }
        }
        for glyph in removed {
            entries.append(
                DiffResult.Entry(
                    status: .removed, name: glyph.entry.name, file: base.files[glyph.entry.name] ?? glyph.entry.source,
                    scales: [], before: glyph))
        }
        let order = Dictionary(
            uniqueKeysWithValues: DiffResult.Status.allCases.enumerated().map { ($0.element, $0.offset) })
        entries.sort { (order[$0.status]!, $0.name) < (order[$1.status]!, $1.name) }
        let (new, fixed) = findings(entries, base: base, current: current)
        return DiffResult(base: baseName, entries: entries, newFindings: new, fixedFindings: fixed)
    }

    /// Whether two pixels differ beyond `channelTolerance`; fully transparent ones never do,
    /// whatever colour they carry.
    @inline(__always)
    static func differs(_ a: [UInt8], _ b: [UInt8], at index: Int) -> Bool {
        let alphaA = Int(a[index + 3])
        let alphaB = Int(b[index + 3])
        if abs(alphaA - alphaB) > channelTolerance { return true }
        if alphaA <= channelTolerance, alphaB <= channelTolerance { return false }
        for channel in 0..<3 where abs(Int(a[index + channel]) - Int(b[index + channel])) > channelTolerance {
            return true
        }
        return false
    }

    private static func decode(_ render: PreviewGlyph.Render) -> RGBAImage? {
        try? PNGCodec.decode(render.png)
    }

    /// Whether `before` and `after` render differently at any scale, and by how much.
    static func compare(_ before: PreviewGlyph, _ after: PreviewGlyph) -> (
        changed: Bool, scales: [DiffResult.ScaleChange], note: String?
    ) {
        if before.renders.isEmpty || after.renders.isEmpty {
            // Nothing to compare on one side: the same source failing the same way is unchanged.
            if before.renders.isEmpty, after.renders.isEmpty {
                return (before.entry.sourceSHA256 != after.entry.sourceSHA256, [], "not rendered in either build")
            }
            return (true, [], before.renders.isEmpty ? "not rendered in the base" : "not rendered now")
        }
        var scales: [DiffResult.ScaleChange] = []
        var changed = false
        for (old, new) in zip(before.renders, after.renders) {
            // Identical bytes decode to identical pixels: most glyphs of a large set stop here.
            if old.png == new.png {
                scales.append(
                    DiffResult.ScaleChange(scale: new.scale.factor, changedPixels: 0, pixels: new.width * new.height))
                continue
            }
            guard let a = decode(old), let b = decode(new) else {
                changed = true
                scales.append(
                    DiffResult.ScaleChange(
                        scale: new.scale.factor, changedPixels: new.width * new.height, pixels: new.width * new.height))
                continue
            }
            guard a.width == b.width, a.height == b.height else {
                changed = true
                scales.append(
                    DiffResult.ScaleChange(
                        scale: new.scale.factor, changedPixels: b.width * b.height, pixels: b.width * b.height,
                        sizes: ("\(a.width)x\(a.height)", "\(b.width)x\(b.height)")))
                continue
            }
            var count = 0
            for index in stride(from: 0, to: a.pixels.count, by: 4) where differs(a.pixels, b.pixels, at: index) {
                count += 1
            }
            if count > 0 { changed = true }
            scales.append(
                DiffResult.ScaleChange(scale: new.scale.factor, changedPixels: count, pixels: a.width * a.height))
        }
        return (changed, scales, nil)
    }

    /// The difference overlay of each scale both sides rendered at the same size: ink only
    /// the base has in red, ink only the current build has in green, a colour change in
    /// orange, and unchanged ink in faint grey, so a reviewer sees where a change lies.
    static func differenceImages(_ before: PreviewGlyph, _ after: PreviewGlyph) -> [PreviewGlyph.Render] {
        zip(before.renders, after.renders).compactMap { old, new in
            guard let a = decode(old), let b = decode(new), a.width == b.width, a.height == b.height else { return nil }
            var pixels = [UInt8](repeating: 0, count: a.pixels.count)
            for index in stride(from: 0, to: a.pixels.count, by: 4) {
                let alphaA = Int(a.pixels[index + 3])
                let alphaB = Int(b.pixels[index + 3])
                let colour: (UInt8, UInt8, UInt8)
                let alpha: Int
                if !differs(a.pixels, b.pixels, at: index) {
                    (colour, alpha) = ((0x8e, 0x8e, 0x93), max(alphaA, alphaB) * 2 / 5)
                } else if alphaB > alphaA + channelTolerance {
                    (colour, alpha) = ((0x1a, 0xb0, 0x4a), max(alphaB - alphaA, 96))
                } else if alphaA > alphaB + channelTolerance {
                    (colour, alpha) = ((0xe0, 0x1e, 0x3c), max(alphaA - alphaB, 96))
                } else {
                    (colour, alpha) = ((0xff, 0x9f, 0x0a), max(alphaA, alphaB))
                }
                guard alpha > 0 else { continue }
                pixels[index] = colour.0
                pixels[index + 1] = colour.1
                pixels[index + 2] = colour.2
                pixels[index + 3] = UInt8(min(255, alpha))
            }
            guard
                let png = try? PNGCodec.encode(
                    pixels: pixels, width: b.width, height: b.height, layout: .rgba,
                    settings: PNGCodec.Settings(compressionLevel: 6))
            else { return nil }
            return PreviewGlyph.Render(
                scale: new.scale, png: png, width: b.width, height: b.height, plan: new.plan, secondColour: nil,
                written: false)
        }
    }

    /// Findings by glyph (as named now) and rule: one the current build has more of than the
    /// base is new, one it has fewer of is fixed. A message that changed with the drawing
    /// ("20 pt" then "22 pt") is the same finding still there. An added glyph's findings
    /// are new; a removed glyph's left with it and are not counted as fixed.
    static func findings(_ entries: [DiffResult.Entry], base: DiffSide, current: DiffSide) -> (
        new: [DiffResult.Finding], fixed: [DiffResult.Finding]
    ) {
        struct Key: Hashable {
            var glyph: String?
            var rule: RuleID
        }
        var before: [DiffResult.Finding] = []
        var after: [DiffResult.Finding] = []
        for entry in entries {
            if let glyph = entry.before, entry.status != .removed {
                before += glyph.entry.diagnostics.map {
                    DiffResult.Finding(glyph: entry.name, file: entry.file, diagnostic: $0)
                }
            }
            if let glyph = entry.after {
                after += glyph.entry.diagnostics.map {
                    DiffResult.Finding(glyph: entry.name, file: entry.file, diagnostic: $0)
                }
            }
        }
        func definitions(_ side: DiffSide) -> [DiffResult.Finding] {
            guard let entry = side.catalog.quickActions else { return [] }
            return entry.diagnostics.map { DiffResult.Finding(glyph: nil, file: entry.source, diagnostic: $0) }
        }
        before += definitions(base)
        after += definitions(current)
        func surplus(_ side: [DiffResult.Finding], over other: [DiffResult.Finding]) -> [DiffResult.Finding] {
            var available: [Key: Int] = [:]
            for finding in other {
                available[Key(glyph: finding.glyph, rule: finding.diagnostic.rule), default: 0] += 1
            }
            return side.filter { finding in
                let key = Key(glyph: finding.glyph, rule: finding.diagnostic.rule)
                guard let left = available[key], left > 0 else { return true }
                available[key] = left - 1
                return false
            }
        }
        return (surplus(after, over: before), surplus(before, over: after))
    }
}
