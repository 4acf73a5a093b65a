/// What the markup says about a shape's outline, enough to tell whether its fill paints
/// anything and whether it covers the artboard: read from straight-edged geometry only
/// (rectangles, polygons, paths of lines); anything curved is taken to have area.
struct ShapeOutline: Equatable, Sendable {
    /// Whether a fill of the outline covers any area: false for a `<line>`, or a path or
    /// polyline whose points all lie on one line (a one-segment stroke written as a path).
    var hasArea: Bool
    /// The outline's bounding box in the element's user units, when it is a rectangle
    /// (`<rect>`, or a path or polygon of four corners meeting at right angles on the axes).
    var rectangle: Rect?

    /// The outline of `element`, or nil when it is not a basic shape or a path.
    static func of(_ element: XMLElement) -> ShapeOutline? {
        func number(_ name: String) -> Double? {
            guard let value = element.attribute(name)?.value.trimmed() else { return nil }
            return Double(value.hasSuffix("px") ? String(value.dropLast(2)) : value)
        }
        switch element.localName {
        case "line":
            return ShapeOutline(hasArea: false, rectangle: nil)
        case "rect":
            guard let width = number("width"), let height = number("height") else {
                return ShapeOutline(hasArea: true, rectangle: nil)
            }
            let area = width > 0 && height > 0
            return ShapeOutline(
                hasArea: area,
                rectangle: area ? Rect(x: number("x") ?? 0, y: number("y") ?? 0, width: width, height: height) : nil)
        case "circle":
            return ShapeOutline(hasArea: (number("r") ?? 1) > 0, rectangle: nil)
        case "ellipse":
            return ShapeOutline(hasArea: (number("rx") ?? 1) != 0 || (number("ry") ?? 1) != 0, rectangle: nil)
        case "polyline", "polygon":
            let values = numbers(in: element.attribute("points")?.value ?? "")
            let points = stride(from: 0, to: values.count - 1, by: 2).map { (values[$0], values[$0 + 1]) }
            return of(points: points)
        case "path":
            guard let points = straightPoints(in: element.attribute("d")?.value ?? "") else {
                return ShapeOutline(hasArea: true, rectangle: nil)
            }
            return of(points: points)
        default:
            return nil
        }
    }

    /// The outline through `points` (a closed polygon or an open polyline: both fill the same).
    static func of(points: [(Double, Double)]) -> ShapeOutline {
        var distinct: [(Double, Double)] = []
        for point in points where distinct.last.map({ $0 != point }) ?? true { distinct.append(point) }
        if distinct.count > 1, distinct.first! == distinct.last! { distinct.removeLast() }
        guard distinct.count >= 3 else { return ShapeOutline(hasArea: false, rectangle: nil) }
        let (x0, y0) = distinct[0]
        // Twice the signed area of every triangle fanned from the first point: all zero
        // (within rounding) means every point is on one line.
        var extent = 0.0
        for point in distinct { extent = max(extent, abs(point.0 - x0), abs(point.1 - y0)) }
        let collinear = (1..<distinct.count - 1).allSatisfy { index in
            let (ax, ay) = (distinct[index].0 - x0, distinct[index].1 - y0)
            let (bx, by) = (distinct[index + 1].0 - x0, distinct[index + 1].1 - y0)
            return abs(ax * by - ay * bx) <= 1e-9 * max(extent * extent, 1e-300)
        }
        guard !collinear else { return ShapeOutline(hasArea: false, rectangle: nil) }
        var rectangle: Rect?
        if distinct.count == 4 {
            let xs = Set(distinct.map(\.0))
            let ys = Set(distinct.map(\.1))
            let edgesOnAxes = (0..<4).allSatisfy { index in
                let (a, b) = (distinct[index], distinct[(index + 1) % 4])
                return a.0 == b.0 || a.1 == b.1
            }
            if xs.count == 2, ys.count == 2, edgesOnAxes, let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(),
                let maxY = ys.max()
            {
                rectangle = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
            }
        }
        return ShapeOutline(hasArea: true, rectangle: rectangle)
    }

    /// The points of path data made only of moves, lines and closes (absolute or relative);
    /// nil when it has a curve or arc, or cannot be read, so its area is not judged.
    static func straightPoints(in data: String) -> [(Double, Double)]? {
        let bytes = Array(data.utf8)
        var index = 0
        var points: [(Double, Double)] = []
        var current = (0.0, 0.0)
        var start = (0.0, 0.0)
        var command: UInt8 = 0
        func skipSeparators() {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == UInt8(ascii: ",")
            {
                index += 1
            }
        }
        while true {
            skipSeparators()
            guard index < bytes.count else { return points }
            let byte = bytes[index]
            if (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") {
                command = byte
                index += 1
                if command | 0x20 == UInt8(ascii: "z") {
                    current = start
                    points.append(current)
                    continue
                }
                guard "MmLlHhVv".utf8.contains(command) else { return nil }
                continue
            }
            let relative = command >= UInt8(ascii: "a")
            switch command | 0x20 {
            case UInt8(ascii: "m"), UInt8(ascii: "l"):
                guard let x = readNumber(bytes, &index) else { return nil }
                skipSeparators()
                guard let y = readNumber(bytes, &index) else { return nil }
                current = relative ? (current.0 + x, current.1 + y) : (x, y)
                if command | 0x20 == UInt8(ascii: "m") {
                    start = current
                    // Coordinates after a moveto's first pair are linetos.
                    command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
                }
            case UInt8(ascii: "h"):
                guard let x = readNumber(bytes, &index) else { return nil }
                current.0 = relative ? current.0 + x : x
            case UInt8(ascii: "v"):
                guard let y = readNumber(bytes, &index) else { return nil }
                current.1 = relative ? current.1 + y : y
            default:
                return nil
            }
            points.append(current)
        }
    }

    /// Every number in a `points` list.
    static func numbers(in text: String) -> [Double] {
        let bytes = Array(text.utf8)
        var index = 0
        var values: [Double] = []
        while index < bytes.count {
            if let value = readNumber(bytes, &index) {
                values.append(value)
            } else {
                index += 1
            }
        }
        return values
    }

    /// An SVG number at `index` (sign, digits, fraction, exponent), advancing past it.
    private static func readNumber(_ bytes: [UInt8], _ index: inout Int) -> Double? {
        let start = index
        var end = index
        func digits() -> Int {
            let from = end
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            return end - from
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
        var count = digits()
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            let mark = end
            end += 1
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            if digits() == 0 { end = mark }
        }
        guard let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)), value.isFinite else {
            return nil
        }
        index = end
        return value
    }
}
