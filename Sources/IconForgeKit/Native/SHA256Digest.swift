internal import CRsvg
import FoundationEssentials

/// SHA-256 digests, computed by GLib (already linked through librsvg), since Foundation
/// on Linux has no hashing and outside packages are not an option.
enum SHA256Digest {
    /// The lower-case hex SHA-256 of `bytes`.
    static func hex<Bytes: ContiguousBytes>(of bytes: Bytes) -> String {
        bytes.withUnsafeBytes { buffer in
            let base = buffer.bindMemory(to: UInt8.self).baseAddress
            // g_compute_checksum_for_data never fails for SHA-256; it returns a newly allocated string.
            guard let digest = g_compute_checksum_for_data(G_CHECKSUM_SHA256, base, gsize(buffer.count)) else {
                return ""
            }
            defer { g_free(digest) }
            return String(cString: digest)
        }
    }
}
