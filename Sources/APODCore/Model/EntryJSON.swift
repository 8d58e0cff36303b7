import Foundation

/// The flat JSON form of an entry, used by `apod --json` and the metadata cache. Its keys are a
/// contract for scripts: every key is always present, `null` when the value is absent.
public struct EntryJSON: Codable, Equatable, Sendable {
    public static let keys = [
        "date", "title", "explanation", "copyright", "media_type", "image_url",
        "hd_image_url", "thumbnail_url", "video_url", "page_url", "alt_text",
    ]

    var date: String
    var title: String
    var explanation: String
    var copyright: String?
    var mediaType: String
    var imageURL: String?
    var hdImageURL: String?
    var thumbnailURL: String?
    var videoURL: String?
    var pageURL: String?
    var altText: String?

    enum CodingKeys: String, CodingKey {
        case date, title, explanation, copyright
        case mediaType = "media_type"
        case imageURL = "image_url"
        case hdImageURL = "hd_image_url"
        case thumbnailURL = "thumbnail_url"
        case videoURL = "video_url"
        case pageURL = "page_url"
        case altText = "alt_text"
    }

    public init(_ entry: APODEntry) {
        date = entry.date.description
        title = entry.title
        explanation = entry.explanation
        copyright = entry.copyright
        mediaType = entry.mediaType.rawValue
        imageURL = entry.imageURL?.absoluteString
        hdImageURL = entry.hdImageURL?.absoluteString
        thumbnailURL = entry.thumbnailURL?.absoluteString
        videoURL = entry.videoURL?.absoluteString
        pageURL = entry.pageURL?.absoluteString
        altText = entry.altText
    }

    /// Writes every key, with `null` for absent values (synthesised coding would omit them).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(title, forKey: .title)
        try container.encode(explanation, forKey: .explanation)
        try container.encode(copyright, forKey: .copyright)
        try container.encode(mediaType, forKey: .mediaType)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(hdImageURL, forKey: .hdImageURL)
        try container.encode(thumbnailURL, forKey: .thumbnailURL)
        try container.encode(videoURL, forKey: .videoURL)
        try container.encode(pageURL, forKey: .pageURL)
        try container.encode(altText, forKey: .altText)
    }

    /// The entry back, or `nil` if the date or title is unusable.
    public var entry: APODEntry? {
        guard let day = APODDay(date), !title.isEmpty else { return nil }
        func url(_ text: String?) -> URL? { text.flatMap(URL.init(string:)) }
        var entry = APODEntry(
            date: day, title: title, explanation: explanation, copyright: copyright,
            mediaType: MediaType(rawValue: mediaType), imageURL: url(imageURL), hdImageURL: url(hdImageURL),
            thumbnailURL: url(thumbnailURL), videoURL: url(videoURL), pageURL: url(pageURL), altText: altText)
        // Entries cached before GIFs were known not to resize carry a resized GIF thumbnail
        // the CDN answers with 404: the picture itself serves instead.
        if entry.mediaType != .video, let thumbnail = entry.thumbnailURL, ScienceCDN.isResizable(thumbnail),
            !ImageSizing.canResize(thumbnail), thumbnail != entry.imageURL
        {
            entry.thumbnailURL = nil
        }
        return entry
    }

    /// Pretty, key-sorted JSON for one entry or a list (`apod --json`).
    public static func encoded<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
