import APODCore
import Foundation

/// `apod today --wallpaper PATH …`: the daily background for desktops without a portal (a cron
/// job or systemd timer runs it). Writes the latest picture (a video day's still) to PATH and
/// remembers its day in the data folder. Exit status 0 when written, 3 when PATH already holds
/// the latest day.
struct TodayWallpaper {
    static let nothingNewStatus: Int32 = 3

    let source: any APODSource
    let writer: WallpaperWriter

    /// - Returns: the day written, or nil when PATH already holds the latest picture.
    func write() async throws -> APODDay? {
        let entry = try await source.latest()
        if let written = writer.writtenDay, written >= entry.date { return nil }
        try await writer.write(entry)
        return entry.date
    }
}
