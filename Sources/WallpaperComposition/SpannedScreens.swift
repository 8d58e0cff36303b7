import APODCore
import Foundation

/// What each monitor of a spanned background shows: the picture `MonitorPictureChooser` chose
/// for its shape, with that picture's own caption, or the day's own picture when there is no
/// chooser (no index, or "same picture on every screen") or the chosen one cannot be had.
/// `apod today --monitors` and the viewer's daily background both gather them here.
///
/// Downloads: never on the GTK main thread.
public struct SpannedScreens: Sendable {
    /// What each monitor shows, in the layout's order.
    public let entries: [APODEntry]
    /// One per monitor, for `SpannedComposer.compose`.
    public let screens: [SpannedComposer.Screen]

    /// - Parameters:
    ///   - data: `today`'s picture, already fetched.
    ///   - width: the width asked of the pictures' server (`WallpaperPicture.data(for:width:)`).
    public static func gather(
        today: APODEntry, data: Data, layout: MonitorLayout, chooser: MonitorPictureChooser?,
        pool: MonitorPictureChooser.Pool, picture: WallpaperPicture, width: Int?, fit: BackgroundFit,
        caption: BackgroundCaption
    ) async -> SpannedScreens {
        var chosen = layout.monitors.map { _ in today }
        if let chooser {
            chosen = await chooser.choose(
                today: today, todayShape: ImageHeader.uprightShape(of: data),
                monitors: layout.monitors.map { PictureShape(width: $0.width, height: $0.height) }, pool: pool)
        }
        var pictures: [APODDay: Data] = [today.date: data]
        for entry in chosen where pictures[entry.date] == nil {
            // A stand-in that cannot be downloaded leaves its monitor today's picture.
            pictures[entry.date] = try? await picture.data(for: entry, width: width)
        }
        let shown = chosen.map { pictures[$0.date] == nil ? today : $0 }
        return SpannedScreens(
            entries: shown,
            screens: shown.map { entry in
                SpannedComposer.Screen(
                    picture: pictures[entry.date] ?? data, fit: fit, caption: Caption(entry: entry, style: caption))
            })
    }
}
