import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// docs/schemas/ checked with a real JSON Schema validator (Python's jsonschema): the
/// shipped files, every fixture and real builds' output validate, and a schema rejects
/// what iconforge rejects.
@Suite struct JSONSchemaTests {
    /// The validator: a Python script reading (schema file, document file) pairs, one a
    /// line, printing one "ok" or "invalid: why" line each, after checking each schema
    /// against the draft's metaschema.
    static let validatorScript = """
        import json, sys
        import jsonschema
        for line in sys.stdin:
            schema_path, document_path = line.rstrip("\\n").split("\\t")
            with open(schema_path) as f:
                schema = json.load(f)
            jsonschema.Draft202012Validator.check_schema(schema)
            try:
                with open(document_path) as f:
                    document = json.load(f)
            except ValueError as error:
                print("invalid: not JSON: %s" % error)
                continue
            errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(document), key=str)
            print("ok" if not errors else "invalid: " + "; ".join(e.message for e in errors))
        """

    /// Whether python3 with jsonschema is installed, which the tests that validate need.
    static let hasJSONSchema: Bool = {
        guard let python = ExternalProgram.find("python3") else { return false }
        return (try? ExternalProgram.run(python, ["-c", "import jsonschema"]).status) == 0
    }()
    static let jsonSchemaMissing: Comment =
        "needs python3 with jsonschema (scripts/setup.sh --test installs python3-jsonschema)"

    /// The verdicts on each (schema, document) pair.
    static func validate(_ pairs: [(schema: String, document: String)]) throws -> [String] {
        let python = try #require(ExternalProgram.find("python3"))
        let folder = TemporaryFolder()
        let script = folder.write("validate.py", validatorScript)
        let list = folder.write(
            "pairs.txt",
            pairs.map { "\(ExternalProgram.repositoryRoot)/docs/schemas/\($0.schema)\t\($0.document)" }.joined(
                separator: "\n") + "\n")
        let result = try ExternalProgram.run("/bin/sh", ["-c", "'\(python)' '\(script)' < '\(list)'"])
        #expect(result.status == 0, "\(result.output)")
        let verdicts = result.output.split(separator: "\n").map(String.init)
        #expect(verdicts.count == pairs.count, "\(result.output)")
        return verdicts
    }

    @Test(.enabled(if: JSONSchemaTests.hasJSONSchema, JSONSchemaTests.jsonSchemaMissing))
    func shippedFilesAndQuickActionFixturesValidateExactlyWhenIconforgeAcceptsTheirShape() throws {
        let folder = Fixtures.path("quick-actions")
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(fixtures.count >= 10)
        var pairs = [("quick-actions.schema.json", ExternalProgram.repositoryRoot + "/Glyphs/quick-actions.json")]
        pairs += fixtures.map { ("quick-actions.schema.json", folder + "/" + $0) }
        let verdicts = try Self.validate(pairs)
        #expect(verdicts[0] == "ok", "Glyphs/quick-actions.json: \(verdicts[0])")
        for (index, name) in fixtures.enumerated() {
            let expect = try String(
                contentsOfFile: folder + "/" + name.replacing(".json", with: ".expect"), encoding: .utf8)
            // actions.parse is iconforge's verdict on the file's shape; the other rules judge content.
            let rejected = expect.contains("actions.parse@")
            #expect(verdicts[index + 1].hasPrefix(rejected ? "invalid" : "ok"), "\(name): \(verdicts[index + 1])")
        }
    }

