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

    /// A Chinese mirror nothing listens at: a window speaking Chinese never asks the real one.
    static let closedMirror = URL(string: "http://127.0.0.1:9/apod/")!

    func configuration(
        _ kind: SourceConfiguration.Kind, apiURL: URL? = nil, apiKey: String = SourceConfiguration.demoKey,
        translationURL: URL = closedMirror
    )
        -> SourceConfiguration
    {
        SourceConfiguration(
            kind: kind, apiURL: apiURL, apiKey: apiKey, cacheDirectory: cacheDirectory, timeout: 5,
            sampleDirectory: Self.sampleDirectory, translationURL: translationURL)
    }

    @MainActor
    func services(
        _ kind: SourceConfiguration.Kind, apiURL: URL? = nil, translationURL: URL = closedMirror,
        calendar: ArchiveCalendar, dataFolder: DataFolder? = nil
    ) -> ViewerServices {
        ViewerServices(
            configuration: configuration(kind, apiURL: apiURL, translationURL: translationURL), store: store,
            calendar: calendar, dataFolder: dataFolder)
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
