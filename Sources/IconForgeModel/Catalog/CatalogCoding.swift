extension Catalog {
    /// The catalog's file bytes: pretty-printed, keys sorted, a final newline.
    public func encoded() throws -> Data {
        Data(try JSONText.encode(self, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) + [0x0A])
    }
}
