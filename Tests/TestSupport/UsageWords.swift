/// The words of a `--help` text that its man page and completion must know.
public enum UsageWords {
    /// Every option (`--json`, `-o`) standing on its own: after a space, a bracket or a bar.
    public static func options(in usage: String) -> Set<String> {
        let pattern = /(?:^|[\s\[(|])(--?[a-z][a-z-]*)/.anchorsMatchLineEndings()
        return Set(usage.matches(of: pattern).map { String($0.output.1) })
    }

    /// The commands: lines indented by exactly two spaces whose first word is a lowercase word
    /// (not an option, nor a heading such as `WALLPAPER OPTIONS:`).
    public static func commands(in usage: String) -> Set<String> {
        Set(
            usage.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
                    word.allSatisfy({ $0.isLowercase || $0 == "-" }), !word.hasPrefix("-")
                else { return nil }
                return String(word)
            })
    }
}
