/// The monochrome rule, judged on what the markup paints (`PaintUse`) and weighed against
/// the pixels: a colour whose elements, deleted, change no pixel of the artboard by more
/// than `invisibleDifference` is not seen, so it is not a second colour (a sliver, a helper
/// shape off the canvas, a shape hidden under another).
package enum PaintJudgement {
    /// Pixels that differ by at most this much (of 255, in any channel of premultiplied
    /// RGBA) look the same.
    package static let invisibleDifference = 3
    /// At most this many renders weigh one glyph's colours (a colour, then its elements one
    /// by one to find one that shows alone). Renders stop once a second colour is found: the
    /// glyph fails either way, and further colours are reported only where opaque pixels
    /// show them.
    static let maximumWeighed = 4

    /// The `color.monochrome` findings for `uses`. `shows` renders the glyph without the
    /// given spans of its bytes and says whether that changes what is seen; `appears` says
    /// whether a colour is exactly that of an opaque pixel of the render, which shows it
    /// is seen without a render (a flat colour of a full-colour icon).
    ///
    /// Where deleting cannot tell (no one element carries the paint, as a filter's flood; the
    /// element paints another colour too, as a fill under a stroke; the renders are spent),
    /// the pixels decide: `inPixels` says whether the render shows the paint as a colour of
    /// the glyph (the colour of its most opaque pixel, or any when the pixels show two).
    package static func findings(
        _ uses: [PaintUse], file: String, appears: (PixelColor) -> Bool = { _ in false },
        inPixels: (PaintUse.Paint) -> Bool = { _ in true },
        shows: ([Range<Int>]) -> Bool
    ) -> [Diagnostic] {
        let (groups, servers) = grouped(uses)
        guard groups.count > 1 || !servers.isEmpty else { return [] }
        var renders = 0
        /// Whether deleting `members` changes what is seen; nil when the budget is spent.
        func seen(_ members: [Int]) -> Bool? {
            let spans = members.compactMap { uses[$0].span }
            guard spans.count == members.count else { return true }
            guard renders < maximumWeighed else { return nil }
            renders += 1
            return shows(spans)
        }
        /// Whether the paint of `members` shows: by deleting them where that tells, else by
        /// the pixels (an element deleted with a paint of another colour shows that one).
        func shown(_ members: [Int]) -> Bool {
            let paint = uses[members[0]].paint
            let spans = members.compactMap { uses[$0].span }
            guard spans.count == members.count else { return inPixels(paint) }
            guard let deleted = seen(members) else { return inPixels(paint) }
            guard deleted else { return false }
            // A set: a glyph of thousands of paths is weighed in time linear in them.
            let own = Set(members)
            let others = Set(
                uses.indices.filter { !own.contains($0) && !paint.matches(uses[$0].paint) }.compactMap { uses[$0].span }
            )
            return spans.contains(where: others.contains) ? inPixels(paint) : true
        }
        var found: [Diagnostic] = []
        var first: PaintUse?
        var count = 0
        for group in groups {
            var opaque = false
            if groups.count > 1 {
                if case .color(let colour) = group.paint, appears(colour) {
                    opaque = true
                } else if !found.isEmpty {
                    // The glyph fails already: no render for a colour the pixels do not show.
                    continue
                } else if !shown(group.members) {
                    continue
                }
            }
            // Point the second colour at the first of its elements that is seen on its own
            // (one the pixels show is taken to be its first).
            var chosen = group.members[0]
            if group.members.count > 1, first != nil, count == 1, !opaque {
                chosen = group.members.prefix(3).first { seen([$0]) ?? true } ?? chosen
            }
            let use = uses[chosen]
            count += 1
            guard let first else {
                first = use
                continue
            }
            found.append(anotherColour(use, count: count, first: first, file: file))
        }
        for index in servers where found.isEmpty ? shown([index]) : false {
            found.append(severalColours(uses[index], file: file))
        }
        return found
    }

    /// `uses` grouped by the colour they paint, in order of first use, and apart from them
    /// the uses of a paint server (a gradient or pattern).
    static func grouped(_ uses: [PaintUse]) -> (groups: [(paint: PaintUse.Paint, members: [Int])], servers: [Int]) {
        var groups: [(paint: PaintUse.Paint, members: [Int])] = []
        var servers: [Int] = []
        for (index, use) in uses.enumerated() {
            if case .server = use.paint {
                servers.append(index)
            } else if let group = groups.firstIndex(where: { $0.paint.matches(use.paint) }) {
                groups[group].members.append(index)
            } else {
                groups.append((use.paint, [index]))
            }
        }
        return (groups, servers)
    }

    /// The finding for `use`, the `count`th colour found, `first` being the first.
    static func anotherColour(_ use: PaintUse, count: Int, first: PaintUse, file: String) -> Diagnostic {
        let which = count == 2 ? "second paint colour" : "another paint colour (\(count) so far)"
        return Diagnostic(
            .colorMonochrome, file: file, at: use.location,
            "\(which) \(use.shown)\(use.origin.map { ", " + $0 } ?? "") (first was \(first.shown) at \(first.location.line):\(first.location.column)); glyphs must be monochrome: \(remedy(for: use.paint, over: first.paint))"
        )
    }

    /// The finding for `use`, a paint server of several colours that is seen.
    static func severalColours(_ use: PaintUse, file: String) -> Diagnostic {
        Diagnostic(
            .colorMonochrome, file: file, at: use.location,
            "\(use.property) uses \(use.shown) of several colours; glyphs must be one flat colour (the system tints them), so fill with a single colour"
        )
    }

    /// What to do about a second colour. White drawn over the glyph's colour is a knock-out
    /// (a hole painted in the background's colour): the PNG is tinted and its background is
    /// transparent, so the hole must be cut out, not painted; any other colour becomes the
    /// one colour at an opacity.
    static func remedy(for paint: PaintUse.Paint, over first: PaintUse.Paint) -> String {
        guard case .color(let colour) = paint, case .color(let under) = first,
            ColorDifference.same(colour, PixelColor(red: 255, green: 255, blue: 255)),
            !ColorDifference.same(under, PixelColor(red: 255, green: 255, blue: 255))
        else { return "use one colour and vary opacity instead" }
        return
            "white drawn over the glyph to make a hole paints a white patch in the PNG, which is tinted on a transparent background; cut the shape out instead (Inkscape: Path ▸ Difference; Illustrator: Pathfinder ▸ Minus Front; Figma: Subtract), or make the hole an inner subpath of an even-odd path (fill-rule=\"evenodd\"), or a mask"
    }

    /// `bytes` without `spans` (an element inside another deleted span goes with it).
    package static func deleting(_ spans: [Range<Int>], from bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for span in merged(spans, within: bytes.count).reversed() { result.removeSubrange(span) }
        return result
    }

    /// `bytes` with `spans` overwritten by spaces: the elements are gone, and every other
    /// span (of `PaintUse`, of a later deletion) still points at the same bytes.
    package static func blanking(_ spans: [Range<Int>], in bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for span in merged(spans, within: bytes.count) {
            result.replaceSubrange(span, with: repeatElement(UInt8(ascii: " "), count: span.count))
        }
        return result
    }

    /// `spans` in order, each inside `0..<count`, overlapping ones joined.
    private static func merged(_ spans: [Range<Int>], within count: Int) -> [Range<Int>] {
        var kept: [Range<Int>] = []
        for span in spans.sorted(by: { ($0.lowerBound, -$0.upperBound) < ($1.lowerBound, -$1.upperBound) }) {
            guard span.lowerBound >= 0, span.upperBound <= count else { continue }
            if let last = kept.last, span.lowerBound < last.upperBound {
                if span.upperBound > last.upperBound { kept[kept.count - 1] = last.lowerBound..<span.upperBound }
                continue
            }
            kept.append(span)
        }
        return kept
    }
}

