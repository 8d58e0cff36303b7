import APODCore
import AdwKit
import GtkKit

/// Preferences → "Archive": how much of the archive is on this computer, and "Download the
/// Archive" with a progress bar, the time left and Cancel. The download itself belongs to the
/// app (`ArchiveDownload`), so closing the window does not stop it.
@MainActor
final class ArchiveDownloadSection {
    let group = PreferencesGroup(
        title: tr("Archive"),
        description: tr(
            "Downloading the text of every picture (about 30 MB) lets you search the whole archive, see a day in every year and get random pictures without waiting. It resumes where it stopped."
        ))
    /// What is on this computer (or the download's state) as its title, the time left under it.
    let stateRow = ActionRow(title: "")
    let progressBar = ProgressBar()
    let downloadButton = Button(label: tr("_Download the Archive"))
    let cancelButton = Button(label: tr("_Cancel"))
    /// Why the download cannot work with the source in use, under the insensitive button.
    let unavailableLabel = Label()
    private let download: ArchiveDownload
    private let unavailable: @MainActor () -> String?
    private let archive: ArchiveAccess
    private let stateWork = WorkSlot()
    private var downloadFollowed: Subscription?

    /// - Parameter unavailable: why a download cannot work now (`ViewerServices.archiveDownloadUnavailable`).
    init(download: ArchiveDownload, archive: ArchiveAccess, unavailable: @escaping @MainActor () -> String?) {
        self.download = download
        self.archive = archive
        self.unavailable = unavailable
        for button in [downloadButton, cancelButton] {
            button.verticalAlign = .center
            stateRow.addSuffix(button)
        }
        downloadButton.markSuggested()
        group.add(stateRow)
        progressBar.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        group.add(progressBar)
        unavailableLabel.enableWrapping()
        unavailableLabel.setTextAlignment(0)
        unavailableLabel.setMargins(top: 12, bottom: 0, start: 0, end: 0)
        group.add(unavailableLabel)

        downloadButton.onClicked { [weak self] in
            guard let self, self.unavailable() == nil else { return }
            self.download.start()
        }
        cancelButton.onClicked { [weak self] in self?.download.cancel() }
        downloadFollowed = download.observe { [weak self] state in self?.show(state) }
        refreshAvailability()
        group.onDestroy { [weak self] in self?.detach() }
    }

    /// Makes the button insensitive, with the reason beneath it, while the source in use cannot
    /// download the archive (GNOME's way: the control stays where it is expected). Called when
    /// the source changes, the app goes offline or online, and a download ends.
    func refreshAvailability() {
        let reason = download.isRunning ? nil : unavailable()
        downloadButton.isSensitive = reason == nil
        unavailableLabel.text = reason ?? ""
        unavailableLabel.isVisible = reason != nil
    }

    private func detach() {
        downloadFollowed?.cancel()
        stateWork.cancel()
    }

    private func show(_ state: ArchiveDownload.State) {
        let running = download.isRunning
        downloadButton.isVisible = !running
        cancelButton.isVisible = running
        progressBar.isVisible = running
        stateRow.subtitle = ""
        switch state {
        case .running(let progress):
            progressBar.fraction = progress?.fraction ?? 0
            progressBar.text =
                progress.map {
                    tr(
                        "{done} of {total} days · {count} pictures",
                        [
                            "done": String($0.daysDone), "total": String($0.daysTotal),
                            "count": DisplayNumber.grouped($0.entriesIndexed),
                        ])
                } ?? tr("Starting…")
            stateRow.subtitle = progress?.secondsLeft.map(Self.timeLeft) ?? tr("Working out the time left…")
            stateRow.title = tr("Downloading the archive…")
        case .finished(let summary):
            if let status = summary.status {
                stateRow.title = ArchiveStatusText.summary(status)
                stateRow.subtitle = tr("Done: {new} new.", ["new": DisplayNumber.grouped(summary.entriesAdded)])
            } else {
                refreshState()
            }
        case .cancelled:
            stateRow.title = tr("Stopped. What was downloaded is kept; downloading again resumes from there.")
        case .failed(let message):
            stateRow.title = message
        case .idle:
            refreshState()
        }
        refreshAvailability()
    }

    /// "N pictures on this computer", read off the main thread.
    private func refreshState() {
        let archive = archive
        stateWork.start(
            { try archive.indexState() },
            then: { [weak self] result in
                guard let self, !self.download.isRunning else { return }
                switch result {
                case .success(let status):
                    self.stateRow.title = ArchiveStatusText.summary(status)
                case .failure(let error):
                    self.stateRow.title = userMessage(for: error)
                }
            })
    }

    static func timeLeft(_ seconds: Double) -> String {
        if seconds >= 90 {
            return tr("About {minutes} minutes left", ["minutes": String(Int((seconds / 60).rounded()))])
        }
        return tr("About {seconds} seconds left", ["seconds": String(max(1, Int(seconds.rounded())))])
    }
}
