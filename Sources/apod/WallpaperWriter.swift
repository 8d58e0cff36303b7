import APODCore
import Foundation
import WallpaperComposition

/// Writes a day's picture to a `--wallpaper` path, as `download -o` writes (`DownloadTarget`,
/// `FilePlacement`): a regular file or a missing path is replaced atomically, so the desktop
/// never reads half a file; a FIFO, a device or a symlink is written through, never replaced;
/// a folder, or a `DIR/` that does not exist, is refused before anything is downloaded. The day
/// written is remembered (`WallpaperRecord`) for `today`'s "nothing new".
struct WallpaperWriter {
    let images: any ImageFetching
    let record: WallpaperRecord
    let request: WallpaperRequest
    let destination: URL
    private let placement: FilePlacement

    /// Checks the destination.
    /// - Throws: `APODError.cannotSave` for a folder, standard output or a missing folder.
    init(images: any ImageFetching, record: WallpaperRecord, request: WallpaperRequest) throws {
        self.images = images
        self.record = record
        self.request = request
        destination = try DownloadTarget.file(
            request.path, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        placement = try FilePlacement(of: destination, force: true)
    }

    /// The day `destination` already holds, when it is still there.
    var writtenDay: APODDay? { record.day(writtenTo: destination) }

    /// Downloads, composes when asked, writes and records `entry`'s picture (a video's still).
    /// - Throws: `APODError.noImage` for a day without one, else download, decoding and file errors.
    func write(_ entry: APODEntry) async throws {
        let partial = try placement.reserve()
        defer { partial?.discard() }
        var data = try await WallpaperPicture(images: images).data(for: entry, width: request.width)
        if let layout = request.monitors {
            let caption = Caption(entry: entry, style: request.caption)
            let screen = SpannedComposer.Screen(picture: data, fit: request.fit, caption: caption)
            data = try SpannedComposer.compose(layout, screens: layout.monitors.map { _ in screen }).jpeg
        } else if request.composes {
            let caption = Caption(entry: entry, style: request.caption)
            data = try WallpaperComposer.compose(
                data,
                .init(
                    canvas: request.canvas, scaleFactor: request.scale,
                    fit: request.fit, caption: caption)
            ).jpeg
        }
        try placement.write(data, partial: partial, replacing: true)
        try record.note(entry.date, writtenTo: destination)
    }
}
