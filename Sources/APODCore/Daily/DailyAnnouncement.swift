import Foundation

/// The words of the new-picture notification.
public enum DailyAnnouncement {
    /// The explanation's first sentence, or its first words when the sentence runs long, so a
    /// notification says what the picture shows in a line or two.
    public static func firstSentence(of explanation: String, limit: Int = 180) -> String {
        let text = explanation.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var end = text.startIndex
        while end < text.endIndex {
            let next = text.index(after: end)
            if ".!?".contains(text[end]), next == text.endIndex || text[next] == " " {
                let sentence = String(text[...end])
                // "Dr." or "M. 31" are not the end of a sentence worth stopping at.
                if sentence.count >= 20 { return sentence.count <= limit ? sentence : shortened(sentence, limit) }
            }
            end = next
        }
        return text.count <= limit ? text : shortened(text, limit)
    }

    private static func shortened(_ text: String, _ limit: Int) -> String {
        let cut = text.prefix(limit)
        let words = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return words + "…"
    }
}
