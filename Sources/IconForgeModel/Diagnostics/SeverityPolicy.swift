/// Whether a run's findings fail it: each finding's severity (the rule's own, `RuleID.defaultSeverity`,
/// or the project's for that rule, `"severities"` in iconforge.json, which
/// `PipelineOptions.applyingSeverities` sets on a glyph's findings before its PNGs are
/// decided), then `--werror` (`"werror"` in iconforge.json).
package struct SeverityPolicy: Sendable, Equatable {
    /// `--werror`: warnings fail the run too.
    package var warningsAreErrors: Bool

    package init(warningsAreErrors: Bool = false) {
        self.warningsAreErrors = warningsAreErrors
    }

    /// The severity `diagnostic` counts with in this run. (It is still printed with the
    /// rule's own, and a run failed by warnings alone says why.)
    package func effectiveSeverity(of diagnostic: Diagnostic) -> Severity {
        warningsAreErrors ? .error : diagnostic.severity
    }

    /// Whether these findings fail the run.
    package func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { effectiveSeverity(of: $0) == .error }
    }

    /// Whether the run fails only because warnings count as errors.
    package func failsByWarningsAlone(_ diagnostics: [Diagnostic]) -> Bool {
        fails(diagnostics) && !diagnostics.contains { $0.severity == .error }
    }
}
