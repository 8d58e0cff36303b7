import Foundation

/// The user's saved preferences: `$XDG_CONFIG_HOME/apod-viewer/config`, one `key=value` per line.
///
/// Reading never fails: a missing file reads as empty, bad lines become `SavedSettings.problems`,
/// and a file over `maxBytes` is not read at all (a 32 MB file once took 21 s to start).
/// Saving edits the lines in place (`ConfigDocument`), so comments and keys this version does
/// not know survive. The file may hold an API key, so it is always written with mode 0600,
/// atomically (temp file + rename) so a crash never leaves half a file, and the folder with 0700.
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
        case dailyCaption = "daily_caption"
        case dailyFit = "daily_fit"
        case dailyUnusableDays = "daily_unusable_days"
        case dailyRotation = "daily_rotation"
        case dailyRotationSource = "daily_rotation_source"
        case dailySamePicture = "daily_same_picture"
        /// Follow the system's light or dark style, or keep one (see StylePreference).
        case style
        /// English or the Chinese mirror's text (see ExplanationLanguage).
        case explanations
    }

    /// A real preferences file is a few hundred bytes.
    public static let maxBytes = 64 << 10

    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// The default location, honouring `XDG_CONFIG_HOME`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(fileURL: XDGFolders.configHome(environment: environment).appendingPathComponent("apod-viewer/config"))
    }

    /// The usable values in the file and what was wrong with the rest.
    public func load() -> SavedSettings {
        switch readDocument() {
        case .success(let document):
            return SavedSettings(document: document, path: fileURL.path)
        case .failure(.notARegularFile):
            return SavedSettings(problems: [SettingsProblem(path: fileURL.path, line: 0, kind: .notARegularFile)])
        case .failure:
            return SavedSettings(problems: [SettingsProblem(path: fileURL.path, line: 0, kind: .tooLarge)])
        }
    }

    public func value(_ key: Key) -> String? {
        load()[key.rawValue]
    }

    /// Sets or (with nil or empty) removes values, keeping every other line of the file.
    /// - Throws: `APODError.settingsTooLarge` rather than overwrite a file it could not read.
    public func save(_ changes: [Key: String?]) throws {
        var document = try readDocument().get()
        for (key, value) in changes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let cleaned = value?.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "")
            document.set(key.rawValue, to: cleaned?.isEmpty == false ? cleaned : nil)
        }
        try write(Data(document.text.utf8))
    }

    /// The file's lines; a missing or unreadable file is an empty document.
    private func readDocument() -> Result<ConfigDocument, APODError> {
        let data: Data
        do {
            guard let read = try RegularFile.read(fileURL, maxBytes: Self.maxBytes) else {
                return .success(ConfigDocument(text: ""))
            }
            data = read
        } catch {
            return .failure(.notARegularFile(path: fileURL.path))
        }
        guard data.count <= Self.maxBytes else { return .failure(.settingsTooLarge(path: fileURL.path)) }
        return .success(ConfigDocument(text: String(decoding: data, as: UTF8.self)))
    }

    private func write(_ data: Data) throws {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(),
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(data, to: fileURL, permissions: 0o600)
    }
}
