import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

@Suite struct SARIFFormatterTests {
    /// `check --format sarif` on a failing and a warning glyph, parsed.
    func log(_ extra: [String] = []) throws -> (ToolCommand.ExitStatus, [String: Any]) {
        let run = ToolCommand.run(
            [
                "check", Fixtures.path("broken"), Fixtures.path("rules/geometry-off-center-shifted.svg"), "--format",
                "sarif", "--path-base", Fixtures.path(""), "--isolation", "none",
            ] + extra)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.joined(separator: "\n").utf8)) as? [String: Any],
            "\(run.lines)")
        return (run.status, document)
    }

    @Test("the log has every property SARIF 2.1.0 requires and GitHub code scanning reads")
    func requiredProperties() throws {
        let (status, document) = try log()
        #expect(status == .checkFailed)
        #expect(document["version"] as? String == "2.1.0")
        #expect(
            ((document["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first?[
                "executionSuccessful"] as? Bool == true)
        #expect((document["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let runs = try #require(document["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "iconforge")
        #expect(driver["version"] as? String == Builder.toolVersion)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids == RuleID.allCases.map(\.rawValue), "every rule, once, in a fixed order")
        for rule in rules {
            #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false, "\(rule)")
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(level == RuleID(rawValue: rule["id"] as? String ?? "")?.defaultSeverity.rawValue, "\(rule)")
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2, "\(results)")
        for result in results {
            let ruleId = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == ruleId)
            #expect(["error", "warning"].contains(result["level"] as? String ?? ""))
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
            let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(!uri.hasPrefix("/") && !uri.hasPrefix("file:"), "relative to --path-base: \(uri)")
            let region = try #require(physical["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1)
        }
        let parse = try #require(results.first { $0["ruleId"] as? String == "svg.parse" })
        let physical = ((parse["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String == "broken/truncated.svg")
        #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 2)
        #expect((physical?["region"] as? [String: Any])?["startColumn"] as? Int == 3)
        let warning = try #require(results.first { $0["level"] as? String == "warning" })
        #expect(warning["ruleId"] as? String == "geometry.off-center")
    }

    @Test(
        "a finding's suggested change is in the result's property bag, as --format json gives it; no SARIF fixes, which must be text edits"
    )
    func suggestedChangeIsInTheResultsProperties() throws {
        let (_, document) = try log()
        let results = try #require((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let offCenter = try #require(results.first { $0["ruleId"] as? String == "geometry.off-center" })
        let fix = try #require((offCenter["properties"] as? [String: Any])?["fix"] as? [String: Any], "\(offCenter)")
        // The fixture is drawn 1.5 pt right of centre: move it 1.5 pt left.
        #expect(fix["scale"] as? Double == 1 && fix["dx"] as? Double == -1.5 && fix["dy"] as? Double == 0, "\(fix)")
        #expect(
            fix["centerX"] as? Double == 17.5 && fix["centerY"] as? Double == 17.5
                && fix["transform"] as? String == "translate(-1.5 0)", "\(fix)")
        let message = try #require((offCenter["message"] as? [String: Any])?["text"] as? String)
        #expect(
            message.contains("move 1.5 pt left (transform=\"translate(-1.5 0)\""),
            "the prose stays in the message: \(message)")
        // The same numbers as the JSON output's fix.
        let json = ToolCommand.run([
            "check", Fixtures.path("rules/geometry-off-center-shifted.svg"), "--format", "json", "--isolation", "none",
        ])
        let diagnostics = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.joined(separator: "\n").utf8)) as? [String: Any])?[
                "diagnostics"] as? [[String: Any]])
        let jsonFix = try #require(diagnostics.first?["fix"] as? [String: Any])
        #expect(NSDictionary(dictionary: jsonFix).isEqual(to: fix), "\(jsonFix) vs \(fix)")
        // A finding with no suggested change has no property bag, and no result claims a SARIF fix.
        let parse = try #require(results.first { $0["ruleId"] as? String == "svg.parse" })
        #expect(parse["properties"] == nil)
        #expect(results.allSatisfy { $0["fixes"] == nil })
    }

    @Test("a run that stops early still gives a SARIF log")
    func stoppedRunGivesALog() throws {
        let run = ToolCommand.run(["check", "/nonexistent/glyphs", "--format", "sarif", "--isolation", "none"])
        #expect(run.status == .io)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.joined(separator: "\n").utf8)) as? [String: Any])
        let run0 = (document["runs"] as? [[String: Any]])?.first
        let results = (run0?["results"] as? [[String: Any]]) ?? []
        #expect(results.first?["ruleId"] as? String == "input.unreadable")
        let invocation = (run0?["invocations"] as? [[String: Any]])?.first
        #expect(invocation?["executionSuccessful"] as? Bool == false)
        // A finding about the command line has no file: a notification, not a result without a location.
        let usage = ToolCommand.run([
            "check", Fixtures.path("broken"), "--format", "sarif", "--werror", "--no-werror", "--isolation", "none",
        ])
        #expect(usage.status == .usage)
        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(usage.stdout.joined(separator: "\n").utf8)) as? [String: Any])
        let usageRun = (log["runs"] as? [[String: Any]])?.first
        #expect((usageRun?["results"] as? [Any])?.isEmpty == true)
        let notifications =
            ((usageRun?["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
            ?? []
        #expect((notifications.first?["descriptor"] as? [String: Any])?["id"] as? String == "config.invalid", "\(log)")
    }

    @Test func uriSegmentsArePercentEncoded() {
        #expect(SARIFFormatter.uri("Glyphs/a b#1%.svg") == "Glyphs/a%20b%231%25.svg")
    }
}
