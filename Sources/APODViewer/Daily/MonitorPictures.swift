import APODCore
import WallpaperComposition

/// Which picture each monitor of a spanned background shows, chosen off the main thread (a
/// chooser reads the archive index and may read pictures' headers over the network).
struct MonitorPictures: Sendable {
    /// One entry per monitor of the layout, in its order; `pool` is where a monitor the day's
    /// picture does not suit finds its stand-in; `shape` is the day's picture's, when at hand.
    var choose:
        @Sendable (
            _ entry: APODEntry, _ layout: MonitorLayout, _ pool: BackgroundRotation.Source, _ shape: PictureShape?
        ) async throws -> [APODEntry]

    /// Every monitor shows the day's picture, fitted to that monitor separately.
    static let samePicture = MonitorPictures { entry, layout, _, _ in layout.monitors.map { _ in entry } }

    /// Each monitor by its shape (`MonitorPictureChooser`): the day's picture where it suits,
    /// else the newest day of the index — or favourite — that does; every monitor the day's
    /// picture without an index.
    static func byShape(
        chooser: @escaping @Sendable () -> MonitorPictureChooser?,
        favourites: @escaping @Sendable () throws -> [APODEntry]
    ) -> MonitorPictures {
        MonitorPictures { entry, layout, pool, shape in
            guard let chooser = chooser() else { return layout.monitors.map { _ in entry } }
            let stand: MonitorPictureChooser.Pool
            switch pool {
            case .archive: stand = .archive
            case .favourites: stand = .favourites((try? favourites()) ?? [])
            }
            return await chooser.choose(
                today: entry, todayShape: shape,
                monitors: layout.monitors.map { PictureShape(width: $0.width, height: $0.height) }, pool: stand)
        }
    }

    /// `pictures` given in turn to the layout's monitors (a rotation's picks, made again for
    /// other monitors).
    static func assigned(_ pictures: [APODEntry], to layout: MonitorLayout) -> [APODEntry] {
        guard !pictures.isEmpty else { return [] }
        return layout.monitors.indices.map { pictures[$0 % pictures.count] }
    }
}
