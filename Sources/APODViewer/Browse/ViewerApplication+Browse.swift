import APODCore
import GtkKit

/// What explores the archive index as a whole: the main window's Browse view (the wall) and
/// one grid window per sky object. Their cells open detail windows that step through what they
/// show.
extension ViewerApplication {
    /// Adds the Browse view to `main`, made on its first showing; its wall reads the days then.
    func addBrowseView(to main: MainWindow, archive: ArchiveAccess) {
        let environment = environment
        main.install(
            .browse { [weak self] main in
                let download = self?.services?.download
                let browse = BrowseView(in: main.window, environment: environment, archive: archive, download: download)
                browse.wall.detailRequested.subscribe { [weak self, weak browse] entry in
                    self?.openDetail(for: entry, batch: { browse?.wall.entries ?? [] })
                }.store(in: main.subscriptions)
                if download != nil {
                    browse.wall.downloadRequested.subscribe { [weak self] in self?.downloadArchive() }.store(
                        in: main.subscriptions)
                    browse.wall.downloadUnavailable = { [weak self] in self?.services?.archiveDownloadUnavailable }
                }
                return browse
            })
    }

    /// Shows the Browse view (opening the main window first); `month` (`YYYY-MM`) scrolls the
    /// wall there, "" leaves it where it is. Anything else is said above the wall rather than
    /// ignored.
    func openBrowse(_ month: String) {
        guard environment.archive != nil else {
            ensureMainWindow()?.banner.show(tr("Browsing needs the archive index, which this setup has not got."))
            return
        }
        guard let main = ensureMainWindow() else { return }
        let text = month.trimmingCharacters(in: .whitespaces)
        let wanted = ArchiveMonth(text)
        // Shown first: a first showing builds the view and starts the load, which the jump then
        // waits for.
        main.showView(.browse)
        guard let browse = main.browseView else { return }
        if let wanted { browse.wall.jump(to: wanted) }
        main.window.present()
        if wanted == nil, !text.isEmpty {
            browse.wall.say(tr("\"{value}\" is not a month: use YYYY-MM, e.g. 2019-05.", ["value": text]))
        }
    }

    /// The detail window's "More of" row: its thumbnails open their days, its chips the grids.
    func attachExplorer(to detail: DetailWindow) {
        detail.related?.entryActivated.subscribe { [weak self] entry in self?.openDetail(for: entry) }.store(
            in: detail.subscriptions)
        detail.related?.objectActivated.subscribe { [weak self] object in self?.openObjectGrid(object) }.store(
            in: detail.subscriptions)
    }

    /// Opens (or presents) the grid of every entry about `object`, newest first.
    func openObjectGrid(_ object: SkyObject) {
        guard let archive = environment.archive else { return }
        if let grid = windows.objectGrids[object.id] {
            grid.window.present()
            return
        }
        let objectWindow = ObjectGridWindow(
            application: application, environment: environment, title: object.shownLabel)
        let grid = objectWindow.grid
        grid.detailRequested.subscribe { [weak self, weak grid] entry in
            self?.openDetail(for: entry, batch: { grid?.cells.map(\.entry) ?? [] })
        }.store(in: objectWindow.subscriptions)
        windows.file(objectWindow, for: object.id)
        objectWindow.window.present()
        grid.showLoading()
        let work = WorkSlot()
        objectWindow.window.onDestroy { work.cancel() }
        work.start(
            { try archive.openIndex().entries(of: object) },
            then: { [weak grid] result in
                withExtendedLifetime(work) {}
                guard let grid else { return }
                switch result {
                case .success(let entries) where entries.isEmpty:
                    grid.showEmpty(
                        summary: "", heading: tr("No pictures of {object}", ["object": object.id]),
                        message: tr("None of the days stored on this computer is about it."),
                        iconName: "image-missing-symbolic", offerDownload: false)
                case .success(let entries):
                    let summary =
                        entries.count == 1
                        ? tr("1 picture of {object}", ["object": object.shownLabel])
                        : tr(
                            "{count} pictures of {object}, newest first",
                            ["count": DisplayNumber.grouped(entries.count), "object": object.shownLabel])
                    grid.show(entries, summary: summary, offerDownload: false)
                case .failure(let error):
                    grid.showFailure(heading: tr("The archive index cannot be read"), message: userMessage(for: error))
                }
            })
    }
}
