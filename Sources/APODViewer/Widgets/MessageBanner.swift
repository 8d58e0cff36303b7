import APODCore
import Foundation
import GtkKit

/// The strip at the top of a window for what the window says beside its content: an error
/// that leaves the content in place (a favourite not saved, no browser for a link), a warning
/// (why another day than the one asked for is shown), or information (how to read what is
/// shown). Failures that replace the content are status pages (`ContentStatus`); a message
/// here can be dismissed.
@MainActor
final class MessageBanner {
    /// Its one action, offered only with a link to copy (`show(_:offeringToCopy:from:)`).
    let root = InfoBar(actionLabel: tr("Copy _Link"))
    private var copiedLink: (url: URL, window: Window)?

    init() {
        root.allowDismissing(closeLabel: tr("Dismiss"))
        root.showsAction = false
        root.onAction { [weak self] in self?.copyLink() }
    }

    /// The link Copy Link puts on the clipboard; nil when the strip offers none.
    var linkToCopy: URL? { root.isVisible && root.showsAction ? copiedLink?.url : nil }

    /// Shows `message` as an error with Copy Link, which puts `link` (the one the user
    /// followed, not the page's) on `window`'s clipboard.
    func show(_ message: String, offeringToCopy link: URL, from window: Window) {
        show(message)
        copiedLink = (link, window)
        root.showsAction = true
    }

    private func copyLink() {
        guard let (url, window) = copiedLink else { return }
        window.copyToClipboard(url.absoluteString)
        inform(tr("The link is on the clipboard: {link}", ["link": url.absoluteString]))
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
        copiedLink = nil
        root.showsAction = false
        root.kind = kind
        root.text = message
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
        copiedLink = nil
        root.showsAction = false
    }
}
