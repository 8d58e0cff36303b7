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
    /// Picks each monitor's picture by its shape for `--monitors`; nil: today's on every one.
    let chooser: MonitorPictureChooser?
    let destination: URL
    private let placement: FilePlacement

    /// Checks the destination.
    /// - Throws: `APODError.cannotSave` for a folder, standard output or a missing folder.
    init(
        images: any ImageFetching, record: WallpaperRecord, request: WallpaperRequest,
        chooser: MonitorPictureChooser? = nil
    ) throws {
        self.images = images
        self.record = record
        self.request = request
        self.chooser = chooser
        destination = try DownloadTarget.file(
            request.path, currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        placement = try FilePlacement(of: destination, force: true)
    }

    /// The day `destination` already holds, when it is still there.
    var writtenDay: APODDay? { record.day(writtenTo: destination) }

    /// Downloads, composes when asked, writes and records `entry`'s picture (a video's still);
    /// with `--monitors`, a monitor its shape does not suit shows the chooser's day instead.
    /// - Throws: `APODError.noImage` for a day without one, else download, decoding and file errors.
    func write(_ entry: APODEntry) async throws {
        let partial = try placement.reserve()
        defer { partial?.discard() }
        let picture = WallpaperPicture(images: images)
        var data = try await picture.data(for: entry, width: request.width)
        if let layout = request.monitors {
            let pictures = await SpannedScreens.gather(
                today: entry, data: data, layout: layout, chooser: request.samePicture ? nil : chooser,
                pool: .archive, picture: picture,
                width: request.width, fit: request.fit, caption: request.caption)
            data = try SpannedComposer.compose(layout, screens: pictures.screens).jpeg
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
