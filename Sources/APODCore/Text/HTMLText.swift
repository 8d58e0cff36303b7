import Foundation

/// Turns the HTML fragments the services send into plain text: tags stripped, entities
/// decoded, controls and bidi overrides removed (`ControlCharacters`), whitespace runs
/// collapsed to one space, ends trimmed.
///
/// Only real HTML tags (`<a …>`, `</em>`, `<br/>`, `<!-- … -->`) are removed, so a plain `<`
/// in old explanations ("mass < 3 suns") or a title like "Reflection <and> Dark" survives.
/// Tags go before entities are decoded, so an escaped `&lt;b&gt;` stays visible text.
public enum HTMLText {
    public static func plainText(_ html: String) -> String {
        collapseWhitespace(ControlCharacters.strip(HTMLEntities.decode(stripTags(html))))
    }

    /// Removes tags; block-level breaks become spaces so words on either side stay apart.
    ///
    /// One pass over the bytes (`TagScanner`), so hostile markup such as thousands of unclosed
    /// `<!--` costs linear time.
    public static func stripTags(_ html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) else { return html }
        var scanner = TagScanner(Array(html.utf8))
        var output: [UInt8] = []
        output.reserveCapacity(scanner.bytes.count)
        var index = 0
        while index < scanner.bytes.count {
            if scanner.bytes[index] == UInt8(ascii: "<"), let end = scanner.tagEnd(from: index) {
                if breaksWords(scanner.bytes[index...end]) { output.append(UInt8(ascii: " ")) }
                index = end + 1
            } else {
                output.append(scanner.bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Every run of whitespace (including `\r`, `\n`, tabs and no-break spaces) becomes a single
    /// space; leading and trailing whitespace goes.
    ///
    /// Combining marks stranded at the start of a word (mangled text) are dropped, and so are
    /// prefix marks at its end: either would fuse with the joining space into one character.
    /// Works on scalars in one pass (splitting into Characters cost microseconds per character).
    public static func collapseWhitespace(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var word: [Unicode.Scalar] = []
        func endWord() {
            defer { word.removeAll(keepingCapacity: true) }
            guard let start = word.firstIndex(where: { !extendsPrevious($0) }) else { return }
            var end = word.endIndex
            while end > start, isPrepend(word[end - 1]) { end -= 1 }
            guard end > start else { return }
            if !output.isEmpty { output.append(UInt8(ascii: " ")) }
            for scalar in word[start..<end] { UTF8.encode(scalar) { output.append($0) } }
        }
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                endWord()
            } else {
                word.append(scalar)
            }
        }
        endWord()
        return String(decoding: output, as: UTF8.self)
    }

    /// Unicode's White_Space property (what `Character.isWhitespace` tests), ASCII first.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09...0x0D: return true
        case 0...0x7F: return false
        default: return scalar.properties.isWhitespace
        }
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
        guard scalar.value >= 0x300 else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
            || scalar.value == 0x200D
    }

    /// Block tags (`<br>`, `<p>`, `<div>`…) separate words; inline ones (`<a>`, `<em>`) do not,
    /// so `<a>Hubble</a>'s` reads "Hubble's".
    private static func breaksWords(_ tag: ArraySlice<UInt8>) -> Bool {
        blockTags.contains(tagName(tag))
    }

    /// The lower-cased element name of the tag text starting at its `<`.
    static func tagName(_ tag: ArraySlice<UInt8>) -> String {
        let name = tag.dropFirst().drop(while: { $0 == UInt8(ascii: "/") }).prefix(while: isASCIIAlphanumeric)
        return String(decoding: name, as: UTF8.self).lowercased()
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static let blockTags: Set<String> = [
        "br", "p", "div", "li", "ul", "ol", "hr", "tr", "td", "th", "table", "blockquote", "center",
        "h1", "h2", "h3", "h4", "h5", "h6", "iframe", "video", "img", "figure", "figcaption", "section",
        "dl", "dt", "dd", "pre", "header", "footer", "article", "main", "nav", "body", "html", "head",
        "title", "meta", "link", "source", "embed", "object", "param", "audio", "form", "thead", "tbody",
    ]

    static let inlineTags: Set<String> = [
        "a", "b", "i", "u", "s", "em", "strong", "span", "sup", "sub", "font", "small", "big", "tt",
        "code", "cite", "abbr", "q", "mark", "nobr", "wbr", "del", "ins", "label", "time", "picture",
    ]
}
