import APODCore
import GtkKit

/// The notice at the top of the main window while the app works from the cache and the
/// bundled sample because the service could not be reached, with "Try again".
@MainActor
final class OfflineBanner {
    static var text: String { tr("Offline — showing cached and sample pictures") }

    let root = InfoBar(actionLabel: tr("_Try Again"), kind: .info)
    let tryAgainClicked = Event<Void>()

    init() {
        root.text = Self.text
        root.onAction { [weak self] in self?.tryAgainClicked.emit() }
    }

    var isShown: Bool { root.isVisible }

    func show() { root.isVisible = true }

    func hide() {
        setDetail(nil)
        root.isVisible = false
    }

    /// Adds what else the window has to say while offline (a day not stored, why another day
    /// is shown), so there is one banner with one button rather than two stacked.
    func setDetail(_ detail: String?) {
        root.text = [Self.text, detail].compactMap { $0 }.joined(separator: "\n")
    }

    var detail: String? {
        let text = root.label.text
        return text.count > Self.text.count ? String(text.dropFirst(Self.text.count + 1)) : nil
    }
}
