/// Line and column of byte offsets into UTF-8 text, for the scanners that report positions
/// (XML, JSON, and CSS inside SVG attributes and style sheets).
///
/// A line feed starts a line (a carriage return counts as a character, as the scanners have
/// always counted it); columns are 1-based and count Unicode scalars: every byte that is not
/// a UTF-8 continuation byte starts one. The cursor remembers the last offset it was moved
/// to and counts on from there, so asking for offsets in increasing order costs one pass over
/// the text in all, however long its lines. Moving backwards (rare: a failure pointing at an
/// earlier token) counts again from the start.
package struct SourceCursor {
    private let bytes: [UInt8]
    /// Where counting starts, and the location of that byte.
    private let start: (offset: Int, location: SourceLocation)
    /// The offset the cursor is at.
    private(set) var offset: Int
    /// The line and column of `offset`.
    private(set) var location: SourceLocation

    /// A cursor at `offset` into `bytes`, whose location is `location`.
    package init(_ bytes: [UInt8], at offset: Int = 0, location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.bytes = bytes
        start = (offset, location)
        self.offset = offset
        self.location = location
    }

    /// A cursor over the UTF-8 of `text`, whose first byte is at `location`.
    package init(_ text: String, location: SourceLocation) {
        self.init(Array(text.utf8), location: location)
    }

    /// Moves to `target` and returns its location.
    package mutating func location(at target: Int) -> SourceLocation {
        move(to: target)
        return location
    }

    /// Moves to `target`, counting lines and columns over the bytes in between.
    mutating func move(to target: Int) {
        if target < offset { (offset, location) = start }
        var line = location.line
        var column = location.column
        var index = offset
        let end = min(target, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        offset = max(target, offset)
        location = SourceLocation(line: line, column: column)
    }
}
