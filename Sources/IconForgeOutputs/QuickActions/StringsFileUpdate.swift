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
        let (encoding, newline, lines, range) = try parts(existing)
        return try spliced(lines, range: range, block: block, encoding: encoding, newline: newline, existing: existing)
    }

    /// A line between the markers that iconforge did not write, or that changed since it did.
    package struct Kept: Equatable, Sendable {
        package var key: String
        package var found: String
        /// What quick-actions.json has; nil when the key is no longer a quick action's text.
        package var wanted: String?
        /// 1-based, in the file as it was read.
        package var line: Int
    }

    /// A key of iconforge's that the file also translates outside the markers, differently.
    package struct Duplicate: Equatable, Sendable {
        package var key: String
        package var found: String
        package var wanted: String
        package var line: Int
    }

    package struct Update: Equatable, Sendable {
        package var bytes: [UInt8]?
        /// By key, the SHA-256 of each value iconforge wrote and still owns.
        package var record: [String: String]
        package var kept: [Kept] = []
        package var duplicates: [Duplicate] = []
    }

    /// Updates the strings file `existing` (nil when there is none) with `pairs`.
    ///
    /// Between the markers, a line whose value has its `recorded` hash is iconforge's to
    /// change or drop; any other line (a translator's edit, a line someone added) is kept as
    /// written and returned in `kept`. A pair the file already has outside the markers, with
    /// the same value, is not written a second time (an imported file changes not a byte);
    /// with another value it is written and reported in `duplicates`. A file without
    /// markers and with nothing to add is left as it is.
    package static func update(
        _ existing: [UInt8]?, pairs: [(key: String, value: String)], sourceName: String, recorded: [String: String]?
    ) throws(Failure) -> Update {
        guard let existing else {
            let block = block(pairs.map { line($0.key, $0.value) }, sourceName: sourceName)
            return Update(
                bytes: pairs.isEmpty ? nil : Array((block.joined(separator: "\n") + "\n").utf8), record: pairs.record)
        }
        var (encoding, newline, lines, range) = try parts(existing)
        let outside = outsideEntries(lines, range: range)
        let inside = insideEntries(lines, range: range)
        var update = Update(bytes: nil, record: [:])
        var written: [String] = []
        var handled = Set<String>()
        for (key, value) in pairs {
            handled.insert(key)
            let current = inside.first { $0.entry.key == key }
            // A text that is its own translation, in a file iconforge has not written into, is
            // what iOS shows without a line: none is added (an imported file changes not a byte).
            if range == nil, key == value, outside[key] == nil { continue }
            if current == nil, let other = outside[key],
                settleOutside(other, key: key, value: value, recorded: recorded, lines: &lines, update: &update)
            {
                continue
            }
            if let current, current.entry.value != value,
                recorded?[key] != AppOwnershipRecord.digest(current.entry.value)
            {
                update.kept.append(
                    Kept(
                        key: key, found: current.entry.value, wanted: value,
                        line: (range?.lowerBound ?? 0) + 1 + current.entry.line))
                written.append(current.text)
                if let mine = recorded?[key] { update.record[key] = mine }
                continue
            }
            written.append(line(key, value))
            update.record[key] = AppOwnershipRecord.digest(value)
        }
        // Lines between the markers that no pair wrote: iconforge's go, anyone else's stay.
        for (entry, text) in inside where !handled.contains(entry.key) {
            guard recorded?[entry.key] != AppOwnershipRecord.digest(entry.value) else { continue }
            if recorded != nil || !pairs.isEmpty {
                update.kept.append(
                    Kept(
                        key: entry.key, found: entry.value, wanted: nil, line: (range?.lowerBound ?? 0) + 1 + entry.line
                    ))
            }
            written.append(text)
        }
        if range == nil, written.isEmpty {
            let result = encoding.encode(lines.joined(separator: newline))
            update.bytes = result == existing ? nil : result
            return update
        }
        update.bytes = try spliced(
            lines, range: range, block: block(written, sourceName: sourceName), encoding: encoding, newline: newline,
            existing: existing)
        return update
    }

    /// A strings file line that gives `key` the value `value`.
    private static func line(_ key: String, _ value: String) -> String {
        "\"\(InfoPlistStrings.escaped(key))\" = \"\(InfoPlistStrings.escaped(value))\";"
    }

    /// The entries outside the markers, by key (the first of each key).
    private static func outsideEntries(_ lines: [String], range: Range<Int>?) -> [String: StringsFileParser.Entry] {
        var outside: [String: StringsFileParser.Entry] = [:]
        let outsideText = lines.indices.map { range?.contains($0) == true ? "" : lines[$0] }.joined(separator: "\n")
        for entry in StringsFileParser.entries(in: outsideText) where outside[entry.key] == nil {
            outside[entry.key] = entry
        }
        return outside
    }

    /// The entries between the markers, each with its line's text; `entry.line` counts from
    /// the line after the begin marker.
    private static func insideEntries(
        _ lines: [String], range: Range<Int>?
    ) -> [(entry: StringsFileParser.Entry, text: String)] {
        var inside: [(entry: StringsFileParser.Entry, text: String)] = []
        if let range, range.count > 2 {
            let blockLines = Array(lines[(range.lowerBound + 1)..<range.upperBound - 1])
            for entry in StringsFileParser.entries(in: blockLines.joined(separator: "\n")) {
                inside.append((entry, blockLines[entry.line - 1]))
            }
        }
        return inside
    }

    /// Settles the pair `key`, `value` where the file also has it outside the markers, as
    /// `other`, and returns true, or reports the differing value in `update.duplicates` and
    /// returns false (the pair then needs its line between the markers).
    private static func settleOutside(
        _ other: StringsFileParser.Entry, key: String, value: String, recorded: [String: String]?,
        lines: inout [String], update: inout Update
    ) -> Bool {
        // The line is the app's own, or an imported one iconforge took over (its value
        // recorded): the same value stands; a recorded one on a line of its own follows
        // quick-actions.json there.
        if other.value == value {
            update.record[key] = AppOwnershipRecord.digest(value)
            return true
        }
        let text = lines[other.line - 1]
        if recorded?[key] == AppOwnershipRecord.digest(other.value),
            StringsFileParser.entries(in: text) == [
                StringsFileParser.Entry(key: key, value: other.value, line: 1)
            ]
        {
            lines[other.line - 1] = String(text.prefix { $0 == " " || $0 == "\t" }) + line(key, value)
            update.record[key] = AppOwnershipRecord.digest(value)
            return true
        }
        update.duplicates.append(Duplicate(key: key, found: other.value, wanted: value, line: other.line))
        return false
    }

    /// The file's encoding, line break, lines, and the lines from its begin marker to its end
    /// marker (nil: it has none).
    private static func parts(_ existing: [UInt8]) throws(Failure) -> (Encoding, String, [String], Range<Int>?) {
        let encoding = Encoding(existing)
        let text = try encoding.decode(existing)
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        let lines = text.split(separator: newline, omittingEmptySubsequences: false).map(String.init)
        let begins = lines.indices.filter { lines[$0].trimmed().hasPrefix(beginMarker) }
        let ends = lines.indices.filter { lines[$0].trimmed() == endMarker }
        switch (begins.count, ends.count) {
        case (0, 0):
            return (encoding, newline, lines, nil)
        case (1, 1) where begins[0] < ends[0]:
            return (encoding, newline, lines, begins[0]..<(ends[0] + 1))
        default:
            throw Failure(
                message:
                    "has \(begins.count) \"\(beginMarker) …\" and \(ends.count) \"\(endMarker)\" lines; iconforge replaces what is between one of each: fix the markers (or delete both and the lines between them)"
            )
        }
    }

    private static func spliced(
        _ lines: [String], range: Range<Int>?, block: [String], encoding: Encoding, newline: String, existing: [UInt8]
    ) throws(Failure) -> [UInt8]? {
        var lines = lines
        if let range {
            lines.replaceSubrange(range, with: block)
        } else {
            // Appended after a blank line; the last element is "" when the file ends with a line break.
            if lines.last == "" { lines.removeLast() }
            lines += (lines.isEmpty ? [] : [""]) + block + [""]
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
                guard body.count.isMultiple(of: 2) else {
                    throw Failure(message: "is UTF-16 with an odd number of bytes; save it again as UTF-8")
                }
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

extension [(key: String, value: String)] {
    /// Each key's value as `AppOwnershipRecord` keeps it.
    fileprivate var record: [String: String] {
        Dictionary(map { ($0.key, AppOwnershipRecord.digest($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
}
