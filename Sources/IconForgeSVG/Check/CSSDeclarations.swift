/// One `property: value` declaration found in CSS text.
package struct CSSDeclaration: Equatable, Sendable {
    /// The property name, ASCII lower-cased.
    var property: String
    /// The value with comments replaced by a space and surrounding whitespace trimmed; may be empty.
    package var value: String
    /// UTF-8 byte offset of the property name within the scanned text.
    var utf8Offset: Int
}

/// Finds declarations and references in CSS text, tolerating any malformed input in linear time.
package enum CSSDeclarations {
    /// Declarations of a `style="..."` attribute value.
    package static func parseInline(_ text: String) -> [CSSDeclaration] {
        var parser = Parser(text)
        parser.parseDeclarationList(depth: 0)
        return parser.declarations
    }

    /// All declarations inside the rule blocks of a stylesheet (`<style>` element text).
    ///
    /// Selectors are ignored, comments skipped and strings respected; conditional and
    /// keyframes at-rules (`@media`, `@supports`, …) and nested rules are descended into,
    /// and blocks of other at-rules (`@font-face`, `@page`) read as declaration lists.
    package static func parseStyleSheet(_ text: String) -> [CSSDeclaration] {
        var parser = Parser(text)
        parser.parseRuleList(depth: 0)
        return parser.declarations
    }

    /// The declarations of a stylesheet's top-level style rules, each with its rule's
    /// selector text; declarations in at-rules or nested rules have no selector (nil).
    static func parseStyleRules(_ text: String) -> [(selector: String?, declaration: CSSDeclaration)] {
        var parser = Parser(text)
        parser.parseRuleList(depth: 0)
        return Array(zip(parser.selectors, parser.declarations))
    }

    /// Every url() target anywhere in CSS text, and every `@import` target in string form,
    /// with the UTF-8 offset of the target's first byte (inside any quotes).
    package static func references(in text: String) -> [(target: String, utf8Offset: Int)] {
        var scanner = CSSScanner(text)
        var references: [(target: String, utf8Offset: Int)] = []
        while let byte = scanner.peek() {
            if scanner.skipComment() { continue }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = scanner.readString()
            } else if scanner.isAtURL {
                let url = scanner.readURL()
                references.append((url.target, url.targetOffset))
            } else if byte == UInt8(ascii: "\\") || CSSScanner.isNameByte(byte) {
                // A name with escapes is the name they spell: `u\72l(` opens a url() token.
                let start = scanner.position
                if scanner.isURLAfterName(scanner.readName()) {
                    let url = scanner.readURL()
                    references.append((url.target, url.targetOffset))
                }
                if scanner.position == start { scanner.position += 1 }
            } else if byte == UInt8(ascii: "@") {
                guard Parser.atKeyword(in: &scanner) == "import" else { continue }
                // `@import url(...)` is found as a url() on the next turn; only the string form is read here.
                scanner.skipWhitespaceAndComments()
                if let quote = scanner.peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let contents = scanner.readString()
                    references.append((scanner.unescaped(contents), contents.lowerBound))
                }
            } else {
                scanner.position += 1
            }
        }
        return references
    }

    /// A recursive-descent reader of rule lists and declaration lists.
    private struct Parser {
        var scanner: CSSScanner
        var declarations: [CSSDeclaration] = []
        /// The selector of the top-level style rule each declaration sits in (nil elsewhere).
        var selectors: [String?] = []
        var currentSelector: String?

        /// Beyond this nesting, blocks are skipped rather than read, so hostile input cannot exhaust the stack.
        static let maxDepth = 32

        /// At-rules whose block holds rules rather than declarations (vendor prefixes removed).
        static let ruleListAtRules: Set<String> = [
            "media", "supports", "layer", "container", "document", "scope", "starting-style", "keyframes",
        ]

        init(_ text: String) {
            scanner = CSSScanner(text)
        }

        /// Reads rules up to the end of the text, or through the `}` closing the current block when `depth > 0`.
        mutating func parseRuleList(depth: Int) {
            while true {
                scanner.skipWhitespaceAndComments()
                guard let byte = scanner.peek() else { return }
                if byte == UInt8(ascii: "}") {
                    scanner.position += 1
                    if depth > 0 { return }
                } else if byte == UInt8(ascii: "@") {
                    parseAtRule(depth: depth, inStyleRule: false)
                } else if skipHTMLCommentMarker() {
                    continue
                } else {
                    // A qualified rule: the selector runs to "{", semicolons included.
                    let selectorStart = scanner.position
                    scanner.skipToDelimiter(semicolons: false)
                    if scanner.peek() == UInt8(ascii: "{") {
                        let outer = currentSelector
                        currentSelector = depth == 0 ? scanner.cleanedText(selectorStart..<scanner.position) : nil
                        scanner.position += 1
                        parseBlock(depth: depth + 1, asRuleList: false)
                        currentSelector = outer
                    }
                }
            }
        }

        /// Reads declarations (and nested rules) up to the end of the text, or through the `}`
        /// closing the current block when `depth > 0`.
        mutating func parseDeclarationList(depth: Int) {
            while true {
                scanner.skipWhitespaceAndComments()
                guard let byte = scanner.peek() else { return }
                if byte == UInt8(ascii: "}") {
                    scanner.position += 1
                    if depth > 0 { return }
                } else if byte == UInt8(ascii: ";") {
                    scanner.position += 1
                } else if byte == UInt8(ascii: "@") {
                    parseAtRule(depth: depth, inStyleRule: true)
                } else {
                    let start = scanner.position
                    scanner.skipToDelimiter(semicolons: true)
                    if scanner.peek() == UInt8(ascii: "{") {
                        // A nested rule (CSS nesting): what came before "{" was its selector.
                        let outer = currentSelector
                        currentSelector = nil
                        scanner.position += 1
                        parseBlock(depth: depth + 1, asRuleList: false)
                        currentSelector = outer
                    } else {
                        parseDeclaration(start..<scanner.position)
                    }
                }
            }
        }

        /// Reads an at-rule at the cursor: a statement ending in ";", or a prelude and a block.
        private mutating func parseAtRule(depth: Int, inStyleRule: Bool) {
            var name = Self.atKeyword(in: &scanner)
            if name.hasPrefix("-"), let dash = name.dropFirst().firstIndex(of: "-") {
                name = String(name[name.index(after: dash)...])
            }
            scanner.skipToDelimiter(semicolons: true)
            switch scanner.peek() {
            case UInt8(ascii: ";"):
                scanner.position += 1
            case UInt8(ascii: "{"):
                scanner.position += 1
                // Inside a style rule, even @media holds declarations (CSS nesting).
                let outer = currentSelector
                currentSelector = nil
                parseBlock(depth: depth + 1, asRuleList: !inStyleRule && Self.ruleListAtRules.contains(name))
                currentSelector = outer
            default:
                // "}" closes the enclosing block, and is left for its reader.
                break
            }
        }

        /// Reads a block whose `{` is consumed, through its `}`.
        private mutating func parseBlock(depth: Int, asRuleList: Bool) {
            if depth > Self.maxDepth {
                scanner.skipBlock()
            } else if asRuleList {
                parseRuleList(depth: depth)
            } else {
                parseDeclarationList(depth: depth)
            }
        }

        /// Records the declaration in `range` if it is `name: value`; anything else is dropped, as CSS does.
        private mutating func parseDeclaration(_ range: Range<Int>) {
            var declaration = scanner.limited(to: range)
            let nameStart = declaration.position
            while let byte = declaration.peek(), CSSScanner.isNameByte(byte) {
                declaration.position += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            let nameEnd = min(declaration.position, range.upperBound)
            declaration.position = nameEnd
            declaration.skipWhitespaceAndComments()
            guard nameEnd > nameStart, declaration.peek() == UInt8(ascii: ":") else { return }
            selectors.append(currentSelector)
            declarations.append(
                CSSDeclaration(
                    property: CSSScanner.asciiLowercased(
                        String(decoding: scanner.bytes[nameStart..<nameEnd], as: UTF8.self)),
                    value: scanner.cleanedText(declaration.position + 1..<range.upperBound),
                    utf8Offset: nameStart
                ))
        }

        /// Skips `<!--` or `-->`, which CSS ignores between rules; false if neither is at the cursor.
        private mutating func skipHTMLCommentMarker() -> Bool {
            let rest = scanner.bytes[scanner.position..<scanner.end]
            guard let marker = ["<!--", "-->"].first(where: { rest.starts(with: $0.utf8) }) else { return false }
            scanner.position += marker.utf8.count
            return true
        }

        /// Reads the `@name` at the cursor and returns the name, ASCII lower-cased.
        static func atKeyword(in scanner: inout CSSScanner) -> String {
            scanner.position += 1
            // Escapes decoded: `@imp\6frt` is `@import`.
            return CSSScanner.asciiLowercased(scanner.readName())
        }
    }
}
