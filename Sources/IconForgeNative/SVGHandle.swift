internal import CRsvgLoader

/// A parsed SVG document held by librsvg. Not shareable: each task loads its own.
///
/// This type and its siblings in `Native/` are the only Swift code that touches C;
/// everything above sees plain values (`Rect`, `RGBAImage`). librsvg itself is opened on
/// first use (see `CRsvgLoader.h`), so commands that render nothing never load it.
package final class SVGHandle {
    let document: OpaquePointer

    /// Parses `data` with librsvg at 72 DPI, so that `pt` and `px` lengths agree.
    ///
    /// The handle gets no base file or URL: librsvg resolves `href`, `url()` and
    /// `xi:include` only against a base, so without one it cannot read anything
    /// beyond these bytes.
    package init(data: Data) throws(NativeError) {
        document = try NativeError.checking { error, size in
            data.withUnsafeBytes { buffer in
                // An empty document still needs a non-null pointer.
                let base = buffer.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1)!
                return ifrsvg_open(base, buffer.count, error, size)
            }
        }
    }

    deinit {
        ifrsvg_close(document)
    }

    /// The document's intrinsic size: its viewBox if it has one, else width and height.
    package var intrinsicDimensions: IntrinsicDimensions {
        var dimensions = ifrsvg_dimensions()
        ifrsvg_intrinsic_dimensions(document, &dimensions)
        let viewBox = dimensions.view_box
        return IntrinsicDimensions(
            width: dimensions.has_width != 0
                ? Length(value: dimensions.width, unit: Length.Unit(dimensions.width_unit)) : nil,
            height: dimensions.has_height != 0
                ? Length(value: dimensions.height, unit: Length.Unit(dimensions.height_unit)) : nil,
            viewBox: dimensions.has_view_box != 0
                ? Rect(x: viewBox.x, y: viewBox.y, width: viewBox.width, height: viewBox.height) : nil)
    }

    /// librsvg's ink rectangle of the whole document laid out in `viewport`, or nil
    /// when nothing is painted. Only a hint of where to look: librsvg 2.54 misplaces
    /// strokes (under rotations, and a stroked diagonal reaches back to the origin), so
    /// measurements use `recordedInkRect` and pixels.
    package func inkRect(in viewport: Rect) throws(NativeError) -> Rect? {
        var ink = ifrsvg_rect()
        try NativeError.checking { error, size in
            ifrsvg_ink_rect(document, ifrsvg_rect(viewport), &ink, error, size) == 0 ? () : nil
        }
        guard ink.width > 0, ink.height > 0 else { return nil }
        return Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
    }

    /// The extents of what the document draws laid out in `viewport` (in that viewport's
    /// space), as cairo bounds the geometry librsvg draws, rounded outward to whole units of
    /// that space; nothing is rasterised. Exact for fills and strokes under any transform, but
    /// not for groups drawn through an intermediate surface (opacity, masks, filters): then it
    /// may be empty, negative or a filter region. `InkMeasurement` confirms it with pixels.
    package func recordedInkRect(in viewport: Rect) throws(NativeError) -> Rect {
        var ink = ifrsvg_rect()
        try NativeError.checking { error, size in
            ifrsvg_recorded_ink_rect(document, ifrsvg_rect(viewport), &ink, error, size) == 0 ? () : nil
        }
        return Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
    }

    /// The document drawn once onto a recording, laid out in a `width` × `height` pixel
    /// viewport at the origin, for several measuring renders to replay.
    package func recording(width: Double, height: Double) throws(NativeError) -> SVGRecording {
        try SVGRecording(self, width: width, height: height)
    }

    /// Renders the whole document onto a transparent `width` × `height` canvas, mapping
    /// the document's viewport rectangle `viewport` (in canvas pixels).
    package func render(width: Int, height: Int, viewport: Rect) throws(NativeError) -> RGBAImage {
        let premultiplied = try draw(width: width, height: height, viewport: viewport)
        return premultiplied.withUnsafeBytes { buffer in
            RGBAImage(unpremultiplyingARGB32: buffer, width: width, height: height, stride: width * 4)
        }
    }

    /// Renders as `render` does, and keeps only the strongest alpha in each column and row:
    /// all that measuring reads (`AlphaBounds`), without converting every pixel to RGBA.
    /// - Parameter recording: this document recorded at `viewport`'s size, which a canvas far
    ///   smaller than the viewport replays (the same pixels, without drawing it again).
    package func renderAlphaMaxima(
        width: Int, height: Int, viewport: Rect, reusing recording: SVGRecording? = nil
    ) throws(NativeError) -> (columns: [UInt8], rows: [UInt8]) {
        let premultiplied = try draw(width: width, height: height, viewport: viewport, reusing: recording)
        return premultiplied.withUnsafeBufferPointer { pixels in
            RGBAImage.alphaMaxima(ofARGB32: pixels, width: width, height: height)
        }
    }

    /// cairo's premultiplied ARGB32 pixels of the document drawn on a transparent canvas.
    private func draw(width: Int, height: Int, viewport: Rect, reusing recording: SVGRecording? = nil)
        throws(NativeError) -> [UInt8]
    {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) / width / 4 else {
            throw NativeError(message: "cannot render a \(width)×\(height) canvas")
        }
        var premultiplied = [UInt8](repeating: 0, count: width * height * 4)
        try premultiplied.withUnsafeMutableBufferPointer { pixels throws(NativeError) in
            try NativeError.checking { error, size in
                ifrsvg_render_reusing(
                    document, recording?.recording, pixels.baseAddress, Int32(width), Int32(height),
                    ifrsvg_rect(viewport), error, size) == 0 ? () : nil
            }
        }
        return premultiplied
    }

    /// Opens librsvg if this process has not yet: a failure (the library missing, or no
    /// memory to map it) says why, apart from any one document.
    /// Opens librsvg (once per process): the file at `path` when one is given (the
    /// executable's ICONFORGE_LIBRSVG), else the platform's usual names.
    package static func loadLibrary(path: String? = nil) throws(NativeError) {
        try NativeError.checking { error, size in ifrsvg_load(path, error, size) == 0 ? () : nil }
    }

    /// The library file opened, or the first name tried when none opened.
    package static var libraryFileName: String { String(cString: ifrsvg_library_name()) }

    /// librsvg's version ("2.54.7"), loading it if need be; nil when it cannot be loaded.
    package static var libraryVersion: String? {
        guard (try? loadLibrary()) != nil else { return nil }
        return String(cString: ifrsvg_loaded_version())
    }
}

