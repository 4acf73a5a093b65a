/// A filtered drawing drawn through a copy of its markup whose root viewBox is cut down to the
/// window of the drawing that lands on the canvas, laid out on the canvas itself.
///
/// librsvg 2.54 sizes every filter's intermediate images by the viewport it is given
/// (`rsvg_handle_render_document`), not by the canvas: a glyph an eighth of its artboard,
/// fitted to the 104-px @3x canvas, lays the artboard out over 720 px, and each blur
/// allocates, clears and filters images fifty times the canvas (a build's time went to page
/// faults and memset). The copy lays out the same geometry at the same pixels (the same
/// mapping, to a rounding of its viewBox's numbers), and its filters run on canvas-sized images.
///
/// Only where nothing in the drawing depends on the viewport's size, and the two layouts are
/// one uniform mapping:
/// - the document may apply a filter (elsewhere there is nothing to gain);
/// - it holds no `%` (nor a character reference or CSS escape that could spell one), no
///   `userSpaceOnUse` (whose regions and gradients default to percentages of the viewport),
///   no `<symbol>` and no `<svg>` but the root (sized 100% of their viewport by default);
/// - the root's `viewBox` attribute is found in its start tag (behind nothing but a
///   declaration, comments, instructions and a DOCTYPE without an internal subset), and has
///   the viewport's proportions;
/// - the canvas lies within the viewport, so that the viewport's clip cuts nothing the
///   canvas shows.
///
/// librsvg's filter images start at the canvas's origin either way: ink left of or above the
/// canvas is out of a blur's input in both; ink right of or below it, within the viewport, is
/// in the original's and not the copy's, which only matters to a glyph its canvas cuts.
struct CanvasCrop {
    private let bytes: [UInt8]
    /// The root's viewBox, as librsvg read it.
    private let viewBox: Rect
    /// The span of the root's `viewBox` value in `bytes` (inside its quotes).
    private let value: Range<Int>
    /// Counts the draws made through the copy (tests: `BuildProbes.croppedDraws`).
    var cropped: WorkCount?

    /// The crop of the document `data` (whose root's viewBox librsvg read as `viewBox`), or
    /// nil where the copy might draw differently (see the type).
    init?(data: Data, viewBox: Rect?, cropped: WorkCount? = nil) {
        guard let viewBox, viewBox.width > 0, viewBox.height > 0, InkMeasurement.mayFilter(data) else { return nil }
        let bytes = Array(data)
        guard !Self.mayDependOnTheViewport(bytes), let value = Self.rootViewBoxValue(in: bytes) else { return nil }
        (self.bytes, self.viewBox, self.value, self.cropped) = (bytes, viewBox, value, cropped)
    }

    /// The copy's markup and viewport for a `width` × `height` canvas onto which the original
    /// lays its viewBox out in `viewport`; nil when the canvas is not within the viewport, the
    /// mapping is not uniform, or the viewport is the canvas already.
    func window(width: Int, height: Int, viewport: Rect) -> (data: Data, viewport: Rect)? {
        let canvas = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let scale = viewport.width / viewBox.width
        let tolerance = 1e-9 * max(viewport.width, viewport.height)
        guard scale.isFinite, scale > 0,
            abs(viewport.height / viewBox.height - scale) <= 1e-9 * scale,
            viewport.x <= tolerance, viewport.y <= tolerance,
            viewport.maxX >= canvas.maxX - tolerance, viewport.maxY >= canvas.maxY - tolerance,
            viewport.width * viewport.height > canvas.width * canvas.height
        else { return nil }
        // Past the canvas's right and bottom sides the original's filter images go on (their
        // left and top start at the canvas's origin in both): a blur's passes spread ink there
        // and back, so the copy keeps half a canvas of them where the viewport has it.
        let margin = max(canvas.width, canvas.height) / 2
        // The original's origin within its pixel: librsvg draws a filter differently at a
        // fractional origin than at a whole one (up to 7/255 on the blurred fixture's @2x).
        let left = Self.fraction(of: viewport.x)
        let top = Self.fraction(of: viewport.y)
        let laidOut = Rect(
            x: left, y: top, width: min(canvas.width + margin, viewport.maxX) - left,
            height: min(canvas.height + margin, viewport.maxY) - top)
        let numbers = [
            viewBox.x + (left - viewport.x) / scale, viewBox.y + (top - viewport.y) / scale, laidOut.width / scale,
            laidOut.height / scale,
        ]
        guard numbers.allSatisfy(\.isFinite) else { return nil }
        let text = numbers.map { "\($0)" }.joined(separator: " ")
        var copy = Array(bytes[..<value.lowerBound])
        copy += Array(text.utf8)
        copy += bytes[value.upperBound...]
        return (Data(copy), laidOut)
    }

    /// Where in its pixel `origin` lies, as a position at or left of 0 (so the copy's
    /// viewport still covers the canvas); 0 for an origin within a millionth of a whole pixel,
    /// which librsvg draws as the whole pixel (-37.000000000000014 as -37).
    private static func fraction(of origin: Double) -> Double {
        let fraction = origin - origin.rounded(.up)
        return fraction > -1e-6 || fraction < -1 + 1e-6 ? 0 : fraction
    }

