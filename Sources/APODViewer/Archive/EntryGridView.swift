import APODCore
import AdwKit
import GtkKit

/// A view of the main window with a grid of entries from the archive index or the favourites
/// library (Search, Favourites, History, On This Day): the random grid's cells and detail
/// windows, with a line saying what is shown, and an offer to download the archive when the
/// index lacks part of it. It shows one state at a time: loading, the grid under its summary,
/// an empty page, or a failure; never a summary over a page that contradicts it.
@MainActor
final class EntryGridView {
    static let searchFieldWidth = 420

    /// The window the view is in (its width sets the columns).
    let window: Window
    let root = Box(.vertical, spacing: 0)
    /// The summary and the offer, over the grid.
    private let bar = Box(.horizontal, spacing: 12)
    /// While the archive downloads: how far it got ("Downloading… 4,210 of 11,492 days").
    let progressLabel = Label()
    let summaryLabel = Label()
    /// Under the summary: what the summary leaves out (an incomplete index).
    let noteLabel = Label()
    let downloadButton = Button(label: tr("_Download the Archive"))
    /// What the grid shows.
    enum Page {
        case loading, grid, empty, failed
    }

    let stack = ContentStack<Page>()
    let flowBox = FlowBox()
    /// Nothing to show: no results, no favourites yet…
    let status = StatusPage()
    /// The index or library could not be read (announced to screen readers).
    let failure = StatusPage(iconName: "dialog-error-symbolic", isAlert: true)
    private let spinner = Spinner(size: 48)
    private let environment: ViewerEnvironment
    private var narrowLayout: WidthBreakpoint?
    /// Four per row, two when the window is narrow (as the random grid).
    var columns: Int { flowBox.columns }

    /// A cell was activated (click or Enter).
    let detailRequested = Event<APODEntry>()
    /// "Download the Archive" was clicked.
    let downloadRequested = Event<Void>()

    var cells: [GridCell] { flowBox.pictureCells }

    /// - Parameter searchField: at the top of the view, centred (search).
    init(in window: Window, environment: ViewerEnvironment, searchField: SearchEntry? = nil) {
        self.environment = environment
        self.window = window
        let column = root
        if let searchField {
            searchField.setSizeRequest(width: Self.searchFieldWidth)
            searchField.horizontalAlign = .center
            searchField.setMargins(top: 12, bottom: 0, start: 18, end: 18)
            column.append(searchField)
        }
        progressLabel.setTextAlignment(0)
        progressLabel.enableWrapping()
        progressLabel.setMargins(top: 12, bottom: 0, start: 18, end: 18)
        progressLabel.addCSSClass("dim-label")
        progressLabel.isVisible = false
        column.append(progressLabel)
        bar.setMargins(top: 12, bottom: 0, start: 18, end: 18)
        summaryLabel.setTextAlignment(0)
        summaryLabel.horizontalExpand = true
        summaryLabel.enableWrapping()
        summaryLabel.addCSSClass("heading")
        noteLabel.setTextAlignment(0)
        noteLabel.enableWrapping()
        noteLabel.isVisible = false
        let text = Box(.vertical, spacing: 6)
        text.horizontalExpand = true
        text.append(summaryLabel)
        text.append(noteLabel)
        bar.append(text)
        downloadButton.isVisible = false
        downloadButton.verticalAlign = .center
        downloadButton.tooltip = tr("Download the whole archive's text, so every picture can be found")
        bar.append(downloadButton)
        column.append(bar)

        flowBox.setUpPictureGrid { [weak self] entry in self?.detailRequested.emit(entry) }
        let scroller = ScrolledWindow(child: flowBox)
        scroller.verticalExpand = true
        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        stack.add(spinner, for: .loading)
        stack.add(scroller, for: .grid)
        stack.add(status, for: .empty)
        stack.add(failure, for: .failed)
        stack.verticalExpand = true
        stack.crossfades = false
        column.append(stack)
        narrowLayout = flowBox.pictureColumnBreakpoint(in: window) { [weak self] narrow in
            guard let self else { return }
            // The offer goes under the summary rather than squeezing it into a narrow column.
            self.bar.orientation = narrow ? .vertical : .horizontal
            self.downloadButton.horizontalAlign = narrow ? .start : .fill
            searchField?.setSizeRequest(width: narrow ? -1 : Self.searchFieldWidth)
            searchField?.horizontalAlign = narrow ? .fill : .center
        }

        downloadButton.onClicked { [weak self] in self?.downloadRequested.emit() }
        window.onDestroy { [weak self] in self?.cancelCells() }
    }

    /// The page shown: loading, grid, empty or failed.
    var page: Page? { stack.state }
    /// Whether the summary line (with its note and offer) shows.
    var showsSummary: Bool { bar.isVisible }

    func showLoading() {
        spinner.isSpinning = true
        bar.isVisible = false
        stack.state = .loading
    }

    /// The archive download's progress while it runs (nil hides the line).
    func showProgress(_ text: String?) {
        progressLabel.text = text ?? ""
        progressLabel.isVisible = text != nil
    }

    /// Explanations changed in Preferences: the cells' titles follow without reloading.
    func refreshTitles() { flowBox.refreshPictureTitles(from: environment.translations) }

    /// Shows `entries` (replacing what was shown) under `summary`.
    func show(_ entries: [APODEntry], summary: String, note: String? = nil, offerDownload: Bool) {
        replaceContents(summary: summary, note: note, offerDownload: offerDownload)
        stack.state = .grid
        for entry in entries {
            flowBox.appendPicture(
                entry, scaleFactor: window.scaleFactor, pictures: environment.pictures,
                translations: environment.translations)
        }
    }

    /// Nothing to show: a heading and what to do, in place of the grid.
    func showEmpty(
        summary: String, note: String? = nil, heading: String, message: String, iconName: String,
        offerDownload: Bool
    ) {
        replaceContents(summary: summary, note: note, offerDownload: offerDownload)
        status.iconName = iconName
        status.title = heading
        status.setDescription(message)
        stack.state = .empty
    }

    /// The list could not be read: what happened, in place of the grid.
    func showFailure(heading: String, message: String) {
        cancelCells()
        flowBox.removeAll()
        spinner.isSpinning = false
        showSummary("", note: nil)
        downloadButton.isVisible = false
        failure.title = heading
        failure.setDescription(message)
        stack.state = .failed
    }

    /// Drops the cells shown and says what comes instead.
    private func replaceContents(summary: String, note: String?, offerDownload: Bool) {
        cancelCells()
        flowBox.removeAll()
        spinner.isSpinning = false
        showSummary(summary, note: note)
        downloadButton.isVisible = offerDownload
        if offerDownload { bar.isVisible = true }
    }

    private func showSummary(_ summary: String, note: String?) {
        summaryLabel.text = summary
        summaryLabel.isVisible = !summary.isEmpty
        noteLabel.text = note ?? ""
        noteLabel.isVisible = note != nil
        bar.isVisible = !summary.isEmpty || note != nil
    }

    /// Stops the thumbnails on their way (the window closes).
    func cancelCells() {
        cells.forEach { $0.cancel() }
    }
}
