import APODCore
import GtkKit

/// What explores the archive index as a whole: the main window's Browse view (the wall) and
/// one grid window per sky object. Their cells open detail windows that step through what they
/// show.
@MainActor
final class ExplorerWindows {
    /// While the main window is open and the app has an archive index.
    var browse: BrowseView?
    /// By object id.
    var objectGrids: [String: ObjectGridWindow] = [:]

    var openWindows: [Window] {
        objectGrids.values.map(\.window)
    }
}

extension ViewerApplication {
    var browseView: BrowseView? { explorer.browse }

    /// Adds the Browse view to `main`; its wall reads the days when first shown.
    func addBrowseView(to main: MainWindow, archive: ArchiveAccess) {
        let browse = BrowseView(
            in: main.window, environment: environment, archive: archive, download: services?.download)
        browse.wall.onOpenDetail = { [weak self, weak browse] entry in
            self?.openDetail(for: entry, batch: { browse?.wall.entries ?? [] })
        }
        if services?.download != nil {
            browse.wall.onDownload = { [weak self] in self?.downloadArchive() }
            browse.wall.downloadUnavailable = { [weak self] in self?.services?.archiveDownloadUnavailable }
        }
        main.addView(browse.view)
        main.window.onDestroy { [weak self, weak browse] in
            browse?.close()
            self?.explorer.browse = nil
        }
        explorer.browse = browse
    }

    /// Shows the Browse view (opening the main window first); `month` (`YYYY-MM`) scrolls the
    /// wall there, "" leaves it where it is. Anything else is said above the wall rather than
    /// ignored.
    func openBrowse(_ month: String) {
        guard environment.archive != nil else {
            ensureMainWindow()?.banner.show(tr("Browsing needs the archive index, which this setup has not got."))
            return
        }
        guard let main = ensureMainWindow(), let browse = explorer.browse else { return }
        let text = month.trimmingCharacters(in: .whitespaces)
        let wanted = ArchiveMonth(text)
        // Shown first: a first showing starts the load, which the jump then waits for.
        main.showView(.browse)
        if let wanted { browse.wall.jump(to: wanted) }
        main.window.present()
        if wanted == nil, !text.isEmpty {
            browse.wall.say(tr("\"{value}\" is not a month: use YYYY-MM, e.g. 2019-05.", ["value": text]))
        }
    }

    /// The detail window's "More of" row: its thumbnails open their days, its chips the grids.
    func attachExplorer(to detail: DetailWindow) {
        detail.related?.onOpenEntry = { [weak self] entry in self?.openDetail(for: entry) }
        detail.related?.onOpenObject = { [weak self] object in self?.openObjectGrid(object) }
    }

    /// Opens (or presents) the grid of every entry about `object`, newest first.
    func openObjectGrid(_ object: SkyObject) {
        guard let archive = environment.archive else { return }
        if let grid = explorer.objectGrids[object.id] {
            grid.window.present()
            return
        }
        let objectWindow = ObjectGridWindow(
            application: application, environment: environment, title: object.shownLabel)
        let grid = objectWindow.grid
        grid.onOpenDetail = { [weak self, weak grid] entry in
            self?.openDetail(for: entry, batch: { grid?.cells.map(\.entry) ?? [] })
        }
        objectWindow.window.onDestroy { [weak self] in self?.explorer.objectGrids[object.id] = nil }
        explorer.objectGrids[object.id] = objectWindow
        objectWindow.window.present()
        grid.showLoading()
        let work = WorkSlot()
        objectWindow.window.onDestroy { work.cancel() }
        work.start(
            { try archive.openIndex().entries(of: object) },
            then: { [weak grid] result in
                withExtendedLifetime(work) {}
                guard let grid else { return }
                switch result {
                case .success(let entries) where entries.isEmpty:
                    grid.showEmpty(
                        summary: "", heading: tr("No pictures of {object}", ["object": object.id]),
                        message: tr("None of the days stored on this computer is about it."),
                        iconName: "image-missing-symbolic", offerDownload: false)
                case .success(let entries):
                    let summary =
                        entries.count == 1
                        ? tr("1 picture of {object}", ["object": object.shownLabel])
                        : tr(
                            "{count} pictures of {object}, newest first",
                            ["count": String(entries.count), "object": object.shownLabel])
                    grid.show(entries, summary: summary, offerDownload: false)
                case .failure(let error):
                    grid.showFailure(heading: tr("The archive index cannot be read"), message: userMessage(for: error))
                }
            })
    }
}

/// What the archive wall shows now: for `apod-bench`, which drives the app from outside.
public struct BrowseCensus: Sendable, Codable {
    /// The days arrived from the index and the wall shows them.
    public var isShowingDays = false
    public var days = 0
    public var columns = 0
    /// Day cells laid out inside the visible part, and of those, the ones whose thumbnail
    /// arrived or failed (or that have none).
    public var cellsOnScreen = 0
    public var settledOnScreen = 0
    /// Thumbnail requests the wall started and cancelled since it opened.
    public var requests = 0
    public var cancelled = 0
    /// Cells a rest may ask for beyond the visible ones.
    public var readAheadCells = 0
    public var scrollValue = 0.0
    public var scrollUpper = 0.0
    public var pageSize = 0.0
    /// Rows the list has bound since the wall opened: GTK 4.8 keeps some 200 bound around the
    /// visible ones and binds each row it scrolls to.
    public var rowsBound = 0
}

extension ViewerApplication {
    /// The wall's census; nil while the Browse view is not shown.
    public var browseCensus: BrowseCensus? {
        guard mainWindow?.isShowing(.browse) == true, let wall = explorer.browse?.wall else { return nil }
        var census = BrowseCensus()
        census.isShowingDays = wall.stack.visiblePage == "wall"
        census.days = wall.entries.count
        census.columns = wall.layout.columns
        let visible = wall.cellsOnScreen
        census.cellsOnScreen = visible.count
        census.settledOnScreen = visible.filter(\.isSettled).count
        census.requests = wall.requestCount
        census.cancelled = wall.cancelCount
        census.readAheadCells = 2 * ArchiveWall.readAheadRows * wall.layout.columns
        let range = wall.scroller.verticalScrollRange
        (census.scrollValue, census.scrollUpper, census.pageSize) = (range.value, range.upper, range.pageSize)
        census.rowsBound = wall.listView.bindCount
        return census
    }

    /// The wall's scroll position, height and page (the bench's fling; cheaper than the census).
    public var browseScrollRange: (value: Double, upper: Double, pageSize: Double)? {
        guard let range = explorer.browse?.wall.scroller.verticalScrollRange else { return nil }
        return (range.value, range.upper, range.pageSize)
    }

    /// Calls `body` once a frame of the wall while it returns true (the bench's fling).
    public func onBrowseFrame(_ body: @escaping @MainActor () -> Bool) {
        explorer.browse?.wall.listView.addTickCallback(body)
    }

    /// Scrolls the wall down by `pixels`, as one frame of a fling. - Returns: whether it is at
    /// the end (the oldest days).
    @discardableResult
    public func scrollBrowse(by pixels: Double) -> Bool {
        guard let scroller = explorer.browse?.wall.scroller else { return true }
        let adjustment = scroller.verticalAdjustment
        let end = max(0, adjustment.upper - adjustment.pageSize)
        adjustment.value = min(end, adjustment.value + pixels)
        return adjustment.value >= end - 0.5
    }
}
