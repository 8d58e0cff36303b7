import APODCore
import Foundation
import GtkKit

/// How the application wires the archive index, the favourites and the archive download into
/// its windows.
extension ViewerApplication {
    func setUpArchive() {
        guard let views = archiveViews else { return }
        views.detailRequested.subscribe { [weak self] entry in self?.openDetail(for: entry) }.store(in: subscriptions)
        if services?.download != nil {
            views.downloadRequested.subscribe { [weak self] in self?.downloadArchive() }.store(in: subscriptions)
            views.downloadUnavailable = { [weak self] in self?.services?.archiveDownloadUnavailable }
        }
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
        MainArchiveControls.install(in: main, archive: archive, views: views, calendar: environment.calendar)
        // Every day Today shows, however it was reached (day steps, the calendar, a link).
        // The star reads the library: that waits for the first picture, as the history write does.
        main.entryPresented.subscribe { [weak self, weak main] entry in
            self?.afterFirstPicture.run { main?.favouriteStar?.show(entry) }
            self?.recordView(entry)
        }.store(in: main.subscriptions)
        if let download = services?.download { attachDownload(download, to: main) }
        afterFirstPicture.run { [weak main] in
            // Weak from the task on: a window the task held would be freed on its thread when the
            // task ends after the window closed, and a widget destroyed off the main thread crashes.
            Task.detached { [weak main] in
                _ = try? archive.openIndex()
                _ = try? archive.openLibrary()
                StartupTrace.mark(.archiveOpened)
                let notices = archive.takeNotices()
                guard !notices.isEmpty else { return }
                MainThread.post {
                    main?.banner.show(notices.map(\.message).joined(separator: "\n"))
                }
            }
        }
    }

    /// The download's progress under the header bar; how it ended as a toast.
    private func attachDownload(_ download: ArchiveDownload, to main: MainWindow) {
        let strip = DownloadProgressStrip(download: download)
        strip.ended.subscribe { [weak main] message in main?.toasts.show(message) }.store(in: main.subscriptions)
        main.install(.downloadProgress(strip))
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
        star.changed.subscribe { [weak self] in
            self?.archiveViews?.refresh(.favourites)
            self?.mainWindow?.favouriteStar?.show(self?.mainWindow?.entry)
        }.store(in: detail.subscriptions)
        star.failed.subscribe { [weak detail] message in detail?.banner.show(message) }.store(in: detail.subscriptions)
        star.show(detail.entry)
        attachExplorer(to: detail)
        detail.install(.favouriteStar(star))
        recordView(detail.entry)
        detail.entryChanged.subscribe { [weak self, weak star] change in
            star?.show(change.new)
            self?.recordView(change.new)
        }.store(in: detail.subscriptions)
    }

    /// Adds `entry` to the history, off the main thread, and shows it there if History is up.
    /// At start-up the write waits for the first picture; views recorded meanwhile (a detail
    /// window opened early) wait behind it, so the history keeps the order they were seen in.
    func recordView(_ entry: APODEntry) {
        guard environment.archive != nil else { return }
        guard !afterFirstPicture.isOpen else { return writeHistory([entry]) }
        viewsBeforeFirstPicture.append(entry)
        guard viewsBeforeFirstPicture.count == 1 else { return }
        afterFirstPicture.run { [weak self] in
            guard let self else { return }
            let views = self.viewsBeforeFirstPicture
            self.viewsBeforeFirstPicture = []
            self.writeHistory(views)
        }
    }

    /// Writes `entries` to the history in their order, in one background task.
    private func writeHistory(_ entries: [APODEntry]) {
        guard let archive = environment.archive else { return }
        Task.detached { [weak self] in
            for entry in entries { archive.recordView(entry) }
            StartupTrace.mark(.historyWritten)
            MainThread.post { self?.archiveViews?.refresh(.history) }
        }
    }

    /// The first random grid offers "Download the archive" when the index lacks part of it
    /// (once ever, shared with the search's offer; see `claimDownloadOffer`), as soon as
    /// pictures arrive: not over an error page, where the service is unreachable anyway, nor
    /// while the source cannot download it (offline), so the offer is kept for later.
    func attachArchive(to grid: RandomGridView) {
        guard let archive = environment.archive, services?.download != nil else { return }
        grid.downloadRequested.subscribe { [weak self] in self?.downloadArchive() }.store(in: grid.subscriptions)
        grid.entriesLoaded.subscribe { [weak self, weak grid] in
            guard grid?.isStoredOnly?() != true, self?.services?.archiveDownloadUnavailable == nil,
                self?.services?.download?.isRunning != true
            else { return }
            Task.detached { [weak grid] in
                guard archive.claimDownloadOffer() else { return }
                let status = try? archive.indexState()
                MainThread.post { grid?.offerArchive(status: status) }
            }
        }.store(in: grid.subscriptions)
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
