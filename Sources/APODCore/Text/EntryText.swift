import Foundation

/// The field-specific clean-up applied to every entry, whichever service it came from:
/// labels and tails that the services leave in titles, explanations and credits.
public enum EntryText {
    /// Plain title without a `\r\nCredit: …` tail.
    public static func title(_ raw: String) -> String {
        var text = raw
        if let tail = creditTail(in: text) { text = String(text[..<tail]) }
        return HTMLText.plainText(text)
    }

    /// Plain explanation without the leading `Explanation:` label or the trailing
    /// `Tomorrow's picture: …` teaser.
    public static func explanation(_ raw: String) -> String {
        var text = HTMLText.plainText(raw)
        text = dropLeadingLabel(text, labels: ["Explanation:"])
        if let tail = text.range(
            of: #"\s*Tomorrow(['’]s)? picture\s*:"#, options: [.regularExpression, .caseInsensitive])
        {
            text = String(text[..<tail.lowerBound])
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Plain copyright or credit holder: labels such as `Image Credit & Copyright:` dropped,
    /// scraping garbage from an embedded `Explanation:` on dropped; `nil` when nothing is left.
    public static func credit(_ raw: String?) -> String? {
        guard let raw else { return nil }
        var text = HTMLText.plainText(raw)
        if let garbage = text.range(of: "Explanation:", options: .caseInsensitive) {
            text = String(text[..<garbage.lowerBound])
        }
        while let label = text.range(of: creditLabel, options: [.regularExpression, .caseInsensitive, .anchored]) {
            text = String(text[label.upperBound...])
        }
        text = text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    /// `Image Credit & Copyright:`, `Video Credit:`, `Copyright:`, `Credits and copyright:`, `©`…
    private static let creditLabel =
        #"\s*(?:(?:Image|Video|Illustration|Animation|Photo|Photograph|Text|Data|Music)s?\s+)?(?:(?:Credits?|Copyright)(?:\s*(?:&|and|/)\s*(?:Credits?|Copyright))?\s*:|©|\(c\)\s)\s*"#

    /// Where a title's credit tail starts: a line break followed by a line mentioning credit.
    private static func creditTail(in text: String) -> String.Index? {
        var searchStart = text.startIndex
        while let lineBreak = text[searchStart...].firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            // A short look suffices ("Image Credit"); the whole rest per line break is quadratic.
            let rest = String(text[lineBreak...].drop(while: { $0.isWhitespace }).prefix(64))
            if rest.range(
                of: #"^(?:[A-Za-z]+\s+)?(?:Credit|Copyright)"#, options: [.regularExpression, .caseInsensitive]) != nil
            {
                return lineBreak
            }
            searchStart = text.index(after: lineBreak)
        }
        return nil
    }

    private static func dropLeadingLabel(_ text: String, labels: [String]) -> String {
        for label in labels where text.lowercased().hasPrefix(label.lowercased()) {
            return String(text.dropFirst(label.count)).trimmingCharacters(in: .whitespaces)
        }
        return text
    }
}
