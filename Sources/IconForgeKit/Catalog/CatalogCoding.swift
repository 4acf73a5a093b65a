import FoundationEssentials

extension Catalog {
    /// The catalog's file bytes: pretty-printed, keys sorted, a final newline.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// Reads a catalog written by this or an earlier compatible version; nil if absent or unreadable.
    static func load(from path: String) -> Catalog? {
        guard let bytes = try? FileSystem.readRegularFile(path, limit: 256 * 1024 * 1024) else { return nil }
        return try? JSONDecoder().decode(Catalog.self, from: Data(bytes))
    }
}
