/// Safety limits on what one glyph may ask of iconforge. Every limit names the option
/// that raises it in its diagnostic.
package struct Limits: Sendable, Equatable, Codable {
    /// Largest SVG file read, in bytes (`--max-file-size`).
    package var maximumFileBytes = 5 * 1024 * 1024
    /// Most elements in one glyph (`--max-elements`).
    package var maximumElements = 20_000
    /// Deepest element nesting.
    package var maximumDepth = 256

    package init() {}
}
