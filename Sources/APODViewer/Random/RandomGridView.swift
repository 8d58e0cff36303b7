import APODCore
import AdwKit
import GtkKit

/// The main window's Random view: a batch of random entries, four per row (two below ~600 px
/// wide), under a row with how many and Shuffle. Cells appear as the source streams their
/// entries in, and each thumbnail starts downloading as soon as its cell exists. The first
/// batch is asked for when the view is first shown (`loadFirstBatch`), not at start-up.
@MainActor
final class RandomGridView {
    /// The window the view is in (its width sets the columns).
    let window: Window
    /// What listens to this view's events; released with it.
    let subscriptions = Subscriptions()
    let root = Box(.vertical)
    let countSpin = SpinButton(range: ViewerOptions.countRange)
    let shuffleButton = Button(label: tr("_Shuffle"))
    /// What the view shows: a batch on its way, the batch, or why there is none.
    enum Page {
        case loading, grid, error
    }

    let stack = ContentStack<Page>()
    let flowBox = FlowBox()
    let scroller: ScrolledWindow
    /// No batch at all: why, with Retry (announced to screen readers).
    let status = StatusPage(iconName: "dialog-error-symbolic", title: tr("No random pictures"), isAlert: true)
    private let spinner = Spinner(size: 48)
    private let retryButton = Button(label: tr("_Retry"))
    private let environment: ViewerEnvironment
    private let batchWork = WorkSlot()
    private var narrowLayout: WidthBreakpoint?
    var columns: Int { flowBox.columns }
    /// Says when a batch is smaller than asked for (fewer pictures stored offline).
    let notice = InfoBar(actionLabel: nil, kind: .info)
    /// Offers "Download the archive" once, on the first grid while the index lacks part of it.
    let archiveOffer = InfoBar(actionLabel: tr("_Download the Archive"), kind: .info)
    /// Whether the app works from stored pictures only (set by the offline fallback).
    var isStoredOnly: (@MainActor () -> Bool)?

    /// "Download the Archive" in the offer was clicked.
    let downloadRequested = Event<Void>()
    /// A cell was activated (click or Enter).
    let detailRequested = Event<APODEntry>()
    /// The first entry of a batch arrived from the source.
    let entriesLoaded = Event<Void>()
    /// Asked when the service could not be reached (a query, not an event): true when the
    /// application switched to offline and reloads this window, so the error is not shown.
    var fallBackOffline: (@MainActor () -> Bool)?

    var cells: [GridCell] { flowBox.pictureCells }
    /// The batch on show, in grid order: what a detail window opened here steps through.
    var entries: [APODEntry] { cells.map(\.entry) }

    /// Whether a batch was asked for since the view was made.
    private(set) var hasBatch = false

    init(in window: Window, environment: ViewerEnvironment, count: Int) {
        self.environment = environment
        self.window = window

        let toolbar = Box(.horizontal, spacing: 12)
        toolbar.setMargins(top: 12, bottom: 0, start: 18, end: 18)
        countSpin.value = count
        countSpin.tooltip = tr("How many pictures")
        countSpin.setAccessibleLabel(tr("How many pictures"))
        let countBox = Box(.horizontal, spacing: 6)
        let countLabel = Label(tr("Pictures"))
        countBox.append(countLabel)
        countBox.append(countSpin)
        countBox.horizontalExpand = true
        toolbar.append(countBox)
        shuffleButton.markSuggested()
        shuffleButton.tooltip = tr("Load a new batch (F5)")
        toolbar.append(shuffleButton)

        scroller = ScrolledWindow(child: flowBox)
        flowBox.setUpPictureGrid { [weak self] entry in self?.detailRequested.emit(entry) }
        scroller.verticalExpand = true

        let loading = Box(.vertical, spacing: 12)
        loading.horizontalAlign = .center
        loading.verticalAlign = .center
        loading.append(spinner)
        loading.append(Label(tr("Choosing random pictures…")))
        retryButton.markSuggested()
        status.setButtons([retryButton])
        stack.add(loading, for: .loading)
        stack.add(scroller, for: .grid)
        stack.add(status, for: .error)
        notice.allowDismissing(closeLabel: tr("Dismiss"))
        archiveOffer.allowDismissing(closeLabel: tr("Dismiss"))
        archiveOffer.label.onActivateLink { [weak self] _ in self?.archiveOffer.triggerAction() }
        archiveOffer.onAction { [weak self] in
            self?.archiveOffer.isVisible = false
            self?.downloadRequested.emit()
        }
        root.append(notice)
        root.append(archiveOffer)
        root.append(toolbar)
        stack.verticalExpand = true
        root.append(stack)
        narrowLayout = flowBox.pictureColumnBreakpoint(in: window) { [weak self] narrow in
            guard let self else { return }
            self.layOutOffer(narrow: narrow)
            if narrow {
                self.shuffleButton.showIcon("media-playlist-shuffle-symbolic")
            } else {
                self.shuffleButton.label = tr("_Shuffle")
            }
        }

        shuffleButton.onClicked { [weak self] in self?.shuffle() }
        retryButton.onClicked { [weak self] in self?.shuffle() }
        countSpin.onActivate { [weak self] in self?.shuffle() }
    }

