/// How deep and how large a property list iconforge reads may be: an app's Info.plist is a
/// few levels deep and holds a few hundred values. Foundation's XML property-list parser
/// recurses once per level (10,000 nested `<array>`s overflowed its stack: a segfault, no
/// message) and takes time superlinear in the depth, so an XML file is measured here first,
/// without recursion, and refused over a limit with a message that names it; the binary
/// reader counts the same way as it goes, so that objects referring to one another many
/// times over cannot make it build an exponential tree.
package enum PropertyListLimits {
    /// Arrays and dictionaries open at once.
    package static let maximumDepth = 64
    /// Values (elements, for XML) in one file.
    package static let maximumValues = 200_000

    static func depthMessage(_ what: String) -> String {
        "\(what) nests arrays and dictionaries deeper than \(maximumDepth) levels (the depth limit); an Info.plist needs a few"
    }

    static func countMessage(_ what: String) -> String {
        "\(what) holds more than \(maximumValues) values (the value limit); an Info.plist holds a few hundred"
    }

    /// Nil when the XML property list `bytes` is within both limits, else what it broke. Only
    /// tags are looked at (comments, processing instructions, CDATA and a DOCTYPE skipped);
    /// whether the file is a well-formed property list is the parser's business.
    package static func xmlProblem(_ bytes: [UInt8], what: String) -> String? {
        var depth = 0
        var values = 0
        var position = 0
        let lessThan = UInt8(ascii: "<")
        let slash = UInt8(ascii: "/")
        func skip(past terminator: [UInt8], from start: Int) -> Int {
            var index = start
            while index + terminator.count <= bytes.count {
                if bytes[index] == terminator[0], bytes[index..<index + terminator.count].elementsEqual(terminator) {
                    return index + terminator.count
                }
                index += 1
            }
            return bytes.count
        }
        while position < bytes.count {
            guard bytes[position] == lessThan else {
                position += 1
                continue
            }
            let next = position + 1 < bytes.count ? bytes[position + 1] : 0
            if next == UInt8(ascii: "!") {
                if bytes[position...].starts(with: Array("<!--".utf8)) {
                    position = skip(past: Array("-->".utf8), from: position + 4)
                } else if bytes[position...].starts(with: Array("<![CDATA[".utf8)) {
                    position = skip(past: Array("]]>".utf8), from: position + 9)
                } else {
                    position = PropertyListLayout.declarationEnd(bytes, from: position) + 1
                }
                continue
            }
            if next == UInt8(ascii: "?") {
                position = skip(past: Array("?>".utf8), from: position + 2)
                continue
            }
            let end = PropertyListLayout.tagEnd(bytes, from: position)
            if next == slash {
                depth -= 1
            } else {
                values += 1
                guard values <= maximumValues else { return countMessage(what) }
                if end < bytes.count, bytes[end - 1] != slash {
                    depth += 1
                    // <plist> is one level; the arrays and dictionaries inside it are the rest.
                    guard depth <= maximumDepth + 1 else { return depthMessage(what) }
                }
            }
            position = end + 1
        }
        return nil
    }
}
