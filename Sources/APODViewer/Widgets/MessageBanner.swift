import APODCore
import AdwKit
import Foundation
import GtkKit

/// The strip at the top of a window for what the window says beside its content: an error
/// that leaves the content in place (a favourite not saved, no browser for a link), a warning
/// (why another day than the one asked for is shown), or information (how to read what is
/// shown). Failures that replace the content are status pages (`ContentStatus`); a message
/// here can be dismissed.
///
/// The strip stays only while it has something to say or to offer: once its one action ran
/// (Copy Link, Save), it goes, and the action says what it did in a toast.
@MainActor
final class MessageBanner {
    /// Its one action, offered only with `show(_:offering:action:)`.
    let root = InfoBar(actionLabel: tr("Copy _Link"))
    private var offeredAction: (@MainActor () -> Void)?
    private var copiedLink: URL?

    init() {
        root.allowDismissing(closeLabel: tr("Dismiss"))
        root.showsAction = false
        root.onAction { [weak self] in self?.runOfferedAction() }
    }

    /// The link Copy Link puts on the clipboard; nil when the strip offers none.
    var linkToCopy: URL? { offeredActionLabel != nil ? copiedLink : nil }

    /// The label of the action the strip offers now, or nil.
    var offeredActionLabel: String? { root.isVisible && root.showsAction ? root.actionLabel : nil }

    /// Shows `message` as an error with one button, `label` (a mnemonic), running `action`;
    /// the strip goes when it is pressed.
    func show(_ message: String, offering label: String, action: @escaping @MainActor () -> Void) {
        show(message)
        offeredAction = action
        root.actionLabel = label
        root.showsAction = true
    }

    /// Shows `message` as an error with Copy Link, which puts `link` (the one the user
    /// followed, not the page's) on `window`'s clipboard and says so in a toast.
    func show(_ message: String, offeringToCopy link: URL, from window: Window, toasts: ToastOverlay) {
        show(message, offering: tr("Copy _Link")) { [weak window, weak toasts] in
            window?.copyToClipboard(link.absoluteString)
            toasts?.show(tr("Link copied"))
        }
        copiedLink = link
    }

    private func runOfferedAction() {
        let action = offeredAction
        hide()
        action?()
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
        offeredAction = nil
        copiedLink = nil
        root.showsAction = false
        root.kind = kind
        root.text = message
        root.isVisible = true
    }

    func hide() {
        root.isVisible = false
        offeredAction = nil
        copiedLink = nil
        root.showsAction = false
    }
}
