internal import CRsvgLoader

/// The vector file formats cairo writes a document in.
package enum VectorFormat: String, Sendable, Equatable, CaseIterable {
    case pdf
    case svg
}

extension SVGHandle {
    /// The document drawn onto one page of `width` × `height` points of cairo's PDF or SVG
    /// surface, its viewport mapped to `viewport` (in points): the file's bytes. The PDF
    /// carries no date, so the same document and viewport give the same bytes.
    package func vectorFile(_ format: VectorFormat, width: Double, height: Double, viewport: Rect) throws(NativeError)
        -> [UInt8]
    {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        try NativeError.checking { error, errorSize in
            ifrsvg_render_vector(
                document, format == .pdf ? IFRSVG_VECTOR_PDF : IFRSVG_VECTOR_SVG, width, height, ifrsvg_rect(viewport),
                &bytes, &size, error,
                errorSize) == 0 ? () : nil
        }
        defer { ifrsvg_free_bytes(bytes) }
        guard let bytes, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}
