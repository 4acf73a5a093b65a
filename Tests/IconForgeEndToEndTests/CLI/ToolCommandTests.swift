import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeSVG

/// What several runs of the command print, collected.
struct CapturedOutput {
    var stdout: [String] = []
    var stderr: [String] = []
}

extension ToolCommand {
    /// Runs the command and adds what it prints to `output`.
    static func run(_ arguments: [String], output: inout CapturedOutput) -> ToolCommand.ExitStatus {
        let run = run(arguments)
        output.stdout += run.stdout
        output.stderr += run.stderr
        return run.status
    }
}

@Suite struct ToolCommandTests {
    /// Runs the tool in this process; glyphs render in-process too, since this test
    /// binary is not an iconforge that could serve as a render worker.
    func run(_ arguments: [String]) -> (ToolCommand.ExitStatus, ToolRun) {
        let inProcess =
            ["build", "check", "render"].contains(arguments.first) && !arguments.contains("--help")
            ? ["--isolation", "none"] : []
        let output = ToolCommand.run(arguments + inProcess)
        return (output.status, output)
    }

    /// Every option a usage line names is one the command takes, with its placeholder; and
    /// `build`'s names what it writes besides the PNGs (asset catalog, preview, depfile).
    @Test func usageLinesNameRealOptions() throws {
        for command in CommandTable.all {
            let words = command.usage.split(separator: " ").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]{}"))
            }
            for (index, word) in words.enumerated() where word.hasPrefix("-") {
                let option = try #require(
                    command.options.first { $0.name == word || $0.short == word }, "\(command.name): \(word)")
                if !option.placeholder.isEmpty, !option.placeholder.hasPrefix("["), option.name != "--output" {
                    #expect(
                        words.indices.contains(index + 1) && words[index + 1] == option.placeholder, "\(command.usage)")
                }
            }
        }
        let build = try #require(CommandTable.command("build")).usage
        for option in ["--xcassets PATH", "--preview", "--depfile FILE"] { #expect(build.contains(option), "\(build)") }
        #expect(run(["--help"]).1.stdout.joined(separator: "\n").contains("iconforge " + build))
    }

    @Test func helpAndVersion() {
        let (status, output) = run(["--help"])
        #expect(status == .clean)
        #expect(output.stdout.joined().contains("iconforge build [GLYPHS...]"))
        let (buildStatus, buildHelp) = run(["help", "build"])
        #expect(buildStatus == .clean && buildHelp.stdout.joined().contains("--output DIR"))
        let (flagStatus, flagHelp) = run(["build", "--help"])
        #expect(flagStatus == .clean && flagHelp.stdout == buildHelp.stdout)
        let (checkStatus, checkHelp) = run(["check", "-h"])
        #expect(checkStatus == .clean && checkHelp.stdout.joined().contains("--format FORMAT"))
        #expect(run(["help", "help"]).1.stdout == output.stdout, "help about help is the help")
        let (versionStatus, version) = run(["--version"])
        #expect(versionStatus == .clean && version.stdout == ["iconforge \(Builder.toolVersion)"])
    }

    @Test func usageErrorsExitTwoAndSayWhy() {
        let (status, output) = run(["build", "--bogus"])
        #expect(status == .usage)
        #expect(output.stderr.joined().contains("unknown option '--bogus'"))
        #expect(run(["biuld"]).0 == .usage)
        #expect(run(["biuld"]).1.stderr.joined().contains("did you mean 'build'?"))
        #expect(run(["check", "--format", "xml"]).0 == .usage)
        #expect(run(["check", "-o", "x"]).0 == .usage)
        #expect(run(["build", "--jobs", "zero"]).0 == .usage)
        #expect(run([]).0 == .usage)
    }

    @Test func aClashIsRefusedWhetherItsHalvesComeFromTheFileOrTheFlags() {
        let project = TemporaryFolder()
        project.copy(fixture: "../../../Glyphs/search.svg", as: "Glyphs/search.svg")
        let config = project.write("iconforge.json", #"{"renderTimeout": 5}"#)
        let glyphs = project.file("Glyphs")
        // The same pair, --isolation none with a render timeout, from the flags and from the file.
        let flags = ToolCommand.run(["check", glyphs, "--isolation", "none", "--render-timeout", "5"])
        let file = ToolCommand.run(["check", glyphs, "--config", config, "--isolation", "none"])
        #expect(flags.status == .usage && file.status == .usage)
        #expect(flags.stderr.joined().contains("--render-timeout needs worker processes"))
        #expect(
            file.stderr.joined().contains("\"renderTimeout\" in \(config) needs worker processes"), "\(file.stderr)")
        // Without the timeout, rendering in process is fine.
        #expect(ToolCommand.run(["check", glyphs, "--isolation", "none", "-q"]).status == .clean)
    }

    @Test func everyCommandRunsFromItsDeclarationAndTheChoicesAreTheTypes() {
        for declaration in CommandTable.all where declaration.name != "help" {
            let (status, output) = run([declaration.name, "--help"])
            #expect(status == .clean, "\(declaration.name)")
            #expect(
                output.stdout.joined() == (HelpText.help(for: declaration.name) ?? HelpText.main), "\(declaration.name)"
            )
        }
        func choices(_ name: String) -> [String] {
            guard case .choice(let words)? = OptionTable.all.first(where: { $0.name == name })?.kind else { return [] }
            return words
        }
        #expect(
            choices("--format") == ["text", "json", "github", "sarif"] && choices("--format") == OutputFormat.words)
        #expect(choices("--isolation") == IsolationChoice.words)
        #expect(OptionTable.all.first { $0.name == "--fit" }?.flagValues == FitChoice.words)
        #expect(
            Isolation.defaultWorkers()
                == .workers(
                    executable: WorkerProcess.currentExecutable, timeout: Isolation.defaultRenderTimeout,
                    memoryBytes: 1 << 30))
    }

    @Test func missingGlyphsFolderIsAnIOError() {
        let (status, output) = run(["build", "/nonexistent/glyphs", "-o", "/tmp/never"])
        #expect(status == .io)
        #expect(output.stderr.joined().contains("/nonexistent/glyphs: error: no such file or folder"))
    }

    @Test func buildPrintsDiagnosticsAndSummaryAndExitsOneOnError() {
        let output = TemporaryFolder()
        let (status, printed) = run(["build", Fixtures.path("broken"), "-o", output.path])
        #expect(status == .checkFailed)
        let text = printed.stderr.joined(separator: "\n")
        #expect(text.contains("broken/truncated.svg:2:3: error: "))
        #expect(text.contains("[svg.parse]"))
        #expect(text.contains("2 glyphs, 2 PNGs, 1 error in 1 glyph, 0 warnings"))
    }

    @Test("the summary line says in how many glyphs the errors and warnings are, since one glyph may have several")
    func summaryLineCountsGlyphsAsWellAsFindings() throws {
        let folder = TemporaryFolder()
        // Two colours and 20 pt wide: two errors (and an off-centre warning) in one glyph.
        folder.write(
            "Glyphs/bad.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"1\" y=\"4\" width=\"10\" height=\"10\" fill=\"#ff0000\"/><rect x=\"11\" y=\"4\" width=\"10\" height=\"10\" fill=\"#0000ff\"/></svg>"
        )
        folder.copy(fixture: "rules/geometry-off-center-shifted.svg", as: "Glyphs/shifted.svg")
        folder.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/square.svg")
        let (status, printed) = run(["check", folder.file("Glyphs")])
        #expect(status == .checkFailed)
        #expect(
            printed.stderr.filter { $0.contains(": error: ") }.count == 2
                && printed.stderr.filter { $0.contains(": warning: ") }.count == 2, "\(printed.stderr)")
        let summary = try #require(printed.stderr.last)
        #expect(summary.hasPrefix("3 glyphs, 2 errors in 1 glyph, 2 warnings in 2 glyphs, "), "\(summary)")
        #expect(printed.stderr.dropLast().last == "1 glyph failed: color.monochrome 1, size.target 1")
        // A clean run keeps the plain counts.
        let (cleanStatus, clean) = run(["check", folder.file("Glyphs/square.svg")])
        #expect(
            cleanStatus == .clean && clean.stderr.last?.hasPrefix("1 glyph, 0 errors, 0 warnings, ") == true,
            "\(clean.stderr)")
    }

    @Test("a run failed by --werror alone says so, whatever the command")
    func werrorFailureIsExplained() {
        let glyph = Fixtures.path("rules/geometry-off-center-shifted.svg")
        let output = TemporaryFolder()
        for arguments in [
            ["build", glyph, "-o", output.path], ["check", glyph], ["check", glyph, "-q"],
            ["render", glyph, "--scale", "2", "-o", output.file("x.png")],
        ] {
            let (plain, quiet) = run(arguments)
            #expect(plain == .clean, "\(arguments): \(quiet.stderr)")
            #expect(!quiet.stderr.joined().contains("treated as errors"))
            let (status, printed) = run(arguments + ["--werror"])
            #expect(status == .checkFailed, "\(arguments)")
            #expect(
                printed.stderr.contains(
                    "iconforge: error: 1 warning treated as errors (--werror, or \"werror\" in iconforge.json)"),
                "\(arguments): \(printed.stderr)")
        }
        let (failing, printed) = run(["check", Fixtures.path("broken"), "--werror"])
        #expect(
            failing == .checkFailed && !printed.stderr.joined().contains("treated as errors"),
            "errors explain themselves")
    }

    @Test("findings that say different things are each printed; a tally of failing glyphs ends the run")
    func repeatedFindingsAreGroupedAndTallied() throws {
        let folder = TemporaryFolder()
        let fills = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff"]
        let rects = fills.enumerated().map {
            "<rect x=\"\(4 + $0.offset)\" y=\"4\" width=\"\(27 - $0.offset)\" height=\"27\" fill=\"\($0.element)\"/>"
        }
        folder.write(
            "Glyphs/colours.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\">\n" + rects.joined(separator: "\n")
                + "\n</svg>")
        folder.write(
            "Glyphs/emoji.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><title>🙂</title><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        )
        folder.write(
            "Glyphs/good.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        )
        let (status, output) = run(["check", folder.file("Glyphs")])
        #expect(status == .checkFailed)
        let monochrome = output.stderr.filter { $0.hasSuffix("[color.monochrome]") }
        // Each second colour is its own finding (what colour, where): five lines, none merged.
        #expect(monochrome.count == 5, "\(output.stderr)")
        #expect(
            monochrome.first?.contains(":3:") == true && !monochrome.contains { $0.contains("more") }, "\(monochrome)")
        #expect(output.stderr.contains("2 glyphs failed: color.monochrome 1, glyph.emoji 1"), "\(output.stderr)")
        // JSON keeps every finding.
        let (_, json) = run(["check", "--format", "json", folder.file("Glyphs")])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8)) as? [String: Any]
        let rules = (document?["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        #expect(rules.filter { $0 == "color.monochrome" }.count == 5)
    }

    /// Only identical messages share a line; two different `actions.icon` errors are two lines.
    @Test func onlyIdenticalMessagesAreGrouped() {
        let same = (1...3).map {
            Diagnostic(
                .glyphEmoji, file: "a.svg", at: SourceLocation(line: $0, column: 1), "emoji in an attribute value")
        }
        let icons = [
            Diagnostic(
                .actionsIcon, file: "quick-actions.json", at: SourceLocation(line: 4, column: 3),
                "icon glyph \"nope\" does not exist"),
            Diagnostic(
                .actionsIcon, file: "quick-actions.json", at: SourceLocation(line: 9, column: 3),
                "\"favourite\" is not a system quick-action icon; did you mean \"favorite\"?"),
        ]
        let grouped = DiagnosticFormatter.grouped(same + icons)
        #expect(
            grouped.map(\.message) == [
                "emoji in an attribute value (+2 more: 2:1, 3:1)", "icon glyph \"nope\" does not exist",
                "\"favourite\" is not a system quick-action icon; did you mean \"favorite\"?",
            ])
    }

    @Test func aGlyphNameTooLongForItsOutputFilesIsThatGlyphsOwnError() throws {
        let folder = TemporaryFolder()
        let square =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"4\" y=\"4\" width=\"27\" height=\"27\"/></svg>"
        let long = String(repeating: "a", count: 240)
        folder.write("Glyphs/\(long).svg", square)
        folder.write("Glyphs/\(String(repeating: "b", count: NameChecks.maximumNameBytes)).svg", square)
        folder.write("Glyphs/good.svg", square)
        folder.write("Glyphs/ARROW.SVG", square)
        let (status, output) = run(["build", folder.file("Glyphs"), "-o", folder.file("Output")])
        #expect(status == .checkFailed)
        let errors = output.stderr.filter { $0.contains(": error: ") }
        #expect(
            errors.count == 1 && errors.first?.contains("[name.invalid]") == true
                && errors.first?.contains("240 bytes") == true, "\(output.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.file("Output"))
        #expect(
            written.contains("good@3x.png")
                && written.contains(String(repeating: "b", count: NameChecks.maximumNameBytes) + "@3x.png"))
        #expect(written.contains("ARROW@2x.png") && written.contains("ARROW@3x.png"), "'.SVG' in any case is a glyph")
        #expect(!written.contains { $0.hasPrefix(long) })
    }

    @Test("the command prints nothing itself: its lines are values, diagnostics uncoloured until printed")
    func outputIsValues() {
        let glyph = Fixtures.path("broken/truncated.svg")
        let plain = ToolCommand.run(["check", glyph, "--isolation", "none"])
        #expect(plain.status == .checkFailed)
        #expect(plain.lines.contains { if case .diagnostic(let d) = $0 { d.rule == .svgParse } else { false } })
        #expect(!plain.stderr.contains { $0.hasPrefix("stage ") })
        let timed = ToolCommand.run(
            ["check", glyph, "--isolation", "none"], environment: ToolEnvironment(printsStageTimings: true))
        #expect(timed.stderr.contains { $0.hasPrefix("stage ") }, "\(timed.stderr)")
    }

    @Test func checkWritesNothingAndSupportsFormats() throws {
        let (status, printed) = run(["check", Fixtures.path("broken"), "--format", "github"])
        #expect(status == .checkFailed)
        let line = try #require(printed.stdout.first)
        #expect(line.hasPrefix("::error file=") && line.contains(",line=2,col=3,title=svg.parse::"))

        let (_, json) = run(["check", Fixtures.path("broken"), "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8)) as? [String: Any]
        #expect(document?["passed"] as? Bool == false)
        let diagnostics = document?["diagnostics"] as? [[String: Any]]
        #expect(diagnostics?.first?["rule"] as? String == "svg.parse")
        #expect(diagnostics?.first?["line"] as? Int == 2)
    }

    @Test("every way out of check and build gives json its document and github its annotation")
    func everyExitPathGivesTheDocument() throws {
        let folder = TemporaryFolder()
        folder.write("bad.json", "{ \"fit\": 3 }")
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let cases: [([String], ToolCommand.ExitStatus, String, String)] = [
            (["--config", folder.file("missing.json")], .io, "input.unreadable", "missing.json"),
            (["--config", folder.file("bad.json")], .usage, "config.invalid", "bad.json"),
            ([folder.file("nothing-here")], .io, "input.unreadable", "nothing-here"),
        ]
        for command in ["check", "build"] {
            for (arguments, expected, rule, file) in cases {
                let extra = command == "build" ? ["-o", folder.file("Output")] : []
                let (status, json) = run([command, glyph] + arguments + extra + ["--format", "json"])
                #expect(status == expected, "\(command) \(arguments)")
                let document = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8)) as? [String: Any],
                    "\(command) \(arguments): \(json.stdout)")
                #expect(document["passed"] as? Bool == false)
                let diagnostic = (document["diagnostics"] as? [[String: Any]])?.first
                #expect(
                    diagnostic?["rule"] as? String == rule && (diagnostic?["file"] as? String)?.hasSuffix(file) == true,
                    "\(document)")
                let (_, github) = run([command, glyph] + arguments + extra + ["--format", "github"])
                #expect(
                    github.stdout.count == 1 && github.stdout.first?.hasPrefix("::error file=") == true
                        && github.stdout.first?.contains("title=\(rule)::") == true, "\(github.stdout)")
            }
        }
        // An invalid iconforge.json is annotated where the value is (`3` in `{ "fit": 3 }`).
        let (_, located) = run(["check", glyph, "--config", folder.file("bad.json"), "--format", "github"])
        #expect(located.stdout.first?.contains(",line=1,col=10,title=config.invalid::") == true, "\(located.stdout)")
        let (_, locatedJSON) = run(["check", glyph, "--config", folder.file("bad.json"), "--format", "json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(locatedJSON.stdout.joined().utf8)) as? [String: Any])
        let diagnostic = (document["diagnostics"] as? [[String: Any]])?.first
        #expect(diagnostic?["line"] as? Int == 1 && diagnostic?["column"] as? Int == 10, "\(document)")
        // An output folder that cannot be written is a document too.
        folder.write("Blocked", "a file where the output folder should be")
        let (status, blocked) = run(["build", glyph, "-o", folder.file("Blocked"), "--format", "github"])
        #expect(
            status == .io && blocked.stdout.first?.contains("title=output.unwritable::") == true, "\(blocked.lines)")
    }

    @Test("check checks the inputs that exist and reports the ones that do not (exit 3)")
    func checkChecksWhatExists() throws {
        let broken = Fixtures.path("broken/truncated.svg")
        let (status, output) = run(["check", broken, "/nonexistent/missing.svg"])
        #expect(status == .io)
        #expect(
            output.stderr.contains { $0.contains("truncated.svg:2:3: error:") },
            "the file that exists was checked: \(output.stderr)")
        #expect(
            output.stderr.contains { $0.hasPrefix("/nonexistent/missing.svg: error: no such file or folder") },
            "\(output.stderr)")
        let (_, json) = run(["check", broken, "/nonexistent/missing.svg", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8)) as? [String: Any]
        let rules = (document?["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        #expect(Set(rules) == ["input.unreadable", "svg.parse"], "\(rules)")
        #expect((document?["summary"] as? [String: Any])?["errors"] as? Int == 2)
        let (clean, _) = run(["check", Fixtures.path("pipeline/square-27pt.svg"), "/nonexistent/missing.svg"])
        #expect(clean == .io, "a clean glyph does not hide the missing one")
    }

    @Test("build takes --format as check does")
    func buildTakesFormat() throws {
        let output = TemporaryFolder()
        let (status, json) = run(["build", Fixtures.path("broken"), "-o", output.path, "--format", "json"])
        #expect(status == .checkFailed)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.joined().utf8)) as? [String: Any]
        #expect((document?["summary"] as? [String: Any])?["pngs"] as? Int == 2, "\(json.stdout)")
        let (_, github) = run(["build", Fixtures.path("broken"), "-o", output.path, "--format", "github"])
        #expect(github.stdout.first?.hasPrefix("::error file=") == true)
    }
}

