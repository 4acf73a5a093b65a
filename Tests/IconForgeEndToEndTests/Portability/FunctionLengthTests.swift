import Foundation
import IconForgeTestSupport
import Testing

/// No function in Sources/ is too long to review on a screen or two: at most 80 lines from
/// its `func` or `init` to its closing brace (issue 45's count). A longer one is split into
/// named steps.
@Suite struct FunctionLengthTests {
    static let limit = 80

    @Test func noFunctionInSourcesIsOverTheLimit() throws {
        let files = SourceTree.files(under: "Sources")
        #expect(files.count > 50, "found only \(files.count) Swift files under \(SourceTree.root.path)/Sources")
        var counted = 0
        for file in files {
            let functions = FunctionLengthScanner.functions(in: try SourceTree.text(of: file))
            counted += functions.count
            for function in functions where function.lines > Self.limit {
                Issue.record(
                    "\(file):\(function.line): \(function.name) is \(function.lines) lines (at most \(Self.limit)): split it into named steps"
                )
            }
        }
        #expect(counted > 1000, "the scanner found only \(counted) functions: it has stopped seeing them")
    }

    @Test("the scanner counts from func or init to the closing brace, skipping braces in strings and comments")
    func theScannerCounts() {
        let text = """
            struct A {
                init(x: Int) {
                    let s = "}}}"
                    // }
                    /* { nested /* } */ { */
                }
                func f(_ c: () -> Void = { }) -> Int {
                    let t = \"\"\"
                        { \\(1 + (2)) }
                        \"\"\"
                    let r = #"}"#
                    return 1
                }
                func requirement()
                var v: Int { 1 }
            }
            """
        let found = FunctionLengthScanner.functions(in: text)
        #expect(
            found == [
                FunctionLengthScanner.Function(name: "init", line: 2, lines: 5),
                FunctionLengthScanner.Function(name: "f", line: 7, lines: 7),
            ])
    }

    @Test func aLongFunctionIsFound() {
        let body = Array(repeating: "    let x = 1\n", count: Self.limit).joined()
        let found = FunctionLengthScanner.functions(in: "func long() {\n" + body + "}\n")
        #expect(found.map(\.lines) == [Self.limit + 2])
    }
}
