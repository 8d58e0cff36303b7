import APODCore
import Foundation

/// Runs one `apod` invocation. Exit status: 0 success, 1 the request failed (one line
/// `apod: <message>` on stderr), 2 usage error (the problem and the usage on stderr),
/// 3 `today --wallpaper` found nothing newer than what PATH holds (`random --wallpaper`: no
/// picture to write).
enum APODCommand {
    static let version = "apod \(AppVersion.current)"

    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let configuration: SourceConfiguration
        let dataFolder: DataFolder
        let invocation: Invocation
        let settings = SettingsStore(environment: environment).load()
        for problem in settings.problems {
            Output.error("apod: \(problem.message)")
        }
        do {
            let common = try CommonArguments(arguments: arguments, environment: environment, settings: settings)
            dataFolder = common.dataFolder
            configuration = common.configuration
            invocation = try Invocation.parse(common.remaining)
        } catch {
            Output.error("apod: \(message(of: error))\n\n\(Invocation.usage)")
            return 2
        }

        switch invocation {
        case .help:
            Output.print(Invocation.usage)
            return 0
        case .version:
            Output.print(version)
            return 0
        case .completionScript:
            Output.print(CompletionScript.render())
            return 0
        case .manualHeadings:
            Output.print(ManualHeadings.render())
            return 0
        default:
            break
        }

        let client = configuration.makeHTTPClient()
        let index = Result { try dataFolder.openIndex(for: configuration, readOnly: invocation.onlyReadsTheIndex) }
        if case .success(let opened) = index, let notice = opened.notice { Output.error("apod: \(notice.message)") }
        let source =
            (try? index.get()).map { configuration.makeIndexedSource(client: client, index: $0) }
            ?? configuration.makeSource(client: client)
        let archive = ArchiveCommandRunner(
            configuration: configuration, dataFolder: dataFolder, client: client,
            source: source, index: index)
        let images = configuration.makeImageLoader(client: client)
        let chooser = (try? index.get()).map {
            MonitorPictureChooser(index: $0, probe: PictureShapeProbe(client: client, images: images))
        }
        do {
            let status = try await perform(
                invocation, source: source, images: images, chooser: chooser,
                archive: archive, dataFolder: dataFolder,
                savedLanguage: settings[SettingsStore.Key.explanations.rawValue].flatMap(ExplanationLanguage.init)
                    ?? .english,
                translations: {
                    TranslationSource(base: configuration.translationURL, client: client, index: try? index.get())
                })
            reportQuota(of: source)
            return status
        } catch let error as APODError {
            if case .invalidArgument = error {
                Output.error("apod: \(error.message)\n\n\(Invocation.usage)")
                return 2
            }
            Output.error("apod: \(error.message)")
            return 1
        } catch {
            Output.error("apod: \(message(of: error))")
            return 1
        }
    }

    /// - Returns: the exit status when all went well (0, or 3 for `today` with nothing new).
    private static func perform(
        _ invocation: Invocation, source: any APODSource, images: any ImageFetching,
        chooser: MonitorPictureChooser?, archive: ArchiveCommandRunner, dataFolder: DataFolder,
        savedLanguage: ExplanationLanguage,
        translations: () -> TranslationSource
    ) async throws -> Int32 {
        switch invocation {
        case .show(let day, let json, let language):
            let shown = try await source.withVideoAddresses([try await entry(for: day, from: source)])
            guard (language ?? savedLanguage) == .chinese, let entry = shown.first else {
                try Output.entries(shown, json: json, asArray: false)
                break
            }
            let lookup = try await translations().translation(for: entry.date)
            if let notice = lookup.notice { Output.error("apod: " + notice) }
            try Output.entry(entry, translation: lookup.translation, json: json)
        case .random(let count, let json):
            let entries = try await source.random(count: count)
            noteShortfall(asked: count, got: entries.count)
            try Output.entries(try await source.withVideoAddresses(entries), json: json, asArray: true)
        case .range(let start, let end, let json):
            let entries = try await source.entries(from: start, through: end)
            try Output.entries(try await source.withVideoAddresses(entries), json: json, asArray: true)
        case .download(let day, let hd, let output, let force):
            let entry = try await entry(for: day, from: source)
            if let saved = try await PictureDownload(images: images).save(entry, hd: hd, output: output, force: force) {
                Output.print(saved.path)
            }
        case .today(let request):
            let writer = try WallpaperWriter(
                images: images, record: WallpaperRecord(dataFolder: dataFolder), request: request, chooser: chooser)
            guard let written = try await TodayWallpaper(source: source, writer: writer).write() else {
                return TodayWallpaper.nothingNewStatus
            }
            Output.print(written.description)
        case .randomWallpaper(let request, let favorites):
            let writer = try WallpaperWriter(
                images: images, record: WallpaperRecord(dataFolder: dataFolder), request: request, chooser: chooser)
            let library = favorites ? { try dataFolder.openLibrary().favourites() } : nil
            guard let written = try await RandomWallpaper(source: source, favourites: library, writer: writer).write()
            else {
                Output.error(
                    "apod: "
                        + (favorites
                            ? tr("no favourite has a picture to use: add one with apod favorites add DATE.")
                            : tr("none of the random days drawn has a picture; try again.")))
                return TodayWallpaper.nothingNewStatus
            }
            Output.print(written.description)
        case .archive(let command):
            try await archive.perform(command)
        case .help, .version, .completionScript, .manualHeadings:
            break
        }
        return 0
    }

    /// The entry for `day`, or the latest with no day. Asking for today before it is
    /// published answers with the previous day: that is said on stderr.
    private static func entry(for day: APODDay?, from source: any APODSource) async throws -> APODEntry {
        guard let day else { return try await source.latest() }
        let entry = try await source.entry(for: day)
        if entry.date != day {
            Output.error(
                "apod: "
                    + tr(
                        "the picture for {asked} is not published yet; showing {shown} instead.",
                        ["asked": day.description, "shown": entry.date.description]))
        }
        return entry
    }

    /// A random batch keeps what arrived when some days could not be had: say how many.
    private static func noteShortfall(asked: Int, got: Int) {
        guard got < asked else { return }
        Output.error(
            "apod: "
                + trn(
                    "only {got} of {count} random picture could be fetched; showing those.",
                    "only {got} of {count} random pictures could be fetched; showing those.",
                    count: asked, ["got": String(got)]))
    }

    /// Warns when a rate-limited key is about to run out (api.nasa.gov's DEMO_KEY allows 30 an hour).
    private static func reportQuota(of source: any APODSource) {
        guard let quota = source.rateLimit, quota.remaining <= 5 else { return }
        Output.error(
            "apod: "
                + trn(
                    "{count} request left this hour for this API key.",
                    "{count} requests left this hour for this API key.",
                    count: quota.remaining))
    }

    private static func message(of error: Error) -> String {
        (error as? APODError)?.message ?? tr("Unexpected error: {detail}", ["detail": error.localizedDescription])
    }
}
