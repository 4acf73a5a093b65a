/// The bytes that travel between the build and its render workers: a glyph to process one
/// way, what came of it the other. A plain length-prefixed binary layout, because this
/// runs twice per glyph and JSON would cost more than the rendering it wraps.
enum OutcomeCodec {
    /// A request: one glyph, whether to encode its PNGs, whether a failed glyph's renders
    /// too, what measuring it gave already, if it was measured, and the SHA-256 of its bytes,
    /// if the build knows it (an empty string: it does not).
    static func encodeRequest(
        _ source: GlyphSource, encode: Bool, showingFailures: Bool = false, measured: InkMeasurement.Measured? = nil,
        sourceSHA256: String? = nil
    ) -> [UInt8] {
        var writer = BinaryWriter()
        writer.string(source.name)
        writer.string(source.displayPath)
        writer.string(source.relativePath)
        writer.bytes(source.bytes)
        writer.bool(encode)
        writer.bool(showingFailures)
        writer.measurement(measured)
        writer.string(sourceSHA256 ?? "")
        return writer.buffer
    }

    static func decodeRequest(
        _ bytes: [UInt8]
    ) -> (
        source: GlyphSource, encode: Bool, showingFailures: Bool, measured: InkMeasurement.Measured?,
        sourceSHA256: String?
    )? {
        var reader = BinaryReader(bytes)
        guard let name = reader.string(), let display = reader.string(), let relative = reader.string(),
            let content = reader.bytes(), let encode = reader.bool(), let showingFailures = reader.bool(),
            let measured = reader.measurement(),
            let sha256 = reader.string(), reader.isAtEnd
        else { return nil }
        let source = GlyphSource(name: name, displayPath: display, relativePath: relative, bytes: content)
        return (source, encode, showingFailures, measured, sha256.isEmpty ? nil : sha256)
    }

    /// A frame that changes the options the worker processes its next glyphs with (set
    /// mode's two passes share their workers): a count no request starts with (a name of
    /// 2^64 - 1 bytes), then the options as JSON. The worker sends nothing back.
    static func encodeOptions(_ options: PipelineOptions) -> [UInt8] {
        var writer = BinaryWriter()
        writer.count(-1)
        writer.bytes(RenderWorker.optionsJSON(options))
        return writer.buffer
    }

    /// The options of a frame `encodeOptions` wrote; nil for any other frame.
    static func decodeOptions(_ bytes: [UInt8]) -> PipelineOptions? {
        var reader = BinaryReader(bytes)
        guard bytes.count >= 8, reader.count() == -1, let json = reader.bytes(), reader.isAtEnd else { return nil }
        return try? JSONDecoder().decode(PipelineOptions.self, from: Data(json))
    }

    /// The fields of `GlyphOutcome` a response carries, in the order written.
    /// (`OutcomeCodecTests` checks these two lists against the type's fields and the round
    /// trip of each: a field added to `GlyphOutcome` fails it until it is written and read
    /// here, or named below with the reason.)
    static let carriedFields = [
        "sourceSHA256", "diagnostics", "artboard", "inkBox", "shape", "color", "pngs", "outputs", "plans",
        "failedRenders", "timings",
        "measured", "plannedBox", "weight",
    ]

    /// The fields a response leaves out: the source, which the build sent and keeps, and
    /// what the build itself learns of a glyph's files (reuse, the signatures it checked).
    static let fieldsTheBuildSets = ["source", "reused", "sourceSignature", "verifiedOutputs"]

    /// A response: everything in the outcome but the source, which the build already has
    /// (`carriedFields`).
    static func encodeOutcome(_ outcome: GlyphOutcome) -> [UInt8] {
        var writer = BinaryWriter()
        writer.string(outcome.sourceSHA256)
        writer.count(outcome.diagnostics.count)
        for diagnostic in outcome.diagnostics {
            writer.string(diagnostic.severity.rawValue)
            writer.string(diagnostic.rule.rawValue)
            writer.string(diagnostic.file)
            writer.count(diagnostic.location?.line ?? 0)
            writer.count(diagnostic.location?.column ?? 0)
            writer.string(diagnostic.message)
            writer.doubles(
                diagnostic.fix.map {
                    [
                        $0.scale, $0.centerX, $0.centerY, $0.dx, $0.dy, $0.userSpace.scaleX, $0.userSpace.scaleY,
                        $0.userSpace.originX, $0.userSpace.originY,
                    ]
                } ?? [])
        }
        writer.doubles(outcome.artboard.map { [$0.width, $0.height] } ?? [])
        writer.doubles(outcome.inkBox.map { [$0.x, $0.y, $0.width, $0.height] } ?? [])
        writer.string(outcome.shape?.rawValue ?? "")
        writer.string(outcome.color?.hex ?? "")
        writer.count(outcome.pngs.count)
        for (png, output) in zip(outcome.pngs, outcome.outputs) {
            writer.bytes(png.bytes)
            writer.count(png.width)
            writer.count(png.height)
            writer.count(output.scale)
            writer.string(output.file)
            writer.string(output.sha256)
            writer.doubles(output.transform.map { [$0.scale, $0.x, $0.y] } ?? [])
        }
        writer.count(outcome.plans.count)
        for plan in outcome.plans {
            writer.count(plan.canvasWidth)
            writer.count(plan.canvasHeight)
            writer.doubles([plan.pixelsPerPoint, plan.originX, plan.originY])
        }
        writer.count(outcome.failedRenders.count)
        for png in outcome.failedRenders {
            writer.bytes(png.bytes)
            writer.count(png.width)
            writer.count(png.height)
        }
        writer.doubles([outcome.timings.check, outcome.timings.render, outcome.timings.encode])
        writer.measurement(outcome.measured)
        writer.doubles(outcome.plannedBox.map { [$0.x, $0.y, $0.width, $0.height] } ?? [])
        // None, the coverage alone (no dominant stroke), or the coverage and the stroke.
        writer.doubles(outcome.weight.map { [$0.coverage] + ($0.stroke.map { [$0] } ?? []) } ?? [])
        return writer.buffer
    }

