import APODCore
import GtkKit

/// The application actions and menu entries of the archive index and the favourites.
@MainActor
enum ArchiveActions {
    static func make(for app: ViewerApplication) -> [Action] {
        [
            Action(AppAction.favourites) { [weak app] in app?.archiveWindows?.show(.favourites) },
            Action(AppAction.history) { [weak app] in app?.archiveWindows?.show(.history) },
            Action(AppAction.onThisDay) { [weak app] in app?.archiveWindows?.show(.onThisDay) },
            Action(AppAction.downloadArchive) { [weak app] in app?.downloadArchive() },
            // "YYYY-MM" opens the wall at that month; "" as it is.
            Action(AppAction.browse, stringHandler: { [weak app] text in app?.openBrowse(text) }),
        ]
    }

    /// The primary menu's section for them.
    static var menuSection: Menu {
        let section = Menu()
        section.append(tr("_Browse the Archive"), action: AppAction.openBrowse)
        section.append(tr("_Favourites"), action: AppAction.favourites)
        section.append(tr("_History"), action: AppAction.history)
        section.append(tr("On This _Day"), action: AppAction.onThisDay)
        section.append(tr("_Download the Archive…"), action: AppAction.downloadArchive)
        return section
    }
}
