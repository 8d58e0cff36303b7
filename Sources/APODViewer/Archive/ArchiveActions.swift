import APODCore
import GtkKit

/// The application actions and menu entries of the archive index and the favourites.
@MainActor
enum ArchiveActions {
    static func make(for app: ViewerApplication) -> [Action] {
        [
            Action(AppAction.favourites) { [weak app] in app?.show(.favourites) },
            Action(AppAction.history) { [weak app] in app?.show(.history) },
            Action(AppAction.onThisDay) { [weak app] in app?.show(.onThisDay) },
            Action(AppAction.downloadArchive) { [weak app] in app?.downloadArchive() },
            // "YYYY-MM" opens the wall at that month; "" as it is.
            Action(AppAction.browse, stringHandler: { [weak app] text in app?.openBrowse(text) }),
            Action(AppAction.browseArchive) { [weak app] in app?.openBrowse("") },
        ]
    }

    /// The primary menu's section for them (the lists are views, switched in the header).
    static var menuSection: Menu {
        let section = Menu()
        section.append(tr("_Browse the Archive"), action: AppAction.openBrowse)
        section.append(tr("_Download the Archive"), action: AppAction.downloadArchive)
        return section
    }
}
