/// An entry's text as windows show it: each field bounded (`BoundedText`) and free of controls
/// (also for entries cached before the decoders removed them), and the whole as plain text.
extension APODEntry {
    public var shownTitle: BoundedText {
        BoundedText(ControlCharacters.strip(title, keepingLayout: false), limit: BoundedText.titleLimit)
    }

    public var shownExplanation: BoundedText {
        BoundedText(
            ControlCharacters.strip(explanation), limit: BoundedText.explanationLimit,
            byteLimit: BoundedText.explanationByteLimit)
    }

    public var shownCopyright: BoundedText? {
        copyright.map { BoundedText(ControlCharacters.strip($0, keepingLayout: false), limit: BoundedText.titleLimit) }
    }

    /// The alt text, unless it only repeats the title (entries can carry the title as `alt`):
    /// tooltips and screen readers would say the same words twice.
    public var shownAltText: BoundedText? {
        guard let altText else { return nil }
        let shown = BoundedText(ControlCharacters.strip(altText, keepingLayout: false), limit: BoundedText.altTextLimit)
        let words = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        return words(shown.text) == words(shownTitle.text) ? nil : shown
    }

    /// Whether some label shows less than the entry holds.
    public var hasTruncatedText: Bool {
        shownTitle.isTruncated || shownExplanation.isTruncated || shownCopyright?.isTruncated == true
            || shownAltText?.isTruncated == true
    }

    /// Everything the entry says, unbounded, as plain text (title, credit, explanation).
    public var fullText: String {
        let parts = [title, copyright.map { "© \($0)" }, explanation.isEmpty ? nil : explanation]
        return ControlCharacters.strip(parts.compactMap { $0 }.joined(separator: "\n\n"))
    }
}
