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
    /// a `<video>`'s `src` / `<source src>` (mp4).
    static func videoURL(inPage html: String) -> URL? {
        let patterns = [
            #"<iframe\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']"#,
            #"<video\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']"#,
            #"<source\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']"#,
        ]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
                let match = regex.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)),
                let range = Range(match.range(at: 1), in: html)
            else { continue }
            if let url = WebURL.normalize(HTMLEntities.decode(String(html[range]), inAttribute: true)) { return url }
        }
        return nil
    }
}
