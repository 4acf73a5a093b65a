/// How serious a finding is.
package enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One finding about one file: what rule, where, and a message a designer can act on.
package struct Diagnostic: Hashable, Sendable, Codable {
    package var severity: Severity
    package var rule: RuleID
    /// The file as the user named it (relative to the working directory when possible).
    package var file: String
    /// Line and column in the file, when the finding comes from an element or attribute.
    package var location: SourceLocation?
    package var message: String
    /// For a size or centring finding, the remedy as numbers (the message says it in words).
    package var fix: GeometryFix?

    package init(
        _ severity: Severity, _ rule: RuleID, file: String, at location: SourceLocation? = nil, _ message: String
    ) {
        self.severity = severity
        self.rule = rule
        self.file = file
        self.location = location
        self.message = message
    }

    /// A finding of `rule`, with the rule's severity.
    package init(_ rule: RuleID, file: String, at location: SourceLocation? = nil, _ message: String) {
        self.init(rule.defaultSeverity, rule, file: file, at: location, message)
    }

    /// A finding of the milder, warning kind of a rule that has one (`hasWarningVariant`).
    package init(warningOf rule: RuleID, file: String, at location: SourceLocation? = nil, _ message: String) {
        precondition(rule.hasWarningVariant, "\(rule.rawValue) has no warning variant")
        self.init(.warning, rule, file: file, at: location, message)
    }

    /// Orders diagnostics by file, then position (file-level findings first), then rule.
    package static func sortOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
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
