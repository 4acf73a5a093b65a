import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI

/// File names make reads specially, in a depfile that real GNU make includes.
@Suite struct DepfileNameTests {
    /// A Makefile that includes the depfile, with a recipe that only says it would run.
    /// (The build is given absolute paths, so the depfile's are too: the test process's
    /// current directory is not changed.)
    static func makefile(_ project: TemporaryFolder) -> String {
        """
        all: \(project.path)/Output/catalog.json
        \(project.path)/Output/catalog.json:
        \t@echo build
        -include Output/iconforge.d
        clean:
        \t@echo clean
        """
    }

    static func request(_ project: TemporaryFolder, inputs: String) -> BuildRequest {
        var request = BuildRequest()
        request.inputs = [project.file(inputs)]
        request.outputFolder = project.file("Output")
        request.depfile = project.file("Output/iconforge.d")
        return request
    }

    /// Builds a project with `ok.svg`, `ab.svg` (which the unescaped globs `a*b.svg` and
    /// `a[b].svg` would match) and one glyph file named `special` through the library, with
    /// a depfile.
    func project(special: String) throws -> (TemporaryFolder, BuildReport) {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/ok.svg")
        project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/ab.svg")
        project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/" + special)
        project.write("Makefile", Self.makefile(project))
        return (project, try Builder.run(Self.request(project, inputs: "Glyphs")))
    }

    /// Every input and output `seconds` old and the catalog a second newer: Make's view of a
    /// finished build (the outputs are the catalog's prerequisites too).
    func settle(_ project: TemporaryFolder, at seconds: Int64) {
        let outputs = ((try? FileManager.default.contentsOfDirectory(atPath: project.file("Output"))) ?? []).map({
            "Output/" + $0
        })
        for path in ["Glyphs", "Glyphs/ok.svg"]
            + ((try? FileManager.default.contentsOfDirectory(atPath: project.file("Glyphs"))) ?? []).map({
                "Glyphs/" + $0
            }) + outputs
        {
            FileSystem.setModificationTime(of: project.file(path), to: seconds * 1_000_000_000)
        }
        FileSystem.setModificationTime(of: project.file("Output/catalog.json"), to: (seconds + 1) * 1_000_000_000)
    }

