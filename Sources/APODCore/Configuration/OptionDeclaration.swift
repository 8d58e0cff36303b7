import Foundation

/// One command-line option as a program declares it: the names it answers to, the value it
/// takes, how a shell completes that value, and its help (translated when read). `apod` parses,
/// prints `--help`, writes its bash completion and checks its man page from these declarations,
/// so an option added here is added everywhere at once.
public struct OptionDeclaration: Sendable {
    public enum Value: Sendable, Equatable {
        /// A switch: `--json`.
        case none
        /// `--count N` or `--count=N`; the associated text is the placeholder shown in help.
        case required(String)
        /// `--caption` or `--caption=sentence`, never `--caption sentence` (the next word is not
        /// the option's); the associated text is the one word it takes.
        case inline(String)
    }

    /// What a shell offers for the option's value.
    public enum Completion: Sendable, Equatable {
        case nothing
        case files
        case folders
        case words([String])
    }

    /// The first is the one help shows (`-o`); the others are spellings it also accepts.
    public let names: [String]
    public let value: Value
    public let completion: Completion
    /// Lines of help, translated when called so they come out in the user's language; none
    /// when the command's own help says what the option does.
    public let help: @Sendable () -> [String]

    public init(
        _ names: String..., value: Value = .none, completion: Completion = .nothing,
        help: @escaping @Sendable () -> [String] = { [] }
    ) {
        precondition(!names.isEmpty, "an option needs a name")
        self.names = names
        self.value = value
        self.completion = completion
        self.help = help
    }

    public var name: String { names[0] }

    public var takesValue: Bool { value != .none }

    /// How help writes it: `--json`, `--count N`, `--caption[=sentence]`.
    public var synopsis: String {
        switch value {
        case .none: return name
        case .required(let placeholder): return name + " " + placeholder
        case .inline(let word): return name + "[=" + word + "]"
        }
    }

    /// `  SYNOPSIS   help` lines with the help starting at `column`; a synopsis too long for
    /// the column gets a line of its own.
    public static func helpLines(_ synopsis: String, _ help: [String], column: Int) -> [String] {
        let lead = "  " + synopsis
        let indent = String(repeating: " ", count: column)
        guard let first = help.first else { return [lead] }
        let rest = help.dropFirst().map { indent + $0 }
        let width = columns(of: lead)
        if width < column - 1 {
            return [lead + String(repeating: " ", count: column - width) + first] + rest
        }
        return [lead, indent + first] + rest
    }

    /// The columns `text` takes in a terminal: two for each wide (CJK) character, as a
    /// translated placeholder (`[背景選項]`) has, so the help after it still lines up.
    static func columns(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            let wide = wideRanges.contains { $0.contains(scalar.value) }
            return total + (wide ? 2 : 1)
        }
    }

    /// East Asian Wide and Fullwidth blocks: Hangul Jamo, CJK punctuation to Yi, Hangul
    /// syllables, compatibility ideographs and forms, fullwidth forms, the supplementary planes.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]

    /// The option's lines in a usage text.
    public func helpLines(column: Int) -> [String] {
        Self.helpLines(synopsis, help(), column: column)
    }
}
