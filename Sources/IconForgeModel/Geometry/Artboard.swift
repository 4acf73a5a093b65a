/// A glyph's artboard: its SVG viewport in points, and how the drawing's user units map
/// onto it.
///
/// `width` and `height` in absolute units (pt, pc, mm, cm, in) give the artboard's physical
/// size; px and unitless values are design-tool pixels, 1 px = 1 pt; with neither, the
/// viewBox is the artboard at 1 user unit = 1 pt. The viewBox is mapped onto the artboard
/// as SVG maps it onto the viewport, with `preserveAspectRatio`. With no viewBox and an
/// absolute width or height, the user units are CSS px, 96 to the inch, as SVG and
/// rsvg-convert read them: a `width="6.35mm"` page is 18 pt and spans 24 user units. Inkscape's default
/// document (`width="12.347222mm"`, a viewBox in millimetres) and LibreOffice's
/// (`width="12.35mm"`, a viewBox in 1/100 mm) are both 35 pt artboards. Every measurement,
/// message and fix is in points of the artboard, its top-left corner at (0, 0).
package struct Artboard: Equatable, Hashable, Sendable {
    /// Width and height in points.
    package var size: Size
    /// How user units (the coordinates the drawing is written in) map onto the artboard.
    package var userSpace: UserSpace

    package init(size: Size, userSpace: UserSpace = .identity) {
        self.size = size
        self.userSpace = userSpace
    }

    /// Points per CSS px: the user unit of a document with an absolute size and no viewBox.
    package static let pointsPerCSSPixel = 72.0 / 96

    /// The artboard an `<svg>` root declares. `width` and `height` are in points, nil when
    /// absent or relative (`100%`); `viewBox` is in user units; `absolute`: either is in
    /// an absolute unit (pt, pc, mm, cm, in), not px or unitless.
    /// - Throws: `ArtboardProblem` when no usable size is declared.
    package static func declared(
        width: Double?, height: Double?, viewBox: Rect?, preserveAspectRatio: PreserveAspectRatio = .init(),
        absolute: Bool = false
    ) throws(ArtboardProblem) -> Artboard {
        func usable(_ value: Double?) -> Double? { value.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } }
        if let viewBox {
            guard viewBox.width.isFinite, viewBox.height.isFinite, viewBox.x.isFinite, viewBox.y.isFinite,
                viewBox.width > 0, viewBox.height > 0
            else {
                throw ArtboardProblem(
                    message:
                        "viewBox has zero, negative or invalid size (\(viewBox.width) × \(viewBox.height)); give it a positive width and height, e.g. viewBox=\"0 0 35 35\""
                )
            }
            // A missing (or relative) width or height follows the viewBox's proportions.
            let size: Size =
                switch (usable(width), usable(height)) {
                case (let width?, let height?): Size(width: width, height: height)
                case (let width?, nil): Size(width: width, height: width * viewBox.height / viewBox.width)
                case (nil, let height?): Size(width: height * viewBox.width / viewBox.height, height: height)
                case (nil, nil): Size(width: viewBox.width, height: viewBox.height)
                }
            return Artboard(size: size, userSpace: preserveAspectRatio.mapping(viewBox, onto: size))
        }
        guard let width = usable(width), let height = usable(height) else {
            throw ArtboardProblem(
                message: "no viewBox and no absolute width and height; add viewBox=\"0 0 35 35\" to the <svg> element")
        }
        let unit = absolute ? pointsPerCSSPixel : 1
        return Artboard(
            size: Size(width: width, height: height),
            userSpace: UserSpace(scaleX: unit, scaleY: unit, originX: 0, originY: 0))
    }
}

/// Why an `<svg>` root declares no usable artboard.
package struct ArtboardProblem: Error, Equatable, Sendable {
    package var message: String
}

/// A map from user units to artboard points, axis by axis: point = scale × unit + origin.
/// Uniform unless `preserveAspectRatio="none"` stretches the viewBox.
package struct UserSpace: Equatable, Hashable, Sendable, Codable {
    /// Artboard points per user unit.
    package var scaleX: Double
    package var scaleY: Double
    /// Where user coordinate 0 lands, in artboard points.
    package var originX: Double
    package var originY: Double

    package init(scaleX: Double, scaleY: Double, originX: Double, originY: Double) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.originX = originX
        self.originY = originY
    }

    /// One user unit is one point, and the origins coincide.
    package static let identity = UserSpace(scaleX: 1, scaleY: 1, originX: 0, originY: 0)

    /// The user-space x of artboard x `points`.
    package func userX(_ points: Double) -> Double { (points - originX) / scaleX }
    /// The user-space y of artboard y `points`.
    package func userY(_ points: Double) -> Double { (points - originY) / scaleY }
}

/// An `<svg>` root's `preserveAspectRatio`: how its viewBox is fitted to its viewport.
package struct PreserveAspectRatio: Equatable, Hashable, Sendable {
    /// Where the viewBox sits in the spare room along an axis: 0 (min), 0.5 (mid), 1 (max).
    package var alignX: Double
    package var alignY: Double
    /// `none`: stretched to fill, not uniformly scaled.
    package var stretches: Bool
    /// `slice`: scaled to cover the viewport (cut off), rather than `meet`, to fit inside.
    package var slices: Bool

    /// `xMidYMid meet`, the default.
    package init() {
        alignX = 0.5
        alignY = 0.5
        stretches = false
        slices = false
    }

    /// Parses the attribute's value (`xMinYMax slice`); anything it cannot read is the
    /// default, as SVG renderers treat an invalid value.
    package init(parsing text: String?) {
        self.init()
        guard let text else { return }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        var index = words.first == "defer" ? 1 : 0
        guard index < words.count else { return }
        let align = words[index]
        index += 1
        if align == "none" {
            stretches = true
        } else {
            let positions = ["Min": 0.0, "Mid": 0.5, "Max": 1.0]
            guard align.count == 8, align.hasPrefix("x"), align.dropFirst(4).hasPrefix("Y"),
                let x = positions[String(align.dropFirst(1).prefix(3))], let y = positions[String(align.dropFirst(5))]
            else { return }
            (alignX, alignY) = (x, y)
        }
        if index < words.count {
            switch words[index] {
            case "slice": slices = !stretches
            case "meet": break
            default: self = PreserveAspectRatio()
            }
        }
    }

    /// How `viewBox` (user units) lands on a viewport of `size` points.
    func mapping(_ viewBox: Rect, onto size: Size) -> UserSpace {
        var scaleX = size.width / viewBox.width
        var scaleY = size.height / viewBox.height
        if !stretches {
            let uniform = slices ? max(scaleX, scaleY) : min(scaleX, scaleY)
            (scaleX, scaleY) = (uniform, uniform)
        }
        let spareX = stretches ? 0 : size.width - viewBox.width * scaleX
        let spareY = stretches ? 0 : size.height - viewBox.height * scaleY
        return UserSpace(
            scaleX: scaleX, scaleY: scaleY, originX: spareX * alignX - viewBox.x * scaleX,
            originY: spareY * alignY - viewBox.y * scaleY)
    }
}
