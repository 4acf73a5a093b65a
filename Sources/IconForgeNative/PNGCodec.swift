internal import CPNGShim

/// PNG encoding and decoding through libpng (via the `CPNGShim` C target, which owns
/// libpng's setjmp so that no longjmp ever crosses a Swift frame).
package enum PNGCodec {
    /// The loaded libpng's version, "1.6.40".
    package static var libraryVersion: String {
        let number = cpngshim_libpng_version()
        return "\(number / 10000).\(number / 100 % 100).\(number % 100)"
    }

    /// The pixel layout handed to libpng.
    package enum Layout: Sendable {
        /// Two bytes per pixel: grey, alpha.
        case grayAlpha
        /// Four bytes per pixel, straight alpha.
        case rgba
        /// One byte per pixel indexing `palette`, whose entries are RGBA quadruples.
        case palette([UInt8])
    }

    /// Compression settings.
    package struct Settings: Hashable, Sendable {
        /// libdeflate level, 1 (fastest) to 12 (smallest).
        var compressionLevel: Int32

        package init(compressionLevel: Int32) {
            self.compressionLevel = compressionLevel
        }
    }

    /// Encodes tightly packed 8-bit `pixels` in `layout` to PNG bytes.
    package static func encode(
        pixels: [UInt8], width: Int, height: Int, layout: Layout, settings: Settings
    ) throws(NativeError) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var outSize = 0
        var message = [CChar](repeating: 0, count: 256)
        let options = cpngshim_options(compression_level: settings.compressionLevel)
        let status: Int32 = pixels.withUnsafeBufferPointer { pixelBuffer in
            let (cLayout, palette): (cpngshim_layout, [UInt8]) =
                switch layout {
                case .grayAlpha: (CPNGSHIM_GRAY_ALPHA, [])
                case .rgba: (CPNGSHIM_RGBA, [])
                case .palette(let entries): (CPNGSHIM_PALETTE, entries)
                }
            return palette.withUnsafeBufferPointer { paletteBuffer in
                cpngshim_encode(
                    pixelBuffer.baseAddress, UInt32(width), UInt32(height), cLayout,
                    paletteBuffer.baseAddress, Int32(palette.count / 4), options,
                    &out, &outSize, &message, message.count)
            }
        }
        guard status == 0, let out else {
            throw NativeError(libpngMessage: message)
        }
        defer { cpngshim_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: outSize))
    }

    /// Decodes any PNG to straight-alpha RGBA.
    package static func decode(_ png: [UInt8]) throws(NativeError) -> RGBAImage {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer { buffer in
            cpngshim_decode_rgba(buffer.baseAddress, buffer.count, &out, &width, &height, &message, message.count)
        }
        guard status == 0, let out else {
            throw NativeError(libpngMessage: message)
        }
        defer { cpngshim_free(out) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(
            width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: out, count: count)))
    }
}

extension NativeError {
    fileprivate init(libpngMessage message: [CChar]) {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(message: "libpng: " + String(decoding: bytes, as: UTF8.self))
    }
}
