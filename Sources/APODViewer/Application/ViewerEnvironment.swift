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
    /// The Chinese mirror's texts and the Explanations choice; without it explanations stay
    /// English.
    public var translations: ViewerTranslations?

    public init(
        source: any APODSource, pictures: PictureLoader, calendar: ArchiveCalendar = ArchiveCalendar(),
        wallpaperDirectory: URL? = nil, archive: ArchiveAccess? = nil,
        dailySettings: @escaping @Sendable () -> DailySettings = { DailySettings() },
        translations: ViewerTranslations? = nil
    ) {
        self.translations = translations
        self.source = source
        self.archive = archive
        self.dailySettings = dailySettings
        self.pictures = pictures
        self.calendar = calendar
        self.wallpaperDirectory =
            wallpaperDirectory
            ?? Self.wallpaperDirectory(
                inCache: SourceConfiguration.defaultCacheDirectory(environment: ProcessInfo.processInfo.environment))
    }

    /// `<cache>/wallpaper`, beside the entries and pictures.
    static func wallpaperDirectory(inCache cacheDirectory: URL) -> URL {
        cacheDirectory.appendingPathComponent("wallpaper", isDirectory: true)
    }
}
