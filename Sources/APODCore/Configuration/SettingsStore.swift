import Foundation

/// The user's saved preferences: `$XDG_CONFIG_HOME/apod-viewer/config`, one `key=value` per line.
///
/// The file may hold an API key, so it is always written with mode 0600, atomically (temp file
/// + rename) so a crash never leaves half a file, and the folder with 0700.
public struct SettingsStore: Sendable {
    /// Keys the app understands; unknown keys in the file are kept on save.
    public enum Key: String, CaseIterable, Sendable {
        case source
        case apiURL = "api_url"
        case apiKey = "api_key"
        case imageCacheLimitMB = "image_cache_limit_mb"
        // The daily picture (see DailySettings).
        case dailyBackground = "daily_background"
        case dailyPlacement = "daily_background_placement"
        case dailyNotify = "daily_notify"
        case dailyVideoDays = "daily_video_days"
        case dailyMetered = "daily_metered"
    }

    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The default location, honouring `XDG_CONFIG_HOME`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
        }
        self.init(fileURL: base.appendingPathComponent("apod-viewer/config"))
    }

    /// Every `key=value` pair in the file; a missing or unreadable file reads as empty.
    public func load() -> [String: String] {
        guard let text = try? String(contentsOf: fileURL, encoding: .utf8) else { return [:] }
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let eq = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<eq].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            if !key.isEmpty { values[key] = value }
        }
        return values
    }

    public func value(_ key: Key) -> String? {
        load()[key.rawValue].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Sets or (with nil or empty) removes values, keeping the rest of the file.
    public func save(_ changes: [Key: String?]) throws {
        var values = load()
        for (key, value) in changes {
            if let value, !value.isEmpty {
                values[key.rawValue] = value.replacingOccurrences(of: "\n", with: "")
            } else {
                values.removeValue(forKey: key.rawValue)
            }
        }
        let text = values.keys.sorted().map { "\($0)=\(values[$0]!)\n" }.joined()
        try write(Data(text.utf8))
    }

    private func write(_ data: Data) throws {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(data, to: fileURL, permissions: 0o600)
    }
}
