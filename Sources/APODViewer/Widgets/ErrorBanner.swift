import APODCore
import GtkKit

/// The strip at the top of a window saying what went wrong and what to do, with Retry; or,
/// as a warning, why the window shows something else than what was asked for.
@MainActor
final class ErrorBanner {
    let root = InfoBar(actionLabel: tr("_Retry"))
    var onRetry: (@MainActor () -> Void)?

    init() {
        root.allowDismissing()
        root.onAction { [weak self] in
            self?.hide()
            self?.onRetry?()
        }
    }

    var message: String? { root.isVisible ? root.label.text : nil }

    /// Shows `message` as an error, with Retry unless retrying cannot help.
    func show(_ message: String, canRetry: Bool = true) {
        root.kind = .error
        root.label.text = message
        root.showsAction = canRetry
        root.isVisible = true
    }

    /// Shows `message` as a warning: nothing failed, but the request could not be taken as asked.
    func warn(_ message: String) {
        show(message, canRetry: false)
        root.kind = .warning
    }

    /// Shows `message` as information: how to read what the window shows.
    func inform(_ message: String) {
        show(message, canRetry: false)
        root.kind = .info
    }

    var offersRetry: Bool { root.isVisible && root.showsAction }

    func hide() {
        root.isVisible = false
    }
}
