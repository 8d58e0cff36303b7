import APODCore
import GtkKit

/// "Random pictures": a batch of random entries, four per row, thumbnails streaming in.
@MainActor
final class RandomGridWindow {
    static let columns = 4

    let window: Window
    let countSpin = SpinButton(range: ViewerOptions.countRange)
    let shuffleButton = Button(label: tr("_Shuffle"))
    let stack = Stack()
    let flowBox = FlowBox()
    let scroller: ScrolledWindow
    let status = StatusPage(iconName: "image-loading-symbolic", heading: "")
    private let spinner = Spinner(size: 48)
    private let retryButton = Button(label: tr("_Retry"))
    private let environment: ViewerEnvironment
    private let batchWork = WorkSlot()

    /// A cell was activated (click or Enter).
    var onOpenDetail: (@MainActor (APODEntry) -> Void)?
    /// A batch of entries arrived from the source.
    var onEntriesLoaded: (@MainActor () -> Void)?
    /// The service could not be reached. Returns true when the application switched to
    /// offline and reloaded this window, so the error is not shown.
    var onServiceUnreachable: (@MainActor () -> Bool)?

    var cells: [GridCell] { flowBox.children.compactMap { $0 as? GridCell } }
    /// The batch on show, in grid order: what a detail window opened here steps through.
    var entries: [APODEntry] { cells.map(\.entry) }

    init(application: Application, environment: ViewerEnvironment, count: Int) {
        self.environment = environment
        window = Window(application: application)
        window.title = tr("Random pictures")
        window.setDefaultSize(width: 1100, height: 820)

        let header = HeaderBar()
        countSpin.value = count
        countSpin.tooltip = tr("How many pictures")
        let countBox = Box(.horizontal, spacing: 6)
        countBox.append(Label(tr("Pictures")))
        countBox.append(countSpin)
        header.packStart(countBox)
        shuffleButton.markSuggested()
        shuffleButton.tooltip = tr("Load a new batch (F5)")
        header.packEnd(shuffleButton)
        window.setTitlebar(header)

        flowBox.setColumns(Self.columns)
        flowBox.setSpacing(row: 12, column: 12)
        flowBox.setMargins(18)
        flowBox.verticalAlign = .start
        scroller = ScrolledWindow(child: flowBox)
        scroller.verticalExpand = true

        let loading = Box(.vertical, spacing: 12)
        loading.horizontalAlign = .center
        loading.verticalAlign = .center
        loading.append(spinner)
        loading.append(Label(tr("Choosing random pictures…")))
        status.addButton(retryButton)
        stack.addPage(loading, name: "loading")
        stack.addPage(scroller, name: "grid")
        stack.addPage(status, name: "error")
        window.setChild(stack)

        shuffleButton.onClicked { [weak self] in self?.shuffle() }
        retryButton.onClicked { [weak self] in self?.shuffle() }
        countSpin.onActivate { [weak self] in self?.shuffle() }
        flowBox.onChildActivated { [weak self] child in
            guard let cell = child as? GridCell else { return }
            self?.onOpenDetail?(cell.entry)
        }
        window.addAction(Action("reload") { [weak self] in self?.shuffle() })
        window.onDestroy { [weak self] in self?.cancelAll() }
    }

    /// Loads a new batch of `countSpin.value` entries, cancelling the previous batch's work.
    func shuffle() {
        cancelAll()
        flowBox.removeAll()
        spinner.isSpinning = true
        stack.visiblePage = "loading"
        let source = environment.source
        let count = countSpin.value
        batchWork.start({
            try await source.random(count: count)
        }, then: { [weak self] result in
            guard let self else { return }
            self.spinner.isSpinning = false
            switch result {
            case .success(let entries):
                self.onEntriesLoaded?()
                self.show(entries)
            case .failure(let error):
                if OfflineFallback.isUnreachable(error), self.onServiceUnreachable?() == true { return }
                self.status.icon.iconName = "dialog-warning-symbolic"
                self.status.heading.text = tr("No random pictures")
                self.status.message.text = userMessage(for: error)
                self.stack.visiblePage = "error"
            }
        })
    }

    private func show(_ entries: [APODEntry]) {
        stack.visiblePage = "grid"
        let width = thumbnailWidth
        for entry in entries {
            let cell = GridCell(entry: entry)
            flowBox.append(cell)
            cell.loadThumbnail(with: environment.pictures, width: width)
        }
    }

    /// A cell's width in device pixels at the current window width.
    private var thumbnailWidth: Int {
        let available = flowBox.width > 0 ? flowBox.width : 1100
        return max(160, available / Self.columns) * max(1, window.scaleFactor)
    }

    private func cancelAll() {
        batchWork.cancel()
        cells.forEach { $0.cancel() }
    }
}
