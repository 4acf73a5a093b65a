internal import CRsvgLoader

/// The alpha scan behind `AlphaBounds`, here with the other code that handles pointers.
extension RGBAImage {
    /// The strongest alpha in each column and in each row.
    ///
    /// Every pixel of every render (the measuring bands too) is read here, so the loop reads
    /// and writes through buffer pointers rather than paying the arrays' bounds and
    /// uniqueness checks per pixel.
    package func alphaMaxima() -> (columns: [UInt8], rows: [UInt8]) {
        pixels.withUnsafeBufferPointer { pixels in
            Self.alphaMaxima(of: pixels, width: width, height: height, alphaOffset: 3)
        }
    }

    /// The same scan over cairo's premultiplied native-endian ARGB32 pixels (`SVGHandle`'s
    /// measuring renders), whose alpha needs no conversion: the top byte of each UInt32.
    static func alphaMaxima(ofARGB32 pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> (
        columns: [UInt8], rows: [UInt8]
    ) {
        alphaMaxima(of: pixels, width: width, height: height, alphaOffset: 1.littleEndian == 1 ? 3 : 0)
    }

    /// The scan over 4-byte pixels whose alpha is the byte at `alphaOffset` (in C: see
    /// `ifrsvg_alpha_maxima`).
    private static func alphaMaxima(of pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, alphaOffset: Int)
        -> (columns: [UInt8], rows: [UInt8])
    {
        guard width > 0, height > 0, let base = pixels.baseAddress, pixels.count >= width * height * 4,
            width <= Int(Int32.max), height <= Int(Int32.max)
        else { return ([UInt8](repeating: 0, count: max(0, width)), [UInt8](repeating: 0, count: max(0, height))) }
        var columns = [UInt8](repeating: 0, count: width)
        var rows = [UInt8](repeating: 0, count: height)
        columns.withUnsafeMutableBufferPointer { columns in
            rows.withUnsafeMutableBufferPointer { rows in
                ifrsvg_alpha_maxima(
                    base, Int32(width), Int32(height), Int32(alphaOffset), columns.baseAddress, rows.baseAddress)
            }
        }
        return (columns, rows)
    }
}
