/// iconforge's lines in an app's own `<locale>.lproj/InfoPlist.strings` (`build --info-plist-strings
/// DIR`): they sit between two marker comments and are replaced there, in place; every
/// other line of the file (permission prompts, say) stays byte for byte, and the file keeps
/// its encoding (UTF-8, or UTF-16 with a byte order mark) and line breaks. A file without
/// the markers gets them at its end; a missing file is created holding them alone.
package enum StringsFileUpdate {
    package static let beginMarker = "/* iconforge: begin quick actions"
    static let endMarker = "/* iconforge: end quick actions */"

    package struct Failure: Error, Equatable {
        package var message: String
    }

    /// The text between and including the markers.
    package static func block(_ lines: [String], sourceName: String) -> [String] {
        let source = sourceName.replacing("*/", with: "* /")
        return ["\(beginMarker) (generated from \(source): edit that file, not these lines) */"] + lines + [endMarker]
    }

    /// The new bytes for `existing` (nil when there is no file), or nil when it already
    /// holds exactly `block`.
    package static func updated(_ existing: [UInt8]?, block: [String]) throws(Failure) -> [UInt8]? {
        guard let existing else { return Array((block.joined(separator: "\n") + "\n").utf8) }
        let encoding = Encoding(existing)
        let text = try encoding.decode(existing)
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.split(separator: newline, omittingEmptySubsequences: false).map(String.init)
        let begins = lines.indices.filter { lines[$0].trimmed().hasPrefix(beginMarker) }
        let ends = lines.indices.filter { lines[$0].trimmed() == endMarker }
        switch (begins.count, ends.count) {
        case (0, 0):
            // Appended after a blank line; the last element is "" when the file ends with a line break.
            if lines.last == "" { lines.removeLast() }
            lines += (lines.isEmpty ? [] : [""]) + block + [""]
        case (1, 1) where begins[0] < ends[0]:
            lines.replaceSubrange(begins[0]...ends[0], with: block)
        default:
            throw Failure(message: "has \(begins.count) \"\(beginMarker) …\" and \(ends.count) \"\(endMarker)\" lines; iconforge replaces what is between one of each: fix the markers (or delete both and the lines between them)")
        }
        let result = encoding.encode(lines.joined(separator: newline))
        return result == existing ? nil : result
    }

    /// The text encodings Xcode reads strings files in, told apart as Xcode does: by a
    /// byte order mark, else UTF-8.
    enum Encoding: Equatable {
        case utf8(bom: Bool)
        case utf16LittleEndian
        case utf16BigEndian

        init(_ bytes: [UInt8]) {
            if bytes.starts(with: [0xFF, 0xFE]) {
                self = .utf16LittleEndian
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                self = .utf16BigEndian
            } else {
                self = .utf8(bom: bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            }
        }

        func decode(_ bytes: [UInt8]) throws(Failure) -> String {
            switch self {
            case .utf8(let bom):
                guard let text = String(validating: bytes.dropFirst(bom ? 3 : 0), as: UTF8.self) else {
                    throw Failure(message: "is neither UTF-8 nor UTF-16 with a byte order mark; save it as UTF-8")
                }
                return text
            case .utf16LittleEndian, .utf16BigEndian:
                let body = bytes.dropFirst(2)
                guard body.count.isMultiple(of: 2) else { throw Failure(message: "is UTF-16 with an odd number of bytes; save it again as UTF-8") }
                var units: [UInt16] = []
                units.reserveCapacity(body.count / 2)
                var index = body.startIndex
                while index < body.endIndex {
                    let (first, second) = (UInt16(body[index]), UInt16(body[index + 1]))
                    units.append(self == .utf16LittleEndian ? first | second << 8 : first << 8 | second)
                    index += 2
                }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw Failure(message: "is not valid UTF-16; save it again as UTF-8")
                }
                return text
            }
        }

        func encode(_ text: String) -> [UInt8] {
            switch self {
            case .utf8(let bom): return (bom ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
            case .utf16LittleEndian: return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .utf16BigEndian: return [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            }
        }
    }
}
