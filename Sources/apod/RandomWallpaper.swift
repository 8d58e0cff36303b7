import APODCore
import Foundation

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
        guard let entry = candidates.filter({ WallpaperPicture.original(of: $0) != nil }).randomElement() else {
            return nil
        }
        try await writer.write(entry)
        return entry.date
    }
}