    @Test(
        "names make can express are escaped: make reads them as the very files, and a deleted one stops nothing",
        .enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing),
        arguments: ["a b", "a#b", "a:b", "a$b", "a\\b", "a|b", "a*b", "a?b", "a[b]", "a\\ b", "a\\#b"])
    func escapableNames(_ stem: String) throws {
        let name = stem + ".svg"
        let (project, report) = try project(special: name)
        // The name is no asset name, so the glyph fails that rule, but the depfile lists it.
        #expect(
            !report.diagnostics.contains { $0.rule == .nameInvalid && $0.message.contains("make") },
            "\(report.diagnostics)")
        #expect(report.catalog.glyphs.first { $0.name == "ok" }?.status == .ok)
        settle(project, at: 1_000_000)
        #expect(
            try runMake(["-q"], in: project.path)?.status == 0,
            "up to date: make found the file, older than the catalog")
        FileSystem.setModificationTime(of: project.file("Glyphs/" + name), to: 2_000_000 * 1_000_000_000)
        #expect(try runMake(["-q"], in: project.path)?.status == 1, "that very file is newer: out of date")
        let clean = try #require(try runMake(["clean"], in: project.path))
        #expect(
            clean.status == 0 && clean.output.contains("clean\n") && !clean.output.contains("***"), "\(clean.output)")
        try FileManager.default.removeItem(atPath: project.file("Glyphs/" + name))
        settle(project, at: 3_000_000)
        let afterDeleting = try #require(try runMake([], in: project.path))
        // (A missing prerequisite with an empty rule counts as just remade: the build runs
        // once, and writes a depfile without it.)
        #expect(
            afterDeleting.status == 0 && afterDeleting.output.contains("build"),
            "deleted: its empty rule keeps make going: \(afterDeleting.output)")
    }

    @Test(
        "names make cannot express are refused as invalid names, with the reason; the others still build",
        .enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing),
        arguments: [("a;b", "';'"), ("a=b", "'='"), ("a%b", "'%'"), ("a\tb", "a tab"), ("a\nb", "line break")])
    func refusedNames(_ stem: String, reason: String) throws {
        let name = stem + ".svg"
        let (project, report) = try project(special: name)
        let refusal = try #require(
            report.diagnostics.first { $0.rule == .nameInvalid && $0.message.contains("make depfile") })
        #expect(
            refusal.file == project.file("Glyphs/" + name) && refusal.message.contains(reason), "\(refusal.message)")
        // The character make refuses is one an asset name cannot have: one cause, one finding,
        // which says both what is wrong with the name and that the depfile leaves it out.
        let findings = report.diagnostics.filter { $0.file == refusal.file }
        #expect(
            findings.count == 1 && refusal.message.hasPrefix("glyph name ")
                && refusal.message.contains("left out of the depfile"), "\(findings.map(\.message))")
        #expect(report.failed)
        let glyph = try #require(report.catalog.glyphs.first { $0.name == stem })
        #expect(
            glyph.status == .failed && glyph.diagnostics.count == 1
                && glyph.diagnostics.contains { $0.message.contains("make depfile") })
        #expect(report.catalog.glyphs.first { $0.name == "ok" }?.status == .ok)
        #expect(FileManager.default.fileExists(atPath: project.file("Output/ok@3x.png")))
        let depfile = try String(contentsOfFile: project.file("Output/iconforge.d"), encoding: .utf8)
        #expect(depfile.contains("Glyphs/ok.svg") && !depfile.contains(stem))
        let parsed = try #require(try runMake(["-n"], in: project.path))
        #expect(parsed.status == 0 && parsed.output.contains("echo build"), "make reads the depfile: \(parsed.output)")
        #expect(try runMake(["clean"], in: project.path)?.status == 0)
        settle(project, at: 1_000_000)
        #expect(try runMake(["-q"], in: project.path)?.status == 0)
    }

    @Test func spellingsFollowGNUMake() {
        func spelled(_ path: String) -> MakeSyntax.Spelling? { try? MakeSyntax.spell(path).get() }
        #expect(
            spelled("Glyphs/café-1.svg")
                == MakeSyntax.Spelling(prerequisite: "Glyphs/café-1.svg", target: "Glyphs/café-1.svg"))
        #expect(
            spelled("a b#c:d\\e$f")
                == MakeSyntax.Spelling(prerequisite: "a\\ b\\#c\\:d\\e$$f", target: "a\\ b\\#c\\:d\\e$$f"))
        #expect(spelled("a|b") == MakeSyntax.Spelling(prerequisite: "a\\|b", target: "a|b"))
        #expect(spelled("a*b?[c]") == MakeSyntax.Spelling(prerequisite: "a\\*b\\?\\[c]", target: "a\\*b\\?\\[c]"))
        #expect(spelled("a\\ b") == MakeSyntax.Spelling(prerequisite: "a\\\\\\ b", target: "a\\\\\\ b"))
        #expect(spelled("x(1)/a.svg") != nil)
        for refused in ["x(1)", "a\\", "", "a\u{1}b"] { #expect(spelled(refused) == nil, "\(refused)") }
    }

    @Test(
        "a folder make cannot name fails the build with the reason, and the depfile stays readable",
        .enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing))
    func refusedFolder() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "In;put/ok.svg")
        project.write("Makefile", Self.makefile(project))
        let report = try Builder.run(Self.request(project, inputs: "In;put"))
        let files = report.diagnostics.filter { $0.rule == .nameInvalid }.map(\.file)
        #expect(files == [project.file("In;put"), project.file("In;put/ok.svg")])
        #expect(report.failed)
        #expect(try #require(try runMake(["-n"], in: project.path)).status == 0)
    }

    @Test(
        "a glyph whose file name and folder make both refuses gets a finding for each: renaming the file mends only one"
    )
    func refusedNameInRefusedFolder() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "In;put/a=b.svg")
        let report = try Builder.run(Self.request(project, inputs: "In;put"))
        let findings = report.diagnostics.filter { $0.file == project.file("In;put/a=b.svg") }
        #expect(findings.map(\.rule) == [.nameInvalid, .nameInvalid], "\(findings.map(\.message))")
        #expect(
            findings.contains { $0.message.hasPrefix("glyph name 'a=b'") }
                && findings.contains { $0.message.contains("cannot name this path: ';'") }, "\(findings.map(\.message))"
        )
    }

    @Test(
        "an output folder make cannot name gives a depfile with no rule, and says why",
        .enabled(if: ExternalTools.hasMake, ExternalTools.makeMissing))
    func refusedOutputFolder() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/ok.svg")
        var request = Self.request(project, inputs: "Glyphs")
        request.outputFolder = project.file("Out=put")
        request.depfile = project.file("iconforge.d")
        let report = try Builder.run(request)
        #expect(report.diagnostics.map(\.file) == [project.file("Out=put/catalog.json")])
        #expect(report.diagnostics.first?.message.contains("'='") == true)
        let depfile = try String(contentsOfFile: project.file("iconforge.d"), encoding: .utf8)
        #expect(depfile.hasPrefix("#") && depfile.split(separator: "\n").count == 1, "a comment alone: \(depfile)")
        project.write("Makefile", "all:\n\t@echo done\n-include iconforge.d\n")
        let made = try #require(try runMake([], in: project.path))
        #expect(made.status == 0 && made.output.contains("done"), "\(made.output)")
    }
}
