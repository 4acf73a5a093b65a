internal import CRsvgLoader

/// A document drawn once onto a cairo recording surface, its viewport at the origin: the
/// measuring bands of one resolution replay it (`SVGHandle.renderAlphaMaxima(…reusing:)`)
/// instead of each having librsvg draw the document again (which for Papirus' colour icons
/// was a third of a band's cost, bounding every path at the band's scale). Holds no pixels.
/// Not shareable: it belongs to the task that measures with its handle.
package final class SVGRecording {
    let recording: OpaquePointer
    /// The viewport's size in pixels: a render reuses the recording only at this size.
    package let width: Double
    package let height: Double

    init(_ handle: SVGHandle, width: Double, height: Double) throws(NativeError) {
        recording = try NativeError.checking { error, size in ifrsvg_record(handle.document, width, height, error, size)
        }
        self.width = width
        self.height = height
    }

    deinit {
        ifrsvg_recording_destroy(recording)
    }
}