/// The size an SVG declares for itself, as librsvg reads it.
package struct IntrinsicDimensions: Equatable, Sendable {
    package var width: Length?
    package var height: Length?
    package var viewBox: Rect?
}

/// A CSS length with its unit.
package struct Length: Equatable, Sendable {
    enum Unit: Equatable, Sendable { case percent, px, em, ex, inch, cm, mm, pt, pc, other }
    var value: Double
    var unit: Unit

    /// Whether the unit is a physical one (in, cm, mm, pt, pc), not px or relative.
    package var isAbsolute: Bool { [.inch, .cm, .mm, .pt, .pc].contains(unit) }

    /// The length in points at 72 DPI, or nil for relative units, which have no
    /// meaning without a containing viewport.
    package var points: Double? {
        switch unit {
        case .px, .pt: value
        case .inch: value * 72
        case .cm: value * 72 / 2.54
        case .mm: value * 72 / 25.4
        case .pc: value * 12
        case .percent, .em, .ex, .other: nil
        }
    }
}

extension Length.Unit {
    fileprivate init(_ unit: ifrsvg_unit) {
        self =
            switch unit {
            case IFRSVG_UNIT_PERCENT: .percent
            case IFRSVG_UNIT_PX: .px
            case IFRSVG_UNIT_EM: .em
            case IFRSVG_UNIT_EX: .ex
            case IFRSVG_UNIT_IN: .inch
            case IFRSVG_UNIT_CM: .cm
            case IFRSVG_UNIT_MM: .mm
            case IFRSVG_UNIT_PT: .pt
            case IFRSVG_UNIT_PC: .pc
            default: .other
            }
    }
}

extension ifrsvg_rect {
    init(_ rect: Rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

/// A failure reported by a C library, with its message.
package struct NativeError: Error, Equatable, Sendable {
    package var message: String

    /// Runs a C call that reports failure by returning nil (here: a nil `Result`) and
    /// writing a message into the buffer it is given.
    static func checking<Result>(_ call: (UnsafeMutablePointer<CChar>, Int) -> Result?) throws(NativeError) -> Result {
        var buffer = [CChar](repeating: 0, count: 512)
        if let result = buffer.withUnsafeMutableBufferPointer({ call($0.baseAddress!, $0.count) }) { return result }
        let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }.trimmed()
        throw NativeError(message: message.isEmpty ? "librsvg failed without saying why" : message)
    }
}
