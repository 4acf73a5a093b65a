import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// Issue 43, items 2, 7 and 8: `iconforge.json` comes from the repository (in CI, from a pull
/// request), so it and every path it gives stay inside the project, the folder holding it;
/// going outside takes the command line.
@Suite struct ConfiguredPathTests {
    /// Every key of iconforge.json that is a path: the options' (from the one table) and the glyph folders.
    static let pathKeys: [String] =
        ["glyphs"]
        + Configuration.optionKeys.compactMap { key, option in
            switch option.kind {
            case .path, .paths: key
            default: nil
            }
        }

    /// A project beside a folder it must not reach, and a link inside the project to it.
    struct Layout {
        let root = TemporaryFolder()
        var project: String { root.file("project") }
        var outside: String { root.file("outside") }

        init() throws {
            root.copy(fixture: "pipeline/square-27pt.svg", as: "project/Glyphs/square-27pt.svg")
            root.write(
                "outside/Info.plist",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
            root.copy(fixture: "pipeline/square-27pt.svg", as: "outside/stolen.svg")
            try FileManager.default.createSymbolicLink(atPath: project + "/Away", withDestinationPath: outside)
        }

        /// What is in the outside folder, to see that nothing was written there.
        func outsideContents() -> [String: Data] {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: outside)) ?? []
            return Dictionary(
                uniqueKeysWithValues: names.map {
                    ($0, (try? Data(contentsOf: URL(fileURLWithPath: outside + "/" + $0))) ?? Data())
                })
        }

        /// `build` with an iconforge.json that sets `key` to `value` (a one-element list for a list key).
        func build(_ key: String, _ value: String, extra: [String] = []) -> ToolRun {
            let json =
                "{ \"\(key)\": " + (ConfiguredPathTests.isList(key) ? "[\(Self.quoted(value))]" : Self.quoted(value))
                + " }"
            try? Data(json.utf8).write(to: URL(fileURLWithPath: project + "/iconforge.json"))
            let glyphs = key == "glyphs" ? [] : [project + "/Glyphs"]
            // The output folder's default is relative to the current folder: never let a test write there.
            let output = key == "output" ? [] : ["-o", project + "/Output"]
            return ToolCommand.run(
                ["build"] + glyphs + output + ["--config", project + "/iconforge.json", "--isolation", "none"] + extra)
        }

