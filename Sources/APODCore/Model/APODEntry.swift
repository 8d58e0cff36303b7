import Foundation

/// What an entry shows. Unknown values are kept verbatim so a new kind never breaks decoding.
/// science.nasa.gov's `iframe` (an embedded player) is a video.
public enum MediaType: Hashable, Sendable {
    case image
    case video
    case other
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
        case "image": self = .image
        case "video", "iframe": self = .video
        case "other": self = .other
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .image: return "image"
        case .video: return "video"
        case .other: return "other"
        case .unknown(let value): return value
        }
    }
}

/// One Astronomy Picture of the Day, the same shape whichever service it came from.
/// Text fields are already normalised (no HTML, no labels); URLs are http(s) only, except
/// pictures of the bundled offline sample, which are `file:` URLs inside the sample folder.
public struct APODEntry: Hashable, Sendable {
    public var date: APODDay
    public var title: String
    public var explanation: String
    public var copyright: String?
    public var mediaType: MediaType
    /// The picture to show at normal size.
    public var imageURL: URL?
    /// The full-resolution picture, when the service names one.
    public var hdImageURL: URL?
    /// A small still: a video's poster or a resizable CDN link.
    public var thumbnailURL: URL?
    /// The player or video page, for video entries.
    public var videoURL: URL?
    /// The entry's web page (APOD archive page or science.nasa.gov permalink).
    public var pageURL: URL?
    public var altText: String?
    /// The links the service's explanation HTML had, laid over `explanation` for display
    /// (`LinkedText.runs`). Empty for plain-text services.
    public var explanationLinks: [TextLink] = []

    public init(
        date: APODDay, title: String, explanation: String = "", copyright: String? = nil,
        mediaType: MediaType = .image, imageURL: URL? = nil, hdImageURL: URL? = nil,
        thumbnailURL: URL? = nil, videoURL: URL? = nil, pageURL: URL? = nil, altText: String? = nil
    ) {
        self.date = date
        self.title = title
        self.explanation = explanation
        self.copyright = copyright
        self.mediaType = mediaType
        self.imageURL = imageURL
        self.hdImageURL = hdImageURL
        self.thumbnailURL = thumbnailURL
        self.videoURL = videoURL
        self.pageURL = pageURL
        self.altText = altText
    }
}
