extension JSONText {
    /// How a document is laid out.
    package enum Layout: Sendable {
        /// One line, no spaces (`{"a":1}`): the build state, a worker's options.
        case compact
        /// Foundation's `.prettyPrinted`, which is also how Xcode writes Contents.json and String
        /// Catalogs: two spaces a level, `"key" : value`, an empty container as an opening and a
        /// closing line with an empty line between.
        case pretty
        /// As people write JSON (the JSON schemas, quick-actions.json, iconforge.json): two
        /// spaces a level, `"key": value`, an empty container as `{}` or `[]`, and a container
        /// asked for inline on one line (`["en", "fr"]`, `{ "glyph": "compose" }`).
        case readable
    }

    package enum Container: Sendable {
        case object
        case array
    }

    /// The one JSON writer: strings escaped, containers opened, separated, indented and
    /// closed as `layout` says. What goes in a container is written by the caller, item by
    /// item: a member is `key(_:)` then its value.
    package struct Writer {
        package let layout: Layout
        /// Whether `/` is written `\/`, as Foundation's encoder does unless told not to.
        let escapesSlashes: Bool
        package private(set) var bytes: [UInt8] = []

        package init(layout: Layout, escapesSlashes: Bool = false, capacity: Int = 256) {
            self.layout = layout
            self.escapesSlashes = escapesSlashes
            bytes.reserveCapacity(capacity)
        }

        /// `text` as a string literal.
        package mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            // A native string is contiguous; the rare bridged one is copied once.
            if text.utf8.withContiguousStorageIfAvailable({ escape($0) }) == nil {
                escape(Array(text.utf8))
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// The bytes between a string's quotes: the quote, the backslash, the slash when asked,
        /// the control characters (`\b`, `\f`, `\n`, `\r`, `\t`, the rest as `\u00xx` in
        /// lower-case hex, as Foundation writes them), U+2028 and U+2029.
        private mutating func escape<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes) where Bytes.Index == Int {
            var index = text.startIndex
            while index < text.endIndex {
                let byte = text[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "/") where escapesSlashes: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "/")]
                case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x00..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ]
                case 0xE2:
                    if let separator = Self.lineSeparatorEscape(text, at: index - 1) {
                        bytes += separator
                        index += 2
                    } else {
                        bytes.append(byte)
                    }
                default: bytes.append(byte)
                }
            }
        }

        /// `\u2028` or `\u2029` when the UTF-8 of U+2028 or U+2029 starts at `index`.
        static func lineSeparatorEscape<Bytes: RandomAccessCollection<UInt8>>(_ text: Bytes, at index: Int) -> [UInt8]?
        where Bytes.Index == Int {
            guard index + 2 < text.endIndex, text[index] == 0xE2, text[index + 1] == 0x80,
                text[index + 2] == 0xA8 || text[index + 2] == 0xA9
            else { return nil }
            return Array((text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
        }

        /// A value's text as it is: a number, `true`, `false`, `null`, or a string literal as
        /// a file already spelled it.
        package mutating func token(_ text: String) {
            bytes += text.utf8
        }

        /// JSON already written by this writer's layout at this place (a cached fragment).
        package mutating func verbatim<Bytes: Sequence<UInt8>>(_ fragment: Bytes) {
            bytes += fragment
        }

        /// A member's key and the separator after it.
        package mutating func key(_ key: String) {
            string(key)
            keySeparator()
        }

        /// A member's key as a file already spelled it, quotes included, and the separator.
        package mutating func keyToken(_ token: String) {
            bytes += token.utf8
            keySeparator()
        }

        private mutating func keySeparator() {
            switch layout {
            case .compact: bytes.append(UInt8(ascii: ":"))
            case .pretty: bytes += [0x20, UInt8(ascii: ":"), 0x20]
            case .readable: bytes += [UInt8(ascii: ":"), 0x20]
            }
        }

        /// A container of `count` items at `depth` (0 for the document), each written by
        /// `item` with its index; `inline` puts a readable document's container on one line.
        package mutating func container(
            _ kind: Container, count: Int, depth: Int, inline: Bool = false, item: (inout Writer, Int) -> Void
        ) {
            let (open, close) =
                kind == .object ? (UInt8(ascii: "{"), UInt8(ascii: "}")) : (UInt8(ascii: "["), UInt8(ascii: "]"))
            bytes.append(open)
            if inline, layout == .readable {
                if kind == .object { bytes.append(0x20) }
                for index in 0..<count {
                    if index > 0 { bytes += [UInt8(ascii: ","), 0x20] }
                    item(&self, index)
                }
                if kind == .object { bytes.append(0x20) }
            } else if layout == .compact || (layout == .readable && count == 0) {
                for index in 0..<count {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    item(&self, index)
                }
            } else {
                bytes.append(0x0A)
                for index in 0..<count {
                    if index > 0 { bytes += [UInt8(ascii: ","), 0x0A] }
                    indent(depth + 1)
                    item(&self, index)
                }
                bytes.append(0x0A)
                indent(depth)
            }
            bytes.append(close)
        }

        private mutating func indent(_ depth: Int) {
            bytes += repeatElement(0x20, count: 2 * depth)
        }
    }
}