    @Test(.enabled(if: JSONSchemaTests.hasJSONSchema, JSONSchemaTests.jsonSchemaMissing))
    func realCatalogsAndCheckReportsValidate() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline", as: "Glyphs")
        try FileManager.default.copyItem(
            atPath: ExternalProgram.repositoryRoot + "/Glyphs/quick-actions.json",
            toPath: project.file("Glyphs/quick-actions.json"))
        let glyphs = project.file("Glyphs")
        let output = project.file("Output")
        // The quick actions name the shipped glyphs: some icons fail, which the catalog records.
        let built = ToolCommand.run(["build", glyphs, "-o", output, "--isolation", "none", "-q"])
        #expect(FileManager.default.fileExists(atPath: output + "/catalog.json"), "\(built.stderr)")
        let rules = ToolCommand.run(["check", Fixtures.path("rules"), "--format", "json", "--isolation", "none"])
        let failing = project.write("check-rules.json", rules.stdout.joined(separator: "\n"))
        let clean = project.write(
            "check-clean.json",
            ToolCommand.run(["check", Fixtures.path("pipeline"), "--format", "json", "--isolation", "none"]).stdout
                .joined(separator: "\n"))
        let stopped = project.write(
            "check-stopped.json",
            ToolCommand.run(["check", "--format", "json", "--tolerance", "99"]).stdout.joined(separator: "\n"))
        let pairs = [
            ("catalog.schema.json", output + "/catalog.json"), ("check-report.schema.json", failing),
            ("check-report.schema.json", clean), ("check-report.schema.json", stopped),
        ]
        let verdicts = try Self.validate(pairs)
        for (pair, verdict) in zip(pairs, verdicts) {
            #expect(verdict == "ok", "\(pair.1): \(verdict)")
        }
        #expect(rules.stdout.joined().contains("\"rule\""), "the rules fixtures report findings")
    }

    /// What the schema says of a small file, and what iconforge says.
    @Test(.enabled(if: JSONSchemaTests.hasJSONSchema, JSONSchemaTests.jsonSchemaMissing))
    func schemasRejectWhatIconforgeRejects() throws {
        let folder = TemporaryFolder()
        let configurations = [
            ("{ \"tolerance\": 1, \"fit\": true }", true), ("{ \"tolerence\": 1 }", false),
            ("{ \"fit\": \"yes\" }", false),
            ("{ \"tolerance\": 99 }", false), ("{ \"pngCompression\": 3 }", true), ("{ \"glyphs\": [] }", false),
            (
                "{ \"$schema\": \"docs/schemas/iconforge.schema.json\", \"//\": [\"a note\"], \"glyphs\": \"Glyphs\" }",
                true
            ),
            (ProjectScaffold.configuration(glyphs: "Glyphs"), true),
        ]
        let actions = [
            ("{ \"actions\": [ { \"type\": \"a\", \"title\": \"New\" } ] }", true),
            ("{ \"actions\": [ { \"type\": \"a\", \"title\": \"New\", \"subtitel\": \"x\" } ] }", false),
            ("{ \"actions\": [ { \"type\": \"a\", \"title\": 3 } ] }", false),
            ("{ \"actions\": {} }", false), ("{ \"actions\": [], \"locales\": \"en\" }", false),
            (
                "{ \"actions\": [ { \"type\": \"a\", \"title\": \"New\", \"icon\": { \"glyph\": \"a\", \"symbol\": \"b\" } } ] }",
                true
            ),
            ("{ \"actions\": [ { \"type\": \"a\", \"title\": \"New\", \"icon\": {} } ] }", false),
            (ProjectScaffold.quickActions(appName: "Mosaic"), true),
        ]
        var pairs: [(String, String)] = []
        var iconforgeAccepts: [Bool] = []
        for (index, (text, _)) in configurations.enumerated() {
            let path = folder.write("config\(index).json", text)
            pairs.append(("iconforge.schema.json", path))
            iconforgeAccepts.append((try? Configuration.parse(Array(text.utf8), path: path)) != nil)
        }
        for (index, (text, _)) in actions.enumerated() {
            let path = folder.write("actions\(index).json", text)
            pairs.append(("quick-actions.schema.json", path))
            let result = QuickActions.check(
                fileBytes: Array(text.utf8), displayPath: path, glyphs: ["a": true, "example": true], appName: nil)
            iconforgeAccepts.append(
                !result.diagnostics.contains {
                    $0.rule == .actionsParse || ($0.rule == .actionsIcon && $0.message.contains("no source"))
                })
        }
        let expected = (configurations + actions).map(\.1)
        #expect(iconforgeAccepts == expected, "iconforge's own verdicts")
        let verdicts = try Self.validate(pairs)
        for (index, verdict) in verdicts.enumerated() {
            #expect(verdict.hasPrefix(expected[index] ? "ok" : "invalid"), "\(pairs[index].1): \(verdict)")
        }
    }
}
