import APODCore
import GtkKit

/// A flow box as a grid of `GridCell`s: the layout, opening a cell, and adding one with its
/// thumbnail, shared by the random grid and the entry grids so they look and load alike.
extension FlowBox {
    /// Lays the box out in `columns` and reports the entry of each activated cell.
    func setUpPictureGrid(columns: Int, onOpen: @escaping @MainActor (APODEntry) -> Void) {
        setColumns(columns)
        setSpacing(row: 12, column: 12)
        setMargins(18)
        verticalAlign = .start
        onChildActivated { child in
            guard let cell = child as? GridCell else { return }
            onOpen(cell.entry)
        }
    }

    /// The cells, in grid order.
    var pictureCells: [GridCell] { children.compactMap { $0 as? GridCell } }

    /// Appends a cell for `entry` and starts its thumbnail at one column's width in device
    /// pixels (at least 160 points; 1100 points stand for the box before it is laid out).
    func appendPicture(_ entry: APODEntry, columns: Int, scaleFactor: Int, pictures: PictureLoader) {
        let available = width > 0 ? width : 1100
        let cell = GridCell(entry: entry)
        append(cell)
        cell.loadThumbnail(with: pictures, width: max(160, available / columns) * max(1, scaleFactor))
    }
}
