/// Sentences (or a sentence and its aside) shown as one text: a space between them in English,
/// none after Chinese, which runs its sentences together (「…尚未下載。只搜尋了…」, not 「。 只」).
public enum Sentences {
    /// `parts` in order, the empty ones left out.
    public static func join(_ parts: [String]) -> String {
        var text = ""
        for part in parts where !part.isEmpty {
            if let last = text.unicodeScalars.last, !endsWide(last) { text += " " }
            text += part
        }
        return text
    }

    public static func join(_ parts: String...) -> String { join(parts) }

    /// Han characters, kana and the full-width forms and punctuation (「。」「：」「」」「）」).
    private static func endsWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}
