/// One attribute of an element, its value with entities decoded.
struct XMLAttribute: Equatable, Sendable {
    /// The name as written, with its prefix (`xlink:href`).
    var name: String
    /// The name without its prefix (`href`).
    var localName: String
    /// The namespace URI of the prefix, or nil for an unprefixed attribute.
    var namespace: String?
    var value: String
    /// Where the attribute's name starts.
    var location: SourceLocation
    /// Where its value starts (just inside the quote).
    var valueLocation: SourceLocation
}

/// An element with its attributes, element children and direct character data.
struct XMLElement: Equatable, Sendable {
    var name: String
    var localName: String
    var namespace: String?
    var attributes: [XMLAttribute]
    var children: [XMLElement]
    /// Character data directly inside this element (text and CDATA), concatenated.
    var text: String
    /// Where the first character data starts, if there is any.
    var textLocation: SourceLocation?
    /// Where the start tag's `<` is.
    var location: SourceLocation
    /// The element's bytes, from its start tag's `<` through its end tag's `>`, as offsets
    /// into the text the scanner read (`XMLDocument.renderable` minus `renderableShift`).
    var span: Range<Int> = 0..<0

    /// The first attribute with this local name in no namespace or in `namespace`.
    func attribute(_ localName: String, namespace: String? = nil) -> XMLAttribute? {
        attributes.first { $0.localName == localName && ($0.namespace == nil || $0.namespace == namespace) }
    }

    /// This element and every descendant, depth first in document order.
    func forEachElement(_ body: (XMLElement) -> Void) {
        var stack: [XMLElement] = [self]
        while let element = stack.popLast() {
            body(element)
            stack.append(contentsOf: element.children.reversed())
        }
    }
}

/// A parsed XML document: its root element and what its prolog declared.
struct XMLDocument: Equatable, Sendable {
    /// A `<!DOCTYPE …>` declaration.
    struct DocumentType: Equatable, Sendable {
        /// A SYSTEM or PUBLIC identifier: an external DTD that a parser could fetch.
        var externalID: String?
        /// Whether it has an internal subset (`[ … ]`), where entities are declared.
        var hasInternalSubset: Bool
        var location: SourceLocation
    }

    var root: XMLElement
    var documentType: DocumentType?
    /// Processing instructions other than the XML declaration (e.g. `xml-stylesheet`).
    var processingInstructions: [ProcessingInstruction]
    /// Number of elements in the document.
    var elementCount: Int
    /// Number of plain-text entities the DOCTYPE declared (and references expanded).
    var entityCount = 0
    /// The encoding the file was decoded from.
    var encoding = SourceDecoder.Encoding.utf8
    /// The bytes librsvg should parse: the file, or its text re-encoded as UTF-8.
    var renderable: [UInt8] = []
    /// How far an element's `span` lies from the same bytes in `renderable`: the two
    /// differ only before the root (a byte-order mark, the declaration's encoding name).
    var renderableShift = 0

    /// A `<?target data?>` instruction.
    struct ProcessingInstruction: Equatable, Sendable {
        var target: String
        var data: String
        var location: SourceLocation
    }
}

/// Why a document could not be parsed, and where.
struct XMLParseError: Error, Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Not well-formed XML.
        case malformed
        /// Not in an encoding iconforge reads, or not valid in the one it declares.
        case encoding
        /// Over a configured limit (nesting depth, element count).
        case limit
        /// An entity iconforge will not expand: external, parameter, or nested.
        case entity
    }
    var kind: Kind
    var message: String
    var location: SourceLocation
}
