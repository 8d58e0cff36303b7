import APODCore
import GtkKit

/// One row of the wall: a year heading, a month heading, or a run of day cells.
@MainActor
final class WallRow {
    let root = Box(.vertical, spacing: 0)
    let heading = Label()
    let cellBox = Box(.horizontal, spacing: ArchiveWall.spacing)
    /// What listens to this row's events; released with it.
    let subscriptions = Subscriptions()
    private(set) var cells: [WallCell] = []
    let cellOpened = Event<WallCell>()

    init() {
        root.onMap { [weak self] in self?.render() }
        root.setMargins(top: 0, bottom: 0, start: ArchiveWall.margin, end: ArchiveWall.margin)
        heading.setTextAlignment(0)
        root.append(heading)
        cellBox.isHomogeneous = true
        cellBox.setMargins(top: 4, bottom: 4, start: 0, end: 0)
        root.append(cellBox)
    }

    var showsCells: Bool { cellBox.isVisible }
    var headingText: String? { heading.isVisible ? heading.text : nil }

    func showYear(_ year: Int) {
        showHeading(String(year), classes: ["title-1"], top: 24)
    }

    func showMonth(_ text: String, days: Int) {
        showHeading(text, classes: ["title-4"], top: 12)
        heading.tooltip = days == 1 ? tr("1 day") : tr("{count} days", ["count": DisplayNumber.grouped(days)])
    }

    private func showHeading(_ text: String, classes: [String], top: Int) {
        clearCells()
        cellBox.isVisible = false
        heading.isVisible = true
        heading.text = text
        heading.tooltip = nil
        for name in ["title-1", "title-4"] { heading.removeCSSClass(name) }
        classes.forEach(heading.addCSSClass)
        heading.setMargins(top: top, bottom: 6, start: 0, end: 0)
    }

    /// Shows the cells' days, once the row is on screen (GTK maps the rows it lays out there).
    func render() {
        guard showsCells else { return }
        cells.forEach { $0.render() }
    }

    /// Shows these days; a short run leaves the rest of the row empty, so cells line up. The
    /// row's height does not depend on the days, so their texts can wait for `render()`.
    /// A day whose page has not arrived (nil) shows the loading placeholder.
    func showCells(_ days: [(index: Int, day: WallCell.Day?)], columns: Int) {
        heading.isVisible = false
        cellBox.isVisible = true
        while cells.count < columns {
            let cell = WallCell()
            cell.button.onClicked { [weak self, unowned cell] in self?.cellOpened.emit(cell) }
            cells.append(cell)
            cellBox.append(cell.button)
        }
        for (place, cell) in cells.enumerated() {
            if place < days.count {
                if let day = days[place].day {
                    cell.assign(day, at: days[place].index)
                } else {
                    cell.showPending(at: days[place].index)
                }
                // Only on change: a sensitivity change restyles the cell's every child.
                if !cell.button.isSensitive {
                    cell.button.opacity = 1
                    cell.button.isSensitive = true
                }
            } else {
                cell.clear()
                // A short row's empty places keep their width so its cells line up with the
                // rows above; places beyond the columns leave the row.
                cell.button.isVisible = place < columns
                cell.button.opacity = 0
                cell.button.isSensitive = false
            }
        }
        if root.isMapped { render() }
    }

    private func clearCells() {
        cells.forEach { $0.clear() }
    }
}
