import Foundation

/// What a Traditional Chinese test needs without touching the system: po/zh_TW.po (and
/// po/libadwaita/zh_TW.po over the system's libadwaita catalogue) compiled into `folder/locale` and a zh_TW.UTF-8 locale built into `folder/locales` (a private LOCPATH).
public struct ChineseCatalogue {
    /// The folder to give `APOD_LOCALEDIR` (holds zh_TW/LC_MESSAGES/apod-viewer.mo).
    public let localeDirectory: URL
    /// The folder to give `LOCPATH` (holds zh_TW.UTF-8).
    public let locales: URL

    /// Why the catalogue cannot be built here; tests skip with it.
    public struct Unavailable: Error {
        public let reason: String
    }

    public init(in folder: URL, packageRoot: URL) throws {
        localeDirectory = folder.appendingPathComponent("locale")
        locales = folder.appendingPathComponent("locales")
        let messages = localeDirectory.appendingPathComponent("zh_TW/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        // As make builds them: the app's catalogue and libadwaita's, supplemented.
        guard
            ChildProcess.succeeds(
                packageRoot.appendingPathComponent("scripts/compile-translations").path, [localeDirectory.path]),
            FileManager.default.fileExists(atPath: messages.appendingPathComponent("apod-viewer.mo").path)
        else {
            throw Unavailable(reason: "msgfmt (gettext) is not installed")
        }
        _ = ChildProcess.succeeds(
            "localedef", ["-i", "zh_TW", "-f", "UTF-8", locales.appendingPathComponent("zh_TW.UTF-8").path])
        guard FileManager.default.fileExists(atPath: locales.appendingPathComponent("zh_TW.UTF-8/LC_CTYPE").path) else {
            throw Unavailable(reason: "localedef could not build zh_TW.UTF-8")
        }
    }
}
