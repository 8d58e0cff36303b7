/// Characters a service's text must not smuggle to a terminal or a label: C0 and C1 controls
/// (escape sequences, BEL, backspace, NUL, which cuts a GTK label short) and the bidi overrides
/// and isolates that make "gpj.exe" display as "exe.jpg".
public enum ControlCharacters {
    /// `text` without those characters; tabs and line breaks stay when `keepingLayout` (they are
    /// whitespace, which the HTML cleaner collapses, and line breaks shape `apod`'s output).
    public static func strip(_ text: String, keepingLayout: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingLayout: keepingLayout) }) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isUnsafe($0, keepingLayout: keepingLayout) })
        return String(scalars)
    }

    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingLayout: Bool) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return !keepingLayout
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
