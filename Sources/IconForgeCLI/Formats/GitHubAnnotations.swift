/// What `--format github` prints within what GitHub shows: the runner turns only the first
/// 10 error and 10 warning workflow commands of a step into annotations and drops the rest.
package enum GitHubAnnotations {
    /// Annotations GitHub shows per step, for errors and again for warnings.
    package static let limit = 10

    /// The annotations to print, the findings left over (for the log, in text form), and
    /// the closing notice when some were left over.
    package struct Selection: Sendable, Equatable {
        package var annotations: [String]
        package var rest: [Diagnostic]
        package var notice: String?
    }

    /// Picks, per severity, the `limit` most useful of the (grouped) `diagnostics`: one of
    /// each rule first, the rule failing the most files first (so that every kind of
    /// problem shows in the pull request), then the others in order; keeps the chosen
    /// ones in their original order. `summaryWritten`: the notice points at the job summary.
    package static func select(_ diagnostics: [Diagnostic], limit: Int = limit, summaryWritten: Bool) -> Selection {
        var chosen = Set<Int>()
        for severity in [Severity.error, .warning] {
            let indexes = diagnostics.indices.filter { diagnostics[$0].severity == severity }
            var filesByRule: [RuleID: Set<String>] = [:]
            for index in indexes { filesByRule[diagnostics[index].rule, default: []].insert(diagnostics[index].file) }
            let rules = filesByRule.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map(\.key)
            var picked: [Int] = []
            for rule in rules where picked.count < limit {
                if let first = indexes.first(where: { diagnostics[$0].rule == rule }) { picked.append(first) }
            }
            for index in indexes where picked.count < limit && !picked.contains(index) { picked.append(index) }
            chosen.formUnion(picked)
        }
        let annotations = diagnostics.indices.filter { chosen.contains($0) }.map {
            DiagnosticFormatter.github(diagnostics[$0])
        }
        let rest = diagnostics.indices.filter { !chosen.contains($0) }.map { diagnostics[$0] }
        guard !rest.isEmpty else { return Selection(annotations: annotations, rest: [], notice: nil) }
        let errors = rest.filter { $0.severity == .error }.count
        let warnings = rest.count - errors
        var counts: [String] = []
        if errors > 0 { counts.append(errors == 1 ? "1 more error" : "\(errors) more errors") }
        if warnings > 0 { counts.append(warnings == 1 ? "1 more warning" : "\(warnings) more warnings") }
        let place = summaryWritten ? "the job summary and the step's log" : "the step's log"
        let notice =
            "::notice title=iconforge::\(counts.joined(separator: " and ")) than GitHub annotates (\(limit) of each per step): see \(place), or run with --format json or sarif for every finding"
        return Selection(annotations: annotations, rest: rest, notice: notice)
    }
}
