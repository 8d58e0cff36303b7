import APODCore
import Foundation

/// Everything the windows need from outside: where entries and picture bytes come from and
/// what "today" is. Injected so tests can run the whole UI against a fake server or source.
public struct ViewerEnvironment: Sendable {
    public var source: any APODSource
    public var pictures: PictureLoader
    public var calendar: ArchiveCalendar
    /// Where "Set as Background" writes the picture it hands to the desktop.
    public var wallpaperDirectory: URL
    /// The archive index and the favourites; without it the windows hide search, favourites,
    /// history, "on this day" and the calendar's marks.
    public var archive: ArchiveAccess?
    /// The daily background's saved choices (fit, caption), which "Set as Background" follows
    /// too; read from the settings file, so called off the main thread.
    public var dailySettings: @Sendable () -> DailySettings
    /// Where APOD's own videos are fetched and kept; by default a folder of this process's
    /// own under the temporary directory (the app passes its cache's `videos/`).
    public var videos: VideoDownload
    /// The Chinese mirror's texts and the Explanations choice; without it explanations stay
    /// English.
    public var translations: ViewerTranslations?

    public init(
        source: any APODSource, pictures: PictureLoader, calendar: ArchiveCalendar = ArchiveCalendar(),
        wallpaperDirectory: URL? = nil, archive: ArchiveAccess? = nil,
        dailySettings: @escaping @Sendable () -> DailySettings = { DailySettings() },
        videos: VideoDownload? = nil,
        translations: ViewerTranslations? = nil
    ) {
        self.translations = translations
        self.source = source
        self.videos =
            videos
            ?? VideoDownload(
                client: HTTPClient(),
                cache: VideoCache(directory: Self.temporaryVideoDirectory, capacity: ImageDiskCache.defaultCapacity))
        self.archive = archive
        self.dailySettings = dailySettings
        self.pictures = pictures
        self.calendar = calendar
        self.wallpaperDirectory =
            wallpaperDirectory
            ?? Self.wallpaperDirectory(
                inCache: SourceConfiguration.defaultCacheDirectory(environment: ProcessInfo.processInfo.environment))
    }

    /// A folder of this process's own for videos when nothing may be cached (`--no-cache`,
    /// tests): GStreamer plays from a file.
    static var temporaryVideoDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "apod-viewer-videos-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    }

    /// `<cache>/wallpaper`, beside the entries and pictures.
    static func wallpaperDirectory(inCache cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("wallpaper", isDirectory: true)
    }
}
