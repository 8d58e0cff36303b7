import Foundation

/// Turns the HTML fragments the services send into plain text: tags stripped, entities
/// decoded, whitespace runs collapsed to one space, ends trimmed.
///
/// Only things shaped like tags (`<a …>`, `</em>`, `<br/>`, `<!-- … -->`) are removed, so a
/// plain `<` in old explanations ("mass < 3 suns") survives. Tags go before entities are
/// decoded, so an escaped `&lt;b&gt;` stays visible text rather than vanishing.
public enum HTMLText {
    public static func plainText(_ html: String) -> String {
        collapseWhitespace(HTMLEntities.decode(stripTags(html)))
    }

    /// Removes tags; block-level breaks become spaces so words on either side stay apart.
    public static func stripTags(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let end = tagEnd(in: html, from: index) {
                if breaksWords(html[index...end]) { output.append(" ") }
                index = html.index(after: end)
            } else {
                output.append(character)
                index = html.index(after: index)
            }
        }
        return output
    }

    /// Every run of whitespace (including `\r`, `\n`, tabs and no-break spaces) becomes a single
    /// space; leading and trailing whitespace goes.
    public static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Block tags (`<br>`, `<p>`, `<div>`…) separate words; inline ones (`<a>`, `<em>`) do not,
    /// so `<a>Hubble</a>'s` reads "Hubble's".
    private static func breaksWords(_ tag: Substring) -> Bool {
        let name = tag.dropFirst().drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
        return blockTags.contains(name)
    }

    private static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "hr", "tr", "td", "th", "table", "blockquote", "center",
        "h1", "h2", "h3", "h4", "h5", "h6", "iframe", "video", "img", "figure", "figcaption", "section",
    ]

    /// The index of the `>` closing the tag that starts at `start`, if it is a tag at all.
    private static func tagEnd(in html: String, from start: String.Index) -> String.Index? {
        let next = html.index(after: start)
        guard next < html.endIndex else { return nil }
        let first = html[next]
        if html[next...].hasPrefix("!--") {
            return html[next...].range(of: "-->").map { html.index(before: $0.upperBound) }
        }
        guard first.isASCII, first.isLetter || first == "/" || first == "!" else { return nil }
        if first == "/" {
            let afterSlash = html.index(after: next)
            guard afterSlash < html.endIndex, html[afterSlash].isASCII, html[afterSlash].isLetter else { return nil }
        }
        var quote: Character?
        var index = next
        while index < html.endIndex {
            let character = html[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            } else if character == "<" {
                return nil
            }
            index = html.index(after: index)
        }
        return nil
    }
}
