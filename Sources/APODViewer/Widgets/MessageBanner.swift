import APODCore
import GtkKit

/// The strip at the top of a window for what the window says beside its content: an error
/// that leaves the content in place (a favourite not saved, no browser for a link), a warning
/// (why another day than the one asked for is shown), or information (how to read what is
/// shown). Failures that replace the content are status pages (`ContentStatus`); a message
/// here can be dismissed.
@MainActor
final class MessageBanner {
    let root = InfoBar(actionLabel: nil)

    init() {
        root.allowDismissing(closeLabel: tr("Dismiss"))
    }

    var message: String? { root.isVisible ? root.label.text : nil }

    /// Shows `message` as an error.
    func show(_ message: String) {
        present(message, as: .error)
    }

    /// Shows `message` as a warning: nothing failed, but the request could not be taken as asked.
    func warn(_ message: String) {
        present(message, as: .warning)
    }

    /// Shows `message` as information: how to read what the window shows.
    func inform(_ message: String) {
        present(message, as: .info)
    }

    private func present(_ message: String, as kind: InfoBar.Kind) {
        root.kind = kind
        root.text = message
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
    }
}
