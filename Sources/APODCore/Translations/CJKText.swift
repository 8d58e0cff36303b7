/// Han text cut into overlapping two-character words (bigrams), so that SQLite's `unicode61`
/// tokenizer, which keeps a run of Han characters as one word, indexes 極光 inside
/// 「北極光在天空舞動」: the run becomes 「北極 極光 光在 在天 天空 空舞 舞動」 and a search for 極光
/// is the one-word phrase 「極光」, for 仙女座 the phrase 「仙女 女座」. Text that is not Han (Latin
/// words, digits, kana, punctuation) is kept as it is, so "M31" in a Chinese sentence is found too.
public enum CJKText {
    /// Han ideographs (the CJK blocks, their extensions and compatibility forms).
    public static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F, 0x30000...0x3134F: return true
        default: return false
        }
    }

    /// Whether `text` holds a Han character.
    public static func containsHan(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains(where: isHan)
    }

    /// How many Han characters `text` holds.
    public static func hanCount(_ text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isHan($1) ? 1 : 0) }
    }

    /// `text` with every Han run replaced by its bigrams separated by spaces; a run of one
    /// character stays one word. Runs are split at anything not Han.
    public static func bigrams(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count * 2)
        var run: [Unicode.Scalar] = []
        func endRun() {
            defer { run.removeAll(keepingCapacity: true) }
            guard !run.isEmpty else { return }
            output.append(" ")
            if run.count == 1 {
                output.unicodeScalars.append(run[0])
            } else {
                for index in 0..<(run.count - 1) {
                    if index > 0 { output.append(" ") }
                    output.unicodeScalars.append(run[index])
                    output.unicodeScalars.append(run[index + 1])
                }
            }
            output.append(" ")
        }
        for scalar in text.unicodeScalars {
            if isHan(scalar) {
                run.append(scalar)
            } else {
                endRun()
                output.unicodeScalars.append(scalar)
            }
        }
        endRun()
        return output
    }

    /// One typed word as an FTS5 query over bigram text: its Han runs as phrases of their
    /// bigrams (「仙女 女座」), a lone Han character as a prefix (「極」 finds 「極光」), and the
    /// words between them as quoted prefixes, all of which must match.
    static func matchExpression(forWord word: String) -> String {
        var parts: [String] = []
        var run: [Unicode.Scalar] = []
        var other = ""
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        func endOther() {
            let words = other.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            parts += words.map { quoted(String($0)) + ($0.count > 1 ? "*" : "") }
            other = ""
        }
        func endRun() {
            defer { run.removeAll() }
            guard !run.isEmpty else { return }
            if run.count == 1 {
                parts.append(quoted(String(String.UnicodeScalarView(run))) + "*")
            } else {
                let pairs = (0..<(run.count - 1)).map { String(String.UnicodeScalarView([run[$0], run[$0 + 1]])) }
                parts.append(quoted(pairs.joined(separator: " ")))
            }
        }
        for scalar in word.unicodeScalars {
            if isHan(scalar) {
                endOther()
                run.append(scalar)
            } else {
                endRun()
                other.unicodeScalars.append(scalar)
            }
        }
        endRun()
        endOther()
        return parts.joined(separator: " ")
    }
}
