import APODCore
import Foundation
import GtkKit

/// The zoom level between − and + buttons, over a zoomed picture as in GNOME's image viewer:
/// "100 %" is one picture pixel per screen pixel. `ZoomablePicture` places it and keeps the
/// level current; the buttons zoom about the view's centre, as Ctrl+minus and Ctrl+plus do.
@MainActor
final class ZoomControls {
    let root = Box(.horizontal, spacing: 0)
    let zoomOutButton = Button(iconName: "zoom-out-symbolic", tooltip: tr("Zoom out (Ctrl+−)"))
    let levelLabel = Label()
    let zoomInButton = Button(iconName: "zoom-in-symbolic", tooltip: tr("Zoom in (Ctrl+plus)"))

    init() {
        root.addCSSClass("osd")
        root.addCSSClass("zoom-controls")
        for button in [zoomOutButton, zoomInButton] {
            button.addCSSClass("flat")
            button.addCSSClass("circular")
        }
        levelLabel.addCSSClass("numeric")
        levelLabel.setWidthChars(6)
        levelLabel.setTextAlignment(0.5)
        root.append(zoomOutButton)
        root.append(levelLabel)
        root.append(zoomInButton)
    }

    /// Shows `level` (1 = 100 %) as a whole percentage.
    func show(level: Double) {
        levelLabel.text = Self.text(for: level)
        levelLabel.setAccessibleLabel(tr("Zoom {level}", ["level": levelLabel.text]))
    }

    /// "100 %", "63 %", "1600 %" (`ZoomablePicture` keeps the level at 2 % or more).
    static func text(for level: Double) -> String {
        // Translators: a zoom level; {percent} is a whole number (100).
        tr("{percent} %", ["percent": String(Int((level * 100).rounded()))])
    }
}
