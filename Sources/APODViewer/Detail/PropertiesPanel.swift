import APODCore
import AdwKit
import Foundation
import GtkKit

/// A detail window's properties (F9), as GNOME's image viewer shows them in a side panel:
/// the picture's dimensions, file size and format, its address, the credit and the date.
/// Rows whose figure is not known yet (the file is still being written) say so.
@MainActor
final class PropertiesPanel {
    enum Row: CaseIterable {
        case dimensions, fileSize, format, address, credit, date
    }

    static let width = 280

    let root: ScrolledWindow
    private let rows: [Row: ActionRow]

    init() {
        let group = PreferencesGroup(title: tr("Properties"))
        var rows: [Row: ActionRow] = [:]
        for row in Row.allCases {
            let widget = ActionRow(title: Self.title(of: row))
            widget.addCSSClass("property")
            widget.wrapsSubtitle()
            group.add(widget)
            rows[row] = widget
        }
        self.rows = rows
        let column = Box(.vertical)
        column.setMargins(top: 18, bottom: 18, start: 12, end: 12)
        column.append(group)
        root = ScrolledWindow(child: column)
        root.setSizeRequest(width: Self.width)
        root.horizontalExpand = false
        // Folded in a narrow window, the panel lies over the picture: it needs its own ground.
        root.addCSSClass("background")
    }

    private static func title(of row: Row) -> String {
        switch row {
        case .dimensions: return tr("Dimensions")
        case .fileSize: return tr("File Size")
        case .format: return tr("Format")
        case .address: return tr("Address")
        case .credit: return tr("Credit")
        case .date: return tr("Date")
        }
    }

    /// The figures for `entry`, its picture on screen (nil: none, or still `loading`) and that
    /// picture's file (nil: not written yet).
    func show(_ entry: APODEntry, image: DecodedImage?, source: URL?, file: PictureFile?, loading: Bool = false) {
        let unknown = image == nil && !loading ? tr("No picture") : tr("…")
        set(
            .dimensions,
            image.map {
                tr("{width} × {height} pixels", ["width": "\($0.originalWidth)", "height": "\($0.originalHeight)"])
            } ?? unknown)
        set(.fileSize, file.map { Self.byteSize($0.byteCount) } ?? unknown)
        set(.format, file.map { Self.formatName($0.format) } ?? unknown)
        set(.address, source?.absoluteString ?? unknown)
        set(.credit, entry.copyrightLine ?? tr("Public domain (no credit given)"))
        set(.date, entry.date.displayString)
    }

    /// What a row says now (tests).
    func value(of row: Row) -> String { rows[row]?.subtitle ?? "" }

    private func set(_ row: Row, _ text: String) {
        rows[row]?.subtitle = text
    }

    /// As GNOME shows sizes: decimal units, one decimal from a megabyte on.
    nonisolated static func byteSize(_ count: Int) -> String {
        switch count {
        case ..<1000: return tr("{count} bytes", ["count": "\(count)"])
        case ..<1_000_000: return tr("{size} kB", ["size": "\(Int((Double(count) / 1000).rounded()))"])
        default: return tr("{size} MB", ["size": String(format: "%.1f", Double(count) / 1_000_000)])
        }
    }

    nonisolated static func formatName(_ format: ImageFormat?) -> String {
        switch format {
        case .jpeg?: return "JPEG"
        case .png?: return "PNG"
        case .gif?: return "GIF"
        case .webp?: return "WebP"
        case nil: return tr("Unknown")
        }
    }
}
