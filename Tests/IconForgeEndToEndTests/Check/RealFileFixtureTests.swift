import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// Constructs from real icon sets and design tools (`Fixtures/real/`, each written the way
/// its source writes files and naming it), checked as a library is: under `--fit`. Each
/// states what it must produce in an `<!-- expect: … -->` comment, as the rule fixtures do.
@Suite struct RealFileFixtureTests {
    static let fixtures: [String] = {
        let folder = Fixtures.path("real")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            name.hasSuffix(".svg")
                && ((try? String(contentsOfFile: folder + "/" + name, encoding: .utf8))?.contains("<!-- expect:")
                    ?? false)
        }.sorted()
    }()

    @Test func thereAreRealFileFixtures() {
        #expect(Self.fixtures.count >= 6)
    }

    @Test(arguments: fixtures)
    func fixtureProducesExactlyWhatItExpects(name: String) throws {
        let path = Fixtures.path("real/" + name)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = try #require(RuleFixtureTests.expectations(in: text), "\(name) has no expect comment")
        let (actual, report) = try RuleFixtureTests.findings(checking: path, mode: .fitSet)
        #expect(actual.sorted() == expected.sorted(), "\(name): \(report.diagnostics.map(\.message))")
    }
}
