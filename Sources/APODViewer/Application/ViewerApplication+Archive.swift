import APODCore
import Foundation
import GtkKit

/// How the application wires the archive index and the favourites into its windows.
extension ViewerApplication {
    func setUpArchive() {
        guard let archive = environment.archive else { return }
        let windows = ArchiveWindows(application: application, environment: environment, archive: archive)
        windows.onOpenDetail = { [weak self] entry in self?.openDetail(for: entry) }
        if services?.download != nil {
            windows.onDownload = { [weak self] in self?.downloadArchive() }
            windows.downloadUnavailable = { [weak self] in self?.services?.archiveDownloadUnavailable }
        }
        archiveWindows = windows
        for action in ArchiveActions.make(for: self) {
            action.isEnabled = action.name != AppAction.downloadArchive.rawValue || services?.download != nil
            application.addAction(action)
        }
    }

    /// The search field, star and calendar in the main window; damaged files said once.
    func attachArchive(to main: MainWindow) {
        guard let archive = environment.archive, let windows = archiveWindows else { return }
        archiveControls = MainArchiveControls(main: main, archive: archive, windows: windows, calendar: environment.calendar)
        // Weak from the task on: a window the task held would be freed on its thread when the
        // task ends after the window closed, and a widget destroyed off the main thread crashes.
        Task.detached { [weak main] in
            _ = try? archive.openIndex()
            _ = try? archive.openLibrary()
            let notices = archive.takeNotices()
            guard !notices.isEmpty else { return }
            MainThread.post {
                main?.banner.show(notices.map(\.message).joined(separator: "\n"))
            }
        }
    }

    /// The star in a detail window's header bar, and the day in the history.
    func attachArchive(to detail: DetailWindow) {
        guard let archive = environment.archive else { return }
        let star = FavouriteButton(archive: archive)
        detail.header.bar.packEnd(star.button)
        detail.window.addAction(star.makeAction())
        star.onChanged = { [weak self] in
            self?.archiveWindows?.refresh(.favourites)
            self?.archiveControls?.star.show(self?.mainWindow?.entry)
        }
        star.onFailure = { [weak detail] message in detail?.banner.show(message) }
        star.show(detail.entry)
        attachExplorer(to: detail)
        // The star lives as long as its window.
        detail.window.onDestroy { withExtendedLifetime(star) {} }
        let entry = detail.entry
        Task.detached { [weak self] in
            archive.recordView(entry)
            MainThread.post { self?.archiveWindows?.refresh(.history) }
        }
    }

    /// The first random grid offers "Download the archive" when the index lacks part of it
    /// (once ever, shared with the search window's offer; see `claimDownloadOffer`), as soon as
    /// pictures arrive: not over an error page, where the service is unreachable anyway, nor
    /// while the source cannot download it (offline), so the offer is kept for later.
    func attachArchive(to grid: RandomGridWindow) {
        guard let archive = environment.archive, services?.download != nil else { return }
        grid.onDownload = { [weak self] in self?.downloadArchive() }
        let entriesLoaded = grid.onEntriesLoaded
        grid.onEntriesLoaded = { [weak self, weak grid] in
            entriesLoaded?()
            guard grid?.isStoredOnly?() != true, self?.services?.archiveDownloadUnavailable == nil else { return }
            Task.detached {
                guard archive.claimDownloadOffer() else { return }
                MainThread.post { grid?.offerArchive() }
            }
        }
    }

    /// Starts downloading the archive and opens the preferences, where its progress shows (or,
    /// when the source in use cannot download it, why not).
    func downloadArchive() {
        guard let services, let download = services.download else { return }
        if services.archiveDownloadUnavailable == nil { download.start() }
        openPreferences()
    }
}
