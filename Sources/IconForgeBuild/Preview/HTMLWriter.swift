/// Writes HTML in which only literals in the source are markup: element and attribute
/// names are `StaticString`s, and every text and attribute value is escaped. A glyph named
/// `<b>&.svg` or a title with quotes therefore always shows as text.
struct HTMLWriter {
    private(set) var html = ""

    init() {
        html.reserveCapacity(1 << 16)
    }

    /// Markup from the source itself (a stylesheet, a script, a fixed tag): never data.
    mutating func markup(_ literal: StaticString) {
        html += literal.description
    }

    /// `LiveReload`'s script, for a page a watch keeps current. The script is iconforge's
    /// own; its one piece of data, the page's file name (in a JavaScript string), must be a
    /// plain file name, or no script is written (the page then just does not reload).
    mutating func liveReloadScript(forPage page: String) {
        let name = page.lastPathComponent
        guard !name.isEmpty,
            name.unicodeScalars.allSatisfy({
                $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                    || "._-".unicodeScalars.contains($0)
            })
        else { return }
        html += LiveReload.pageScript(forPage: name)
    }

    /// Text content, escaped.
    mutating func text(_ value: String) {
        Self.escape(value, into: &html)
    }

    /// `<tag attr="value"…>`, the values escaped; a nil value leaves the attribute out.
    mutating func open(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:]) {
        html += "<"
        html += tag.description
        for (name, value) in attributes {
            guard let value else { continue }
            html += " "
            html += name.description
            html += "=\""
            Self.escape(value, into: &html)
            html += "\""
        }
        html += ">"
    }

    mutating func close(_ tag: StaticString) {
        html += "</"
        html += tag.description
        html += ">"
    }

    /// `<tag …>text</tag>`.
    mutating func element(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:], text value: String
    ) {
        open(tag, attributes)
        text(value)
        close(tag)
    }

    /// `value` with `&`, `<`, `>`, `"` and `'` replaced by character references: safe in text
    /// and in a quoted attribute value.
    static func escape(_ value: String) -> String {
        var escaped = ""
        escape(value, into: &escaped)
        return escaped
    }

    private static let escapes: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;",
    ]

    private static func escape(_ value: String, into output: inout String) {
        // Most values (glyph names, numbers) need none: appended as they are, no copy.
        guard value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            output += value
            return
        }
        output += value.escaping(escapes)
    }
}
