/// SHA-256 (FIPS 180-4), for content hashes in the catalog and build state.
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
        absorb(bytes, from: 0, into: &state) { _, _ in }
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
            bytes[shared * interval..<(shared + 1) * interval] == checkpoints.message[shared * interval..<(shared + 1) * interval]
        {
            shared += 1
        }
        var states = shared < checkpoints.states.count ? Array(checkpoints.states[...shared]) : [initialState]
        var state = states[shared]
        absorb(bytes, from: shared * interval, into: &state) { offset, state in
            if offset % interval == 0 { states.append(state) }
        }
        checkpoints.message = bytes
        checkpoints.states = states
        return finish(bytes, state: state)
    }

    /// Every whole 64-byte block of `bytes` from `start` (a multiple of 64) into `state`,
    /// telling `passed` the offset and state after each.
    private static func absorb(_ bytes: [UInt8], from start: Int, into state: inout [UInt32], passed: (Int, [UInt32]) -> Void) {
        let constants = roundConstants
        var schedule = [UInt32](repeating: 0, count: 64)
        var offset = start
        while offset + 64 <= bytes.count {
            compress(&state, bytes, at: offset, schedule: &schedule, constants: constants)
            offset += 64
            passed(offset, state)
        }
    }

    /// The hex digest, from the state after every whole block of `bytes`: the tail, a 1
    /// bit, zeros, and the message length in bits (one or two blocks).
    private static func finish(_ bytes: [UInt8], state: [UInt32]) -> String {
        var state = state
        let constants = roundConstants
        var schedule = [UInt32](repeating: 0, count: 64)
        let length = bytes.count
        var tail = Array(bytes[(length / 64 * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(length) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        for block in stride(from: 0, to: tail.count, by: 64) {
            compress(&state, tail, at: block, schedule: &schedule, constants: constants)
        }
        var hex = ""
        hex.reserveCapacity(64)
        let digits = Array("0123456789abcdef".unicodeScalars)
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { hex.unicodeScalars.append(digits[Int((word >> UInt32(shift)) & 0xF)]) }
        }
        return hex
    }

    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The 64-byte block of `message` at `offset` into the state. `schedule` is scratch
    /// space for 64 words, kept by the caller so that no block allocates.
    private static func compress(_ state: inout [UInt32], _ message: [UInt8], at offset: Int, schedule: inout [UInt32], constants: [UInt32]) {
        for index in 0..<16 {
            let base = offset + index * 4
            schedule[index] =
                UInt32(message[base]) << 24 | UInt32(message[base + 1]) << 16 | UInt32(message[base + 2]) << 8 | UInt32(message[base + 3])
        }
        for index in 16..<64 {
            let early = schedule[index - 15], late = schedule[index - 2]
            let sigma0 = early.rotatedRight(7) ^ early.rotatedRight(18) ^ (early >> 3)
            let sigma1 = late.rotatedRight(17) ^ late.rotatedRight(19) ^ (late >> 10)
            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for index in 0..<64 {
            let sum1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let choice = (e & f) ^ (~e & g)
            let first = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
            let sum0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let second = sum0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ first, c, b, a, first &+ second)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }
}

extension UInt32 {
    /// Masking shifts: the counts are constants below 32, so Swift's checks for larger
    /// ones are work for nothing in the hash's innermost loop.
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self &>> count) | (self &<< (32 &- count))
    }
}
