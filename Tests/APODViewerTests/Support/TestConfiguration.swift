import APODCore
import Foundation

@testable import APODViewer

/// A real configuration for window tests, as `apod-viewer` builds one: a temporary cache and
/// preferences file (removed by `remove()`), the repository's offline sample, a short time-out.
struct TestConfiguration {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apod-viewer-\(UUID().uuidString)")

    var cacheDirectory: URL { folder.appendingPathComponent("cache", isDirectory: true) }
    var store: SettingsStore { SettingsStore(fileURL: folder.appendingPathComponent("config/apod-viewer/config")) }

    static let sampleDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../data/sample", isDirectory: true).standardized

    /// The newest sample entry's title: what the offline source opens on with an empty cache.
    static var newestSampleTitle: String { OfflineSourceProbe.newest(in: sampleDirectory).title }
    static var newestSampleDate: String { OfflineSourceProbe.newest(in: sampleDirectory).date }

    func configuration(
        _ kind: SourceConfiguration.Kind, apiURL: URL? = nil, apiKey: String = SourceConfiguration.demoKey
    )
        -> SourceConfiguration
    {
        SourceConfiguration(
            kind: kind, apiURL: apiURL, apiKey: apiKey, cacheDirectory: cacheDirectory, timeout: 5,
            sampleDirectory: Self.sampleDirectory)
    }

    @MainActor
    func services(_ kind: SourceConfiguration.Kind, apiURL: URL? = nil, calendar: ArchiveCalendar) -> ViewerServices {
        ViewerServices(configuration: configuration(kind, apiURL: apiURL), store: store, calendar: calendar)
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Reads the sample the way the offline source does, so tests do not hard-code its content.
enum OfflineSourceProbe {
    static func newest(in directory: URL) -> (date: String, title: String) {
        let data = (try? Data(contentsOf: directory.appendingPathComponent("entries.json"))) ?? Data()
        let objects = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]] ?? []
        let newest = objects.max { ($0["date"] as? String ?? "") < ($1["date"] as? String ?? "") }
        return (newest?["date"] as? String ?? "", newest?["title"] as? String ?? "")
    }
}
