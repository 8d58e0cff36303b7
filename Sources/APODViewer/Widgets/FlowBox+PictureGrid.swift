import APODCore
import GtkKit

/// A flow box as a grid of `GridCell`s: the layout, opening a cell, and adding one with its
/// thumbnail, shared by the random grid and the entry grids so they look and load alike.
extension FlowBox {
    /// Pictures per row in a window of ordinary width.
    static let pictureColumns = 4
    /// Pictures per row in a window narrower than `narrowPictureGridWidth`, where four would
    /// leave thumbnails too small to tell apart.
    static let narrowPictureColumns = 2
    static let narrowPictureGridWidth = 600

    /// Lays the box out four per row and reports the entry of each activated cell.
    func setUpPictureGrid(onOpen: @escaping @MainActor (APODEntry) -> Void) {
        setColumns(Self.pictureColumns)
        setSpacing(row: 12, column: 12)
        setMargins(18)
        verticalAlign = .start
        onChildActivated { child in
            guard let cell = child as? GridCell else { return }
            onOpen(cell.entry)
        }
    }

    /// The grids' one breakpoint: two per row while `window` is narrower than 600 px, four
    /// from there up. `alsoApply` runs after the columns change (and once now, with the
    /// window's current side) so the window can rearrange the rest of its layout. The window
    /// keeps the returned breakpoint for as long as it lives.
    func pictureColumnBreakpoint(
        in window: Window,
        alsoApply: @escaping @MainActor (_ narrow: Bool) -> Void
    ) -> WidthBreakpoint {
        WidthBreakpoint(window: window, narrowerThan: Self.narrowPictureGridWidth) { [weak self] narrow in
            self?.setColumns(narrow ? Self.narrowPictureColumns : Self.pictureColumns)
            alsoApply(narrow)
        }
    }

    /// The cells, in grid order.
    var pictureCells: [GridCell] { children.compactMap { $0 as? GridCell } }

    /// Explanations changed: every cell shows its title again, the known Chinese one or NASA's.
    func refreshPictureTitles(from translations: ViewerTranslations?) {
        guard let translations else { return }
        pictureCells.forEach { $0.showTitle(from: translations) }
    }

    /// Appends a cell for `entry` and starts its thumbnail at one column's width in device
    /// pixels (at least 160 points; 1100 points stand for the box before it is laid out), and
    /// looks up the day's Chinese title when Explanations is Chinese.
    func appendPicture(
        _ entry: APODEntry, scaleFactor: Int, pictures: PictureLoader, translations: ViewerTranslations?
    ) {
        let available = width > 0 ? width : 1100
        let cell = GridCell(entry: entry)
        append(cell)
        if let translations { cell.showTitle(from: translations) }
        cell.loadThumbnail(with: pictures, width: max(160, available / max(1, columns)) * max(1, scaleFactor))
    }
}
