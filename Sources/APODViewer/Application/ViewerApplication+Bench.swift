import APODCore
import GtkKit

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
        guard mainWindow?.isShowing(.browse) == true, let wall = browseView?.wall else { return nil }
        var census = BrowseCensus()
        census.isShowingDays = wall.stack.state == .wall
        census.days = wall.layout.dayCount
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

    /// Whether the wall shows its days and every page of the index arrived (cheap: no census).
    public var browsePaging: (showsDays: Bool, isComplete: Bool)? {
        guard let wall = browseView?.wall else { return nil }
        return (wall.stack.state == .wall, wall.isComplete)
    }

    /// The wall's scroll position, height and page (the bench's fling; cheaper than the census).
    public var browseScrollRange: (value: Double, upper: Double, pageSize: Double)? {
        guard let range = browseView?.wall.scroller.verticalScrollRange else { return nil }
        return (range.value, range.upper, range.pageSize)
    }

    /// Calls `body` once a frame of the wall while it returns true (the bench's fling).
    public func onBrowseFrame(_ body: @escaping @MainActor () -> Bool) {
        browseView?.wall.listView.addTickCallback(body)
    }

    /// Scrolls the wall down by `pixels`, as one frame of a fling. - Returns: whether it is at
    /// the end (the oldest days).
    @discardableResult
    public func scrollBrowse(by pixels: Double) -> Bool {
        guard let scroller = browseView?.wall.scroller else { return true }
        let adjustment = scroller.verticalAdjustment
        let end = max(0, adjustment.upper - adjustment.pageSize)
        adjustment.value = min(end, adjustment.value + pixels)
        return adjustment.value >= end - 0.5
    }
}
