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

/// `apod random --wallpaper PATH [--favorites] …`: a random day's picture as the background,
/// from the archive or from the favourites. Exit status 0 when written, 3 when there was none
/// to write (no favourite with a picture; a random batch of videos without stills).
struct RandomWallpaper {
    let source: any APODSource
    let favourites: (() throws -> [APODEntry])?
    let writer: WallpaperWriter

    /// How many random days are drawn from the archive to find one with a picture.
    static let draw = 8

    /// - Returns: the day written, or nil when there was no picture to write.
    func write() async throws -> APODDay? {
        let candidates: [APODEntry]
        if let favourites {
            candidates = try favourites()
        } else {
            candidates = try await source.random(count: Self.draw)
        }
        guard let entry = candidates.filter({ WallpaperPicture.original(of: $0) != nil }).randomElement() else { return nil }
        try await writer.write(entry)
        return entry.date
    }
}
