import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgeSVG

/// iconforge replaces only files its state says it wrote: `catalog.json` and the preview
/// page, like the PNGs, get `output.conflict` when someone else's file is in their place.
@Suite struct OwnedFilesTests {
    @Test func aPersonsCatalogJSONIsNotOverwrittenAndTheBuildWritesNothing() throws {
        let project = oneGlyphProject()
        let mine = project.write("Output/catalog.json", "{ \"my\": \"own catalog\" }\n")
        let report = try build([project.file("Glyphs")], into: project.file("Output"))
        #expect(report.failed)
        let conflict = try #require(report.diagnostics.first { $0.rule == .outputConflict })
        #expect(conflict.file == mine)
        #expect(conflict.message.contains("already exists and iconforge did not write it"), "\(conflict.message)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "{ \"my\": \"own catalog\" }\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: project.file("Output")).filter {
            $0 != FolderLock.fileName
        }
        #expect(left == ["catalog.json"], "nothing else written: \(left)")
        // From the command line: the finding, exit 1.
        let run = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none",
        ])
        #expect(
            run.status == .checkFailed && run.stderr.joined(separator: "\n").contains("[output.conflict]"),
            "\(run.stderr)")
        // Moved away: the build writes its own, and from then on replaces it.
        try FileManager.default.removeItem(atPath: mine)
        #expect(try build([project.file("Glyphs")], into: project.file("Output")).errorCount == 0)
        project.write(
            "Glyphs/other.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        )
        #expect(try build([project.file("Glyphs")], into: project.file("Output")).errorCount == 0)
        // A fresh clone (the state is not committed): the catalog iconforge wrote is its own.
        try FileManager.default.removeItem(atPath: project.file("Output/" + BuildState.fileName))
        project.write(
            "Glyphs/third.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4.1\" y=\"4.1\" width=\"26.8\" height=\"26.8\"/></svg>"
        )
        #expect(try build([project.file("Glyphs")], into: project.file("Output")).errorCount == 0)
    }

    @Test func aPersonsPreviewPageIsNotOverwritten() throws {
        let project = oneGlyphProject()
        let mine = project.write("Output/preview.html", "<p>my notes</p>")
        let run = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none",
        ])
        #expect(run.status == .checkFailed, "\(run.stderr)")
        #expect(
            run.stderr.joined(separator: "\n").contains("preview.html: error: ")
                && run.stderr.joined(separator: "\n").contains("[output.conflict]"), "\(run.stderr)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "<p>my notes</p>")
        let built = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none", "--preview",
            "--format", "json",
        ])
        #expect(
            built.status == .checkFailed && built.stdout.joined(separator: "\n").contains("output.conflict"),
            "\(built.stdout)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "<p>my notes</p>")
        // Gone: iconforge writes the page, records it, and replaces it from then on.
        try FileManager.default.removeItem(atPath: mine)
        let written = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none",
        ])
        #expect(written.status == .clean, "\(written.stderr)")
        #expect(try String(contentsOfFile: mine, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let again = ToolCommand.run([
            "preview", project.file("Glyphs"), "-o", project.file("Output"), "--isolation", "none",
        ])
        #expect(again.status == .clean, "\(again.stderr)")
    }
}
