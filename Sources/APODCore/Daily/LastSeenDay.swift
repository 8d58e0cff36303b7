import Foundation

/// The newest APOD day the daily picture has already handled, kept in one small file under the
/// data folder (`daily/last-seen`, `YYYY-MM-DD`), so a restart never announces the same picture
/// twice. A missing or unreadable file reads as "none seen yet".
public struct LastSeenDay: Sendable {
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    public init(dataFolder: DataFolder) {
        self.init(fileURL: dataFolder.url("daily/last-seen"))
    }

    public func load() -> APODDay? {
        guard let text = try? RegularFile.text(fileURL) else { return nil }
        return APODDay(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// - Throws: `APODError.cannotWriteFile` when the data folder cannot be written.
    public func save(_ day: APODDay) throws {
        do {
            try AtomicFile.write(Data((day.description + "\n").utf8), to: fileURL)
        } catch {
            throw APODError.cannotWriteFile(path: fileURL.path)
        }
    }
}
