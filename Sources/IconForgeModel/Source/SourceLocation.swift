/// A position in a source file: 1-based line, and 1-based column counted in characters
/// (Unicode scalars), as editors count them.
package struct SourceLocation: Hashable, Sendable, Codable, Comparable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The location `utf8Offset` bytes into `text`, which starts here. For many offsets into
    /// one text, a `SourceCursor` counts once rather than from the start each time.
    package func advanced(by utf8Offset: Int, in text: String) -> SourceLocation {
        var cursor = SourceCursor(text, location: self)
        return cursor.location(at: utf8Offset)
    }
}
