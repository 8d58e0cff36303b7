import APODCore
import GtkKit

/// The application actions and menu entries of the archive index and the favourites.
@MainActor
enum ArchiveActions {
    static func make(for app: ViewerApplication) -> [Action] {
        [
            Action("favourites") { [weak app] in app?.archiveWindows?.show(.favourites) },
            Action("history") { [weak app] in app?.archiveWindows?.show(.history) },
            Action("on-this-day") { [weak app] in app?.archiveWindows?.show(.onThisDay) },
            Action("download-archive") { [weak app] in app?.downloadArchive() },
        ]
    }

    /// The primary menu's section for them.
    static var menuSection: Menu {
        let section = Menu()
        section.append(tr("_Favourites"), action: "app.favourites")
        section.append(tr("_History"), action: "app.history")
        section.append(tr("On This _Day"), action: "app.on-this-day")
        section.append(tr("_Download the Archive…"), action: "app.download-archive")
        return section
    }
}
