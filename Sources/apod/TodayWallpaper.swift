import APODCore
import Foundation

/// `apod today --wallpaper PATH [--width W]`: the daily background for desktops without a
/// portal (a cron job or systemd timer runs it). Writes the latest picture (a video day's
/// still) to PATH atomically, so the desktop never reads half a file, and remembers its day in
/// the data folder. Exit status 0 when written, 3 when PATH already holds the latest day.
struct TodayWallpaper {
    static let nothingNewStatus: Int32 = 3
    static let widthRange = 16...16_384

    let source: any APODSource
    let images: any ImageFetching
    let record: WallpaperRecord

    /// - Returns: the day written, or nil when PATH already holds the latest picture.
    func write(to path: String, width: Int?) async throws -> APODDay? {
        let destination = URL(fileURLWithPath: path)
        let entry = try await source.latest()
        if let written = record.day(writtenTo: destination), written >= entry.date { return nil }
        let data = try await WallpaperPicture(images: images).data(for: entry, width: width)
        do {
            try AtomicFile.write(data, to: destination)
        } catch {
            throw APODError.cannotSave(path: destination.path, reason: error.localizedDescription)
        }
        try record.note(entry.date, writtenTo: destination)
        return entry.date
    }

    /// Parses what follows `today`.
    /// - Throws: `APODError.invalidArgument` naming what is wrong.
    static func invocation(_ arguments: [String]) throws -> Invocation {
        var path: String?
        var width: Int?
        var index = 0
        while index < arguments.count {
            let parts = arguments[index].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard name == "--wallpaper" || name == "--width" else {
                throw APODError.invalidArgument(tr("Unexpected argument \"{argument}\".", ["argument": arguments[index]]))
            }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
                index += 1
            } else if index + 1 < arguments.count {
                value = arguments[index + 1]
                index += 2
            } else {
                throw APODError.invalidArgument(tr("{flag} needs a value.", ["flag": name]))
            }
            if name == "--wallpaper" {
                path = value
            } else {
                guard let number = Int(value), widthRange.contains(number) else {
                    throw APODError.invalidArgument(tr("--width must be a whole number of pixels from {min} to {max}.",
                                                       ["min": String(widthRange.lowerBound), "max": String(widthRange.upperBound)]))
                }
                width = number
            }
        }
        guard let path, !path.isEmpty else { throw APODError.invalidArgument(tr("today needs --wallpaper PATH.")) }
        return .today(wallpaper: path, width: width)
    }
}
