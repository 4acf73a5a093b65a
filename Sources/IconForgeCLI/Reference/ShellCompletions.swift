/// Shell completion scripts for `iconforge completions SHELL`, made from `CommandTable`
/// and `OptionTable`: every command and every option its help lists.
enum ShellCompletions {
    enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    static let header =
        "iconforge completion script (generated from iconforge's declarations of its commands and options; regenerate with `make docs`)"

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The values an option takes, when they are fixed words.
    private static func words(_ option: OptionDeclaration) -> [String]? {
        switch option.kind {
        case .choice(let choices): choices
        case .flag: nil
        default: option.placeholder.contains("|") ? option.placeholder.split(separator: "|").map(String.init) : nil
        }
    }

    private static func names(_ option: OptionDeclaration) -> [String] {
        [option.short, option.name, option.negation].compactMap { $0 }
    }

    // MARK: bash

    private static func bash() -> String {
        let topLevel = CommandTable.names + CommandTable.globalOptions.flatMap(names)
        var lines = [
            "# bash " + header, "_iconforge() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"\(topLevel.joined(separator: " "))\" -- \"$cur\"))", "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]}\" in",
        ]
        for command in CommandTable.all {
            lines.append("    \(command.name))")
            var valueCases: [String] = []
            for option in command.options {
                if case .flag = option.kind { continue }
                let pattern = [option.short, option.name].compactMap { $0 }.joined(separator: "|")
                let reply: String
                if let words = words(option) {
                    reply = "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
                } else if option.kind.takesPaths {
                    reply =
                        option.placeholder == "DIR"
                        ? "COMPREPLY=($(compgen -d -- \"$cur\"))" : "COMPREPLY=($(compgen -f -- \"$cur\"))"
                } else {
                    reply = "COMPREPLY=()"
                }
                valueCases.append("        \(pattern)) \(reply); return ;;")
            }
            if !valueCases.isEmpty {
                lines += ["        case \"$prev\" in"] + valueCases + ["        esac"]
            }
            let optionWords = command.options.flatMap(names).joined(separator: " ")
            let positional: String
            switch command.arguments {
            case .none: positional = "COMPREPLY=()"
            case .glyphs, .svgFile: positional = "COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .folder: positional = "COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .words(let words, _):
                positional = "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
            case .command:
                positional = "COMPREPLY=($(compgen -W \"\(CommandTable.names.joined(separator: " "))\" -- \"$cur\"))"
            }
            lines += [
                "        if [[ \"$cur\" == -* ]]; then",
                "            COMPREPLY=($(compgen -W \"\(optionWords)\" -- \"$cur\"))", "        else",
                "            \(positional)", "        fi", "        ;;",
            ]
        }
        lines += ["    esac", "}", "complete -o filenames -o bashdefault -F _iconforge iconforge", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: zsh

    /// Text inside a zsh `_arguments` spec, itself inside single quotes.
    private static func zshQuoted(_ text: String) -> String {
        text.escaping(["'": "'\\''", "[": "(", "]": ")", ":": "\\:"])
    }

    private static func zsh() -> String {
        var lines = [
            "#compdef iconforge", "# zsh " + header, "", "_iconforge() {", "    local -a commands", "    commands=(",
        ]
        for command in CommandTable.all {
            lines.append("        '\(command.name):\(zshQuoted(command.summary))'")
        }
        lines += [
            "    )", "    if (( CURRENT == 2 )); then", "        _describe -t commands 'iconforge command' commands",
            "        compadd -- \(CommandTable.globalOptions.flatMap(names).joined(separator: " "))", "        return",
            "    fi",
            "    local command=$words[2]", "    shift words", "    (( CURRENT-- ))", "    case $command in",
        ]
        for command in CommandTable.all {
            lines.append("    \(command.name))")
            var specs: [String] = []
            for option in command.options {
                let help = zshQuoted(option.help.joined(separator: " "))
                let value: String
                if let words = words(option) {
                    value = ":\(zshQuoted(option.placeholder)):(\(words.joined(separator: " ")))"
                } else if option.kind.takesPaths {
                    value =
                        ":\(zshQuoted(option.placeholder)):" + (option.placeholder == "DIR" ? "_files -/" : "_files")
                } else if case .flag = option.kind {
                    value = ""
                } else {
                    value = ":\(zshQuoted(option.placeholder)): "
                }
                if let short = option.short {
                    specs.append("'(\(short) \(option.name))'{\(short),\(option.name)}'[\(help)]\(value)'")
                } else {
                    specs.append("'\(option.name)[\(help)]\(value)'")
                }
                if let negation = option.negation {
                    specs.append("'\(negation)[undo \(option.name) set in iconforge.json]'")
                }
            }
            switch command.arguments {
            case .none: break
            case .glyphs: specs.append("'*:glyph folder or SVG file:_files'")
            case .svgFile: specs.append("':SVG file:_files -g \"*.svg\"'")
            case .folder: specs.append("':folder:_files -/'")
            case .words(let words, let name): specs.append("':\(name):(\(words.joined(separator: " ")))'")
            case .command: specs.append("':command:(\(CommandTable.names.joined(separator: " ")))'")
            }
            lines.append("        _arguments -s \\")
            lines += specs.dropLast().map { "            \($0) \\" }
            lines += specs.last.map { ["            \($0)"] } ?? []
            lines.append("        ;;")
        }
        lines += ["    esac", "}", "", "_iconforge \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    // MARK: fish

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.escaping(["\\": "\\\\", "'": "\\'"]) + "'"
    }

    private static func fish() -> String {
        var lines = ["# fish " + header, "complete -c iconforge -f"]
        let all = CommandTable.names.joined(separator: " ")
        for command in CommandTable.all {
            lines.append(
                "complete -c iconforge -n 'not __fish_seen_subcommand_from \(all)' -a \(command.name) -d \(fishQuoted(command.summary))"
            )
        }
        for option in CommandTable.globalOptions {
            lines.append(
                "complete -c iconforge -n 'not __fish_seen_subcommand_from \(all)' -l \(option.name.dropFirst(2)) -d \(fishQuoted(option.help[0]))"
            )
        }
        for command in CommandTable.all {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options {
                var line = "complete -c iconforge \(condition)"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                line += " -l \(option.name.dropFirst(2))"
                if let words = words(option) {
                    line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                } else if option.kind.takesPaths {
                    line += " -r -F"
                } else if case .flag = option.kind {
                } else {
                    line += " -x"
                }
                lines.append(line + " -d \(fishQuoted(option.help.joined(separator: " ")))")
                if let negation = option.negation {
                    lines.append(
                        "complete -c iconforge \(condition) -l \(negation.dropFirst(2)) -d \(fishQuoted("undo \(option.name) set in iconforge.json"))"
                    )
                }
            }
            switch command.arguments {
            case .none: break
            case .glyphs, .svgFile, .folder: lines.append("complete -c iconforge \(condition) -F")
            case .words(let words, _):
                lines.append("complete -c iconforge \(condition) -x -a \(fishQuoted(words.joined(separator: " ")))")
            case .command: lines.append("complete -c iconforge \(condition) -x -a \(fishQuoted(all))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
