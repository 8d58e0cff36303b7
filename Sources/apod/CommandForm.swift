import APODCore

/// A word a command takes in its place (`YYYY-MM-DD`, `QUERY`), as help and the man page write it.
struct ArgumentDeclaration: Sendable {
    var name: String
    var optional = false
    /// Takes every word left: a search's QUERY is all of them.
    var repeats = false

    var synopsis: String { optional ? "[\(name)]" : name }
}

/// Options several forms share, shown in a synopsis as one bracketed name (`[WALLPAPER
/// OPTIONS]`) and explained once, under their heading.
struct OptionGroup: Sendable {
    /// The name as a synopsis shows it, translated when read.
    var name: @Sendable () -> String
    /// The heading over the group's options in `--help`.
    var heading: @Sendable () -> String
    /// The English name the man page uses (its text is English throughout).
    var manualName: String
    var options: [OptionDeclaration]
}

/// One way of writing a command, declared once: parsing, `--help`, the bash completion and the
/// man page's headings all come from it. `random [--count N] [--json]` and `random --wallpaper
/// PATH …` are two forms of `random`; `favorites add DATE` is a form of `favorites`.
struct CommandForm: Sendable {
    /// The command's name and, for a subcommand, its word: `["favorites", "add"]`.
    var words: [String]
    /// Other spellings of the command's name (`favourites`).
    var aliases: [String] = []
    /// The option that picks this form over the command's others (`--wallpaper`): required,
    /// and shown first.
    var selector: OptionDeclaration?
    var arguments: [ArgumentDeclaration] = []
    var options: [OptionDeclaration] = []
    var groups: [OptionGroup] = []
    /// What to say when a required argument is missing (`range needs a START and an END date.`).
    var missingArguments: (@Sendable () -> String)?
    /// Lines of help, translated when read.
    var help: @Sendable () -> [String]
    /// Turns what was parsed into what to do, checking the values.
    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    var make: @Sendable (ParsedArguments) throws -> Invocation

    var command: String { words[0] }
    var name: String { words.joined(separator: " ") }

    /// Every option the form accepts, the selector first.
    var allOptions: [OptionDeclaration] {
        (selector.map { [$0] } ?? []) + options + groups.flatMap(\.options)
    }

    func option(named name: String) -> OptionDeclaration? {
        allOptions.first { $0.names.contains(name) }
    }

    /// `download [YYYY-MM-DD] [--hd] [-o PATH] [--force]`, with group names translated.
    var synopsis: String {
        var parts = [name]
        if let selector { parts.append(selector.synopsis) }
        parts += arguments.map(\.synopsis)
        parts += options.map { "[\($0.synopsis)]" }
        parts += groups.map { "[\($0.name())]" }
        return parts.joined(separator: " ")
    }

    /// The synopsis in troff, as the man page's heading for the form.
    var manualSynopsis: String {
        var parts = [Troff.bold(([name] + (selector.map { [$0.name] } ?? [])).joined(separator: " "))]
        if let selector, let value = Troff.value(of: selector) { parts.append(value) }
        parts += arguments.map { $0.optional ? "[\(Troff.italic($0.name))]" : Troff.italic($0.name) }
        parts += options.map { "[\(Troff.option($0))]" }
        parts += groups.map { "[\(Troff.italic($0.manualName))]" }
        return parts.joined(separator: " ")
    }
}

/// What the words after a command said, by the options' first names.
struct ParsedArguments: Sendable {
    /// The form's name, for messages (`favorites add`).
    var form: String
    /// Each option given, by its first name; a switch maps to "".
    var values: [String: String] = [:]
    var arguments: [String] = []

    func has(_ option: OptionDeclaration) -> Bool { values[option.name] != nil }

    func value(_ option: OptionDeclaration) -> String? { values[option.name] }
}

/// Man page markup: bold for what is typed as it stands, italics for what the user fills in.
enum Troff {
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }

    static func bold(_ text: String) -> String { "\\fB\(escaped(text))\\fR" }

    static func italic(_ text: String) -> String { "\\fI\(escaped(text))\\fR" }

    /// ` \fIN\fR`, ` \fBfill\fR|\fBwhole\fR`, `[\fB=sentence\fR]`, or nil for a switch.
    static func value(of option: OptionDeclaration) -> String? {
        switch option.value {
        case .none:
            return nil
        case .required(let placeholder):
            if case .words(let words) = option.completion {
                return words.map(bold).joined(separator: "|")
            }
            return italic(placeholder)
        case .inline(let word):
            return "[\(bold("=" + word))]"
        }
    }

    /// `\fB\-\-count\fR \fIN\fR`, `\fB\-\-caption\fR[\fB=sentence\fR]`.
    static func option(_ option: OptionDeclaration, allNames: Bool = false) -> String {
        let names = (allNames ? option.names : [option.name]).map(bold).joined(separator: ", ")
        switch (option.value, value(of: option)) {
        case (.inline, let value?): return names + value
        case (_, let value?): return names + " " + value
        case (_, nil): return names
        }
    }
}
