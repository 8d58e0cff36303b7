import Foundation

/// Reads science.nasa.gov's `apod-basic` entries. There `url` is the article page and `hdurl`
/// the picture (for videos, a poster still); `explanation`, `credit` and `copyright` are HTML.
enum ScienceEntryDecoder {
    /// The fields asked for with `_fields=`, so the heavy `basic_html` page is left out.
    static let fields = "date,title,explanation,copyright,credit,media_type,url,hdurl,permalink,alt"

    static func entry(from object: [String: Any]) throws -> APODEntry {
        let fields = JSONFields(object: object)
        let (date, title, mediaType) = try fields.entryEssentials()
        let picture = WebURL.normalize(fields.text("hdurl")).flatMap { ScienceCDN.isPlaceholder($0) ? nil : $0 }

        var entry = APODEntry(
            date: date, title: title,
            explanation: fields.text("explanation").map(EntryText.explanation) ?? "",
            copyright: EntryText.credit(fields.text("copyright")) ?? EntryText.credit(fields.text("credit")),
            mediaType: mediaType,
            pageURL: WebURL.normalize(fields.text("permalink")) ?? WebURL.normalize(fields.text("url")),
            altText: fields.text("alt").map(HTMLText.plainText).flatMap { $0.isEmpty ? nil : $0 })
        entry.explanationLinks = fields.text("explanation").map { LinkedText.links(inHTML: $0) } ?? []
        if mediaType == .video {
            entry.thumbnailURL = picture
        } else {
            entry.imageURL = picture
            entry.hdImageURL = picture
            entry.thumbnailURL = picture.flatMap { ScienceCDN.resized($0, width: ScienceCDN.thumbnailWidth) }
        }
        return entry
    }

    /// The player inside a video entry's `basic_html`: an `<iframe src>` (YouTube, Vimeo…) or
    /// a `<video>`'s `src` / `<source src>` (mp4), in that order of preference. One pass with
    /// `TagScanner`: a regular expression backtracked over every `<iframe ` without its `>`
    /// (125 KB of them took 47.5 s, the 4 MB cap about 13 hours).
    /// - Parameter base: the page's own address (`basic_html_url`), against which a relative
    ///   `src` (`image/2607/clip.mp4`, as APOD's classic pages write them) is read; APOD's own
    ///   folder (`pageBase`) without one.
    static func videoURL(inPage html: String, base: URL? = nil) -> URL? {
        let players = ["iframe", "video", "source"]
        var scanner = TagScanner(Array(html.utf8))
        let bytes = scanner.bytes
        var found: [String: URL] = [:]
        var index = 0
        while index < bytes.count, found["iframe"] == nil {
            guard bytes[index] == UInt8(ascii: "<"), let end = scanner.tagEnd(from: index) else {
                index += 1
                continue
            }
            let tag = bytes[index..<end]
            index = end + 1
            let name = HTMLText.tagName(tag)
            guard players.contains(name), found[name] == nil, tag.dropFirst().first != UInt8(ascii: "/") else {
                continue
            }
            let attributes = String(decoding: tag.dropFirst(1 + name.utf8.count), as: UTF8.self)
            if let source = LinkedText.attribute("src", in: attributes[...]),
                let url = address(HTMLEntities.decode(source, inAttribute: true), base: base ?? pageBase)
            {
                found[name] = url
            }
        }
        return players.lazy.compactMap { found[$0] }.first
    }

    /// Where APOD's classic pages live: their relative links point under it.
    static let pageBase = URL(string: "https://apod.nasa.gov/apod/")!

    /// `text` as a web address: absolute (or `//host/…`) as it is, relative read against `base`.
    private static func address(_ text: String, base: URL) -> URL? {
        if let absolute = WebURL.normalize(text) { return absolute }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(":"), !trimmed.hasPrefix("#") else { return nil }
        return URL(string: trimmed, relativeTo: base).map(\.absoluteURL).flatMap { WebURL.normalize($0.absoluteString) }
    }
}