/// The real executable, as a designer or a Makefile runs it.
@Suite struct ExecutableTests {
    func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)
        )
    }

    @Test("ICONFORGE_LIBRSVG names the library to open; empty, it is ignored")
    func librsvgOverride() throws {
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let missing = try run(["check", glyph], environment: ["ICONFORGE_LIBRSVG": "/nonexistent/librsvg-custom"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr.contains(
                "cannot load librsvg from /nonexistent/librsvg-custom, which ICONFORGE_LIBRSVG names"),
            "\(missing.stderr)")
        let empty = try run(["check", glyph], environment: ["ICONFORGE_LIBRSVG": ""])
        #expect(empty.status == 0, "\(empty.stderr)")
    }

    @Test func defaultsReadGlyphsAndWriteOutputInTheCurrentFolder() throws {
        let project = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: project.file("Glyphs"), withIntermediateDirectories: true)
        for name in ["square-27pt.svg", "wide-30pt.svg", "tall-30pt.svg"] {
            project.copy(fixture: "pipeline/" + name, as: "Glyphs/" + name)
        }
        let result = try run(["build"], in: project.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3 glyphs, 6 PNGs, 0 errors, 0 warnings"))
        #expect(result.stderr.contains("→ Output/"))
        let again = try run(["build"], in: project.path)
        #expect(again.stderr.contains("3 glyphs (3 unchanged), 6 PNGs, 0 errors"), "\(again.stderr)")
        let image = try decodePNG(project.file("Output/wide-30pt@3x.png"))
        #expect(image.width == 104 && image.height == 104)
        #expect(FileManager.default.fileExists(atPath: project.file("Output/catalog.json")))
    }

    @Test("the executable reads ICONFORGE_TIMINGS and passes it in")
    func environmentAndClosedOutput() throws {
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let timed = try run(["check", glyph], environment: ["ICONFORGE_TIMINGS": "1"])
        #expect(timed.status == 0 && timed.stderr.contains("\nstage "), "\(timed.stderr)")
        #expect(try !run(["check", glyph]).stderr.contains("stage "))
    }

    @Test func exitStatusesAreDistinct() throws {
        #expect(try run(["--version"]).status == 0)
        #expect(try run(["build", "--nope"]).status == 2)
        #expect(try run(["check", "/nonexistent"]).status == 3)
        #expect(try run(["check", Fixtures.path("broken")]).status == 1)
        let unwritable = TemporaryFolder()
        unwritable.write("Output", "a file where the output folder should be")
        let blocked = try run(["build", Fixtures.path("pipeline/square-27pt.svg"), "-o", unwritable.file("Output")])
        #expect(blocked.status == 3)
        #expect(blocked.stderr.contains("Output: error: exists and is not a folder"))
        #expect(!blocked.stderr.contains("previous output"), "there was none")
        // A real output folder that cannot be written keeps what it had, and says so.
        let kept = TemporaryFolder()
        kept.write("Output/catalog.json", "{}")
        try FileManager.default.createDirectory(
            atPath: kept.file("Output/" + FolderLock.fileName), withIntermediateDirectories: false)
        let locked = try run(["build", Fixtures.path("pipeline/square-27pt.svg"), "-o", kept.file("Output")])
        #expect(locked.status == 3)
        #expect(locked.stderr.contains("previous output left as it was"), "\(locked.stderr)")
    }

    @Test("a write to standard output or error that fails is an I/O error, exit 3")
    func failedWritesExitThree() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        func run(_ arguments: [String], fullStream: Int) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let err = Pipe()
            process.standardOutput = fullStream == 1 ? full : FileHandle.nullDevice
            process.standardError = fullStream == 2 ? full : err
            try process.run()
            let stderr = fullStream == 2 ? Data() : err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
        }
        let glyph = Fixtures.path("pipeline/square-27pt.svg")
        let (status, stderr) = try run(["check", glyph, "--format", "json"], fullStream: 1)
        #expect(status == 3)
        #expect(stderr.contains("iconforge: error: cannot write standard output: No space left on device"), "\(stderr)")
        #expect(try run(["--version"], fullStream: 1).0 == 3)
        #expect(try run(["check", glyph], fullStream: 2).0 == 3, "the summary line could not be written")
    }

    @Test("with GITHUB_STEP_SUMMARY set, the summary is appended to that file")
    func stepSummaryIsAppended() throws {
        let folder = TemporaryFolder()
        folder.write("summary.md", "earlier step\n")
        let result = try run(
            ["check", Fixtures.path("broken"), "--format", "github"],
            environment: ["GITHUB_STEP_SUMMARY": folder.file("summary.md")])
        #expect(result.status == 1)
        let summary = try String(contentsOfFile: folder.file("summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("earlier step\n## iconforge check: failed\n"), "\(summary)")
        #expect(summary.contains("`svg.parse`"))
        let unwritable = try run(
            ["check", Fixtures.path("pipeline/square-27pt.svg")],
            environment: ["GITHUB_STEP_SUMMARY": folder.file("no/such/folder/summary.md")])
        #expect(unwritable.status == 3)
        #expect(unwritable.stderr.contains("cannot write the step summary"), "\(unwritable.stderr)")
    }
}
