import APODCore

/// Reads the words after the shared flags with `CommandTable`: picks the command's form, takes
/// each option the form declares (`--flag VALUE`, `--flag=VALUE`, `--` ending the options),
/// checks the count of arguments, and hands the rest to the form's `make`.
enum CommandParser {
    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    static func parse(_ arguments: [String]) throws -> Invocation {
        if arguments.contains("--help") || arguments.contains("-h") { return .help }
        if arguments.contains("--version") { return .version }
        guard let command = arguments.first else { throw APODError.invalidArgument(tr("No command given.")) }
        if let generated = try generator(arguments) { return generated }
        if isOption(command) {
            throw APODError.invalidArgument(tr("Unknown option \"{option}\".", ["option": command]))
        }
        let forms = CommandTable.forms(of: command)
        guard !forms.isEmpty else {
            throw APODError.invalidArgument(tr("Unknown command \"{command}\".", ["command": command]))
        }
        var rest = Array(arguments.dropFirst())
        let form = try choose(among: forms, command: command, &rest)
        return try form.make(try read(rest, for: form, siblings: forms))
    }

    /// The maintainers' generators, named as swift-argument-parser names its own: they print
    /// what `data/completions/apod` and the man page's headings must be.
    private static func generator(_ arguments: [String]) throws -> Invocation? {
        switch arguments.first {
        case "--generate-completion-script":
            guard arguments.dropFirst() == ["bash"] else {
                throw APODError.invalidArgument(tr("Only a bash completion script can be generated."))
            }
            return .completionScript
        case "--generate-manual-headings":
            return .manualHeadings
        default:
            return nil
        }
    }

    /// The subcommand named by the next word, else the form whose selector is given, else the
    /// command's plain form.
    private static func choose(among forms: [CommandForm], command: String, _ rest: inout [String]) throws
        -> CommandForm
    {
        let plain = forms.first { $0.words.count == 1 && $0.selector == nil }
        let subcommands = forms.filter { $0.words.count > 1 }
        if let word = rest.first, !isOption(word), !subcommands.isEmpty {
            if let form = subcommands.first(where: { $0.words[1] == word }) {
                rest.removeFirst()
                return form
            }
            if plain?.arguments.isEmpty ?? true {
                throw APODError.invalidArgument(
                    tr(
                        "{command} does not take \"{word}\": use {choices}.",
                        [
                            "command": command, "word": word,
                            "choices": subcommands.map(\.synopsis).joined(separator: ", "),
                        ]))
            }
        }
        let options = rest.prefix { $0 != "--" }.filter(isOption).map(name(of:))
        if let selected = forms.first(where: { form in
            form.selector.map { selector in options.contains { selector.names.contains($0) } } ?? false
        }) {
            return selected
        }
        guard let plain else {
            let needed = forms.compactMap(\.selector).map(\.synopsis).joined(separator: ", ")
            throw APODError.invalidArgument(tr("{command} needs {option}.", ["command": command, "option": needed]))
        }
        return plain
    }

    private static func read(_ words: [String], for form: CommandForm, siblings: [CommandForm]) throws
        -> ParsedArguments
    {
        var parsed = ParsedArguments(form: form.name)
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !isOption(word) {
                parsed.arguments.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let name = name(of: word)
            let inline = word.firstIndex(of: "=").map { String(word[word.index(after: $0)...]) }
            guard let option = form.option(named: name) else {
                throw unknown(word, named: name, in: form, siblings: siblings)
            }
            guard parsed.values[option.name] == nil else {
                throw APODError.invalidArgument(tr("{flag} is given more than once.", ["flag": name]))
            }
            switch option.value {
            case .none:
                if inline != nil {
                    throw APODError.invalidArgument(tr("{flag} takes no value.", ["flag": name]))
                }
                parsed.values[option.name] = ""
            case .required:
                if let inline {
                    parsed.values[option.name] = inline
                } else {
                    guard index < words.count else {
                        throw APODError.invalidArgument(tr("{flag} needs a value.", ["flag": name]))
                    }
                    parsed.values[option.name] = words[index]
                    index += 1
                }
            case .inline:
                parsed.values[option.name] = inline ?? ""
            }
        }
        let required = form.arguments.filter { !$0.optional }.count
        if parsed.arguments.count < required {
            throw APODError.invalidArgument(
                form.missingArguments?()
                    ?? tr(
                        "{command} needs {arguments}.",
                        ["command": form.name, "arguments": form.arguments.map(\.synopsis).joined(separator: " ")]))
        }
        if !form.arguments.contains(where: \.repeats), parsed.arguments.count > form.arguments.count {
            throw APODError.invalidArgument(
                tr("Unexpected argument \"{argument}\".", ["argument": parsed.arguments[form.arguments.count]]))
        }
        return parsed
    }

    /// An option the form does not take: said as such when another form of the command takes it.
    private static func unknown(_ word: String, named name: String, in form: CommandForm, siblings: [CommandForm])
        -> APODError
    {
        if name == CommandTable.json.name {
            let lead = ([form.name] + (form.selector.map { [$0.name] } ?? [])).joined(separator: " ")
            return .invalidArgument(tr("{command} does not take --json.", ["command": lead]))
        }
        if let sibling = siblings.first(where: { $0.option(named: name) != nil }) {
            return .invalidArgument(tr("{flag} only goes with {usage}.", ["flag": name, "usage": sibling.synopsis]))
        }
        return .invalidArgument(tr("Unknown option \"{option}\".", ["option": word]))
    }

    /// `-x`, `--flag`, `--flag=value`, `--`; a lone `-` (standard output) is a word.
    static func isOption(_ word: String) -> Bool { word.hasPrefix("-") && word.count > 1 }

    private static func name(of word: String) -> String { String(word.prefix { $0 != "=" }) }
}
