import APODCore
import GtkKit

/// The strip at the top of a window saying what went wrong and what to do, with Retry.
@MainActor
final class ErrorBanner {
    let root = InfoBar(actionLabel: tr("_Retry"))
    var onRetry: (@MainActor () -> Void)?

    init() {
        root.onAction { [weak self] in
            self?.hide()
            self?.onRetry?()
        }
    }

    var message: String? { root.isVisible ? root.label.text : nil }

    func show(_ message: String) {
        root.label.text = message
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
    }
}
