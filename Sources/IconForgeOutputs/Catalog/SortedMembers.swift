/// A JSON object's members, sorted by key, as last written: the next object with the same
/// keys is written from them, and only the members whose values changed are formatted
/// again. What a watch writes on every save (the state's 1,000 source signatures and 2,000
/// output times, one or two of them changed) is then neither sorted nor formatted again.
final class SortedMembers<Value: Equatable & Sendable>: Sendable {
    private struct Written: Sendable {
        var keys: [String] = []
        var values: [Value] = []
        var members: [[UInt8]] = []
    }

    private let last = Lock<Written?>(nil)

    init() {}

    /// The members of `entries` in the byte order of their keys, each as `member` writes it.
    func members(_ entries: [String: Value], member: (String, Value) throws -> [UInt8]) rethrows -> [[UInt8]] {
        let previous = last.withLock { $0 }
        var written = Written()
        if let previous, previous.keys.count == entries.count {
            written.values.reserveCapacity(entries.count)
            written.members.reserveCapacity(entries.count)
            for (index, key) in previous.keys.enumerated() {
                // Another key: the same count means some old key is missing.
                guard let value = entries[key] else { break }
                written.values.append(value)
                try written.members.append(
                    previous.values[index] == value ? previous.members[index] : member(key, value))
            }
            if written.values.count == entries.count {
                written.keys = previous.keys
            } else {
                written = Written()
            }
        }
        if written.keys.count != entries.count {
            let sorted = entries.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            written.keys = sorted.map(\.key)
            written.values = sorted.map(\.value)
            written.members = try sorted.map { try member($0.key, $0.value) }
        }
        last.withLock { $0 = written }
        return written.members
    }
}
