/// SHA-256 (FIPS 180-4), for content hashes in the catalog and build state: the padding and
/// the digest's text here, the compression of each 64-byte block in C (`SHA256Blocks`,
/// with the processor's SHA instructions where it has them).
///
/// Written here because Foundation on Linux has no hashing and outside packages are not an
/// option; and because taking it from GLib would load GLib on every start, which a no-op
/// build cannot afford (see `RsvgLibrary`).
package enum SHA256Digest {
    /// The lower-case hex SHA-256 of `bytes`.
    static func hex(of bytes: some Collection<UInt8>) -> String {
        hex(of: Array(bytes))
    }

    /// The lower-case hex SHA-256 of `bytes`.
    package static func hex(of bytes: [UInt8]) -> String {
        var state = initialState
        absorb(bytes, from: 0, into: &state)
        return finish(bytes, state: state)
    }

    /// The states a hash passed through, every `interval` bytes of the message it hashed:
    /// what lets the hash of a message sharing a long start with it (a catalog after one
    /// glyph of a thousand changed) begin where the two first differ.
    package struct Checkpoints: Sendable {
        static let interval = 16 << 10
        fileprivate var message: [UInt8] = []
        /// `states[i]`: the state after the first `i * interval` bytes (`states[0]`, the initial one).
        fileprivate var states: [[UInt32]] = []

        package init() {}
    }

    /// `hex(of: bytes)`, hashing again only from the last checkpoint of `checkpoints` that
    /// `bytes` shares with the message it was taken from; `checkpoints` becomes `bytes`'s.
    package static func hex(of bytes: [UInt8], checkpoints: inout Checkpoints) -> String {
        let interval = Checkpoints.interval
        var shared = 0
        while shared + 1 < checkpoints.states.count, (shared + 1) * interval <= bytes.count,
            bytes[shared * interval..<(shared + 1) * interval]
                == checkpoints.message[shared * interval..<(shared + 1) * interval]
        {
            shared += 1
        }
        var states = shared < checkpoints.states.count ? Array(checkpoints.states[...shared]) : [initialState]
        var state = states[shared]
        absorb(bytes, from: shared * interval, into: &state, every: interval) { _, state in states.append(state) }
        checkpoints.message = bytes
        checkpoints.states = states
        return finish(bytes, state: state)
    }

    /// Every whole 64-byte block of `bytes` from `start` (a multiple of 64) into `state`,
    /// telling `passed` the offset and state after each block that ends at a multiple of
    /// `every` bytes.
    private static func absorb(
        _ bytes: [UInt8], from start: Int, into state: inout [UInt32], every: Int = .max,
        passed: (Int, [UInt32]) -> Void = { _, _ in }
    ) {
        var offset = start
        let end = bytes.count / 64 * 64
        while offset < end {
            // Up to the next checkpoint, or the end, in one call.
            let stop = every == .max ? end : min(end, (offset / every + 1) * every)
            SHA256Blocks.compress(&state, bytes, from: offset, count: (stop - offset) / 64)
            offset = stop
            if offset % every == 0 { passed(offset, state) }
        }
    }

    /// The hex digest, from the state after every whole block of `bytes`: the tail, a 1
    /// bit, zeros, and the message length in bits (one or two blocks).
    private static func finish(_ bytes: [UInt8], state: [UInt32]) -> String {
        var state = state
        let length = bytes.count
        var tail = Array(bytes[(length / 64 * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(length) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        SHA256Blocks.compress(&state, tail, from: 0, count: tail.count / 64)
        var hex = ""
        hex.reserveCapacity(64)
        let digits = Array("0123456789abcdef".unicodeScalars)
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) {
                hex.unicodeScalars.append(digits[Int((word >> UInt32(shift)) & 0xF)])
            }
        }
        return hex
    }

    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
}
