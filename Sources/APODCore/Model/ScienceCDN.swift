import Foundation

/// science.nasa.gov serves pictures from a resizing CDN
/// (`assets.science.nasa.gov/dynamicimage/…?w=W&h=H&fit=clip`): asking for a smaller `w`
/// (and no `h`) returns a smaller image, far cheaper for thumbnails.
public enum ScienceCDN {
    /// Wide enough for a grid cell at 2x on a 1080p screen, a fraction of the full picture.
    public static let thumbnailWidth = 480

    public static func isResizable(_ url: URL) -> Bool {
        url.host?.lowercased() == "assets.science.nasa.gov" && url.path.hasPrefix("/dynamicimage/")
    }

    /// The same picture `width` pixels wide, or `nil` when the URL is not on the resizing CDN
    /// or is a GIF, which the CDN does not resize.
    public static func resized(_ url: URL, width: Int) -> URL? {
        guard isResizable(url), ImageSizing.canResize(url) else { return nil }
        return ImageSizing.settingWidth(of: url, to: max(1, width))
    }

    /// Some migrated archive days point at a generic NASA news thumbnail instead of a picture.
    static func isPlaceholder(_ url: URL) -> Bool {
        url.path.lowercased().contains("/images/misc/news-thumbnail")
    }
}