    /// Whether the drawing may hold anything librsvg sizes from the viewport (a percentage,
    /// spelt out or not, a default one, a nested viewport) or a second `<svg>`.
    private static func mayDependOnTheViewport(_ bytes: [UInt8]) -> Bool {
        if bytes.contains(UInt8(ascii: "%")) || bytes.contains(UInt8(ascii: "\\")) { return true }
        for index in bytes.indices.dropLast()
        where bytes[index] == UInt8(ascii: "&") && bytes[index + 1] == UInt8(ascii: "#") {
            return true
        }
        if ASCIIWords.contains("userspaceonuse", in: bytes) || ASCIIWords.contains("symbol", in: bytes) {
            return true
        }
        return svgStartTags(in: bytes) != 1
    }

    /// How many start tags (or anything that looks like one, in a comment too) name `svg`.
    private static func svgStartTags(in bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            var end = index + 1
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            let name = bytes[(index + 1)..<end]
            let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
            if local.elementsEqual("svg".utf8) { count += 1 }
        }
        return count
    }

    /// The span of the root element's `viewBox` value (inside its quotes), or nil when the
    /// prolog holds more than a declaration, comments, processing instructions and a DOCTYPE
    /// without an internal subset, the root is not `svg`, or it has no `viewBox` (or two).
    static func rootViewBoxValue(in bytes: [UInt8]) -> Range<Int>? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpaces() { while index < bytes.count, isSpace(bytes[index]) { index += 1 } }
        func skip(past end: String) -> Bool {
            let pattern = Array(end.utf8)
            while index + pattern.count <= bytes.count {
                if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                    index += pattern.count
                    return true
                }
                index += 1
            }
            return false
        }
        while true {
            skipSpaces()
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") {
                guard skip(past: "?>") else { return nil }
            } else if bytes[index...].starts(with: "<!--".utf8) {
                guard skip(past: "-->") else { return nil }
            } else if next == UInt8(ascii: "!") {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ">")),
                    !bytes[index..<close].contains(UInt8(ascii: "["))
                else { return nil }
                index = close + 1
            } else {
                break
            }
        }
        return viewBoxValue(inStartTagAt: index, of: bytes)
    }

    /// `rootViewBoxValue` for the start tag at `start` (its `<`).
    private static func viewBoxValue(inStartTagAt start: Int, of bytes: [UInt8]) -> Range<Int>? {
        var index = start + 1
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        let name = bytes[(start + 1)..<index]
        guard name.elementsEqual("svg".utf8) || name.suffix(4).elementsEqual(":svg".utf8) else {
            return nil
        }
        var found: Range<Int>?
        while true {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "/") { return found }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let attribute = bytes[nameStart..<index]
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'"),
                let close = bytes[(index + 1)...].firstIndex(of: bytes[index])
            else { return nil }
            if attribute.elementsEqual("viewBox".utf8) {
                guard found == nil else { return nil }
                found = (index + 1)..<close
            }
            index = close + 1
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A byte of an XML name as this scan reads one: anything but space, `=`, `>`, `/` and quotes.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        !isSpace(byte) && !"=>/<\"'".utf8.contains(byte)
    }
}

extension CanvasCrop {
    /// `handle` (librsvg's document of the crop's bytes) drawn on a `width` × `height` canvas
    /// laid out in `viewport` (`SVGHandle.render`), through the copy where `crop` has a
    /// window for it (a copy librsvg cannot parse leaves the original to draw).
    static func draw(_ handle: SVGHandle, crop: CanvasCrop?, width: Int, height: Int, viewport: Rect) throws
        -> RGBAImage
    {
        try drawing(handle, crop: crop, width: width, height: height, viewport: viewport) {
            try $0.render(width: width, height: height, viewport: $1)
        }
    }

    /// `draw`, keeping only the alpha maxima (`SVGHandle.renderAlphaMaxima`).
    static func drawAlphaMaxima(_ handle: SVGHandle, crop: CanvasCrop?, width: Int, height: Int, viewport: Rect) throws
        -> (columns: [UInt8], rows: [UInt8])
    {
        try drawing(handle, crop: crop, width: width, height: height, viewport: viewport) {
            try $0.renderAlphaMaxima(width: width, height: height, viewport: $1)
        }
    }

    /// `render` given the document to draw and the viewport to lay it out in: the copy and
    /// its window where `crop` has one, else `handle` and `viewport`.
    private static func drawing<Result>(
        _ handle: SVGHandle, crop: CanvasCrop?, width: Int, height: Int, viewport: Rect,
        render: (SVGHandle, Rect) throws -> Result
    ) throws -> Result {
        if let window = crop?.window(width: width, height: height, viewport: viewport),
            let copy = try? SVGHandle(data: window.data)
        {
            crop?.cropped?.count.add(1, ordering: .relaxed)
            return try render(copy, window.viewport)
        }
        return try render(handle, viewport)
    }
}
