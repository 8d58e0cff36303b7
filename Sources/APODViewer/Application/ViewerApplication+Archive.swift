import APODCore
import Foundation
import GtkKit

/// How the application wires the archive index, the favourites and the archive download into
/// its windows.
extension ViewerApplication {
    func setUpArchive() {
        guard let archive = environment.archive else { return }
        let views = ArchiveViews(environment: environment, archive: archive, download: services?.download)
        views.onOpenDetail = { [weak self] entry in self?.openDetail(for: entry) }
        if services?.download != nil {
            views.onDownload = { [weak self] in self?.downloadArchive() }
            views.downloadUnavailable = { [weak self] in self?.services?.archiveDownloadUnavailable }
        }
        archiveViews = views
        for action in ArchiveActions.make(for: self) {
            action.isEnabled = action.name != AppAction.downloadArchive.rawValue || services?.download != nil
            application.addAction(action)
        }
    }

    /// The archive's views, the star and calendar on Today, the download's progress strip;
    /// damaged files said once.
    func attachArchive(to main: MainWindow) {
        guard let archive = environment.archive, let views = archiveViews else { return }
        views.addViews(to: main)
        addBrowseView(to: main, archive: archive)
        let controls = MainArchiveControls(main: main, archive: archive, views: views, calendar: environment.calendar)
        archiveControls = controls
        // Every day Today shows, however it was reached (day steps, the calendar, a link).
        main.onEntryPresented = { [weak self, weak controls] entry in
            controls?.star.show(entry)
            self?.recordView(entry)
        }
        if let download = services?.download { attachDownload(download, to: main) }
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

    /// The download's progress under the header bar; how it ended as a toast.
    private func attachDownload(_ download: ArchiveDownload, to main: MainWindow) {
        let strip = DownloadProgressStrip(download: download)
        main.downloadStrip.append(strip.root)
        strip.onEnded = { [weak main] message in main?.toasts.show(message) }
        main.downloadProgress = strip
        main.window.onDestroy { [weak strip] in strip?.detach() }
    }

    /// Shows Search on `text` in the main window (opening it first).
    func showSearch(_ text: String) {
        guard ensureMainWindow() != nil else { return }
        archiveViews?.search(text)
        mainWindow?.window.present()
    }

    /// The star in a detail window's header bar, and every day it shows in the history (also
    /// those stepped to with Left and Right or reached through a link).
    func attachArchive(to detail: DetailWindow) {
        guard let archive = environment.archive else { return }
        let star = FavouriteButton(archive: archive)
        detail.header.bar.packEnd(star.button)
        detail.window.addAction(star.makeAction())
        star.onChanged = { [weak self] in
            self?.archiveViews?.refresh(.favourites)
            self?.archiveControls?.star.show(self?.mainWindow?.entry)
        }
        star.onFailure = { [weak detail] message in detail?.banner.show(message) }
        star.show(detail.entry)
        attachExplorer(to: detail)
        // The star lives as long as its window.
        detail.window.onDestroy { withExtendedLifetime(star) {} }
        recordView(detail.entry)
        let entryChanged = detail.onEntryChanged
        detail.onEntryChanged = { [weak self, weak star] old, new in
            entryChanged?(old, new)
            star?.show(new)
            self?.recordView(new)
        }
    }

    /// Adds `entry` to the history, off the main thread, and shows it there if History is up.
    func recordView(_ entry: APODEntry) {
        guard let archive = environment.archive else { return }
        Task.detached { [weak self] in
            archive.recordView(entry)
            MainThread.post { self?.archiveViews?.refresh(.history) }
        }
    }

    /// The first random grid offers "Download the archive" when the index lacks part of it
    /// (once ever, shared with the search's offer; see `claimDownloadOffer`), as soon as
    /// pictures arrive: not over an error page, where the service is unreachable anyway, nor
    /// while the source cannot download it (offline), so the offer is kept for later.
    func attachArchive(to grid: RandomGridView) {
        guard let archive = environment.archive, services?.download != nil else { return }
        grid.onDownload = { [weak self] in self?.downloadArchive() }
        let entriesLoaded = grid.onEntriesLoaded
        grid.onEntriesLoaded = { [weak self, weak grid] in
            entriesLoaded?()
            guard grid?.isStoredOnly?() != true, self?.services?.archiveDownloadUnavailable == nil,
                self?.services?.download?.isRunning != true
            else { return }
            Task.detached { [weak grid] in
                guard archive.claimDownloadOffer() else { return }
                let status = try? archive.indexState()
                MainThread.post { grid?.offerArchive(status: status) }
            }
        }
    }

    /// Starts downloading the archive where it was asked for: its progress shows under the main
    /// window's header bar (and in Search), every view usable meanwhile. When the source in use
    /// cannot download it, the main window says why.
    func downloadArchive() {
        guard let services, let download = services.download else { return }
        if let reason = services.archiveDownloadUnavailable {
            ensureMainWindow()?.banner.warn(reason)
            return
        }
        download.start()
        if case .failed(let message) = download.state { ensureMainWindow()?.banner.show(message) }
    }
}