        static func quoted(_ text: String) -> String {
            "\""
                + text.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }
                .joined() + "\""
        }
    }

    @Test(
        "every path key is checked: ../, an absolute path, / and a link to outside are refused, located, exit 2, nothing written outside"
    )
    func outsidePathsAreRefused() throws {
        let layout = try Layout()
        #expect(
            Set(Self.pathKeys).isSuperset(of: [
                "glyphs", "output", "xcassets", "symbols", "xcfilelist", "swift", "xcstrings", "infoPlist",
                "infoPlistStrings", "xcassetsCheck",
            ]))
        let before = layout.outsideContents()
        let values = [
            "../outside", "../outside/Info.plist", layout.outside, layout.outside + "/Info.plist", "/", "Away",
            "Away/Info.plist", "Glyphs/../../outside", "New/../../outside",
        ]
        for key in Self.pathKeys {
            for value in values {
                let run = layout.build(key, value)
                #expect(run.status == .usage, "\(key): \(value): \(run.lines)")
                let message = run.stderr.joined(separator: "\n")
                // Located at the value: `{ "output": "…" }` has it at line 1, after the key.
                let column = 1 + "{ \"\(key)\": ".count + (Self.isList(key) ? 1 : 0)
                #expect(
                    message.contains("iconforge.json:1:\(column): '\(key)' (\(value))"), "\(key): \(value): \(message)")
                #expect(message.contains("stays inside the project"), "\(message)")
            }
        }
        #expect(layout.outsideContents() == before, "nothing outside the project was written")
    }

    /// Whether the key takes a list of paths (`xcassetsCheck`).
    static func isList(_ key: String) -> Bool {
        Configuration.optionKeys.contains { entry in
            guard entry.key == key, case .paths = entry.option.kind else { return false }
            return true
        }
    }

    @Test("paths that stay inside are fine, through '..' and links that stay; a flag may go anywhere")
    func insidePathsAndTheCommandLine() throws {
        let layout = try Layout()
        try FileManager.default.createSymbolicLink(
            atPath: layout.project + "/Here", withDestinationPath: layout.project + "/Glyphs")
        #expect(layout.build("output", "Glyphs/../Output").status == .clean)
        #expect(layout.build("glyphs", "Here").status == .clean)
        #expect(layout.build("glyphs", "Here/../Glyphs").status == .clean)
        #expect(FileManager.default.fileExists(atPath: layout.project + "/Output/catalog.json"))
        // The person running the tool names a place outside on the command line.
        let flagged = ToolCommand.run([
            "build", layout.project + "/Glyphs", "-o", layout.outside + "/Out", "--isolation", "none",
        ])
        #expect(flagged.status == .clean, "\(flagged.lines)")
        // --follow-symlinks (the command line's) lets a configured path out through a link, never by '..'.
        #expect(layout.build("output", "Away/Out", extra: ["--follow-symlinks"]).status == .clean)
        #expect(layout.build("output", "../outside/Out", extra: ["--follow-symlinks"]).status == .usage)
    }

    @Test("the judgement itself: the existing part resolved, the missing part without '..'")
    func projectPathRefusals() throws {
        let layout = try Layout()
        let project = layout.project
        #expect(ProjectPath.refusal(of: "Output", project: project) == nil)
        #expect(ProjectPath.refusal(of: ".", project: project) == nil)
        #expect(ProjectPath.refusal(of: "New/Deeper/file.plist", project: project) == nil)
        #expect(ProjectPath.refusal(of: "/", project: project) == .absolute)
        #expect(ProjectPath.refusal(of: "..", project: project) != nil)
        #expect(ProjectPath.refusal(of: "New/../Output", project: project) == .parentOfMissing)
        try FileManager.default.createSymbolicLink(
            atPath: project + "/Dangling", withDestinationPath: layout.outside + "/nothing/here")
        #expect(ProjectPath.refusal(of: "Dangling/x", project: project) == .danglingLink("Dangling"))
        if case .outside(let resolved) = ProjectPath.refusal(of: "Away/New", project: project) {
            #expect(resolved == FileSystem.resolvedPath(layout.outside)! + "/New")
        } else {
            Issue.record("a link to outside is outside")
        }
        #expect(ProjectPath.refusal(of: "Away", project: project, linksMayLeave: true) == nil)
        #expect(ProjectPath.refusal(of: "a/../../b", project: project, linksMayLeave: true) != nil)
    }

    @Test("NUL and control characters in any configured path are refused, located, and create nothing")
    func controlCharactersInPaths() throws {
        let layout = try Layout()
        for key in Self.pathKeys {
            for value in ["Out\u{0}put", "Out\u{1B}[2J", "Out\nput", "Out\u{202E}tuo", "Out\u{85}"] {
                let run = layout.build(key, value)
                #expect(run.status == .usage, "\(key): \(value.debugDescription): \(run.lines)")
                let message = run.stderr.joined(separator: "\n")
                #expect(
                    message.contains("iconforge.json:1:") && message.contains("'\(key)'")
                        && message.contains("control character"), "\(message)")
                #expect(
                    !message.unicodeScalars.contains { $0 == "\u{0}" || $0 == "\u{1B}" || $0 == "\u{202E}" },
                    "the message shows it escaped")
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: layout.project).filter {
            $0.hasPrefix("Out")
        }
        #expect(leftovers.isEmpty, "a truncated folder: \(leftovers)")
    }

    @Test(
        "an iconforge.json that is a symlink leading outside is refused like a glyph's, and nothing of its target is quoted"
    )
    func configurationSymlinkToOutside() throws {
        let layout = try Layout()
        layout.root.write("outside/secret.env", "TOKEN=hunter2-secret\n")
        let config = layout.project + "/iconforge.json"
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: layout.outside + "/secret.env")
        for format in ["text", "json", "github"] {
            let run = ToolCommand.run([
                "check", layout.project + "/Glyphs", "--config", config, "--format", format, "--isolation", "none",
            ])
            #expect(run.status == .io, "\(format): \(run.lines)")
            let everything = (run.stdout + run.stderr).joined(separator: "\n")
            #expect(everything.contains("symbolic link") && everything.contains("outside the project"), "\(everything)")
            #expect(!everything.contains("TOKEN") && !everything.contains("hunter2"), "\(everything)")
        }
        // A link that stays in the project is followed.
        try FileManager.default.removeItem(atPath: config)
        layout.root.write("project/settings/iconforge.json", "{ \"tolerance\": 1 }")
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "settings/iconforge.json")
        let inside = ToolCommand.run(["check", layout.project + "/Glyphs", "--config", config, "--isolation", "none"])
        #expect(inside.status == .clean, "\(inside.lines)")
    }
}

/// A "/" followed by a combining mark is one Character to Swift but a separator to the
/// system: the checks split paths where the system does.
@Suite struct PathSplittingTests {
    @Test func aCombiningMarkAfterASlashHidesNoParent() {
        let project = TemporaryFolder()
        #expect("../\u{301}x".pathComponents == ["..", "\u{301}x"])
        #expect(ProjectPath.refusal(of: "../\u{301}x", project: project.path) != nil, "leaves the project")
        #expect(
            ProjectPath.refusal(of: "/\u{301};", project: project.path) == .absolute, "the system reads it as absolute")
        #expect(ProjectPath.refusal(of: "Output/\u{301}x", project: project.path) == nil)
        #expect(RelativePath.normalized("a/../\u{301}x") == "\u{301}x")
        #expect(PathBase.normalized("/a/../\u{301}x") == "/\u{301}x")
    }
}
