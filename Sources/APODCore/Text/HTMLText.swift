import Foundation

/// Turns the HTML fragments the services send into plain text: tags stripped, entities
/// decoded, whitespace runs collapsed to one space, ends trimmed.
///
/// Only real HTML tags (`<a …>`, `</em>`, `<br/>`, `<!-- … -->`) are removed, so a plain `<`
/// in old explanations ("mass < 3 suns") or a title like "Reflection <and> Dark" survives.
/// Tags go before entities are decoded, so an escaped `&lt;b&gt;` stays visible text.
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
    ///
    /// Combining marks stranded at the start of a word (mangled text) are dropped, and so are
    /// prefix marks at its end: either would fuse with the joining space into one character.
    public static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace })
            .map { word -> String in
                var scalars = Substring.UnicodeScalarView(word.unicodeScalars.drop(while: extendsPrevious))
                while let last = scalars.last, isPrepend(last) { scalars.removeLast() }
                return String(scalars)
            }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Unicode's Grapheme_Cluster_Break=Prepend scalars, which attach to whatever follows them.
    private static func isPrepend(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD,
             0x111C2...0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
            return true
        default:
            return false
        }
    }

    /// Scalars that attach to whatever precedes them (combining marks, joiners).
    private static func extendsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark || scalar.value == 0x200D
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
        "dl", "dt", "dd", "pre", "header", "footer", "article", "main", "nav", "body", "html", "head",
        "title", "meta", "link", "source", "embed", "object", "param", "audio", "form", "thead", "tbody",
    ]

    private static let inlineTags: Set<String> = [
        "a", "b", "i", "u", "s", "em", "strong", "span", "sup", "sub", "font", "small", "big", "tt",
        "code", "cite", "abbr", "q", "mark", "nobr", "wbr", "del", "ins", "label", "time", "picture",
    ]

    /// Whether the text between `<` and `>` names a known HTML element (or is `<!…>`).
    private static func isKnownTag(_ tag: Substring) -> Bool {
        let body = tag.dropFirst()
        if body.hasPrefix("!") { return true }
        let name = body.drop(while: { $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber }).lowercased()
        return blockTags.contains(name) || inlineTags.contains(name)
    }

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
                return isKnownTag(html[start..<index]) ? index : nil
            } else if character == "<" {
                return nil
            }
            index = html.index(after: index)
        }
        return nil
    }
}
