import APODCore
import AdwKit
import Foundation
import GtkKit

/// Copy Link (the entry's APOD page, the link people share), Copy Picture Link and Copy Full
/// Text, for the main and the detail windows alike: the window actions, their menu items, and
/// the toast saying what went on the clipboard.
@MainActor
final class EntryClipboard {
    private let window: Window
    private let toasts: ToastOverlay
    private let entry: @MainActor () -> APODEntry?
    private let pictureURL: @MainActor () -> URL?
    private var linkActions: [Action] = []

    /// "Copy Link" and "Copy Picture Link", for a window's menu.
    static var menuSection: Menu {
        let menu = Menu()
        menu.append(tr("Copy _Link"), action: WindowAction.copyLink)
        menu.append(tr("Copy _Picture Link"), action: WindowAction.copyPictureLink)
        return menu
    }

    /// Adds the copy actions to `window`.
    /// - Parameters:
    ///   - entry: the entry shown; nil when none is (then the actions are disabled).
    ///   - pictureURL: the picture on screen, copied in preference to the best one known.
    init(
        window: Window, toasts: ToastOverlay, entry: @escaping @MainActor () -> APODEntry?,
        pictureURL: @escaping @MainActor () -> URL? = { nil }
    ) {
        self.window = window
        self.toasts = toasts
        self.entry = entry
        self.pictureURL = pictureURL
        linkActions = [
            Action(WindowAction.copyLink) { [weak self] in self?.copyPageLink() },
            Action(WindowAction.copyPictureLink) { [weak self] in self?.copyPictureLink() },
        ]
        linkActions.forEach { window.addAction($0) }
    }

    /// Enables the actions while an entry is shown.
    func update() {
        linkActions.forEach { $0.isEnabled = entry() != nil }
    }

    func copyPageLink() {
        guard let entry = entry() else { return }
        window.copyToClipboard(entry.webPageURL.absoluteString)
        toasts.show(tr("Link copied"))
    }

    func copyPictureLink() {
        guard let entry = entry() else { return }
        window.copyToClipboard((pictureURL() ?? entry.pictureLink).absoluteString)
        toasts.show(tr("Picture link copied"))
    }

    /// The entry's whole text, which the labels show only in part (`BoundedText`).
    func copyFullText() {
        guard let entry = entry() else { return }
        window.copyToClipboard(entry.fullText)
        toasts.show(tr("The full text is on the clipboard."))
    }
}
