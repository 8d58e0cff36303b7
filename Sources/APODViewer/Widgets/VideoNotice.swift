import APODCore
import Foundation
import GtkKit

/// The strip along the bottom of a video's still when the video cannot be played in the app:
/// the one sentence saying why ("This video cannot be played here: …") and Open in Browser.
@MainActor
final class VideoNotice {
    let root = Box(.horizontal, spacing: 12)
    let label = Label()
    let openButton = Button(label: tr("Open in _Browser"))
    /// Open in Browser was pressed.
    let openRequested = Event<Void>()

    init() {
        root.addCSSClass("osd")
        root.addCSSClass("toolbar")
        root.verticalAlign = .end
        root.horizontalAlign = .fill
        root.setMargins(12)
        label.limitLines(3)
        label.horizontalExpand = true
        label.setTextAlignment(0)
        root.append(label)
        openButton.verticalAlign = .center
        openButton.onClicked { [weak self] in self?.openRequested.emit() }
        root.append(openButton)
        root.isVisible = false
    }

    /// The message shown, while the strip is.
    var message: String? { root.isVisible ? label.text : nil }

    func show(_ message: String) {
        label.text = message
        label.tooltip = message
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
    }
}
