/// What a size or centring finding asks the designer to do, in artboard points: scale the
/// drawing by `scale` about (`centerX`, `centerY`) (the artboard's centre), then move it by
/// (`dx`, `dy`) (right and down are positive). `transform` is the same as an SVG transform
/// attribute for a `<g>` around the drawing, written in the file's own user units (the
/// viewBox's: millimetres in Inkscape's default document, 1/100 mm in LibreOffice's, a
/// FontForge viewBox's origin), so that wrapping the root's content in it does exactly this.
package struct GeometryFix: Hashable, Sendable, Codable {
    /// 1 leaves the size as it is; 0.963 is 96.3 %.
    package var scale: Double
    package var centerX: Double
    package var centerY: Double
    package var dx: Double
    package var dy: Double
    /// `translate(tx ty) scale(s)`: scale about the centre, then move, in user units.
    package var transform: String
    /// The map from the file's user units to artboard points the transform was written for.
    /// (Not in the JSON: `transform` already says it in the file's units.)
    package var userSpace = UserSpace.identity

    private enum CodingKeys: String, CodingKey { case scale, centerX, centerY, dx, dy, transform }

    /// Rounds to what a designer can type (scale to 1/10,000, moves to 1/100 pt) and
    /// composes the transform from the rounded numbers, so both say the same thing;
    /// `userSpace` maps the file's user units onto the artboard's points.
    package init(
        scale: Double, centerX: Double, centerY: Double, dx: Double, dy: Double, userSpace: UserSpace = .identity
    ) {
        func round(_ value: Double, _ unit: Double) -> Double {
            let rounded = (value / unit).rounded() * unit
            return rounded == 0 ? 0 : rounded  // no "-0"
        }
        self.scale = round(scale, 0.0001)
        self.centerX = centerX
        self.centerY = centerY
        self.dx = round(dx, 0.01)
        self.dy = round(dy, 0.01)
        self.userSpace = userSpace
        // In user units: the same centre, and the moves divided by points per unit.
        let userX = userSpace.userX(centerX)
        let userY = userSpace.userY(centerY)
        let tx = (1 - self.scale) * userX + self.dx / userSpace.scaleX
        let ty = (1 - self.scale) * userY + self.dy / userSpace.scaleY
        transform =
            self.scale == 1
            ? "translate(\(tx.number) \(ty.number))"
            : "translate(\(tx.number) \(ty.number)) scale(\(self.scale.number))"
    }

    /// "scale by 96.3 % about (17.5, 17.5) pt, then move 1.2 pt right and 0.4 pt up".
    package var prose: String {
        var steps: [String] = []
        if scale != 1 {
            steps.append("scale by \((scale * 100).fixedTrimmed(1)) % about (\(centerX.pt), \(centerY.pt)) pt")
        }
        var moves: [String] = []
        if dx != 0 { moves.append("\(abs(dx).pt) pt \(dx > 0 ? "right" : "left")") }
        if dy != 0 { moves.append("\(abs(dy).pt) pt \(dy > 0 ? "down" : "up")") }
        if !moves.isEmpty { steps.append((steps.isEmpty ? "move " : "then move ") + moves.joined(separator: " and ")) }
        return steps.joined(separator: ", ") + " (transform=\"\(transform)\" on a <g> around the drawing)"
    }
}

extension Double {
    /// Up to four decimals, no trailing zeros: for numbers written into an SVG attribute.
    fileprivate var number: String {
        let text = fixedTrimmed(4)
        return text == "-0" ? "0" : text
    }

    /// `digits` decimals with trailing zeros (and a bare point) removed.
    fileprivate func fixedTrimmed(_ digits: Int) -> String {
        var text = fixed(digits)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