    /// The view's title and icon in the switchers, there before the view is built.
    static var title: String { tr("_Random") }
    static let iconName = "media-playlist-shuffle-symbolic"

    /// The view as the main window shows it: its first batch loads when first shown, F5 shuffles.
    var view: MainView {
        MainView(
            .random, title: Self.title, iconName: Self.iconName, content: root,
            onShown: { [weak self] in self?.loadFirstBatch() },
            onReload: { [weak self] in self?.shuffle() })
    }

    /// The first batch, when the view is shown and has none yet.
    func loadFirstBatch() {
        if !hasBatch { shuffle() }
    }

    /// Loads a new batch of `countSpin.value` entries, cancelling the previous batch's work
    /// (its stream and its downloads).
    func shuffle() {
        hasBatch = true
        cancelAll()
        flowBox.removeAll()
        notice.isVisible = false
        spinner.isSpinning = true
        stack.state = .loading
        let source = environment.source
        let count = countSpin.value
        batchWork.stream(
            {
                source.randomStream(count: count)
            },
            each: { [weak self] entry in
                self?.add(entry)
            },
            finished: { [weak self] error in
                self?.finish(asked: count, error: error)
            })
    }

    /// Explanations changed in Preferences: the cells' titles follow, the batch stays.
    func refreshTitles() { flowBox.refreshPictureTitles(from: environment.translations) }

    /// One more cell, its thumbnail starting now; the first one replaces the loading page.
    private func add(_ entry: APODEntry) {
        if cells.isEmpty {
            spinner.isSpinning = false
            stack.state = .grid
            entriesLoaded.emit()
        }
        flowBox.appendPicture(
            entry, scaleFactor: window.scaleFactor, pictures: environment.pictures,
            translations: environment.translations)
    }

    /// The stream ended: an error page when nothing came, a note when less than asked came.
    private func finish(asked: Int, error: (any Error)?) {
        let shown = cells.count
        guard shown == 0 else {
            explainShortBatch(got: shown, asked: asked)
            return
        }
        spinner.isSpinning = false
        if let error, OfflineFallback.isUnreachable(error), fallBackOffline?() == true { return }
        status.setDescription(
            error.map { userMessage(for: $0) } ?? tr("The service sent no pictures. Try again later."))
        stack.state = .error
    }

    /// Offline, the batch is short because the computer has no more; online, because days failed.
    private func explainShortBatch(got: Int, asked: Int) {
        guard got < asked, got > 0 else { return }
        notice.text =
            isStoredOnly?() == true
            ? tr("Only {count} pictures are stored on this computer.", ["count": DisplayNumber.grouped(got)])
            : tr(
                "Only {count} of the {asked} pictures asked for could be found.",
                ["count": DisplayNumber.grouped(got), "asked": DisplayNumber.grouped(asked)])
        archiveOffer.isVisible = false
        notice.isVisible = true
    }

    /// Wide, the offer's button sits beside its text; narrow, the button would squeeze the text
    /// into a column a word wide, so the text starts with the same action as a link instead.
    private func layOutOffer(narrow: Bool) {
        offerIsNarrow = narrow
        var explanation = tr(
            "With the archive's text on this computer (about 30 MB, downloaded once), random pictures come at once and search finds every picture."
        )
        if let offerFigures { explanation = Sentences.join(offerFigures, explanation) }
        archiveOffer.showsAction = !narrow
        if narrow {
            archiveOffer.label.setMarkup(
                "<a href=\"download\">" + Markup.escape(tr("Download the archive")) + "</a>\n"
                    + Markup.escape(explanation))
            archiveOffer.setAccessibleLabel(tr("Download the archive") + "\n" + explanation)
        } else {
            archiveOffer.text = explanation
        }
    }

    /// Where the index stands, said first in the offer (`ArchiveStatusText`).
    private var offerFigures: String?
    private var offerIsNarrow = false

    /// Shows the download offer, with the index's figures, unless a notice about this batch is
    /// showing (one strip at a time).
    func offerArchive(status: ArchiveStatus? = nil) {
        guard !notice.isVisible else { return }
        if let status {
            offerFigures = ArchiveStatusText.summary(status)
            layOutOffer(narrow: offerIsNarrow)
        }
        archiveOffer.isVisible = true
    }

    /// Stops the batch and its thumbnails (a shuffle, or the window closes).
    func cancelAll() {
        batchWork.cancel()
        cells.forEach { $0.cancel() }
    }
}
