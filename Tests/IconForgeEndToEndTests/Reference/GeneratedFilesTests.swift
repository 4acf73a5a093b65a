import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs

/// docs/ is generated from the declarations of commands, options, rules and file keys: the
/// committed files must be what they make now, and each must name everything.
@Suite struct GeneratedFilesTests {
    static func committed(_ path: String) -> String? {
        try? String(contentsOfFile: ExternalProgram.repositoryRoot + "/" + path, encoding: .utf8)
    }

    @Test(arguments: GeneratedFiles.all.map(\.path))
    func committedFileIsWhatTheDeclarationsMake(path: String) throws {
        let generated = try #require(GeneratedFiles.all.first { $0.path == path }).text
        #expect(Self.committed(path) == generated, "\(path) is out of date: run `make docs` and commit the result")
    }

    /// Every name a person may type: commands, options (long, short, negations), rules.
    static var everyName: [(what: String, name: String)] {
        var names = CommandTable.all.map { ("command", $0.name) }
        for command in CommandTable.all {
            for option in command.options {
                names += [option.name, option.short, option.negation].compactMap { $0 }.map {
                    ("option of \(command.name)", $0)
                }
            }
        }
        return names
    }

    @Test func referenceNamesEveryCommandOptionRuleAndKey() throws {
        let reference = ReferenceDocument.document()
        for (what, name) in Self.everyName {
            #expect(
                reference.contains("`\(name)`") || reference.contains("iconforge \(name)`"),
                "docs/reference.md lacks \(what) \(name): add it to CommandTable/OptionTable, then `make docs`")
        }
        for rule in RuleID.allCases {
            #expect(reference.contains("| `\(rule.rawValue)` |"), "docs/reference.md lacks rule \(rule.rawValue)")
        }
        for key in Configuration.keys + QuickActionsDecoder.topLevelKeys {
            #expect(reference.contains("| `\(key)` |"), "docs/reference.md lacks file key \(key)")
        }
        for status in [ToolCommand.ExitStatus.clean, .checkFailed, .usage, .io] {
            #expect(reference.contains("| \(status.rawValue) |"))
        }
        #expect(reference.contains("\(Limits().maximumElements)") && reference.contains("\(Limits().maximumFileBytes)"))
    }

    @Test func manPageAndEveryCompletionScriptNameEveryOption() {
        let page = ManPage.page()
        for (what, name) in Self.everyName {
            #expect(page.contains(ManPage.roff(name)), "iconforge.1 lacks \(what) \(name)")
            for shell in ShellCompletions.Shell.allCases {
                let script = ShellCompletions.script(for: shell)
                // fish names options without their dashes: `-l output`, `-s o`.
                let spelled =
                    shell == .fish
                    ? (name.hasPrefix("--")
                        ? "-l \(name.dropFirst(2))" : name.hasPrefix("-") ? "-s \(name.dropFirst())" : name) : name
                #expect(script.contains(spelled), "the \(shell) completions lack \(what) \(name)")
            }
        }
        for rule in RuleID.allCases {
            #expect(page.contains(ManPage.roff(rule.rawValue)), "iconforge.1 lacks rule \(rule.rawValue)")
        }
    }

    @Test func bashScriptLoadsAndCompletes() throws {
        let bash = try #require(ExternalProgram.find("bash"))
        let script = ShellCompletions.script(for: .bash)
        let folder = TemporaryFolder()
        let path = folder.write("iconforge.bash", script)
        #expect(try ExternalProgram.run(bash, ["-n", path]).status == 0)
        // Loaded for real, the function answers as bash would ask it.
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program =
                "source '\(path)'; COMP_WORDS=(iconforge \(quoted)); COMP_CWORD=\(words.count); _iconforge; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try ExternalProgram.run(bash, ["-c", program], in: folder.path)
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["ex"]) == ["explain"])
        #expect(try complete(["build", "--form"]) == ["--format"])
        #expect(try complete(["check", "--format", ""]).sorted() == ["github", "json", "sarif", "text"])
        #expect(try complete(["explain", "color."]).sorted() == ["color.background", "color.monochrome"])
        #expect(try complete(["completions", ""]).sorted() == ["bash", "fish", "zsh"])
    }

    @Test(.enabled(if: ExternalProgram.find("zsh") != nil, "needs zsh (scripts/setup.sh --test installs it)"))
    func zshScriptParsesAndLoads() throws {
        let zsh = try #require(ExternalProgram.find("zsh"))
        let folder = TemporaryFolder()
        let path = folder.write("_iconforge", ShellCompletions.script(for: .zsh))
        let syntax = try ExternalProgram.run(zsh, ["-n", path])
        #expect(syntax.status == 0, "\(syntax.output)")
        // Registered with compinit from a folder on fpath, as an installed script is.
        let program =
            "fpath=('\(folder.path)' $fpath); autoload -Uz compinit; compinit -u -d '\(folder.path)/.zcompdump'; print -r -- ${_comps[iconforge]}"
        let loaded = try ExternalProgram.run(zsh, ["-f", "-c", program], in: folder.path)
        #expect(loaded.status == 0 && loaded.output.contains("_iconforge"), "\(loaded.output)")
    }

    @Test(.enabled(if: ExternalProgram.find("fish") != nil, "needs fish; its script is checked for every option above"))
    func fishScriptParsesWhereFishIsInstalled() throws {
        let fish = try #require(ExternalProgram.find("fish"))
        let folder = TemporaryFolder()
        let path = folder.write("iconforge.fish", ShellCompletions.script(for: .fish))
        let result = try ExternalProgram.run(fish, ["--no-execute", path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func manPageIsWellFormedRoff() throws {
        let page = ManPage.page()
        #expect(page.hasPrefix(".\\\""))
        #expect(page.contains(".TH ICONFORGE 1"))
        for line in page.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!line.hasPrefix("'"), "a text line must not start a request: \(line)")
        }
    }

    @Test(.enabled(if: ExternalProgram.find("man") != nil, "needs man (Debian's man-db)"))
    func manPageRendersWithMan() throws {
        let man = try #require(ExternalProgram.find("man"))
        let folder = TemporaryFolder()
        let path = folder.write("iconforge.1", ManPage.page())
        let rendered = try ExternalProgram.run(
            man, ["-l", path], environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100"])
        #expect(rendered.status == 0, "\(rendered.output)")
        #expect(rendered.output.contains("check and render iOS quick-action glyphs"))
    }

    @Test func completionsCommandPrintsTheScripts() {
        for shell in ShellCompletions.Shell.allCases {
            let run = ToolCommand.run(["completions", shell.rawValue])
            #expect(run.status == .clean)
            #expect(run.stdout.joined(separator: "\n") + "\n" == ShellCompletions.script(for: shell) + "\n")
        }
        #expect(ToolCommand.run(["completions", "tcsh"]).status == .usage)
        #expect(ToolCommand.run(["completions"]).status == .usage)
    }
}
