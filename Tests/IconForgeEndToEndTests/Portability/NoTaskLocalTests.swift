import Foundation
import Testing

/// No `@TaskLocal` in the library or the executable: the build runs on threads of its own
/// (`Threads.run`), which take on no task-local value, so observation and fault injection
/// travel as values (`BuildProbes` in the request), handed to the code that needs them.
@Suite struct NoTaskLocalTests {
    /// The package's folder: the nearest one above this file that holds Package.swift.
    static let packageRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/",
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

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
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        let names = ((FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String]) ?? []).filter {
            $0.hasSuffix(".swift")
        }.sorted()
        #expect(names.count > 50, "found only \(names.count) Swift files under \(sources.path)")
        for name in names {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            let lines = Self.taskLocalLines(in: text)
            #expect(
                lines.isEmpty,
                "Sources/\(name):\(lines.map(String.init).joined(separator: ",")): @TaskLocal; pass the value down instead (BuildProbes)"
            )
        }
    }
}
