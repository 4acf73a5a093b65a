/// The alpha scan behind `AlphaBounds`, here with the other code that handles pointers.
extension RGBAImage {
    /// The strongest alpha in each column and in each row.
    ///
    /// Every pixel of every render is read here, so the loop reads through a buffer pointer
    /// rather than paying the array's bounds check per pixel.
    package func alphaMaxima() -> (columns: [UInt8], rows: [UInt8]) {
        let width = width, height = height
        var columns = [UInt8](repeating: 0, count: width)
        var rows = [UInt8](repeating: 0, count: height)
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                var strongest: UInt8 = 0
                let row = y * width
                for x in 0..<width {
                    let alpha = pixels[(row + x) * 4 + 3]
                    if alpha > strongest { strongest = alpha }
                    if alpha > columns[x] { columns[x] = alpha }
                }
                rows[y] = strongest
            }
        }
        return (columns, rows)
    }
}
