/// How serious a finding is.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One finding about one file: what rule, where, and a message a designer can act on.
public struct Diagnostic: Hashable, Sendable, Codable {
    public var severity: Severity
    public var rule: RuleID
    /// The file as the user named it (relative to the working directory when possible).
    public var file: String
    /// Line and column in the file, when the finding comes from an element or attribute.
    public var location: SourceLocation?
    public var message: String
    /// For a size or centring finding, the remedy as numbers (the message says it in words).
    public var fix: GeometryFix?

    public init(_ severity: Severity, _ rule: RuleID, file: String, at location: SourceLocation? = nil, _ message: String) {
        self.severity = severity
        self.rule = rule
        self.file = file
        self.location = location
        self.message = message
    }

    /// A finding of `rule`, with the rule's severity.
    public init(_ rule: RuleID, file: String, at location: SourceLocation? = nil, _ message: String) {
        self.init(rule.defaultSeverity, rule, file: file, at: location, message)
    }

    /// A finding of the milder, warning kind of a rule that has one (`hasWarningVariant`).
    public init(warningOf rule: RuleID, file: String, at location: SourceLocation? = nil, _ message: String) {
        precondition(rule.hasWarningVariant, "\(rule.rawValue) has no warning variant")
        self.init(.warning, rule, file: file, at: location, message)
    }

    /// Orders diagnostics by file, then position (file-level findings first), then rule.
    public static func sortOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        switch (lhs.location, rhs.location) {
        case (nil, .some): return true
        case (.some, nil): return false
        case (let l?, let r?) where l != r: return l < r
        default: break
        }
        if lhs.rule != rhs.rule { return lhs.rule.rawValue < rhs.rule.rawValue }
        return lhs.message < rhs.message
    }
}
