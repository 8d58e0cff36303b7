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

    /// Shows `message`, with Retry unless retrying cannot help.
    func show(_ message: String, canRetry: Bool = true) {
        root.label.text = message
        root.showsAction = canRetry
        root.isVisible = true
    }

    var offersRetry: Bool { root.isVisible && root.showsAction }

    func hide() {
        root.isVisible = false
    }
}
