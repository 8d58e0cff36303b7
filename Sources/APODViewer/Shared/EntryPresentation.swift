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
        guard mediaType == .image, let url = imageURL ?? hdImageURL, url.pathExtension.lowercased() == "gif" else {
            return nil
        }
        return url
    }

    /// What the play button opens.
    var playableURL: URL? { mediaType == .video ? (videoURL ?? pageURL) : nil }

    /// The play button's tooltip, naming the host the browser will play the video on
    /// ("youtube.com"): the player's, else the page's the button opens.
    var playTooltip: String {
        guard let host = videoHost else { return tr("Play the video in your browser") }
        return tr("Play the video on {host} in your browser", ["host": host])
    }

    /// The host the video plays on as people name it ("youtube.com", "vimeo.com"): the address
    /// the play button opens, without a leading "www." or "player."; nil without one.
    var videoHost: String? {
        guard var host = playableURL?.host?.lowercased(), !host.isEmpty else { return nil }
        for prefix in ["www.", "player."] where host.hasPrefix(prefix) && host.count > prefix.count {
            host = String(host.dropFirst(prefix.count))
        }
        return host
    }

    /// The page with everything about the entry; the archive page when the service gave none.
    var webPageURL: URL { pageURL ?? ArchiveCalendar.archivePageURL(for: date) }

    /// `© Name`, or nil for public-domain entries (bounded, like every label's text).
    var copyrightLine: String? {
        guard let copyright = shownCopyright, !copyright.text.isEmpty else { return nil }
        return "© \(copyright.text)"
    }

    /// What the picture shows, for tooltips and screen readers: the alternative text, else the title.
    var pictureDescription: String { shownAltText?.text ?? shownTitle.text }

    /// The link "Copy link" puts on the clipboard: the best picture, else the page.
    var pictureLink: URL { hdImageURL ?? imageURL ?? thumbnailURL ?? webPageURL }

    /// `YYYY-MM-DD-title.ext` for the save dialog; `ext` follows the picture's URL. Accents are
    /// folded first, so "Ça va, Öland!" gives `ca-va-oland`, not `a-va-land`.
    var suggestedFileName: String {
        let folded = title.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        let slug = folded.unicodeScalars
            .map { scalar -> String in
                if let letters = Self.undecomposedLetters[scalar] { return letters }
                return CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? String(scalar) : "-"
            }
            .joined()
            .split(separator: "-", omittingEmptySubsequences: true)
            .joined(separator: "-")
        let name =
            slug.isEmpty ? "apod" : String(slug.prefix(60)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return "\(date.description)-\(name).\(pictureFileExtension)"
    }

    /// Latin letters that have no decomposition, so folding leaves them as they are.
    private static let undecomposedLetters: [Unicode.Scalar: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th", "ð": "d",
    ]

    private var pictureFileExtension: String {
        let ext = (hdImageURL ?? imageURL ?? thumbnailURL)?.pathExtension.lowercased() ?? ""
        switch ext {
        case "jpeg", "jpg": return "jpg"
        case "png", "gif", "webp": return ext
        default: return "jpg"
        }
    }
}

extension SkyObject {
    /// `M31 · Andromeda Galaxy`, or `M31 · 仙女座星系` when the interface speaks Chinese.
    var shownLabel: String {
        label(chinese: Localization.speaksChinese())
    }
}
