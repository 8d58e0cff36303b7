import APODCore
import GtkKit

/// The notice at the top of the main window while the app works from the cache and the
/// bundled sample because the service could not be reached, with "Try again".
@MainActor
final class OfflineBanner {
    static var text: String { tr("Offline — showing cached and sample pictures") }

    let root = InfoBar(actionLabel: tr("_Try Again"), kind: .info)
    var onTryAgain: (@MainActor () -> Void)?

    init() {
        root.label.text = Self.text
        root.onAction { [weak self] in self?.onTryAgain?() }
    }

    var isShown: Bool { root.isVisible }

    func show() { root.isVisible = true }

    func hide() { root.isVisible = false }
}
