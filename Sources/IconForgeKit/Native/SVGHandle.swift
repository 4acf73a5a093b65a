internal import CRsvg
import FoundationEssentials

/// A parsed SVG document held by librsvg. Not shareable: each task loads its own.
///
/// This type and its siblings in `Native/` are the only Swift code that touches C;
/// everything above sees plain values (`Rect`, `RGBAImage`).
final class SVGHandle {
    private let handle: UnsafeMutablePointer<RsvgHandle>

    /// Parses `data` with librsvg at 72 DPI, so that `pt` and `px` lengths agree.
    ///
    /// The handle gets no base file or URL: librsvg resolves `href`, `url()` and
    /// `xi:include` only against a base, so without one it cannot read anything
    /// beyond these bytes.
    init(data: Data) throws(NativeError) {
        var error: UnsafeMutablePointer<GError>? = nil
        let loaded: UnsafeMutablePointer<RsvgHandle>? = data.withUnsafeBytes { buffer in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return rsvg_handle_new_from_data(base, gsize(buffer.count), &error)
        }
        guard let loaded else {
            throw NativeError(consuming: error, fallback: "librsvg could not read the document")
        }
        handle = loaded
        rsvg_handle_set_dpi(handle, 72)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// The document's intrinsic size: its viewBox if it has one, else width and height.
    var intrinsicDimensions: IntrinsicDimensions {
        var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
        var width = RsvgLength(), height = RsvgLength()
        var viewBox = RsvgRectangle()
        rsvg_handle_get_intrinsic_dimensions(
            handle, &hasWidth, &width, &hasHeight, &height, &hasViewBox, &viewBox)
        return IntrinsicDimensions(
            width: hasWidth != 0 ? Length(width) : nil,
            height: hasHeight != 0 ? Length(height) : nil,
            viewBox: hasViewBox != 0
                ? Rect(x: viewBox.x, y: viewBox.y, width: viewBox.width, height: viewBox.height)
                : nil)
    }

    /// librsvg's ink rectangle of the whole document laid out in `viewport`, or nil
    /// when nothing is painted. It is an estimate: for some stroked paths it is off
    /// by a fraction of the stroke width, so measurements that matter use pixels.
    func inkRect(in viewport: Rect) throws(NativeError) -> Rect? {
        var rsvgViewport = RsvgRectangle(viewport)
        var ink = RsvgRectangle(), logical = RsvgRectangle()
        var error: UnsafeMutablePointer<GError>? = nil
        guard rsvg_handle_get_geometry_for_layer(handle, nil, &rsvgViewport, &ink, &logical, &error) != 0
        else {
            throw NativeError(consuming: error, fallback: "librsvg could not measure the document")
        }
        guard ink.width > 0, ink.height > 0 else { return nil }
        return Rect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
    }

    /// Renders the whole document onto a transparent `width` × `height` canvas, mapping
    /// the document's viewport rectangle `viewport` (in canvas pixels).
    func render(width: Int, height: Int, viewport: Rect) throws(NativeError) -> RGBAImage {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw NativeError(message: "cairo could not create a \(width)×\(height) surface")
        }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }

        var rsvgViewport = RsvgRectangle(viewport)
        var error: UnsafeMutablePointer<GError>? = nil
        guard rsvg_handle_render_document(handle, context, &rsvgViewport, &error) != 0 else {
            throw NativeError(consuming: error, fallback: "librsvg could not render the document")
        }
        cairo_surface_flush(surface)

        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            throw NativeError(message: "cairo returned no pixels")
        }
        return RGBAImage(
            unpremultiplyingARGB32: UnsafeRawBufferPointer(start: data, count: stride * height),
            width: width, height: height, stride: stride)
    }
}

/// The size an SVG declares for itself, as librsvg reads it.
struct IntrinsicDimensions: Equatable, Sendable {
    var width: Length?
    var height: Length?
    var viewBox: Rect?
}

/// A CSS length with its unit.
struct Length: Equatable, Sendable {
    enum Unit: Equatable, Sendable { case percent, px, em, ex, inch, cm, mm, pt, pc, other }
    var value: Double
    var unit: Unit

    /// The length in points at 72 DPI, or nil for relative units, which have no
    /// meaning without a containing viewport.
    var points: Double? {
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

extension Length {
    fileprivate init(_ length: RsvgLength) {
        let unit: Unit =
            switch length.unit {
            case RSVG_UNIT_PERCENT: .percent
            case RSVG_UNIT_PX: .px
            case RSVG_UNIT_EM: .em
            case RSVG_UNIT_EX: .ex
            case RSVG_UNIT_IN: .inch
            case RSVG_UNIT_CM: .cm
            case RSVG_UNIT_MM: .mm
            case RSVG_UNIT_PT: .pt
            case RSVG_UNIT_PC: .pc
            default: .other
            }
        self.init(value: length.length, unit: unit)
    }
}

extension RsvgRectangle {
    fileprivate init(_ rect: Rect) {
        self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
    }
}

/// A failure reported by a C library, with its message.
struct NativeError: Error, Equatable, Sendable {
    var message: String

    init(message: String) { self.message = message }

    /// Takes ownership of a GError (freeing it) and keeps its message.
    fileprivate init(consuming error: UnsafeMutablePointer<GError>?, fallback: String) {
        guard let error else {
            self.message = fallback
            return
        }
        defer { g_error_free(error) }
        let text = error.pointee.message.map { String(cString: $0) } ?? fallback
        self.message = text.trimmed()
    }
}
