/// The one version number of both programs: `apod --version`, `apod-viewer --version`, the
/// viewer's About window, and (checked by a test) the newest `<release>` in the AppStream
/// metainfo, whose notes the About window shows.
public enum AppVersion {
    public static let current = "0.2.0"
}
