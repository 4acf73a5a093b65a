/// A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), as GitHub code
/// scanning reads it: one run of iconforge, every rule with its description and default
/// level, one result per finding (with its suggested change, if any, in `properties.fix`).
package enum SARIFFormatter {
    /// The schema the document names in `$schema`.
    package static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The log for `diagnostics`, whose files are already relative to the repository root
    /// (see `PathBase`): GitHub matches a result to a file by that relative path.
    /// `completed`: false when the run stopped (exit 2 or 3) or left inputs unchecked; a
    /// finding about no file (the command line) is a tool notification then, not a result,
    /// since GitHub needs every result to have a location with a start line.
    package static func log(_ diagnostics: [Diagnostic], completed: Bool = true) -> String {
        let located = diagnostics.filter { !$0.file.isEmpty }
        let unlocated = diagnostics.filter { $0.file.isEmpty }
        let rules = RuleID.allCases
        let indexes = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element, $0.offset) })
        let document = Log(
            runs: [
                Run(
                    tool: Tool(
                        driver: Driver(
                            version: Builder.toolVersion, semanticVersion: Builder.toolVersion,
                            rules: rules.map { rule in
                                Rule(
                                    id: rule.rawValue, name: rule.rawValue,
                                    shortDescription: Message(text: rule.summary),
                                    fullDescription: Message(text: rule.summary),
                                    defaultConfiguration: Configuration(level: level(rule.defaultSeverity)))
                            })),
                    invocations: [
                        Invocation(
                            executionSuccessful: completed,
                            toolExecutionNotifications: unlocated.map {
                                Notification(
                                    level: level($0.severity), message: Message(text: $0.message),
                                    descriptor: Descriptor(id: $0.rule.rawValue))
                            })
                    ],
                    results: located.map { diagnostic in
                        Result(
                            ruleId: diagnostic.rule.rawValue, ruleIndex: indexes[diagnostic.rule]!,
                            level: level(diagnostic.severity),
                            message: Message(text: diagnostic.message),
                            properties: diagnostic.fix.map { Properties(fix: $0) },
                            locations: [
                                Location(
                                    physicalLocation: PhysicalLocation(
                                        artifactLocation: ArtifactLocation(uri: uri(diagnostic.file)),
                                        // GitHub needs a start line; a finding about the whole file points at its first.
                                        region: Region(
                                            startLine: diagnostic.location?.line ?? 1,
                                            startColumn: diagnostic.location?.column)))
                            ])
                    })
            ])
        let bytes =
            (try? JSONText.encode(document, formatting: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Array("{}".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func level(_ severity: Severity) -> String {
        severity == .error ? "error" : "warning"
    }

    /// A relative path as a URI reference (RFC 3986): every byte but unreserved characters
    /// and `/` percent-encoded, so a space, `#` or `%` in a glyph's name survives.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-._~/".unicodeScalars.contains(scalar)
            {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private struct Log: Encodable {
        var version = "2.1.0"
        var schema = SARIFFormatter.schemaURI
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case version
            case schema = "$schema"
            case runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var results: [Result]
        /// iconforge's columns count Unicode scalars.
        var columnKind = "unicodeCodePoints"
    }

    private struct Tool: Encodable { var driver: Driver }

    private struct Invocation: Encodable {
        var executionSuccessful: Bool
        var toolExecutionNotifications: [Notification]
    }

    private struct Notification: Encodable {
        var level: String
        var message: Message
        var descriptor: Descriptor
    }

    private struct Descriptor: Encodable { var id: String }

    private struct Driver: Encodable {
        var name = "iconforge"
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    private struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var defaultConfiguration: Configuration
    }

    private struct Configuration: Encodable { var level: String }

    private struct Message: Encodable { var text: String }

    private struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var properties: Properties?
        var locations: [Location]
    }

    /// A result's property bag (SARIF §3.8), holding a finding's suggested change as numbers,
    /// as `--format json` gives it: the message already says it in prose. It is not a SARIF
    /// `fixes` entry, which must be `artifactChanges` of the file's text (regions deleted and
    /// content inserted): the suggestion is a transform for the designer to apply in the
    /// drawing (or as a `<g>` around it), not an edit iconforge has located in the file.
    private struct Properties: Encodable { var fix: GeometryFix }

    private struct Location: Encodable { var physicalLocation: PhysicalLocation }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    private struct ArtifactLocation: Encodable { var uri: String }

    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
}
