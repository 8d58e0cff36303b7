import APODCore

/// The words of a caption card: the title, a line with the date and the credit, and
/// optionally the explanation's first sentence. Built from the entry's cleaned, bounded text
/// (no control characters or bidi overrides reach the picture).
public struct Caption: Equatable, Sendable {
    public var title: String
    public var details: String
    public var sentence: String?

    public init(title: String, details: String, sentence: String? = nil) {
        self.title = title
        self.details = details
        self.sentence = sentence
    }

    /// nil for `.none`. Read at each call, so the date and the credit come out in the user's
    /// language (call after `Localization.setUp`).
    public init?(entry: APODEntry, style: BackgroundCaption) {
        guard style != .none else { return nil }
        title = Self.oneLine(entry.shownTitle.text)
        let credit = entry.shownCopyright.map { Self.oneLine($0.text) }.flatMap { $0.isEmpty ? nil : $0 }
        details =
            credit.map {
                // Translators: the caption on a background: {date} 2019 Jan. 1, {credit} who made the picture.
                tr("{date} · © {credit}", ["date": entry.date.displayString, "credit": $0])
            } ?? entry.date.displayString
        let first = style == .titleAndSentence ? DailyAnnouncement.firstSentence(of: entry.shownExplanation.text) : ""
        sentence = first.isEmpty ? nil : first
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
