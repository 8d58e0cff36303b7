import APODCore
import Foundation

/// How the viewer presents an entry: which picture to fetch, what the labels say, what a saved
/// file is called. Pure, so it is tested without a display.
extension APODEntry {
    /// The still shown in the main window: the picture for image days, the poster for videos.
    var displayPictureURL: URL? {
        switch mediaType {
        case .image: return imageURL ?? hdImageURL
        case .video: return thumbnailURL
        case .other, .unknown: return nil
        }
    }

    /// The grid thumbnail's source, smallest first.
    var thumbnailSourceURL: URL? {
        switch mediaType {
        case .image: return thumbnailURL ?? imageURL ?? hdImageURL
        case .video: return thumbnailURL
        case .other, .unknown: return nil
        }
    }

    /// The detail window's candidates in order: HD, then normal, then the thumbnail.
    var detailPictureSources: [(url: URL, purpose: ImagePurpose)] {
        var sources: [(URL, ImagePurpose)] = []
        if mediaType == .image, let hdImageURL { sources.append((hdImageURL, .hd)) }
        if mediaType == .image, let imageURL, imageURL != hdImageURL { sources.append((imageURL, .display)) }
        if let thumbnailURL, !sources.contains(where: { $0.0 == thumbnailURL }) {
            sources.append((thumbnailURL, .display))
        }
        return sources
    }

    /// The picture when it is a GIF, which may animate (grid cells play it on hover).
    var animatedPictureURL: URL? {
        guard mediaType == .image, let url = imageURL ?? hdImageURL, url.pathExtension.lowercased() == "gif" else { return nil }
        return url
    }

    /// What the play button opens.
    var playableURL: URL? { mediaType == .video ? (videoURL ?? pageURL) : nil }

    /// The page with everything about the entry; the archive page when the service gave none.
    var webPageURL: URL { pageURL ?? ArchiveCalendar.archivePageURL(for: date) }

    /// `© Name`, or nil for public-domain entries.
    var copyrightLine: String? {
        guard let copyright, !copyright.isEmpty else { return nil }
        return "© \(copyright)"
    }

    /// The link "Copy link" puts on the clipboard: the best picture, else the page.
    var pictureLink: URL { hdImageURL ?? imageURL ?? thumbnailURL ?? webPageURL }

    /// `YYYY-MM-DD-title.ext` for the save dialog; `ext` follows the picture's URL.
    var suggestedFileName: String {
        let slug = title.lowercased().unicodeScalars
            .map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : "-" }
            .joined()
            .split(separator: "-", omittingEmptySubsequences: true)
            .joined(separator: "-")
        let name = slug.isEmpty ? "apod" : String(slug.prefix(60)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return "\(date.description)-\(name).\(pictureFileExtension)"
    }

    private var pictureFileExtension: String {
        let ext = (hdImageURL ?? imageURL ?? thumbnailURL)?.pathExtension.lowercased() ?? ""
        switch ext {
        case "jpeg", "jpg": return "jpg"
        case "png", "gif", "webp": return ext
        default: return "jpg"
        }
    }
}
