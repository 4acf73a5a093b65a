import Foundation
import IconForgeTestSupport
import Testing

/// The repository's CI workflow, .github/workflows/ci.yml: valid against GitHub's workflow
/// schema (check-jsonschema's vendored copy), clean under zizmor's audits, and running the
/// README's test command on Linux and on macOS 15 with `.build` cached. Neither tool runs
/// the workflow: only GitHub does.
@Suite struct WorkflowTests {
    static let workflow = ExternalProgram.repositoryRoot + "/.github/workflows/ci.yml"
    static let venv = ExternalProgram.repositoryRoot + "/.build/test-venv/bin/"

    static func tool(_ name: String) -> String? {
        FileManager.default.isExecutableFile(atPath: venv + name) ? venv + name : nil
    }

    static let noTool: Comment =
        "not in .build/test-venv (scripts/setup.sh --test installs check-jsonschema and zizmor)"

    func validate(_ path: String) throws -> ExternalProgram.Result {
        let checker = try #require(Self.tool("check-jsonschema"))
        return try ExternalProgram.run(checker, ["--builtin-schema", "vendor.github-workflows", path])
    }

    @Test(.enabled(if: tool("check-jsonschema") != nil, noTool))
    func theWorkflowIsValidAgainstGitHubsSchema() throws {
        let result = try validate(Self.workflow)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("ok -- validation done"), "\(result.output)")
    }

    @Test(.enabled(if: tool("check-jsonschema") != nil, noTool))
    func aMistakeInTheWorkflowFailsTheSchema() throws {
        let scratch = TemporaryFolder()
        let text = try String(contentsOfFile: Self.workflow, encoding: .utf8)
        try #require(text.contains("    runs-on: macos-15\n"))
        let broken = scratch.write(
            "ci.yml", text.replacingOccurrences(of: "    runs-on: macos-15\n", with: "    run-on: macos-15\n"))
        let result = try validate(broken)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("run-on") || result.output.contains("runs-on"), "\(result.output)")
    }

    @Test(.enabled(if: tool("zizmor") != nil, noTool))
    func zizmorFindsNothingToFix() throws {
        let zizmor = try #require(Self.tool("zizmor"))
        let result = try ExternalProgram.run(zizmor, ["--offline", "--no-progress", Self.workflow])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("No findings to report"), "\(result.output)")
    }

    /// The workflow as JSON, through the venv's YAML parser (check-jsonschema's).
    static func jobs() throws -> [String: [String: Any]] {
        let python = try #require(tool("python"))
        let script =
            "import json, sys\nfrom ruamel.yaml import YAML\nprint(json.dumps(YAML(typ='safe').load(open(sys.argv[1]))))"
        let result = try ExternalProgram.run(python, ["-c", script, workflow])
        try #require(result.status == 0, "\(result.output)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(document["jobs"] as? [String: [String: Any]])
    }

    @Test(.enabled(if: tool("check-jsonschema") != nil, noTool))
    func eachJobRunsTheReadmesTestCommandWithBuildCached() throws {
        let jobs = try Self.jobs()
        #expect(jobs["linux"]?["runs-on"] as? String == "ubuntu-latest")
        #expect(
            (jobs["linux"]?["container"] as? String)?.hasSuffix("-bookworm") == true,
            "Debian 12, as the development machine")
        #expect(jobs["macos"]?["runs-on"] as? String == "macos-15")
        let readme = try String(contentsOfFile: ExternalProgram.repositoryRoot + "/README.md", encoding: .utf8)
        #expect(readme.contains("make test     # installs what is missing, builds, and runs the whole test suite"))
        for (name, job) in jobs {
            let steps = try #require(job["steps"] as? [[String: Any]])
            #expect(steps.last?["run"] as? String == "make test", "\(name)")
            let cache = try #require(
                steps.first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true }, "\(name)")
            #expect((cache["with"] as? [String: Any])?["path"] as? String == ".build", "\(name)")
            for step in steps {
                if let uses = step["uses"] as? String {
                    #expect(
                        uses.range(of: "@[0-9a-f]{40}$", options: .regularExpression) != nil,
                        "\(name): \(uses) is pinned to a commit")
                }
            }
        }
    }
}
