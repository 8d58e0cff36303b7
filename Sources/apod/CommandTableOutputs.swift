import APODCore

/// `apod --help`, written from `CommandTable`.
enum UsageText {
    /// Where a command's help starts.
    static let column = 42

    static func render() -> String {
        var lines = [tr("Usage: apod [OPTIONS] COMMAND"), "", tr("Commands:")]
        let forms = CommandTable.forms
        for (index, form) in forms.enumerated() {
            lines += OptionDeclaration.helpLines(form.synopsis, form.help(), column: column)
            // A group is explained once, after the last form that takes it.
            let later = forms[(index + 1)...].flatMap(\.groups).map(\.manualName)
            for group in form.groups where !later.contains(group.manualName) {
                lines.append("  " + group.heading())
                for option in group.options {
                    lines += OptionDeclaration.helpLines("  " + option.synopsis, option.help(), column: column)
                }
            }
        }
        lines += ["", tr("Options:")]
        lines += CommonArguments.options.flatMap { $0.helpLines(column: CommonArguments.helpColumn) }
        lines.append(CommonArguments.closingHelp)
        return lines.joined(separator: "\n")
    }
}

/// The headings the man page gives each command form, each wallpaper option and each shared
/// option, in the table's order (`PackagedDocumentationTests` compares them with docs/man/apod.1).
enum ManualHeadings {
    static func render() -> String {
        var groups: [OptionGroup] = []
        for group in CommandTable.forms.flatMap(\.groups)
        where !groups.contains(where: { $0.manualName == group.manualName }) {
            groups.append(group)
        }
        let commands = CommandTable.forms.map(\.manualSynopsis) + groups.flatMap(\.options).map { Troff.option($0) }
        let options = CommandTable.sharedOptions.map { Troff.option($0, allNames: true) }
        return ([".SH COMMANDS"] + commands + [".SH OPTIONS"] + options).joined(separator: "\n")
    }
}

/// `data/completions/apod`, written from `CommandTable` (`apod --generate-completion-script
/// bash`; a test fails when the file in the tree differs).
enum CompletionScript {
    static func render() -> String {
        let shared = CommandTable.sharedOptions
        let every = unique(shared + CommandTable.forms.flatMap(\.allOptions))
        var valueCases: [String] = []
        for option in every {
            if case .words(let words) = option.completion, case .required = option.value {
                valueCases.append(
                    valueCase(
                        option.names, #"COMPREPLY=($(compgen -W "\#(words.joined(separator: " "))" -- "$current"))"#))
            }
        }
        let folders = every.filter { $0.completion == .folders }.flatMap(\.names)
        let files = every.filter { $0.completion == .files }.flatMap(\.names)
        let free = every.filter { $0.completion == .nothing && isRequired($0) }.flatMap(\.names)
        if !folders.isEmpty { valueCases.append(valueCase(folders, #"COMPREPLY=($(compgen -d -- "$current"))"#)) }
        if !files.isEmpty { valueCases.append(valueCase(files, #"COMPREPLY=($(compgen -f -- "$current"))"#)) }
        if !free.isEmpty { valueCases.append("        \(free.joined(separator: "|")))\n            return ;;") }

        var commandCases: [String] = []
        for command in CommandTable.commands {
            let forms = CommandTable.forms(of: command)
            let own = words(of: unique(forms.flatMap(\.allOptions)))
            let pattern = ([command] + (forms.first?.aliases ?? [])).joined(separator: "|")
            let subcommands = forms.filter { $0.words.count > 1 }.map { $0.words[1] }
            if !subcommands.isEmpty {
                commandCases.append(
                    """
                            \(pattern))
                                if [[ $previous == "$command" && $current != -* ]]; then
                                    COMPREPLY=($(compgen -W "\((subcommands + own).joined(separator: " "))" -- "$current"))
                                    return
                                fi
                                own="\(own.joined(separator: " "))" ;;
                    """)
            } else if !own.isEmpty {
                commandCases.append("        \(pattern)) own=\"\(own.joined(separator: " "))\" ;;")
            }
        }
        let skipped = shared.filter(\.takesValue).flatMap(\.names).joined(separator: "|")
        return """
            # bash completion for apod (installed as share/bash-completion/completions/apod).
            # Written by `apod --generate-completion-script bash` from the command table in
            # Sources/apod/CommandTable.swift: change the table, not this file. Needs no helper from
            # the bash-completion package, so it can be sourced on its own.

            _apod() {
                local current=${COMP_WORDS[COMP_CWORD]}
                local previous=${COMP_WORDS[COMP_CWORD-1]}
                local shared="\(words(of: shared).filter { $0.hasPrefix("--") }.joined(separator: " "))"
                local commands="\(CommandTable.commands.joined(separator: " "))"

                case $previous in
            \(valueCases.joined(separator: "\n"))
                esac

                # The command is the first word that is neither an option nor an option's value.
                local command="" index word
                for ((index = 1; index < COMP_CWORD; index++)); do
                    word=${COMP_WORDS[index]}
                    case $word in
                        \(skipped)) ((index++)) ;;
                        -*) ;;
                        *) command=$word; break ;;
                    esac
                done

                local own=""
                case $command in
                    "") COMPREPLY=($(compgen -W "$commands $shared" -- "$current")); return ;;
            \(commandCases.joined(separator: "\n"))
                esac
                if [[ $current == -* ]]; then
                    COMPREPLY=($(compgen -W "$own $shared" -- "$current"))
                fi
            }

            complete -F _apod apod
            """
    }

    private static func valueCase(_ names: [String], _ action: String) -> String {
        "        \(names.joined(separator: "|")))\n            \(action)\n            return ;;"
    }

    private static func isRequired(_ option: OptionDeclaration) -> Bool {
        if case .required = option.value { return true }
        return false
    }

    /// What is typed for each option: its names, and `--caption=sentence` for an inline value.
    private static func words(of options: [OptionDeclaration]) -> [String] {
        options.flatMap { option -> [String] in
            if case .inline(let word) = option.value { return option.names + option.names.map { $0 + "=" + word } }
            return option.names
        }
    }

    /// The options once each, by first name, in order.
    private static func unique(_ options: [OptionDeclaration]) -> [OptionDeclaration] {
        var seen: Set<String> = []
        return options.filter { seen.insert($0.name).inserted }
    }
}
