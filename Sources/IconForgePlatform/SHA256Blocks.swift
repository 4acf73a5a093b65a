internal import CSHA256

/// SHA-256's compression function over whole 64-byte blocks, in C (`CSHA256`): with the
/// processor's SHA instructions where it has them, about ten times the speed of the same
/// rounds in Swift, which kept every glyph's source and PNGs, the catalog and a watch's
/// every save waiting on them. The padding and the digest are `SHA256Digest`'s.
package enum SHA256Blocks {
    /// The eight working words (a…h).
    package typealias State = [UInt32]

    /// Hashes the `count` blocks of `bytes` from `offset` (a multiple of 64 bytes, all
    /// within `bytes`) into `state`.
    package static func compress(
        _ state: inout State, _ bytes: [UInt8], from offset: Int, count: Int, portable: Bool = false
    ) {
        precondition(state.count == 8 && offset >= 0 && count >= 0 && offset + count * 64 <= bytes.count)
        guard count > 0 else { return }
        state.withUnsafeMutableBufferPointer { state in
            bytes.withUnsafeBufferPointer { bytes in
                let start = bytes.baseAddress! + offset
                if portable {
                    csha256_compress_portable(state.baseAddress!, start, count)
                } else {
                    csha256_compress(state.baseAddress!, start, count)
                }
            }
        }
    }

    /// Whether `compress` uses the processor's SHA instructions here.
    package static var usesSHAInstructions: Bool { csha256_uses_sha_instructions() != 0 }
}
