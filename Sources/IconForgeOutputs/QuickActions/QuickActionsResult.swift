/// What checking `quick-actions.json` found, and the files it generates when nothing is wrong.
package struct QuickActionsResult: Sendable {
    /// Every finding, sorted by position.
    package var diagnostics: [Diagnostic]
    /// `QuickActions.plist` and `<locale>.lproj/InfoPlist.strings`, sorted by path; empty when
    /// any diagnostic is an error.
    package var files: [(relativePath: String, bytes: [UInt8])]
    /// The definitions the files were made from; nil when there are errors.
    package var definitions: QuickActionDefinitions?

    package init(diagnostics: [Diagnostic], files: [(relativePath: String, bytes: [UInt8])]) {
        self.diagnostics = diagnostics
        self.files = files
    }

    package var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }
}
