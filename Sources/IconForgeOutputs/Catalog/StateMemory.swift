/// What a long-running process (a watch) keeps of the build state between its builds, so
/// that a build after one saved glyph neither decodes the 1,000 entries it just wrote nor
/// encodes the 999 that stayed the same.
///
/// It never stands in for the disk: a state is taken from memory only when the bytes just
/// read from the state file are, byte for byte, the bytes it was remembered with, so a
/// state another build wrote meanwhile is decoded as usual.
package final class StateMemory: Sendable {
    /// Each glyph entry's encoded JSON, for the catalog and the state.
    package let glyphJSON = GlyphJSONCache()
    /// The state's signatures and times as last written, for the next state to splice.
    private let signatureText = BuildState.SignatureText()
    private let last = Lock<Remembered?>(nil)
    /// How many states were decoded from bytes rather than remembered (for tests).
    private let decodes = Lock(0)
    /// Where the hash of the last catalog stood every few kilobytes: the next catalog, the
    /// same up to the entry that changed, is hashed from there.
    private let catalogHash = Lock(SHA256Digest.Checkpoints())

    private struct Remembered {
        var bytes: [UInt8]
        var state: BuildState
    }

    /// Output folders this session has looked through for other builds' temporary files
    /// (`OutputWriter.removeStrayTemporaryFiles`). Only a build killed while writing leaves
    /// any, and this session's own are removed as each build ends.
    private let swept = Lock<Set<String>>([])

    package init() {}

    /// `bytes` as a state: the remembered one if they are its bytes, else decoded.
    func decode(_ bytes: [UInt8]) -> BuildState? {
        if let state = last.withLock({ $0?.bytes == bytes ? $0?.state : nil }) { return state }
        // Another build wrote here: the folders are looked through again.
        swept.withLock { $0 = [] }
        decodes.withLock { $0 += 1 }
        let state = BuildState.decode(bytes)
        if let state { last.withLock { $0 = Remembered(bytes: bytes, state: state) } }
        return state
    }

    /// `state`'s file bytes, remembered with it.
    func encode(_ state: BuildState) -> [UInt8] {
        let bytes = state.encoded(reusing: glyphJSON, splicing: signatureText)
        // What decoding these bytes gives: the fingerprint and report only together.
        var decoded = state
        if state.fingerprint == nil || state.report == nil {
            decoded.fingerprint = nil
            decoded.report = nil
        }
        if !bytes.isEmpty { last.withLock { $0 = Remembered(bytes: bytes, state: decoded) } }
        return bytes
    }

    /// The SHA-256 of a catalog's bytes, hashed from where they first differ from the last's.
    func catalogSHA256(of bytes: [UInt8]) -> String {
        catalogHash.withLock { SHA256Digest.hex(of: bytes, checkpoints: &$0) }
    }

    /// Whether `folder` is still to be looked through for temporary files left by a killed
    /// build (true once per session, and again after another build wrote its state), and
    /// from now on counted as looked through.
    func sweeps(_ folder: String) -> Bool {
        swept.withLock { $0.insert(folder).inserted }
    }

    package var statesDecoded: Int { decodes.withLock { $0 } }
}
