import Foundation

/// Which day's picture was last written to each wallpaper path by `apod today --wallpaper`,
/// kept under the data folder (`daily/wallpapers`, one `YYYY-MM-DD<TAB>path` per line), so a
/// cron job can tell "nothing new" without downloading the picture again.
public struct WallpaperRecord: Sendable {
    public let fileURL: URL

    public init(dataFolder: DataFolder) {
        fileURL = dataFolder.url("daily/wallpapers")
    }

    /// The day last written to `path`, when the file is still there.
    public func day(writtenTo path: URL) -> APODDay? {
        guard FileManager.default.fileExists(atPath: path.path) else { return nil }
        return entries()[path.standardizedFileURL.path]
    }

    /// - Throws: `APODError.cannotWriteFile` when the data folder cannot be written.
    public func note(_ day: APODDay, writtenTo path: URL) throws {
        var all = entries()
        all[path.standardizedFileURL.path] = day
        let text = all.keys.sorted().map { "\(all[$0]!)\t\($0)\n" }.joined()
        do {
            try AtomicFile.write(Data(text.utf8), to: fileURL)
        } catch {
            throw APODError.cannotWriteFile(path: fileURL.path)
        }
    }

    private func entries() -> [String: APODDay] {
        guard let text = try? String(contentsOf: fileURL, encoding: .utf8) else { return [:] }
        var result: [String: APODDay] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let day = APODDay(String(parts[0])) { result[String(parts[1])] = day }
        }
        return result
    }
}
