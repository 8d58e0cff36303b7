import APODCore
import GtkKit

/// Under the main window's header bar while the archive downloads: how far it got, the time
/// left and Cancel, with every view usable meanwhile. When the download ends the strip goes and
/// `ended` says how it ended (a toast).
@MainActor
final class DownloadProgressStrip {
    let root = Box(.horizontal, spacing: 12)
    let label = Label()
    let progressBar = ProgressBar()
    let cancelButton = Button(label: tr("_Cancel"))
    /// What the download ended with: done, stopped or why it failed.
    let ended = Event<String>()
    private var wasRunning = false
    private var downloadFollowed: Subscription?

    init(download: ArchiveDownload) {
        root.setMargins(top: 6, bottom: 6, start: 18, end: 18)
        root.addCSSClass("download-strip")
        label.setTextAlignment(0)
        label.enableWrapping()
        label.horizontalExpand = true
        progressBar.verticalAlign = .center
        progressBar.setSizeRequest(width: 160)
        cancelButton.verticalAlign = .center
        cancelButton.tooltip = tr("Stop downloading; what arrived is kept")
        root.append(label)
        root.append(progressBar)
        root.append(cancelButton)
        root.isVisible = false
        cancelButton.onClicked { [weak download] in download?.cancel() }
        downloadFollowed = download.observe { [weak self] state in self?.show(state) }
    }

    /// Stops following the download (its window closed).
    func detach() {
        downloadFollowed?.cancel()
        downloadFollowed = nil
    }

    private func show(_ state: ArchiveDownload.State) {
        switch state {
        case .running(let progress):
            wasRunning = true
            root.isVisible = true
            progressBar.fraction = progress?.fraction ?? 0
            progressBar.text = progress.map { String(Int(($0.fraction * 100).rounded())) + " %" } ?? ""
            var text =
                progress.map {
                    tr(
                        "Downloading the archive: {done} of {total} days",
                        [
                            "done": DisplayNumber.grouped($0.daysDone),
                            "total": DisplayNumber.grouped($0.daysTotal),
                        ])
                } ?? tr("Downloading the archive…")
            if let seconds = progress?.secondsLeft { text += " · " + ArchiveDownloadSection.timeLeft(seconds) }
            label.text = text
        case .finished(let summary):
            end(
                with: summary.status.map(ArchiveStatusText.summary)
                    ?? ArchiveStatusText.sentence(
                        tr("{count} pictures in the index", ["count": DisplayNumber.grouped(summary.entriesIndexed)])))
        case .cancelled:
            end(with: tr("Download stopped. What arrived is kept; downloading again resumes from there."))
        case .failed(let message):
            end(with: message)
        case .idle:
            root.isVisible = false
        }
    }

    private func end(with message: String) {
        root.isVisible = false
        guard wasRunning else { return }
        wasRunning = false
        ended.emit(message)
    }

    /// Whether the strip is up.
    var isShown: Bool { root.isVisible }
}
