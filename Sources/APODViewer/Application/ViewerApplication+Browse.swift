import APODCore
import GtkKit

/// The archive wall's window: one at a time; its cells open detail windows that step through
/// the whole archive.
extension ViewerApplication {
    /// Opens (or presents) the wall; `month` (`YYYY-MM`) scrolls it there, "" leaves it where
    /// it is. Anything else is said in the wall's window rather than ignored.
    func openBrowse(_ month: String) {
        guard let archive = environment.archive else {
            ensureMainWindow()?.banner.show(tr("Browsing needs the archive index, which this setup has not got."))
            return
        }
        let text = month.trimmingCharacters(in: .whitespaces)
        let wanted = ArchiveMonth(text)
        if let browseWindow {
            browseWindow.window.present()
            if let wanted { browseWindow.wall.jump(to: wanted) }
        } else {
            prepareWindows()
            let browse = BrowseWindow(application: application, environment: environment, archive: archive)
            browse.wall.onOpenDetail = { [weak self, weak browse] entry in
                self?.openDetail(for: entry, batch: { browse?.wall.entries ?? [] })
            }
            browse.window.onDestroy { [weak self] in self?.browseWindow = nil }
            browseWindow = browse
            browse.window.present()
            browse.wall.load(showing: wanted)
        }
        if wanted == nil, !text.isEmpty {
            browseWindow?.wall.say(tr("\"{value}\" is not a month: use YYYY-MM, e.g. 2019-05.", ["value": text]))
        }
    }
}
