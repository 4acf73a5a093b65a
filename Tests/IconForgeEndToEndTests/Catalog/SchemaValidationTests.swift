import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// The check every test's catalogs go through (`TemporaryFolder`'s) finds what breaks the
/// schema, and finds nothing in what a build writes, an unreadable glyph's entry included.
@Suite struct SchemaValidationTests {
    @Test func aBuildsCatalogFollowsTheSchemaAndABrokenOneDoesNot() throws {
        let project = oneGlyphProject()
        // A glyph that cannot be read (a link to nothing): its entry has no hash.
        try FileManager.default.createSymbolicLink(
            atPath: project.file("Glyphs/gone.svg"), withDestinationPath: "/nonexistent")
        let report = try build([project.file("Glyphs")], into: project.file("Output"))
        #expect(report.catalog.glyphs.contains { $0.name == "gone" && $0.sourceSHA256.isEmpty })
        #expect(SchemaValidation.catalogProblems(under: project.path) == [])
        let path = project.file("Output/catalog.json")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: "\"schemaVersion\" : ", with: "\"unknownKey\" : 1,\n  \"schemaVersion\" : ")
        #expect(broken != text)
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let problems = SchemaValidation.catalogProblems(under: project.path)
        #expect(
            problems.count == 1 && problems.first?.contains("\"unknownKey\" is not in the schema") == true,
            "\(problems)")
        project.validatesCatalogs = false
    }

    @Test func aFolderHoldingABrokenCatalogFailsTheTestThatMadeIt() {
        withKnownIssue("the folder's check records the broken catalog when the folder goes") {
            let folder = TemporaryFolder()
            folder.write(
                "Output/catalog.json", #"{"tool": {"name": "iconforge", "version": "0"}, "schemaVersion": "one"}"#)
        }
    }
}
