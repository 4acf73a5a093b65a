import Foundation
import IconForgeTestSupport
import Testing

/// No `@TaskLocal` in the library or the executable: the build runs on threads of its own
/// (`Threads.run`), which take on no task-local value, so observation and fault injection
/// travel as values (`BuildProbes` in the request), handed to the code that needs them.
@Suite struct NoTaskLocalTests {
    /// The 1-based numbers of the lines of `text` that declare a task-local.
    static func taskLocalLines(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
            $0.element.contains("@TaskLocal") ? $0.offset + 1 : nil
        }
    }

    @Test func theCheckFindsATaskLocal() {
        #expect(Self.taskLocalLines(in: "enum A {\n    @TaskLocal static var b: Int?\n}\n") == [2])
        #expect(Self.taskLocalLines(in: "enum A {\n    static var b: Int?\n}\n").isEmpty)
    }

    @Test func noSourceFileDeclaresATaskLocal() throws {
        let files = SourceTree.files(under: "Sources")
        #expect(files.count > 50, "found only \(files.count) Swift files under \(SourceTree.root.path)/Sources")
        for file in files {
            let lines = Self.taskLocalLines(in: try SourceTree.text(of: file))
            #expect(
                lines.isEmpty,
                "\(file):\(lines.map(String.init).joined(separator: ",")): @TaskLocal; pass the value down instead (BuildProbes)"
            )
        }
    }
}
