/// An 8-bit image with straight (un-premultiplied) alpha, rows tightly packed, RGBA order.
package struct RGBAImage: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The alpha of the pixel at (x, y).
    @inlinable package func alpha(x: Int, y: Int) -> UInt8 { pixels[(y * width + x) * 4 + 3] }
}
