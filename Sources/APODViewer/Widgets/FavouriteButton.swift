import APODCore
import GtkKit

/// The star in a header bar: filled when the entry shown is a favourite; clicking it (or
/// Ctrl+D, through the window's `toggle-favourite` action) adds or removes it. The library
/// is read and written off the main thread.
@MainActor
final class FavouriteButton {
    let button = Button(iconName: "non-starred-symbolic", tooltip: tr("Add to favourites (Ctrl+D)"))
    private let archive: ArchiveAccess
    private let work = WorkSlot()
    private(set) var entry: APODEntry?
    private(set) var isFavourite = false
    /// Reading or writing the library.
    var isBusy: Bool { work.isBusy }

    /// The favourites changed (to refresh an open Favourites grid).
    let changed = Event<Void>()
    /// The library could not be read or written.
    let failed = Event<String>()
    /// Whether the entry last shown is still on screen (a failed load in the main window
    /// leaves no entry there, and the star must not act on the previous one).
    var isShowing: (@MainActor () -> Bool)?

    init(archive: ArchiveAccess) {
        self.archive = archive
        button.isSensitive = false
        button.onClicked { [weak self] in self?.toggle() }
    }

    /// The action a window adds so Ctrl+D reaches this star.
    func makeAction() -> Action {
        Action(WindowAction.toggleFavourite) { [weak self] in self?.toggle() }
    }

    /// Shows the star of `entry` (nil: nothing shown, the star is disabled).
    func show(_ entry: APODEntry?) {
        self.entry = entry
        button.isSensitive = entry != nil
        setState(false)
        guard let entry else { return work.cancel() }
        let archive = archive
        work.start(
            { try archive.isFavourite(entry.date) },
            then: { [weak self] result in
                if case .success(let isFavourite) = result { self?.setState(isFavourite) }
            })
    }

    func toggle() {
        guard let entry, isShowing?() ?? true else { return }
        let archive = archive
        work.start(
            { try archive.toggleFavourite(entry) },
            then: { [weak self] result in
                switch result {
                case .success(let isFavourite):
                    self?.setState(isFavourite)
                    self?.changed.emit()
                case .failure(let error):
                    self?.failed.emit(userMessage(for: error))
                }
            })
    }

    private func setState(_ favourite: Bool) {
        isFavourite = favourite
        button.setIconName(favourite ? "starred-symbolic" : "non-starred-symbolic")
        button.tooltip = favourite ? tr("Remove from favourites (Ctrl+D)") : tr("Add to favourites (Ctrl+D)")
        button.setAccessibleLabel(favourite ? tr("Favourite") : tr("Not a favourite"))
    }
}
