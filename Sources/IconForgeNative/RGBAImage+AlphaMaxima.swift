/// The alpha scan behind `AlphaBounds`, here with the other code that handles pointers.
extension RGBAImage {
    /// The strongest alpha in each column and in each row.
    ///
    /// Every pixel of every render (the measuring bands too) is read here, so the loop reads
    /// and writes through buffer pointers rather than paying the arrays' bounds and
    /// uniqueness checks per pixel.
    package func alphaMaxima() -> (columns: [UInt8], rows: [UInt8]) {
        let width = width, height = height
        var columns = [UInt8](repeating: 0, count: width)
        var rows = [UInt8](repeating: 0, count: height)
        pixels.withUnsafeBufferPointer { pixels in
            columns.withUnsafeMutableBufferPointer { columns in
                for y in 0..<height {
                    var strongest: UInt8 = 0
                    let row = y * width
                    for x in 0..<width {
                        let alpha = pixels[(row + x) * 4 + 3]
                        strongest = max(strongest, alpha)
                        columns[x] = max(columns[x], alpha)
                    }
                    rows[y] = strongest
                }
            }
        }
        return (columns, rows)
    }
}
