import Foundation

/// Which day's picture was last written to each wallpaper path by `apod today --wallpaper`,
/// kept under the data folder (`daily/wallpapers`, one `YYYY-MM-DD<TAB>path` per line), so a
/// cron job can tell "nothing new" without downloading the picture again. A path with a line
/// break, a tab or another control character could forge a line of that file, so such paths
/// are refused (`accepts`) before anything is written.
public struct WallpaperRecord: Sendable {
    public let fileURL: URL

    public init(dataFolder: DataFolder) {
        fileURL = dataFolder.url("daily/wallpapers")
    }

    /// Whether `path` can be recorded: no control characters (C0, DEL, C1).
    public static func accepts(_ path: String) -> Bool {
        !path.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Why a path is refused, for the user.
    public static var refusal: String {
        tr(
            "A background path may not contain a line break, a tab or another control character. Choose another file name."
        )
    }

    /// The day last written to `path`, when the file is still there.
    public func day(writtenTo path: URL) -> APODDay? {
        guard FileManager.default.fileExists(atPath: path.path) else { return nil }
        return entries()[path.standardizedFileURL.path]
    }

    /// - Throws: `APODError.invalidArgument` for a path `accepts` refuses,
    ///   `APODError.cannotWriteFile` when the data folder cannot be written.
    public func note(_ day: APODDay, writtenTo path: URL) throws {
        guard Self.accepts(path.standardizedFileURL.path) else { throw APODError.invalidArgument(Self.refusal) }
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
        guard let text = try? RegularFile.text(fileURL) else { return [:] }
        var result: [String: APODDay] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let day = APODDay(String(parts[0])), Self.accepts(String(parts[1])) {
                result[String(parts[1])] = day
            }
        }
        return result
    }
}
