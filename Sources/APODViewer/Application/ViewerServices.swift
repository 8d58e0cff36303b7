import APODCore
import Foundation
import GtkKit

/// Where entries and pictures come from, and the two ways that changes while the app runs:
/// the user edits the preferences (saved, then applied at once), or the service cannot be
/// reached at start-up and the app falls back to the cache and the bundled sample until the
/// user asks to try again. Windows never notice: they hold the switches, not the sources.
@MainActor
public final class ViewerServices {
    public static let defaultCacheLimitMB = Int(ImageDiskCache.defaultCapacity >> 20)
    public static let cacheLimitRange = 50...20_000

    /// What the user chose (flags, environment, preferences, or the preferences window).
    public private(set) var configuration: SourceConfiguration
    /// The picture cache's size limit, in MiB.
    public private(set) var cacheLimitMB: Int
    /// Light, dark, or the desktop's style (Preferences → Style).
    public private(set) var style: StylePreference
    /// Working from the cache and the sample because the service was unreachable at start-up.
    private(set) var isFallenBack = false {
        didSet { if isFallenBack != oldValue { fallbackChanged.emit() } }
    }
    /// The app fell back offline or went online again, for what an open window shows about it
    /// (the archive download).
    let fallbackChanged = Event<Void>()
    /// The configured source has answered (from the network or its cache) since start-up or
    /// the last retry; after that, a failure is an ordinary error rather than a reason to go offline.
    private(set) var hasReachedService = false

    let store: SettingsStore?
    let environment: ViewerEnvironment
    private let calendar: ArchiveCalendar
    private let client: HTTPClient
    private let source: SwitchableSource
    private let fetcher: SwitchableFetcher
    /// The archive index and favourites under the data folder, when one was given.
    let archive: ArchiveAccess?
    /// "Download the archive" of the source in use; nil without a data folder.
    private(set) lazy var download: ArchiveDownload? = archive.map { archive in
        ArchiveDownload { [unowned self] in
            ArchiveSync(
                source: try configuration.makeSyncSource(client: client, calendar: calendar),
                index: try archive.openIndex(), calendar: calendar)
        }
    }

    /// Chooses each monitor's picture by its shape from the index of the source in use, reading
    /// unknown pictures' headers through the app's HTTP client (cached pictures first); nil
    /// without an index. Call off the main thread: it may open the index.
    var pictureChooser: @Sendable () -> MonitorPictureChooser? {
        let probe = PictureShapeProbe(client: client, images: fetcher)
        return { [archive] in
            (try? archive?.openIndex()).map { MonitorPictureChooser(index: $0, probe: probe) }
        }
    }

    /// - Parameters:
    ///   - store: where preference changes are saved; nil keeps them for this run only.
    ///   - dataFolder: where the archive index and favourites live; nil runs without them.
    public init(
        configuration: SourceConfiguration, store: SettingsStore?, calendar: ArchiveCalendar = ArchiveCalendar(),
        dataFolder: DataFolder? = nil
    ) {
        self.configuration = configuration
        self.store = store
        self.calendar = calendar
        cacheLimitMB =
            store?.value(.imageCacheLimitMB).flatMap(Int.init)
            .map { min(max($0, Self.cacheLimitRange.lowerBound), Self.cacheLimitRange.upperBound) }
            ?? Self.defaultCacheLimitMB
        style = store.map(StylePreference.init(store:)) ?? .followSystem
        client = configuration.makeHTTPClient()
        let archive = dataFolder.map { ArchiveAccess(dataFolder: $0, configuration: configuration, calendar: calendar) }
        self.archive = archive
        source = SwitchableSource(
            archive?.indexedSource(configuration, client: client)
                ?? configuration.makeSource(client: client, calendar: calendar))
        fetcher = SwitchableFetcher(
            configuration.makeImageLoader(client: client, cacheCapacity: Int64(cacheLimitMB) << 20))
        environment = ViewerEnvironment(
            source: source,
            pictures: PictureLoader(
                fetcher: fetcher,
                stills: VideoStills(
                    client: client, oEmbedURL: configuration.vimeoOEmbedURL,
                    directory: configuration.useCache
                        ? VideoStills.directory(inCache: configuration.cacheDirectory) : nil)),
            calendar: calendar,
            wallpaperDirectory: ViewerEnvironment.wallpaperDirectory(inCache: configuration.cacheDirectory),
            archive: archive,
            dailySettings: { [store] in store.map(DailySettings.init(store:)) ?? DailySettings() },
            videos: VideoDownload(
                client: client,
                cache: VideoCache(
                    directory: configuration.useCache
                        ? VideoCache.directory(inCache: configuration.cacheDirectory)
                        : ViewerEnvironment.temporaryVideoDirectory,
                    capacity: Int64(cacheLimitMB) << 20)),
            translations: ViewerTranslations(
                base: configuration.translationURL, client: client, archive: archive,
                language: store.map { ExplanationLanguage(store: $0) }
                    ?? (Localization.speaksChinese() ? .chinese : .english),
                calendar: calendar))
    }

    /// Preferences → Explanations; windows follow it from the next entry they show.
    var explanations: ExplanationLanguage {
        environment.translations?.language ?? .english
    }

