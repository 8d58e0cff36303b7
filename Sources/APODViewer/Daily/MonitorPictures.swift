import APODCore
import WallpaperComposition

/// Which picture each monitor of a spanned background shows, chosen off the main thread (a
/// chooser may read the archive index). Until the index knows the pictures' shapes every
/// monitor shows the day's picture, fitted to that monitor separately.
struct MonitorPictures: Sendable {
    /// One entry per monitor of the layout, in its order.
    var choose: @Sendable (_ entry: APODEntry, _ layout: MonitorLayout) throws -> [APODEntry]

    static let samePicture = MonitorPictures { entry, layout in layout.monitors.map { _ in entry } }

    /// `pictures` given in turn to the layout's monitors (a rotation's picks, made again for
    /// other monitors).
    static func assigned(_ pictures: [APODEntry], to layout: MonitorLayout) -> [APODEntry] {
        guard !pictures.isEmpty else { return [] }
        return layout.monitors.indices.map { pictures[$0 % pictures.count] }
    }
}
