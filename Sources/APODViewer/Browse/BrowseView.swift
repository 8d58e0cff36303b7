import APODCore
import GtkKit

/// The main window's Browse view: the archive wall (`ArchiveWall`). Made when the view is first
/// shown, and the wall reads the index's days then, so start-up stays cheap.
@MainActor
final class BrowseView {
    let wall: ArchiveWall
    /// Whether the wall asked the index for its days (on the first showing, or F5).
    private(set) var hasLoaded = false
    private var narrowLayout: WidthBreakpoint?
    private var downloadFollowed: Subscription?

    /// - Parameter download: the app's "Download the Archive"; when one ends (done, cancelled
    ///   or failed: the days written before a stop are kept) a wall already read reads its days
    ///   again.
    init(in window: Window, environment: ViewerEnvironment, archive: ArchiveAccess, download: ArchiveDownload?) {
        wall = ArchiveWall(
            reader: .index(of: archive, translations: environment.translations), pictures: environment.pictures)
        narrowLayout = WidthBreakpoint(window: window, narrowerThan: ArchiveWall.narrowWidth) { [weak wall] narrow in
            wall?.setNarrow(narrow)
        }
        wall.isDownloading = { [weak download] in download?.isRunning ?? false }
        downloadFollowed = download?.observe { [weak self] state in
            switch state {
            case .finished, .cancelled, .failed: self?.downloadEnded()
            case .idle, .running: self?.wall.showEmpty()
            }
        }
    }

    /// Stops following the download (the window closes).
    func close() {
        downloadFollowed?.cancel()
        downloadFollowed = nil
        wall.cancel()
    }

    private func downloadEnded() {
        wall.showEmpty()
        guard hasLoaded else { return }
        wall.reloadKeepingPlace()
    }

    /// The view's title and icon in the switchers, there before the view is built.
    static var title: String { tr("_Browse") }
    static let iconName = "view-grid-symbolic"

    var view: MainView {
        MainView(
            .browse, title: Self.title, iconName: Self.iconName, content: wall.root,
            onShown: { [weak self] in self?.loadOnce() },
            onReload: { [weak self] in self?.reload() })
    }

    /// Explanations changed in Preferences: the days read take their titles again.
    func refreshTitles() {
        guard hasLoaded else { return }
        wall.refreshTitles()
    }

    /// The first showing reads the days; later ones keep the wall where it is.
    func loadOnce() {
        guard !hasLoaded else { return }
        reload()
    }

    /// Reads the days again (F5: after a download, say), from the newest.
    private func reload() {
        hasLoaded = true
        wall.load()
    }
}
