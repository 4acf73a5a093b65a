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
    static func alphaMaxima(ofARGB32 pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> (columns: [UInt8], rows: [UInt8]) {
        alphaMaxima(of: pixels, width: width, height: height, alphaOffset: 1.littleEndian == 1 ? 3 : 0)
    }

    /// The scan over 4-byte pixels whose alpha is the byte at `alphaOffset`.
    private static func alphaMaxima(of pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, alphaOffset: Int) -> (columns: [UInt8], rows: [UInt8]) {
        var columns = [UInt8](repeating: 0, count: width)
        var rows = [UInt8](repeating: 0, count: height)
        columns.withUnsafeMutableBufferPointer { columns in
            for y in 0..<height {
                var strongest: UInt8 = 0
                let row = y * width
                for x in 0..<width {
                    let alpha = pixels[(row + x) * 4 + alphaOffset]
                    strongest = max(strongest, alpha)
                    columns[x] = max(columns[x], alpha)
                }
                rows[y] = strongest
            }
        }
        return (columns, rows)
    }
}