    static func decodeOutcome(_ bytes: [UInt8], source: GlyphSource) -> GlyphOutcome? {
        var reader = BinaryReader(bytes)
        guard let sha = reader.string(), let diagnosticCount = reader.itemCount() else { return nil }
        var diagnostics: [Diagnostic] = []
        for _ in 0..<diagnosticCount {
            guard let severity = reader.string().flatMap(Severity.init(rawValue:)),
                let rule = reader.string().flatMap(RuleID.init(rawValue:)), let file = reader.string(),
                let line = reader.count(), let column = reader.count(), let message = reader.string(),
                let fix = reader.doubles()
            else { return nil }
            let location = line > 0 ? SourceLocation(line: line, column: column) : nil
            var diagnostic = Diagnostic(severity, rule, file: file, at: location, message)
            if fix.count == 9 {
                let userSpace = UserSpace(scaleX: fix[5], scaleY: fix[6], originX: fix[7], originY: fix[8])
                diagnostic.fix = GeometryFix(
                    scale: fix[0], centerX: fix[1], centerY: fix[2], dx: fix[3], dy: fix[4], userSpace: userSpace)
            }
            diagnostics.append(diagnostic)
        }
        guard let artboard = reader.doubles(), let ink = reader.doubles(), let shape = reader.string(),
            let color = reader.string(), let pngCount = reader.itemCount()
        else { return nil }
        var pngs: [PNGEncoder.Encoded] = []
        var outputs: [Catalog.Output] = []
        for _ in 0..<pngCount {
            guard let png = reader.bytes(), let width = reader.count(), let height = reader.count(),
                let scale = reader.count(), let file = reader.string(), let pngSHA = reader.string(),
                let transform = reader.doubles()
            else { return nil }
            pngs.append(PNGEncoder.Encoded(bytes: png, width: width, height: height))
            outputs.append(
                Catalog.Output(
                    scale: scale, file: file, width: width, height: height, bytes: png.count, sha256: pngSHA,
                    transform: transform.count == 3
                        ? Catalog.Transform(scale: transform[0], x: transform[1], y: transform[2]) : nil))
        }
        guard let planCount = reader.itemCount() else { return nil }
        var plans: [RenderPlan] = []
        for _ in 0..<planCount {
            guard let width = reader.count(), let height = reader.count(), let placement = reader.doubles(),
                placement.count == 3
            else { return nil }
            plans.append(
                RenderPlan(
                    canvasWidth: width, canvasHeight: height, pixelsPerPoint: placement[0], originX: placement[1],
                    originY: placement[2]))
        }
        guard let failedCount = reader.itemCount() else { return nil }
        var failedRenders: [PNGEncoder.Encoded] = []
        for _ in 0..<failedCount {
            guard let png = reader.bytes(), let width = reader.count(), let height = reader.count() else { return nil }
            failedRenders.append(PNGEncoder.Encoded(bytes: png, width: width, height: height))
        }
        guard let times = reader.doubles(), times.count == 3, let measured = reader.measurement(),
            let planned = reader.doubles(),
            planned.isEmpty || planned.count == 4, let weight = reader.doubles(), weight.count <= 2,
            reader.isAtEnd
        else { return nil }
        var outcome = GlyphOutcome(source: source, sourceSHA256: sha, diagnostics: diagnostics)
        outcome.artboard = artboard.count == 2 ? Size(width: artboard[0], height: artboard[1]) : nil
        outcome.inkBox = ink.count == 4 ? Rect(x: ink[0], y: ink[1], width: ink[2], height: ink[3]) : nil
        outcome.shape = Shape(rawValue: shape)
        outcome.color = PixelColor(hex: color)
        outcome.pngs = pngs
        outcome.outputs = outputs
        outcome.plans = plans
        outcome.failedRenders = failedRenders
        outcome.timings = GlyphTimings(check: times[0], render: times[1], encode: times[2])
        outcome.measured = measured
        outcome.plannedBox =
            planned.count == 4 ? Rect(x: planned[0], y: planned[1], width: planned[2], height: planned[3]) : nil
        outcome.weight = weight.first.map { GlyphWeight(stroke: weight.count == 2 ? weight[1] : nil, coverage: $0) }
        return outcome
    }
}

