import APODCore
import Foundation

/// The readable block `apod` prints for an entry without `--json` (`Output` keeps terminal
/// controls and bidi overrides out of it, as out of everything `apod` prints).
enum EntryFormatter {
    static let width = 78

    /// - Parameter wrappingCharacters: the explanation is Chinese, which has no spaces between
    ///   words: wrapped at 39 characters (each two columns wide) rather than at spaces.
    static func block(for entry: APODEntry, wrappingCharacters: Bool = false) -> String {
        var lines = ["\(entry.date.displayString) — \(entry.title)"]
        if let copyright = entry.copyright { lines.append("© \(copyright)") }
        if !entry.explanation.isEmpty {
            lines.append("")
            lines +=
                wrappingCharacters
                ? wrapCharacters(entry.explanation, width: width / 2) : wrap(entry.explanation, width: width)
        }
        let links: [(String, String?)] = [
            (tr("Image"), entry.imageURL?.absoluteString),
            (tr("HD image"), entry.hdImageURL == entry.imageURL ? nil : entry.hdImageURL?.absoluteString),
            (tr("Video"), entry.videoURL?.absoluteString),
            (tr("Page"), entry.pageURL?.absoluteString),
        ]
        let present = links.compactMap { label, link in link.map { (label, $0) } }
        if !present.isEmpty {
            lines.append("")
            for (label, link) in present {
                lines.append((label + ":").padding(toLength: 10, withPad: " ", startingAt: 0) + link)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Lines of `width` characters: Chinese text breaks between any two characters.
    static func wrapCharacters(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            if current.count == width {
                lines.append(current)
                current = ""
            }
            if !(current.isEmpty && character == " ") { current.append(character) }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Greedy word wrap; a word longer than the width gets a line of its own.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
