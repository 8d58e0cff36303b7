/// The one version number of both programs: `apod --version`, the viewer's About dialog, and
/// (checked by a test) the newest `<release>` in the AppStream metainfo.
public enum AppVersion {
    public static let current = "0.1.0"
}