/// Appends little-endian integers, doubles and length-prefixed byte strings.
struct BinaryWriter {
    private(set) var buffer: [UInt8] = []

    mutating func count(_ value: Int) {
        let bits = UInt64(truncatingIfNeeded: value)
        for shift in stride(from: 0, to: 64, by: 8) { buffer.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    mutating func bool(_ value: Bool) { buffer.append(value ? 1 : 0) }

    mutating func bytes(_ value: [UInt8]) {
        count(value.count)
        buffer.append(contentsOf: value)
    }

    mutating func string(_ value: String) { bytes(Array(value.utf8)) }

    mutating func doubles(_ values: [Double]) {
        count(values.count)
        for value in values { count(Int(truncatingIfNeeded: value.bitPattern)) }
    }
}

extension BinaryWriter {
    /// An ink measurement: no doubles for none, its precision alone for "nothing painted",
    /// else the box and the precision, then the bounds of each span left off the artboard;
    /// then its judging slack, if any, alone.
    mutating func measurement(_ measured: InkMeasurement.Measured?) {
        guard let measured else { return doubles([]) }
        if let box = measured.box {
            doubles(
                [box.x, box.y, box.width, box.height, measured.precision]
                    + measured.offArtboard.flatMap { [Double($0.lowerBound), Double($0.upperBound)] })
        } else {
            doubles([measured.precision])
        }
        doubles(measured.judgingSlack.map { [$0] } ?? [])
    }
}

extension BinaryReader {
    /// What `BinaryWriter.measurement` wrote: `.some(nil)` for none, nil when malformed.
    mutating func measurement() -> InkMeasurement.Measured?? {
        guard let values = doubles() else { return nil }
        guard !values.isEmpty else { return .some(nil) }
        guard let slack = doubles(), slack.count <= 1, var measured = measurement(values) else { return nil }
        measured.judgingSlack = slack.first
        return measured
    }

    private func measurement(_ values: [Double]) -> InkMeasurement.Measured? {
        switch values.count {
        case 1: return InkMeasurement.Measured(box: nil, precision: values[0])
        case 5...:
            guard values.count % 2 == 1 else { return nil }
            var spans: [Range<Int>] = []
            for index in stride(from: 5, to: values.count, by: 2) {
                let lower = values[index]
                let upper = values[index + 1]
                guard lower >= 0, lower <= upper, upper < Double(Int32.max) else { return nil }
                spans.append(Int(lower)..<Int(upper))
            }
            return InkMeasurement.Measured(
                box: Rect(x: values[0], y: values[1], width: values[2], height: values[3]), precision: values[4],
                offArtboard: spans)
        default: return nil
        }
    }
}

/// Reads what `BinaryWriter` wrote; every read returns nil rather than trapping on short
/// or malformed input (a worker that died mid-write must not take the build down).
struct BinaryReader {
    private let buffer: [UInt8]
    private var position = 0

    init(_ buffer: [UInt8]) { self.buffer = buffer }

    var isAtEnd: Bool { position == buffer.count }

    mutating func count() -> Int? {
        guard position + 8 <= buffer.count else { return nil }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(buffer[position + index]) }
        position += 8
        return Int(truncatingIfNeeded: value)
    }

    mutating func bool() -> Bool? {
        guard position < buffer.count else { return nil }
        defer { position += 1 }
        return buffer[position] != 0
    }

    /// A count of items that must still fit in what is left (each takes at least a byte),
    /// so that a corrupt count can neither trap a range nor start a huge loop.
    mutating func itemCount() -> Int? {
        guard let value = count(), value >= 0, value <= buffer.count - position else { return nil }
        return value
    }

    mutating func bytes() -> [UInt8]? {
        guard let length = count(), length >= 0, length <= buffer.count - position else { return nil }
        defer { position += length }
        return Array(buffer[position..<position + length])
    }

    mutating func string() -> String? { bytes().map { String(decoding: $0, as: UTF8.self) } }

    mutating func doubles() -> [Double]? {
        guard let length = count(), length >= 0, length <= 64 else { return nil }
        var values: [Double] = []
        for _ in 0..<length {
            guard let bits = count() else { return nil }
            values.append(Double(bitPattern: UInt64(truncatingIfNeeded: bits)))
        }
        return values
    }
}
