import APODCore
import Foundation

/// Runs one `apod` invocation. Exit status: 0 success, 1 the request failed (one line
/// `apod: <message>` on stderr), 2 usage error (the problem and the usage on stderr).
enum APODCommand {
    static let version = "apod 0.1.0"

    static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let configuration: SourceConfiguration
        let dataFolder: DataFolder
        let invocation: Invocation
        do {
            let data = try DataFolder.resolve(arguments: arguments, environment: environment)
            dataFolder = data.0
            let resolved = try SourceConfiguration.resolve(
                arguments: data.remainingArguments, environment: environment,
                settings: SettingsStore(environment: environment).load())
            configuration = resolved.0
            invocation = try Invocation.parse(resolved.remainingArguments)
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
        default:
            break
        }

        let client = configuration.makeHTTPClient()
        let index = Result { try dataFolder.openIndex(for: configuration) }
        if case .success(let opened) = index, let notice = opened.notice { Output.error("apod: \(notice.message)") }
        let source = (try? index.get()).map { configuration.makeIndexedSource(client: client, index: $0) }
            ?? configuration.makeSource(client: client)
        let archive = ArchiveCommandRunner(configuration: configuration, dataFolder: dataFolder, client: client,
                                           source: source, index: index)
        do {
            try await perform(invocation, source: source, images: configuration.makeImageLoader(client: client), archive: archive)
            reportQuota(of: source)
            return 0
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

    private static func perform(_ invocation: Invocation, source: any APODSource, images: any ImageFetching,
                                archive: ArchiveCommandRunner) async throws {
        switch invocation {
        case .show(let day, let json):
            let entry: APODEntry
            if let day {
                entry = try await source.entry(for: day)
                noteFallback(asked: day, got: entry.date)
            } else {
                entry = try await source.latest()
            }
            try Output.entries([entry], json: json, asArray: false)
        case .random(let count, let json):
            try Output.entries(try await source.random(count: count), json: json, asArray: true)
        case .range(let start, let end, let json):
            try Output.entries(try await source.entries(from: start, through: end), json: json, asArray: true)
        case .download(let day, let hd, let output):
            let entry: APODEntry
            if let day {
                entry = try await source.entry(for: day)
                noteFallback(asked: day, got: entry.date)
            } else {
                entry = try await source.latest()
            }
            let saved = try await PictureDownload(images: images).save(entry, hd: hd, output: output)
            Output.print(saved.path)
        case .archive(let command):
            try await archive.perform(command)
        case .help, .version:
            break
        }
    }

    /// Asking for today before it is published answers with the previous day: say so.
    private static func noteFallback(asked: APODDay, got: APODDay) {
        guard got != asked else { return }
        Output.error("apod: " + tr("the picture for {asked} is not published yet; showing {shown} instead.",
                                   ["asked": asked.description, "shown": got.description]))
    }

    /// Warns when a rate-limited key is about to run out (api.nasa.gov's DEMO_KEY allows 30 an hour).
    private static func reportQuota(of source: any APODSource) {
        guard let quota = source.rateLimit, quota.remaining <= 5 else { return }
        Output.error("apod: " + tr("{count} requests left this hour for this API key.", ["count": String(quota.remaining)]))
    }

    private static func message(of error: Error) -> String {
        (error as? APODError)?.message ?? tr("Unexpected error: {detail}", ["detail": error.localizedDescription])
    }
}
