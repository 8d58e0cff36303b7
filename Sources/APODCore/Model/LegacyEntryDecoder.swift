import Foundation

/// Reads the v1 API's entries (api.nasa.gov and NASA's self-hostable server, also the shape of
/// the bundled offline sample). `url` is the picture for images and the player for videos;
/// `thumbnail_url` comes with `thumbs=true` and may be empty.
enum LegacyEntryDecoder {
    /// - Parameter base: resolves relative picture paths (the offline sample); services send
    ///   absolute URLs, and relative ones are dropped when there is no base.
    static func entry(from object: [String: Any], relativeTo base: URL? = nil) throws -> APODEntry {
        let fields = JSONFields(object: object)
        let (date, title, mediaType) = try fields.entryEssentials()
        func link(_ key: String) -> URL? {
            guard let raw = fields.text(key) else { return nil }
            if let base, let local = localFile(raw, base: base) { return local }
            return WebURL.normalize(raw)
        }
        let url = link("url")
        let hdurl = link("hdurl")

        var entry = APODEntry(
            date: date, title: title,
            explanation: fields.text("explanation").map(EntryText.explanation) ?? "",
            copyright: EntryText.credit(fields.text("copyright")),
            mediaType: mediaType,
            // Sample entries are made up: no archive page describes them.
            pageURL: base == nil ? ArchiveCalendar.archivePageURL(for: date) : nil)
        // Plain text from the API, but archive-derived entries may carry anchors.
        entry.explanationLinks = fields.text("explanation").map { LinkedText.links(inHTML: $0) } ?? []
        switch mediaType {
        case .video:
            entry.videoURL = url
            entry.thumbnailURL = link("thumbnail_url") ?? url.flatMap(WebURL.youTubeThumbnail(for:))
        default:
            entry.imageURL = url ?? hdurl
            entry.hdImageURL = hdurl ?? url
            entry.thumbnailURL =
                link("thumbnail_url")
                ?? entry.imageURL.flatMap { ScienceCDN.resized($0, width: ScienceCDN.thumbnailWidth) }
        }
        return entry
    }

    /// A path without a scheme, resolved inside `base` (never above it).
    private static func localFile(_ raw: String, base: URL) -> URL? {
        let path = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.contains("://"), !path.hasPrefix("//"), !path.hasPrefix("/"),
            !path.split(separator: "/").contains("..")
        else { return nil }
        return base.appendingPathComponent(path)
    }
}