extension RGBAImage {
    /// The colours of the fully opaque pixels in `region` (pixels).
    package func opaqueColors(in region: Rect) -> Set<PixelColor> {
        var colours = Set<PixelColor>()
        guard let (xs, ys) = pixelRanges(of: region) else { return colours }
        for y in ys {
            for x in xs {
                let index = (y * width + x) * 4
                if pixels[index + 3] == 255 {
                    colours.insert(PixelColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2]))
                }
            }
        }
        return colours
    }

    /// The largest difference between two renders of one size in `region` (pixels), in any
    /// channel of premultiplied RGBA: how much a change shows.
    package func largestDifference(from other: RGBAImage, in region: Rect) -> Int {
        guard width == other.width, height == other.height else { return 255 }
        var largest = 0
        guard let (xs, ys) = pixelRanges(of: region) else { return 0 }
        for y in ys {
            for x in xs {
                let index = (y * width + x) * 4
                let a = Int(pixels[index + 3])
                let b = Int(other.pixels[index + 3])
                largest = max(largest, abs(a - b))
                for channel in 0..<3 {
                    let mine = (Int(pixels[index + channel]) * a + 127) / 255
                    let theirs = (Int(other.pixels[index + channel]) * b + 127) / 255
                    largest = max(largest, abs(mine - theirs))
                }
            }
        }
        return largest
    }

    /// The columns and rows of the image that `region` (pixels, any size) covers; nil when none.
    private func pixelRanges(of region: Rect) -> (Range<Int>, Range<Int>)? {
        func clamped(_ value: Double, _ limit: Int) -> Int {
            value.isNaN ? 0 : Int(min(max(value, 0), Double(limit)))
        }
        let minX = clamped(region.x.rounded(.down), width)
        let maxX = clamped(region.maxX.rounded(.up), width)
        let minY = clamped(region.y.rounded(.down), height)
        let maxY = clamped(region.maxY.rounded(.up), height)
        guard minX < maxX, minY < maxY else { return nil }
        return (minX..<maxX, minY..<maxY)
    }
}
