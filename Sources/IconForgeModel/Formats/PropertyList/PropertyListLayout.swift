/// Where the entries of an XML property list's root dictionary are, byte by byte, so one
/// entry can be replaced or added while every other byte of the file stays as it was (key
/// order, indentation, comments: what a reader of the diff sees). What the bytes mean is
/// checked elsewhere, by parsing the result (`InfoPlistUpdate`); this only finds places.
package struct PropertyListLayout {
    /// One key and its value.
    package struct Entry {
        package var key: String
        /// Where `<key>` starts.
        package var start: Int
        /// Just past the value's end tag.
        package var end: Int
    }

    package var entries: [Entry] = []
    /// The root dictionary's `</dict>`, or the whole `<dict/>` when it is empty that way.
    package var closing: Range<Int> = 0..<0
    package var rootIsEmptyElement = false
    /// The line break the file uses.
    package var newline = "\n"

    package struct Failure: Error {
        package var message: String
    }

    /// Finds the root dictionary's entries in `bytes`, or says why it cannot.
    package static func scan(_ bytes: [UInt8]) throws(Failure) -> PropertyListLayout {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) == false, bytes.first == 0xFE || bytes.first == 0xFF {
            throw Failure(message: "is UTF-16; save it as UTF-8 (Xcode's encoding for property lists)")
        }
        var scanner = Scanner(bytes: bytes)
        if let lineFeed = bytes.firstIndex(of: UInt8(ascii: "\n")), lineFeed > 0,
            bytes[lineFeed - 1] == UInt8(ascii: "\r")
        {
            scanner.layout.newline = "\r\n"
        }
        while scanner.position < bytes.count {
            try scanner.step()
        }
        guard scanner.sawRoot, scanner.open.isEmpty, !scanner.layout.closing.isEmpty else {
            throw Failure(message: "is not a complete XML property list with a dictionary at its root")
        }
        return scanner.layout
    }

    /// The scan's place in the file and what it has found so far.
    private struct Scanner {
        let bytes: [UInt8]
        var layout = PropertyListLayout()
        /// The names of the elements open, outermost first.
        var open: [String] = []
        /// The root dictionary's key whose value comes next, and where its `<key>` starts.
        var pendingKey: (name: String, start: Int)?
        var valueStart: Int?
        var position = 0
        var sawRoot = false

        init(bytes: [UInt8]) { self.bytes = bytes }

        func find(_ text: String, from start: Int) throws(Failure) -> Int {
            guard let range = bytes[start...].firstRange(of: Array(text.utf8)) else {
                throw Failure(message: "is not a complete XML property list (no \"\(text)\" after byte \(start))")
            }
            return range.lowerBound
        }

        /// Moves past the next byte, or the next comment, processing instruction, CDATA
        /// section, declaration or tag.
        mutating func step() throws(Failure) {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                return
            }
            let rest = bytes[position...]
            if rest.starts(with: Array("<!--".utf8)) {
                position = try find("-->", from: position + 4) + 3
            } else if rest.starts(with: Array("<?".utf8)) {
                position = try find("?>", from: position + 2) + 2
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                position = try find("]]>", from: position + 9) + 3
            } else if rest.starts(with: Array("<!".utf8)) {
                position = PropertyListLayout.declarationEnd(bytes, from: position) + 1
            } else {
                try tag()
            }
        }

        /// Reads the tag at `position`.
        mutating func tag() throws(Failure) {
            let tagStart = position
            let index = PropertyListLayout.tagEnd(bytes, from: position)
            guard index < bytes.count else {
                throw Failure(message: "is not a complete XML property list (a tag is not closed)")
            }
            let isEnd = bytes[tagStart + 1] == UInt8(ascii: "/")
            let isEmpty = bytes[index - 1] == UInt8(ascii: "/")
            let nameStart = tagStart + (isEnd ? 2 : 1)
            var nameEnd = nameStart
            while nameEnd < index, !PropertyListLayout.endsName(bytes[nameEnd]) { nameEnd += 1 }
            let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
            position = index + 1
            if isEnd {
                try endTag(name, at: tagStart)
            } else {
                try startTag(name, at: tagStart, isEmpty: isEmpty)
            }
        }

        /// An end tag: an entry of the root dictionary ends with its value's, the dictionary
        /// with its own.
        mutating func endTag(_ name: String, at tagStart: Int) throws(Failure) {
            guard open.last == name else {
                throw Failure(message: "is not well-formed: </\(name)> closes <\(open.last ?? "nothing")>")
            }
            open.removeLast()
            if open.count == 2, valueStart != nil, let key = pendingKey {
                layout.entries.append(Entry(key: key.name, start: key.start, end: position))
                pendingKey = nil
                valueStart = nil
            } else if open.count == 1, name == "dict" {
                layout.closing = tagStart..<position
            }
        }

        /// A start tag (or an empty element): `<plist>`, its root `<dict>`, and the keys and
        /// values inside it.
        mutating func startTag(_ name: String, at tagStart: Int, isEmpty: Bool) throws(Failure) {
            switch open.count {
            case 0:
                guard name == "plist" else {
                    throw Failure(message: "is not a property list (its root element is <\(name)>)")
                }
                if !isEmpty { open.append(name) }
            case 1:
                guard name == "dict", !sawRoot else {
                    throw Failure(message: "does not hold a dictionary at its root (<\(name)>)")
                }
                sawRoot = true
                if isEmpty {
                    layout.rootIsEmptyElement = true
                    layout.closing = tagStart..<position
                } else {
                    open.append(name)
                }
            case 2 where name == "key":
                guard pendingKey == nil else {
                    throw Failure(message: "is not a valid property list: two <key>s in a row")
                }
                if isEmpty {
                    pendingKey = ("", tagStart)
                } else {
                    let close = try find("</key>", from: position)
                    pendingKey = (PropertyListLayout.unescaped(bytes[position..<close]), tagStart)
                    position = close + 6
                }
            case 2:
                guard let key = pendingKey else {
                    throw Failure(message: "is not a valid property list: a <\(name)> without a <key>")
                }
                if isEmpty {
                    layout.entries.append(Entry(key: key.name, start: key.start, end: position))
                    pendingKey = nil
                } else {
                    valueStart = tagStart
                    open.append(name)
                }
            default:
                if !isEmpty { open.append(name) }
            }
        }
    }

    /// One element below a place in the file: a value, or a `<key>`.
    package struct Element {
        package var name: String
        /// From `<` of its start tag to just past its end tag (or its `<x/>`).
        package var range: Range<Int>
        /// Between its tags; nil for `<x/>`.
        package var content: Range<Int>?
    }

    /// The elements directly inside `range` of `bytes` (a value's content, or one entry), in
    /// order; comments, processing instructions and CDATA between them are skipped. The
    /// file has been scanned (and parsed) before, so a tag that is not closed ends the list.
    package static func elements(in bytes: [UInt8], _ range: Range<Int>) -> [Element] {
        var found: [Element] = []
        var open: [(name: String, start: Int, contentStart: Int)] = []
        var position = range.lowerBound
        func skip(past text: String, from start: Int) -> Int {
            bytes[start..<range.upperBound].firstRange(of: Array(text.utf8))?.upperBound ?? range.upperBound
        }
        while position < range.upperBound {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                continue
            }
            let rest = bytes[position..<range.upperBound]
            if rest.starts(with: Array("<!--".utf8)) {
                position = skip(past: "-->", from: position + 4)
            } else if rest.starts(with: Array("<?".utf8)) {
                position = skip(past: "?>", from: position + 2)
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                position = skip(past: "]]>", from: position + 9)
            } else if rest.starts(with: Array("<!".utf8)) {
                position = declarationEnd(bytes, from: position) + 1
            } else {
                let end = tagEnd(bytes, from: position)
                guard end < range.upperBound else { break }
                let isEnd = bytes[position + 1] == UInt8(ascii: "/")
                let isEmpty = bytes[end - 1] == UInt8(ascii: "/")
                var nameEnd = position + (isEnd ? 2 : 1)
                while nameEnd < end, !endsName(bytes[nameEnd]) { nameEnd += 1 }
                let name = String(decoding: bytes[(position + (isEnd ? 2 : 1))..<nameEnd], as: UTF8.self)
                if isEnd {
                    guard let element = open.popLast() else { break }
                    if open.isEmpty {
                        found.append(
                            Element(
                                name: element.name, range: element.start..<(end + 1),
                                content: element.contentStart..<position))
                    }
                } else if isEmpty {
                    if open.isEmpty { found.append(Element(name: name, range: position..<(end + 1), content: nil)) }
                } else {
                    open.append((name, position, end + 1))
                }
                position = end + 1
            }
        }
        return found
    }

    /// The text of a `<key>` element.
    package static func keyText(_ element: Element, in bytes: [UInt8]) -> String {
        element.content.map { unescaped(bytes[$0]) } ?? ""
    }

    /// Where the `<!…>` declaration (a DOCTYPE, perhaps with an internal subset in
    /// brackets) starting at `start` ends: its `>`, or the end of the bytes.
    static func declarationEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 2
        var bracket = false
        while index < bytes.count, bracket || bytes[index] != UInt8(ascii: ">") {
            if bytes[index] == UInt8(ascii: "[") {
                bracket = true
            } else if bytes[index] == UInt8(ascii: "]") {
                bracket = false
            }
            index += 1
        }
        return index
    }

    /// Where the tag starting at `start` ends: its `>` outside quoted attribute values, or the
    /// end of the bytes.
    static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        return index
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    /// The text of a `<key>`, its character references resolved.
    package static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let code =
                    entity.hasPrefix("#x")
                    ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                result += code.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? "&\(entity);"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// The whitespace before `offset` on its line, if only whitespace is there.
    package static func indentation(before offset: Int, in bytes: [UInt8]) -> (lineStart: Int, indent: String)? {
        var start = offset
        while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
        guard start == 0 || bytes[start - 1] == UInt8(ascii: "\n") || bytes[start - 1] == UInt8(ascii: "\r") else {
            return nil
        }
        return (start, String(decoding: bytes[start..<offset], as: UTF8.self))
    }
}