    /// - Throws: what saving the preferences throws (the choice holds for this run anyway).
    func setExplanations(_ language: ExplanationLanguage) throws {
        environment.translations?.language = language
        try store.map { try language.save(to: $0) }
    }

    /// The entries' and pictures' cache, for its usage and "Clear cache".
    var cacheFolder: CacheFolder { CacheFolder(root: configuration.cacheDirectory) }

    /// The picture loader now in use (tests check that a new limit reached it).
    var pictureFetcher: any ImageFetching { fetcher.upstream }

    /// Why "Download the archive" cannot work now, for the preferences and instead of the
    /// one-time offer; nil when it can: the source in use reaches a service.
    var archiveDownloadUnavailable: String? {
        if configuration.kind == .offline {
            return tr(
                "The offline source uses only what is on this computer, so the archive cannot be downloaded. Choose science.nasa.gov or the NASA API under Data Source to download it."
            )
        }
        if isFallenBack {
            return tr(
                "The service cannot be reached, so the archive cannot be downloaded now. Try again once the network is back."
            )
        }
        return nil
    }

    /// Whether an unreachable service should make the app go offline now.
    var shouldFallBack: Bool {
        configuration.kind != .offline && !isFallenBack && !hasReachedService
    }

    /// Notes that the configured source answered (see `hasReachedService`).
    func serviceAnswered() {
        if !isFallenBack { hasReachedService = true }
    }

    /// Serves the cache and the sample instead of the unreachable service.
    func fallBackOffline() {
        var offline = configuration
        offline.kind = .offline
        source.upstream = offline.makeSource(client: client, calendar: calendar)
        isFallenBack = true
    }

    /// "Try again": the configured service once more, treated as a fresh start-up.
    func goOnline() {
        isFallenBack = false
        hasReachedService = false
        source.upstream =
            archive?.indexedSource(configuration, client: client)
            ?? configuration.makeSource(client: client, calendar: calendar)
    }

    /// Saves a new data source and uses it from the next request on.
    /// - Parameters:
    ///   - apiURL: the legacy route; nil for the source's public one.
    ///   - apiKey: the legacy key; empty for `DEMO_KEY`. Only ever written to the 0600 file, and
    ///     only when typed in the preferences (or already saved there): a key that came with
    ///     `--api-key` or `NASA_API_KEY` is used, never written.
    /// - Throws: `APODError.cannotWriteFile` when the preferences file cannot be written.
    func setSource(_ kind: SourceConfiguration.Kind, apiURL: URL?, apiKey: String) throws {
        // A nil value removes the key from the file: the address only belongs to the legacy API.
        var changes: [SettingsStore.Key: String?] = [
            .source: kind.rawValue,
            .apiURL: kind == .legacy ? apiURL?.absoluteString : nil,
        ]
        let keyCameFromElsewhere = apiKey == configuration.apiKey && apiKey != store?.value(.apiKey)
        if kind == .legacy && !keyCameFromElsewhere { changes.updateValue(apiKey, forKey: .apiKey) }
        try save(changes)
        use(kind, apiURL: kind == .legacy ? apiURL : nil, apiKey: apiKey)
    }

    /// Uses another source until the app quits, saving nothing: what a second launch with
    /// `--source`, `--api-url` or `--api-key` hands to the running one (a science address
    /// included, e.g. a self-hosted copy).
    func useForThisRun(_ kind: SourceConfiguration.Kind, apiURL: URL?, apiKey: String) {
        use(kind, apiURL: apiURL, apiKey: apiKey)
    }

    private func use(_ kind: SourceConfiguration.Kind, apiURL: URL?, apiKey: String) {
        configuration = SourceConfiguration(
            kind: kind, apiURL: kind == .offline ? nil : apiURL,
            apiKey: kind == .legacy ? apiKey : configuration.apiKey,
            cacheDirectory: configuration.cacheDirectory, useCache: configuration.useCache,
            timeout: configuration.timeout, sampleDirectory: configuration.sampleDirectory,
            translationURL: configuration.translationURL, vimeoOEmbedURL: configuration.vimeoOEmbedURL)
        goOnline()
    }

    /// Saves the style; the caller applies it (`Appearance`).
    func setStyle(_ style: StylePreference) throws {
        try save([.style: style.rawValue])
        self.style = style
    }

    /// Saves a new cache limit and applies it at once to pictures and videos (the least
    /// recently used go past the limit).
    func setCacheLimit(megabytes: Int) throws {
        try save([.imageCacheLimitMB: String(megabytes)])
        cacheLimitMB = megabytes
        rebuildPictureLoader()
        let videos = environment.videos.cache
        videos.setCapacity(Int64(megabytes) << 20)
        Task.detached { [videos] in videos.trim() }
    }

    /// After the cache folder was emptied: a new loader, whose cache index starts empty.
    func cacheCleared() {
        rebuildPictureLoader()
        if isFallenBack { fallBackOffline() }
    }

    private func rebuildPictureLoader() {
        fetcher.upstream = configuration.makeImageLoader(client: client, cacheCapacity: Int64(cacheLimitMB) << 20)
    }

    private func save(_ changes: [SettingsStore.Key: String?]) throws {
        guard let store else { return }
        do {
            try store.save(changes)
        } catch let error as APODError {
            throw error
        } catch {
            throw APODError.cannotWriteFile(path: store.fileURL.path)
        }
    }
}
