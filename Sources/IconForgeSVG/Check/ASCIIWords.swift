/// Case-insensitive searches for ASCII words in a file's bytes: the quick tests that decide
/// whether a file may use something (`MarkupChecks`, `InkMeasurement`'s `may…`), where a
/// false "yes" costs only time.
package enum ASCIIWords {
    /// Whether `word` (lower-case ASCII) starts at `index` of `bytes`, in any case.
    package static func match(_ word: [UInt8], at index: Int, in bytes: [UInt8]) -> Bool {
        index >= 0 && index + word.count <= bytes.count
            && zip(bytes[index..<(index + word.count)], word).allSatisfy { $0 | 0x20 == $1 }
    }

    /// Whether `bytes` hold `word` (ASCII) anywhere, in any case.
    package static func contains(_ word: String, in bytes: [UInt8]) -> Bool {
        let word = Array(word.lowercased().utf8)
        guard let first = word.first, bytes.count >= word.count else { return false }
        for index in 0...(bytes.count - word.count)
        where bytes[index] | 0x20 == first && match(word, at: index, in: bytes) { return true }
        return false
    }

    /// Whether `text` holds `literal` (ASCII) spelt exactly so: a search of the UTF-8 bytes,
    /// where `String.contains` compares characters, which over a long path's `d` was a
    /// tenth of the markup checks' time.
    package static func containsExactly(_ literal: String, in text: String) -> Bool {
        let word = Array(literal.utf8)
        guard let first = word.first else { return true }
        // A native string's bytes are contiguous; any other is searched as characters.
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= word.count else { return false }
            for index in 0...(bytes.count - word.count)
            where bytes[index] == first && word.indices.allSatisfy({ bytes[index + $0] == word[$0] }) {
                return true
            }
            return false
        } ?? text.contains(literal)
    }
}
