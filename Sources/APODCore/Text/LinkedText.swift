import Foundation

/// A link in an entry's text: the words shown (plain text, as they appear in the entry's
/// explanation) and where they point (http or https only).
public struct TextLink: Hashable, Sendable {
    public var text: String
    public var url: URL

    public init(text: String, url: URL) {
        self.text = text
        self.url = url
    }
}

/// Explanations with their links kept: the services' `<a href>` anchors are read from the raw
/// HTML once, when an entry is decoded (`links(inHTML:)`), and laid over the plain text again
/// for display (`runs(_:links:)`), where bare `http(s)://` addresses become links too.
/// Nothing here produces markup: the viewer escapes every run itself.
public enum LinkedText {
    /// A piece of text to show: plain, or a link to `url` (always a web address).
    public enum Run: Hashable, Sendable {
        case text(String)
        case link(String, URL)
    }

    /// APOD's own pages, which relative links in explanations (`ap230101.html`) are relative to.
    public static let archiveBase = URL(string: "https://apod.nasa.gov/apod/")!

    /// The `<a href="…">…</a>` anchors in `html`, in order, with their text as
    /// `HTMLText.plainText` gives it. Relative hrefs resolve against `base`; anchors that do
    /// not lead to a web address (`javascript:`, `mailto:`, `file:`), or have no text, are left
    /// out. One forward pass over the string.
    public static func links(inHTML html: String, base: URL? = archiveBase) -> [TextLink] {
        var links: [TextLink] = []
        var rest = html[...]
        while let open = rest.range(of: "<a", options: .caseInsensitive) {
            rest = rest[open.upperBound...]
            guard let next = rest.first, next.isWhitespace, let tagEnd = tagEnd(in: rest) else { continue }
            let attributes = rest[..<tagEnd]
            rest = rest[rest.index(after: tagEnd)...]
            guard let close = rest.range(of: "</a", options: .caseInsensitive) else { break }
            let inner = rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
            let text = HTMLText.plainText(String(inner))
            guard !text.isEmpty, let href = attribute("href", in: attributes),
                let url = webURL(HTMLEntities.decode(href), base: base)
            else { continue }
            links.append(TextLink(text: text, url: url))
        }
        return links
    }

    /// `text` cut into runs: each link's words, looked for in order after the previous one,
    /// become a link; the text around them is scanned for bare web addresses.
    public static func runs(_ text: String, links: [TextLink] = []) -> [Run] {
        var runs: [Run] = []
        var rest = text[...]
        for link in links {
            guard let found = rest.range(of: link.text) else { continue }
            runs += bareLinks(in: rest[..<found.lowerBound])
            runs.append(.link(link.text, link.url))
            rest = rest[found.upperBound...]
        }
        runs += bareLinks(in: rest)
        return runs
    }

    /// Plain text with each `http://` or `https://` address as a link; trailing punctuation
    /// (the sentence's full stop, a closing parenthesis) stays text.
    static func bareLinks(in text: Substring) -> [Run] {
        var runs: [Run] = []
        var rest = text
        while let start = firstScheme(in: rest) {
            let candidate = rest[start...].prefix { !$0.isWhitespace && !"<>\"".contains($0) }
            var address = candidate
            while let last = address.last, ".,;:!?)]}'’”".contains(last) {
                if last == ")", address.filter({ $0 == "(" }).count >= address.filter({ $0 == ")" }).count { break }
                address = address.dropLast()
            }
            let before = rest[..<start]
            if let url = WebURL.normalize(String(address)), !address.isEmpty {
                if !before.isEmpty { runs.append(.text(String(before))) }
                runs.append(.link(String(address), url))
                rest = rest[address.endIndex...]
            } else {
                runs.append(.text(String(rest[..<candidate.endIndex])))
                rest = rest[candidate.endIndex...]
            }
        }
        if !rest.isEmpty { runs.append(.text(String(rest))) }
        return merged(runs)
    }

    private static func firstScheme(in text: Substring) -> Substring.Index? {
        let http = text.range(of: "http://", options: .caseInsensitive)?.lowerBound
        let https = text.range(of: "https://", options: .caseInsensitive)?.lowerBound
        switch (http, https) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
        }
    }

    /// Adjacent text runs joined, so callers see one run per stretch of plain text.
    private static func merged(_ runs: [Run]) -> [Run] {
        var result: [Run] = []
        for run in runs {
            if case .text(let next) = run, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(run)
            }
        }
        return result
    }

    /// The `>` ending the tag whose attributes start `text`, skipping quoted values.
    private static func tagEnd(in text: Substring) -> Substring.Index? {
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            } else if character == "<" {
                return nil
            }
        }
        return nil
    }

    /// The value of attribute `name` (quoted with `"` or `'`, or bare) in a tag's attributes.
    static func attribute(_ name: String, in attributes: Substring) -> String? {
        var rest = attributes
        while let found = rest.range(of: name, options: .caseInsensitive) {
            let before = found.lowerBound == rest.startIndex ? nil : rest[rest.index(before: found.lowerBound)]
            rest = rest[found.upperBound...]
            guard before.map({ $0.isWhitespace }) ?? true else { continue }
            let afterName = rest.drop { $0.isWhitespace }
            guard afterName.first == "=" else { continue }
            let value = afterName.dropFirst().drop { $0.isWhitespace }
            if let quote = value.first, quote == "\"" || quote == "'" {
                return String(value.dropFirst().prefix { $0 != quote })
            }
            return String(value.prefix { !$0.isWhitespace })
        }
        return nil
    }

    private static func webURL(_ href: String, base: URL?) -> URL? {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        if let absolute = WebURL.normalize(trimmed) { return absolute }
        // A scheme that is not http(s) (`javascript:`, `mailto:`) is never resolved.
        guard let base, !trimmed.isEmpty, !trimmed.hasPrefix("//"),
            trimmed.range(of: #"^[A-Za-z][A-Za-z0-9+.-]*:"#, options: .regularExpression) == nil,
            let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL
        else { return nil }
        return WebURL.normalize(resolved.absoluteString)
    }
}
