import APODCore
import Foundation
import GtkKit
import WallpaperComposition

/// For `apod-bench`'s monitors row: the automatic background as the app makes it again after a
/// change of the monitors (`DailyBackground.followMonitors`, its WorkSlot off the main thread),
/// from a picture already at hand, with GNOME's keys set in GSettings' memory backend. The bench
/// ticks a timer on the main loop meanwhile, to see the longest the main thread was stalled.
@MainActor
public final class MonitorRebuildBench {
    private let background: DailyBackground
    private let box = LayoutBox()
    private let entry = APODEntry(
        date: APODDay("2026-12-02")!, title: "A Nebula for Every Screen", mediaType: .image,
        hdImageURL: URL(string: "https://apod.nasa.gov/apod/image/2612/nebula.jpg"))
    private let picture: Data

    /// - Parameters:
    ///   - picture: the day's picture, as the cache holds it.
    ///   - layout: the monitors the first background is made for.
    ///   - folder: the data folder (its `background/` gets the files).
    public init(picture: Data, layout: MonitorLayout, folder: URL) throws {
        guard let backend = DesktopSettings.Backend.named("memory") else {
            throw APODError.invalidArgument("GSettings' memory backend is missing")
        }
        self.picture = picture
        box.layout = layout
        var settings = DailySettings()
        settings.setsBackground = true
        settings.placement = .both
        settings.caption = .title
        let box = self.box
        background = DailyBackground(
            settings: settings, images: NoDownloads(), history: BackgroundHistory(dataFolder: DataFolder(root: folder)),
            network: AlwaysOnline(), screen: { box.largest }, monitors: { box.layout },
            route: .settings(backend: backend))
    }

    /// Makes and sets the first background; `done` says whether the keys took it.
    public func setFirst(then done: @escaping @MainActor (Bool) -> Void) {
        background.set(entry, cachedData: picture, automatically: true, then: done)
    }

    /// The monitors became `layout`: the background is made again for it, as after the quiet
    /// period; `done` once it is set.
    public func rebuild(for layout: MonitorLayout, then done: @escaping @MainActor () -> Void) {
        box.layout = layout
        follow(then: done)
    }

    private var retry: Timeout?

    /// Asked again while the first background's record is being written, as `MonitorFollower` does.
    private func follow(then done: @escaping @MainActor () -> Void) {
        guard !background.followMonitors(then: { _ in done() }) else { return }
        retry = Timeout(milliseconds: 5) { [weak self] in self?.follow(then: done) }
    }

    /// Spanned backgrounds drawn so far.
    public var compositionsMade: Int { background.compositionsMade }
}

/// The layout the bench gives the background, changed between steps.
@MainActor
private final class LayoutBox {
    var layout: MonitorLayout?
    var largest: Monitors.Size? {
        guard let layout else { return nil }
        let monitor = layout.monitors[layout.largestIndex]
        return Monitors.Size(
            width: monitor.logicalWidth, height: monitor.logicalHeight, scale: monitor.scale)
    }
}

/// The bench's picture is at hand: nothing is downloaded.
private struct NoDownloads: ImageFetching {
    func imageData(from url: URL, for purpose: ImagePurpose) async throws -> Data {
        throw APODError.unreachable
    }

    func imageData(
        from url: URL, for purpose: ImagePurpose, streamingTo consumer: any ImageChunkConsumer
    ) async throws -> FetchedImage {
        throw APODError.unreachable
    }

    func cachedImageData(from url: URL, for purpose: ImagePurpose) -> Data? { nil }
}

@MainActor
private final class AlwaysOnline: NetworkState {
    var isAvailable: Bool { true }
    var isMetered: Bool { false }
    func onChange(_ handler: @escaping @MainActor () -> Void) {}
}
