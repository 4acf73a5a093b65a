/// A small, strict, non-validating XML parser for SVG glyphs.
///
/// iconforge parses markup itself, rather than through `XMLParser`, for three reasons:
/// every element and attribute keeps its exact line and column (so diagnostics point
/// at the attribute, not the end of the tag); nothing is ever fetched (an external DTD is
/// recorded, never read; external and parameter entities are refused), and the only
/// entities expanded are plain-text ones within small fixed limits, so entity bombs cost
/// nothing; and depth and size are bounded by explicit limits with an iterative parser
/// that cannot overflow the stack.
struct XMLScanner {
    /// The most attributes one element may have; no real glyph comes near it.
    static let maximumAttributes = 1_000
    /// Internal entities: how many one DOCTYPE may declare, how long each value may be, and
    /// how many bytes all references together may expand to. Illustrator declares about
    /// ten namespace URIs of under 60 bytes; an expansion bomb needs far more of each.
    static let maximumEntities = 64
    static let maximumEntityBytes = 1_024
    static let maximumExpansionBytes = 64 * 1_024

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0
    /// Lines and columns, counted forward from the last location asked for (a 1 MB
    /// single-line file stays linear).
    private var cursor: SourceCursor
    /// Whether a DOCTYPE declared an internal subset, where entities would be defined.
    private var declaresEntities = false
    /// Plain-text entities the internal subset declares, by name.
    private var entities: [String: [UInt8]] = [:]
    /// Bytes produced so far by expanding declared entities.
    private var expandedBytes = 0

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
        cursor = SourceCursor(bytes)
    }

    /// Parses `bytes` (in any encoding `SourceDecoder` reads) into a document.
    static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(XMLParseError) -> XMLDocument {
        let decoded = try SourceDecoder.decode(bytes)
        var scanner = XMLScanner(bytes: decoded.utf8, limits: limits)
        var document = try scanner.parseDocument()
        document.encoding = decoded.encoding
        document.renderable = decoded.renderable
        document.renderableShift = decoded.renderable.count - decoded.utf8.count
        return document
    }

    // MARK: - Document structure

    fileprivate struct OpenElement {
        var element: XMLElement
        /// Prefix → namespace bindings visible inside this element.
        var namespaces: [String: String]
    }

    /// What the document has shown so far, as `parseDocument` goes through it.
    private struct DocumentSoFar {
        var documentType: XMLDocument.DocumentType?
        var instructions: [XMLDocument.ProcessingInstruction] = []
        /// The elements open, outermost first.
        var stack: [OpenElement] = []
        var root: XMLElement?
        var elementCount = 0

        /// A complete element, into its parent, or as the root.
        mutating func attach(_ element: XMLElement) {
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].element.children.append(element)
            }
        }
    }

    private mutating func parseDocument() throws(XMLParseError) -> XMLDocument {
        var document = DocumentSoFar()
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                try parseText(&document)
                continue
            }
            let start = location()
            if hasPrefix("<!--") {
                try skip(past: "-->", from: 4, what: "comment", start: start)
            } else if hasPrefix("<![CDATA[") {
                guard !document.stack.isEmpty else { throw error("CDATA outside the root element", at: start) }
                position += 9
                let textStart = location()
                let text = try take(until: "]]>", what: "CDATA section", start: start)
                document.stack[document.stack.count - 1].appendText(text, at: textStart)
            } else if hasPrefix("<!DOCTYPE") {
                guard document.root == nil, document.stack.isEmpty, document.documentType == nil else {
                    throw error("DOCTYPE after the root element started", at: start)
                }
                document.documentType = try parseDocumentType(start: start)
            } else if hasPrefix("<?") {
                try parseProcessingInstruction(start: start, into: &document)
            } else if hasPrefix("</") {
                try parseEndTag(start: start, into: &document)
            } else {
                try parseElementStart(start: start, into: &document)
            }
        }
        if let open = document.stack.last {
            throw error("<\(open.element.name)> is never closed (the file may be truncated)", at: open.element.location)
        }
        guard let root = document.root else { throw error("no root element", at: location()) }
        return XMLDocument(
            root: root, documentType: document.documentType, processingInstructions: document.instructions,
            elementCount: document.elementCount,
            entityCount: entities.count)
    }

    /// Text up to the next `<`: only white space outside the root element.
    private mutating func parseText(_ document: inout DocumentSoFar) throws(XMLParseError) {
        let start = location()
        let text = try parseCharacterData()
        if document.stack.isEmpty {
            guard text.allSatisfy(\.isXMLWhitespace) else {
                throw error("text outside the root element", at: start)
            }
        } else {
            document.stack[document.stack.count - 1].appendText(text, at: start)
        }
    }

    /// `<?target data?>`: the XML declaration only at the very start, others kept.
    private mutating func parseProcessingInstruction(start: SourceLocation, into document: inout DocumentSoFar)
        throws(XMLParseError)
    {
        position += 2
        let target = takeName()
        let data = try take(until: "?>", what: "processing instruction", start: start)
        if target.isEmpty { throw error("processing instruction without a target", at: start) }
        if target.lowercased() == "xml" {
            // (Its encoding was honoured by SourceDecoder before scanning.)
            guard start.line == 1, start.column == 1 else {
                throw error("XML declaration not at the very start of the file", at: start)
            }
        } else {
            document.instructions.append(
                XMLDocument.ProcessingInstruction(target: target, data: data.trimmingXMLWhitespace(), location: start))
        }
    }

    /// `</name>`, which must close the element open innermost.
    private mutating func parseEndTag(start: SourceLocation, into document: inout DocumentSoFar) throws(XMLParseError) {
        position += 2
        let name = takeName()
        skipWhitespace()
        guard consume(">") else { throw error("expected '>' to close </\(name)>", at: location()) }
        guard var open = document.stack.popLast() else {
            throw error("closing tag </\(name)> without an open element", at: start)
        }
        guard open.element.name == name else {
            throw error(
                "closing tag </\(name)> does not match <\(open.element.name)> opened at line \(open.element.location.line)",
                at: start)
        }
        open.element.span = open.element.span.lowerBound..<position
        document.attach(open.element)
    }

    /// A start tag or an empty element, within the limits on elements and depth.
    private mutating func parseElementStart(start: SourceLocation, into document: inout DocumentSoFar)
        throws(XMLParseError)
    {
        guard document.root == nil else { throw error("a second root element", at: start) }
        let startOffset = position
        position += 1
        let parentNamespaces = document.stack.last?.namespaces ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
        var (open, selfClosing) = try parseStartTag(start: start, parentNamespaces: parentNamespaces)
        open.element.span = startOffset..<position
        document.elementCount += 1
        if document.elementCount > limits.maximumElements {
            throw XMLParseError(
                kind: .limit, message: "more than \(limits.maximumElements) elements (raise it with --max-elements)",
                location: start)
        }
        if selfClosing {
            document.attach(open.element)
        } else {
            if document.stack.count + 1 > limits.maximumDepth {
                throw XMLParseError(
                    kind: .limit,
                    message:
                        "elements nested more than \(limits.maximumDepth) deep, iconforge's limit for glyphs; flatten the groups (ungroup in your editor)",
                    location: start)
            }
            open.element.children.reserveCapacity(4)
            document.stack.append(open)
        }
    }

    private mutating func parseStartTag(
        start: SourceLocation, parentNamespaces: [String: String]
    ) throws(XMLParseError) -> (OpenElement, selfClosing: Bool) {
        let name = takeName()
        guard !name.isEmpty else { throw error("expected an element name after '<'", at: start) }
        let (rawAttributes, selfClosing) = try parseAttributes(of: name, start: start)
        var namespaces = parentNamespaces
        for attribute in rawAttributes {
            if attribute.name == "xmlns" {
                namespaces[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                namespaces[String(attribute.name.dropFirst(6))] = attribute.value
            }
        }
        let (elementPrefix, elementLocal) = split(qualifiedName: name)
        let elementNamespace = namespaces[elementPrefix ?? ""].flatMap { $0.isEmpty ? nil : $0 }
        if let elementPrefix, namespaces[elementPrefix] == nil {
            throw error("namespace prefix '\(elementPrefix)' is not declared", at: start)
        }
        let attributes = try resolve(rawAttributes, in: namespaces)
        let element = XMLElement(
            name: name, localName: elementLocal, namespace: elementNamespace, attributes: attributes,
            children: [], text: "", textLocation: nil, location: start)
        return (OpenElement(element: element, namespaces: namespaces), selfClosing)
    }

    /// An attribute as written, before its prefix is resolved.
    private typealias RawAttribute = (
        name: String, value: String, location: SourceLocation, valueLocation: SourceLocation
    )

    /// The attributes of the start tag of `name` up to its `>` or `/>`, and whether it was `/>`.
    private mutating func parseAttributes(
        of name: String, start: SourceLocation
    ) throws(XMLParseError) -> ([RawAttribute], selfClosing: Bool) {
        var rawAttributes: [RawAttribute] = []
        var attributeNames = Set<String>()
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else {
                throw error("<\(name)> start tag is never closed (the file may be truncated)", at: start)
            }
            if consume(">") { break }
            if consume("/>") {
                selfClosing = true
                break
            }
            guard hadSpace else { throw error("expected whitespace before an attribute in <\(name)>", at: location()) }
            let attributeLocation = location()
            let attributeName = takeName()
            guard !attributeName.isEmpty else {
                throw error("unexpected character in <\(name)> start tag", at: attributeLocation)
            }
            skipWhitespace()
            guard consume("=") else {
                throw error("attribute '\(attributeName)' has no value", at: attributeLocation)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
            else {
                throw error("value of '\(attributeName)' must be quoted", at: location())
            }
            let quote = bytes[position]
            position += 1
            let valueLocation = location()
            let value = try parseAttributeValue(quote: quote, attribute: attributeName, start: attributeLocation)
            guard attributeNames.insert(attributeName).inserted else {
                throw error("attribute '\(attributeName)' appears twice", at: attributeLocation)
            }
            guard attributeNames.count <= Self.maximumAttributes else {
                throw XMLParseError(
                    kind: .limit,
                    message:
                        "<\(name)> has more than \(Self.maximumAttributes) attributes, iconforge's limit for glyphs",
                    location: attributeLocation)
            }
            rawAttributes.append((attributeName, value, attributeLocation, valueLocation))
        }
        return (rawAttributes, selfClosing)
    }

    /// `rawAttributes` with their prefixes resolved in `namespaces` (`xmlns:` declarations
    /// stay in no namespace).
    private func resolve(
        _ rawAttributes: [RawAttribute], in namespaces: [String: String]
    ) throws(XMLParseError) -> [XMLAttribute] {
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(rawAttributes.count)
        for attribute in rawAttributes {
            let (prefix, local) = split(qualifiedName: attribute.name)
            var namespace: String?
            if let prefix, prefix != "xmlns" {
                guard let bound = namespaces[prefix] else {
                    throw error("namespace prefix '\(prefix)' is not declared", at: attribute.location)
                }
                namespace = bound
            }
            attributes.append(
                XMLAttribute(
                    name: attribute.name, localName: local, namespace: namespace, value: attribute.value,
                    location: attribute.location, valueLocation: attribute.valueLocation))
        }
        return attributes
    }

    private mutating func parseDocumentType(start: SourceLocation) throws(XMLParseError) -> XMLDocument.DocumentType {
        position += 9
        var externalID: String?
        var hasInternalSubset = false
        var quote: UInt8?
        var tokens: [String] = []
        var token: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open {
                    quote = nil
                    tokens.append(String(decoding: token, as: UTF8.self))
                    token = []
                } else {
                    token.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                quote = byte
            case UInt8(ascii: "["):
                hasInternalSubset = true
                declaresEntities = true
                try parseInternalSubset(start: start)
            case UInt8(ascii: ">"):
                if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
                if let keyword = tokens.firstIndex(where: { $0 == "SYSTEM" || $0 == "PUBLIC" }),
                    keyword + 1 < tokens.count
                {
                    externalID = tokens.last
                }
                return XMLDocument.DocumentType(
                    externalID: externalID, hasInternalSubset: hasInternalSubset, location: start)
            case _ where byte.isXMLWhitespace:
                if !token.isEmpty { tokens.append(String(decoding: token, as: UTF8.self)) }
                token = []
            default:
                token.append(byte)
            }
        }
        throw error("DOCTYPE is never closed", at: start)
    }

    /// Reads the internal subset up to its `]`: comments, processing instructions and
    /// `<!ENTITY name "plain text">` declarations. Anything that could read a file, pull in
    /// more declarations or build an expansion bomb is refused, with the reason.
    private mutating func parseInternalSubset(start: SourceLocation) throws(XMLParseError) {
        while position < bytes.count {
            if skipWhitespace() { continue }
            if consume("]") { return }
            let at = location()
            if hasPrefix("<!--") {
                try skip(past: "-->", from: 4, what: "comment", start: at)
            } else if hasPrefix("<?") {
                try skip(past: "?>", from: 2, what: "processing instruction", start: at)
            } else if consume("<!ENTITY") {
                try parseEntityDeclaration(start: at)
            } else if bytes[position] == UInt8(ascii: "%") {
                throw XMLParseError(
                    kind: .entity,
                    message:
                        "the DOCTYPE uses a parameter entity (%name;), which can pull in more declarations; iconforge reads only plain-text <!ENTITY name \"text\"> declarations: delete the <!DOCTYPE …> block and write the content out",
                    location: at)
            } else if consume("<!") {
                let keyword = takeName()
                throw XMLParseError(
                    kind: .entity,
                    message:
                        "the DOCTYPE declares <!\(keyword) …>, which iconforge does not interpret (it reads only plain-text <!ENTITY name \"text\"> declarations); delete that declaration or the whole <!DOCTYPE …> block",
                    location: at)
            } else {
                throw error("unexpected character in the DOCTYPE's internal subset", at: at)
            }
        }
        throw error("DOCTYPE internal subset is never closed", at: start)
    }

    /// `<!ENTITY name "value">` after its keyword, recorded when it is plain text.
    private mutating func parseEntityDeclaration(start: SourceLocation) throws(XMLParseError) {
        guard skipWhitespace() else { throw error("expected whitespace after <!ENTITY", at: location()) }
        if position < bytes.count, bytes[position] == UInt8(ascii: "%") {
            throw XMLParseError(
                kind: .entity,
                message:
                    "the DOCTYPE declares a parameter entity (<!ENTITY % …>), which can pull in more declarations; iconforge expands only plain-text entities: delete the <!DOCTYPE …> block and write the content out",
                location: start)
        }
        let name = takeName()
        guard !name.isEmpty else { throw error("expected an entity name after <!ENTITY", at: location()) }
        skipWhitespace()
        if hasPrefix("SYSTEM") || hasPrefix("PUBLIC") {
            throw XMLParseError(
                kind: .entity,
                message:
                    "entity '\(name)' is external (SYSTEM or PUBLIC): expanding it would read a file or URL; iconforge never does: delete the declaration and write the content out",
                location: start)
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
        else {
            throw error("entity '\(name)' needs a quoted value", at: location())
        }
        let quote = bytes[position]
        position += 1
        var value: [UInt8] = []
        while position < bytes.count, bytes[position] != quote {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "%") {
                throw XMLParseError(
                    kind: .entity,
                    message:
                        "entity '\(name)' refers to another entity; nested references can expand without bound, and iconforge expands only plain text: write the value out",
                    location: location())
            }
            if byte == UInt8(ascii: "<") {
                throw XMLParseError(
                    kind: .entity,
                    message:
                        "entity '\(name)' holds markup; iconforge expands only plain-text entities: write the markup out where it is used",
                    location: location())
            }
            value.append(byte)
            position += 1
            if value.count > Self.maximumEntityBytes {
                throw XMLParseError(
                    kind: .limit,
                    message:
                        "entity '\(name)' is longer than \(Self.maximumEntityBytes) bytes, iconforge's limit for entity values; write the content out and delete the declaration",
                    location: start)
            }
        }
        guard position < bytes.count else { throw error("entity '\(name)' value is never closed", at: start) }
        position += 1
        skipWhitespace()
        guard consume(">") else {
            throw error("expected '>' to end the declaration of entity '\(name)'", at: location())
        }
        // The first declaration of a name is binding (XML 1.0, 4.2).
        if entities[name] == nil {
            guard entities.count < Self.maximumEntities else {
                throw XMLParseError(
                    kind: .limit,
                    message:
                        "the DOCTYPE declares more than \(Self.maximumEntities) entities, iconforge's limit; write the content out and delete the <!DOCTYPE …> block",
                    location: start)
            }
            entities[name] = value
        }
    }

    // MARK: - Character data and references

    private mutating func parseCharacterData() throws(XMLParseError) -> String {
        var out: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                out.append(contentsOf: try parseReference())
            } else {
                position += 1
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func parseAttributeValue(quote: UInt8, attribute: String, start: SourceLocation)
        throws(XMLParseError) -> String
    {
        var out: [UInt8] = []
        while true {
            guard position < bytes.count else {
                throw error("value of '\(attribute)' is never closed (the file may be truncated)", at: start)
            }
            let byte = bytes[position]
            if byte == quote {
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            switch byte {
            case UInt8(ascii: "<"):
                throw error("'<' inside the value of '\(attribute)'", at: location())
            case UInt8(ascii: "&"):
                out.append(contentsOf: try parseReference())
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                // Attribute-value normalisation: whitespace characters become spaces.
                position += 1
                out.append(UInt8(ascii: " "))
            default:
                position += 1
                out.append(byte)
            }
        }
    }

    /// Decodes `&name;` or `&#…;` at the current position: the five predefined entities,
    /// character references, and the plain-text entities the DOCTYPE declared.
    private mutating func parseReference() throws(XMLParseError) -> [UInt8] {
        let start = location()
        let begin = position + 1
        var end = begin
        while end < bytes.count, end - begin < 32, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw error("'&' must start an entity reference such as &amp;", at: start)
        }
        let name = String(decoding: bytes[begin..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error("invalid character reference &\(name);", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
        if let value = entities[name] {
            expandedBytes += value.count
            guard expandedBytes <= Self.maximumExpansionBytes else {
                throw XMLParseError(
                    kind: .limit,
                    message:
                        "entity references expand to more than \(Self.maximumExpansionBytes) bytes in all, iconforge's limit (an expansion bomb?); write the content out and delete the <!DOCTYPE …> block",
                    location: start)
            }
            return value
        }
        let declared = declaresEntities ? ", and the entities the DOCTYPE declares" : ""
        throw error("entity &\(name); is not defined (only &lt; &gt; &amp; &quot; &apos;\(declared) are)", at: start)
    }

    // MARK: - Low-level scanning

    private func hasPrefix(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for index in 0..<count where bytes[position + index] != literalBytes[index] { return false }
            return true
        }
    }

    private mutating func consume(_ literal: StaticString) -> Bool {
        guard hasPrefix(literal) else { return false }
        position += literal.utf8CodeUnitCount
        return true
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let begin = position
        while position < bytes.count, bytes[position].isXMLWhitespace { position += 1 }
        return position > begin
    }

    private mutating func takeName() -> String {
        let begin = position
        while position < bytes.count, bytes[position].isXMLNameByte { position += 1 }
        return String(decoding: bytes[begin..<position], as: UTF8.self)
    }

    /// Returns the text up to `terminator` and moves past it.
    private mutating func take(until terminator: StaticString, what: String, start: SourceLocation)
        throws(XMLParseError) -> String
    {
        let begin = position
        while position < bytes.count {
            if hasPrefix(terminator) {
                let text = String(decoding: bytes[begin..<position], as: UTF8.self)
                position += terminator.utf8CodeUnitCount
                return text
            }
            position += 1
        }
        throw error("\(what) is never closed (the file may be truncated)", at: start)
    }

    private mutating func skip(past terminator: StaticString, from offset: Int, what: String, start: SourceLocation)
        throws(XMLParseError)
    {
        position += offset
        _ = try take(until: terminator, what: what, start: start)
    }

    private mutating func location() -> SourceLocation {
        cursor.location(at: position)
    }

    private func split(qualifiedName: String) -> (prefix: String?, local: String) {
        guard let colon = qualifiedName.firstIndex(of: ":") else { return (nil, qualifiedName) }
        return (String(qualifiedName[..<colon]), String(qualifiedName[qualifiedName.index(after: colon)...]))
    }

    private func error(_ message: String, at location: SourceLocation) -> XMLParseError {
        XMLParseError(kind: .malformed, message: message, location: location)
    }
}

extension XMLScanner.OpenElement {
    fileprivate mutating func appendText(_ text: String, at location: SourceLocation) {
        if element.textLocation == nil { element.textLocation = location }
        element.text += text
    }
}

extension UInt8 {
    fileprivate var isXMLWhitespace: Bool {
        self == 0x20 || self == 0x0A || self == 0x09 || self == 0x0D
    }

    /// Bytes allowed in an XML name: ASCII letters, digits, `_ - . :`, and any non-ASCII
    /// byte (names with non-ASCII letters are rare in SVG and harmless to accept).
    fileprivate var isXMLNameByte: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            self >= 0x80
        }
    }
}

extension Character {
    fileprivate var isXMLWhitespace: Bool {
        self == " " || self == "\n" || self == "\t" || self == "\r" || self == "\r\n"
    }
}

extension String {
    fileprivate func trimmingXMLWhitespace() -> String {
        String(self.drop { $0.isXMLWhitespace }.reversed().drop { $0.isXMLWhitespace }.reversed())
    }
}
