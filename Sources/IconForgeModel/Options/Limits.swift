/// Safety limits on what one glyph may ask of iconforge. Every limit names the option
/// that raises it in its diagnostic.
public struct Limits: Sendable, Equatable, Codable {
    /// Largest SVG file read, in bytes (`--max-file-size`).
    public var maximumFileBytes = 5 * 1024 * 1024
    /// Most elements in one glyph (`--max-elements`).
    public var maximumElements = 20_000
    /// Deepest element nesting.
    public var maximumDepth = 256

    public init() {}
}
