/// Recognises common files that are not SVG from their first bytes, so that a PNG or a
/// gzip-compressed .svgz renamed to .svg gets a diagnostic that says what it is.
enum FileSniffer {
    /// What the bytes look like when they are clearly not SVG text, and how to fix it.
    static func problem(with bytes: [UInt8]) -> String? {
        if bytes.isEmpty { return "the file is empty; export the glyph again" }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return "the file holds only whitespace; export the glyph again"
        }
        let magic: [(prefix: [UInt8], what: String)] = [
            ([0x1F, 0x8B], "gzip-compressed (an .svgz); decompress it first, e.g. gunzip -c file.svgz > file.svg"),
            ([0x89, 0x50, 0x4E, 0x47], "a PNG image, not SVG; export the glyph as SVG"),
            ([0xFF, 0xD8, 0xFF], "a JPEG image, not SVG; export the glyph as SVG"),
            (Array("GIF8".utf8), "a GIF image, not SVG; export the glyph as SVG"),
            (Array("%PDF".utf8), "a PDF document, not SVG; export the glyph as SVG"),
            (Array("PK".utf8) + [0x03, 0x04], "a ZIP archive, not SVG; unpack it and use the .svg inside"),
        ]
        if let match = magic.first(where: { bytes.starts(with: $0.prefix) }) { return "this is " + match.what }
        let start = String(decoding: bytes.prefix(64), as: UTF8.self).drop { $0.isWhitespace }.lowercased()
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") {
            return "this is an HTML page, not SVG; save the <svg> element on its own as an .svg file"
        }
        return textProblem(with: bytes)
    }

    /// A text file (UTF-8 or ASCII) that does not start with markup: notes, a path's `d`
    /// pasted alone, a file saved from the wrong place. UTF-16 (a BOM or NUL bytes) is left
    /// to the decoder, which reads it.
    static func textProblem(with bytes: [UInt8]) -> String? {
        guard !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]), !bytes.contains(0) else {
            return nil
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = body.firstIndex(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }),
            body[first] != UInt8(ascii: "<")
        else { return nil }
        let line = String(decoding: body[first...].prefix { $0 != 0x0A && $0 != 0x0D }.prefix(120), as: UTF8.self)
        let printable = String(
            String.UnicodeScalarView(line.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        var excerpt = String(printable.prefix(40))
        if excerpt.count < printable.count { excerpt += "…" }
        guard body.contains(UInt8(ascii: "<")) else {
            return
                "this is not SVG markup: a text file with no '<' in it, beginning \"\(excerpt)\"; export the glyph as SVG"
        }
        return
            "this is not SVG markup: the file begins with text, \"\(excerpt)\", where '<' should be; export the glyph as SVG, or delete what comes before the first '<'"
    }
}
