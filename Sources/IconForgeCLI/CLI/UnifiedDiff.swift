/// A unified diff of two texts by line (`diff -u`'s format, three lines of context), for
/// `iconforge fix --dry-run`. Myers' algorithm: O((N + M) · D) for D changed lines, so a
/// fix's two inserted lines cost one pass over a file of any length.
enum UnifiedDiff {
    /// The diff of `old` and `new`, labelled `a/label` and `b/label`; empty when they are equal.
    static func of(_ old: String, _ new: String, label: String, context: Int = 3) -> [String] {
        let a = lines(old)
        let b = lines(new)
        let edits = script(a, b)
        guard edits.contains(where: { $0.kind != .same }) else { return [] }
        var output = ["--- a/\(label)", "+++ b/\(label)"]
        var index = 0
        while index < edits.count {
            guard edits[index].kind != .same else {
                index += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` after the last
            // change that is no more than 2 × context lines from the next.
            var end = index
            var scan = index
            while scan < edits.count {
                if edits[scan].kind != .same {
                    end = scan
                } else if scan - end > 2 * context {
                    break
                }
                scan += 1
            }
            let start = max(0, index - context)
            let stop = min(edits.count, end + context + 1)
            let hunk = edits[start..<stop]
            let oldCount = hunk.filter { $0.kind != .inserted }.count
            let newCount = hunk.filter { $0.kind != .deleted }.count
            let oldStart = hunk.first.map { $0.oldLine + (oldCount == 0 ? 0 : 1) } ?? 0
            let newStart = hunk.first.map { $0.newLine + (newCount == 0 ? 0 : 1) } ?? 0
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for edit in hunk {
                switch edit.kind {
                case .same: output.append(" " + edit.text)
                case .deleted: output.append("-" + edit.text)
                case .inserted: output.append("+" + edit.text)
                }
            }
            index = stop
        }
        return output
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private struct Edit {
        enum Kind { case same, deleted, inserted }
        var kind: Kind
        var text: String
        /// 0-based line numbers in the old and new text where this edit sits.
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script from `a` to `b`.
    private static func script(_ a: [String], _ b: [String]) -> [Edit] {
        let n = a.count
        let m = b.count
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back through the saved frontiers.
        var edits: [Edit] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[offset + previousK]
            let previousY = previousX - previousK
            while x > max(previousX, 0), y > max(previousY, 0), x > 0, y > 0, a[x - 1] == b[y - 1] {
                x -= 1
                y -= 1
                edits.append(Edit(kind: .same, text: a[x], oldLine: x, newLine: y))
            }
            guard d > 0 else { break }
            if down {
                y -= 1
                edits.append(Edit(kind: .inserted, text: b[y], oldLine: x, newLine: y))
            } else {
                x -= 1
                edits.append(Edit(kind: .deleted, text: a[x], oldLine: x, newLine: y))
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(Edit(kind: .same, text: a[x], oldLine: x, newLine: y))
        }
        return edits.reversed()
    }
}
