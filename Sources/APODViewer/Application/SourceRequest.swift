import APODCore
import Foundation

/// The source a second `apod-viewer` launch named with `--source`, `--api-url`, `--api-key`
/// or `--offline`, handed to the running instance as the JSON parameter of its `use-source`
/// action. The running instance uses it until it quits and never saves it (the key stays
/// out of the preferences file).
public struct SourceRequest: Codable, Equatable, Sendable {
    public var source: String
    public var apiURL: String?
    public var apiKey: String?

    /// The flags that name a source; the others (`--cache-dir`, `--no-cache`) cannot change
    /// under a running instance.
    static let flags: Set<String> = ["--source", "--api-url", "--api-key"]

    public init(configuration: SourceConfiguration) {
        source = configuration.kind.rawValue
        apiURL = configuration.kind == .offline ? nil : configuration.apiURL.absoluteString
        apiKey = configuration.kind == .legacy ? configuration.apiKey : nil
    }

    public init?(encoded: String) {
        guard let request = try? JSONDecoder().decode(Self.self, from: Data(encoded.utf8)) else { return nil }
        self = request
    }

    public var encoded: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The source as the running instance applies it; nil when it is not one (only a hand-made
    /// `gapplication action` call can send that).
    var parts: (kind: SourceConfiguration.Kind, apiURL: URL?, apiKey: String)? {
        guard let kind = SourceConfiguration.Kind(name: source) else { return nil }
        let url = apiURL.flatMap(URL.init(string:))
        if let url, !WebURL.isWeb(url) { return nil }
        return (kind, url, apiKey ?? SourceConfiguration.demoKey)
    }
}
