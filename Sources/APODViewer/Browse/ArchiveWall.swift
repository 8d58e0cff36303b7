import APODCore
import AdwKit
import Foundation
import GtkKit

/// Every day of the archive index, newest first, as one wall of thumbnails under year and month
/// headings, with a jump to any month. Self-contained: the main window's Browse view
/// (`BrowseView`) hosts `root`.
///
/// The wall is a virtualized `ListView` of `ArchiveWallLayout` rows (GTK 4.8's grid view has no
/// section headers): GTK makes widgets for the rows near the visible part only. Thumbnails are
/// asked for once scrolling has rested for `settleMilliseconds`, for the cells on screen plus
/// `readAheadRows` above and below; a cell that leaves that band (or is recycled) before its
/// thumbnail arrives cancels the request. A fling across decades thus asks for nothing on the
/// way. Thumbnails go through the app's `PictureLoader` (memory cache, disk cache, renditions).
///
/// The index is read off the main thread in pages of a calendar year (`WallIndexReader`): first
/// the days each month holds (one query, so the whole wall and its scroll extent are laid out at
/// once) with the newest year, then the other years one by one, the year on screen or jumped to
/// before the rest. A cell whose year has not arrived shows the loading placeholder.
@MainActor
final class ArchiveWall {
    static let settleMilliseconds = 100
    static let readAheadRows = 1
    static let cellWidth = 200
    static let spacing = 8
    static let margin = 18
    /// Below this window width the jump goes under the summary (`setNarrow`).
    static let narrowWidth = 600

    let root = Box(.vertical, spacing: 0)
    let listView: ListView
    let scroller: ScrolledWindow
    let yearChoice = DropDown(strings: [])
    let monthChoice = DropDown(strings: [])
    let summaryLabel = Label()
    /// What went wrong with a request (a month that is not one).
    let banner = MessageBanner()
    /// What the wall shows: its days on their way, the days, none stored, or why they cannot be read.
    enum Page {
        case loading, wall, empty, failed
    }

    let stack = ContentStack<Page>()
    /// "Jump to" with the year and month choices: shown only over days to jump between.
    let jumpBox = Box(.horizontal, spacing: 8)
    let status = StatusPage()
    let failure = StatusPage(iconName: "dialog-error-symbolic", isAlert: true)
    private let spinner = Spinner(size: 48)
    private let sizeWatcher = SizeWatcher()
    /// The summary and the jump: side by side, or the jump under the summary when narrow.
    private let bar = Box(.horizontal, spacing: 8)
    private let reader: WallIndexReader
    private let pictures: PictureLoader
    private let work = WorkSlot()
    private let pageWork = WorkSlot()
    private let titleWork = WorkSlot()
    private var settle: RepeatingTimer?
    private var lastMovement = 0.0
    private var aligning: RepeatingTimer?
    private var aligningTo: Place?
    private var rowWidgets: [ObjectIdentifier: WallRow] = [:]
    /// The month asked for before the days arrived.
    private var pendingMonth: ArchiveMonth?
    /// The day to keep at the top when the days arrive again (`reloadKeepingPlace`).
    private var pendingDay: APODDay?
    /// The day whose cell should have the keyboard once its row is bound.
    private var pendingFocus: Int?
    private var fillingChoices = false

    /// The wall's days newest first with their cells' texts; nil for a day whose page has not
    /// arrived yet.
    private var days: [WallCell.Day?] = []
    private var entriesRead: [APODEntry]?
    /// The days each month holds, newest first, as the index counted them.
    private var monthCounts: [(month: ArchiveMonth, days: Int)] = []
    /// The wall's pages (a calendar year each) as ranges of day indexes, and which arrived.
    private var pages: [Range<Int>] = []
    private var pagesArrived: Set<Int> = []
    /// The page to read next, before the others (on screen, or jumped to).
    private var wantedPage: Int?
    /// Waits for the thumbnails on their way before the next page in the background.
    private var pagePause: RepeatingTimer?
    private(set) var layout = ArchiveWallLayout(days: [], columns: 4)
    /// The day with the keyboard (or last opened).
    private(set) var cursor = 0
    /// Thumbnail requests started and cancelled before they arrived, since the wall opened.
    private(set) var requestCount = 0
    /// A change of columns waits for the next iteration (`widthChanged`); the rows on screen
    /// until then are about to be replaced.
    private var columnsPending = false
    private(set) var cancelCount = 0

    /// A cell was opened: the entry, and the whole wall for stepping through the archive.
    let detailRequested = Event<APODEntry>()
    /// "Download the Archive" was asked for over an empty wall; offered only while someone listens.
    let downloadRequested = Event<Void>()
    /// Why the download cannot work now (the offline source), said over an empty wall instead.
    var downloadUnavailable: (@MainActor () -> String?)?
    /// Whether a download is running now: an empty wall then says its days are on their way.
    var isDownloading: (@MainActor () -> Bool)?
    /// Offered over an empty wall.
    let downloadButton = Button(label: tr("_Download the Archive"))

    init(reader: WallIndexReader, pictures: PictureLoader) {
        self.reader = reader
        self.pictures = pictures
        var makeRow: (@MainActor () -> Widget)!
        var bindRow: (@MainActor (Widget, Int) -> Void)!
        var unbindRow: (@MainActor (Widget) -> Void)!
        listView = ListView(makeRow: { makeRow() }, bind: { bindRow($0, $1) }, unbind: { unbindRow($0) })
        scroller = ScrolledWindow(child: listView)
        makeRow = { [unowned self] in self.makeRow() }
        bindRow = { [unowned self] widget, position in self.bind(widget, to: position) }
        unbindRow = { [unowned self] widget in self.unbind(widget) }

        bar.setMargins(top: 12, bottom: 6, start: Self.margin, end: Self.margin)
        summaryLabel.horizontalExpand = true
        summaryLabel.setTextAlignment(0)
        summaryLabel.addCSSClass("heading")
        bar.append(summaryLabel)
        let jump = jumpBox
        let jumpLabel = Label(tr("Jump to"))
        jumpLabel.addCSSClass("dim-label")
        jump.append(jumpLabel)
        yearChoice.tooltip = tr("Year")
        yearChoice.setAccessibleLabel(tr("Year"))
        monthChoice.tooltip = tr("Month")
        monthChoice.setAccessibleLabel(tr("Month"))
        jump.append(yearChoice)
        jump.append(monthChoice)
        bar.append(jump)
        root.append(bar)
        root.append(banner.root)

        let overlay = Overlay(child: scroller)
        overlay.addOverlay(sizeWatcher)
        spinner.horizontalAlign = .center
        spinner.verticalAlign = .center
        stack.add(spinner, for: .loading)
        stack.add(overlay, for: .wall)
        stack.add(status, for: .empty)
        stack.add(failure, for: .failed)
        stack.verticalExpand = true
        root.append(stack)

        downloadButton.addCSSClass("suggested-action")
        downloadButton.addCSSClass("pill")
        downloadButton.onClicked { [weak self] in self?.downloadRequested.emit() }
        sizeWatcher.onResize { [weak self] width, _ in self?.widthChanged(width) }
        scroller.verticalAdjustment.onValueChanged { [weak self] in self?.scheduleLoads() }
        yearChoice.onSelectionChanged { [weak self] in self?.yearChosen() }
        monthChoice.onSelectionChanged { [weak self] in self?.monthChosen() }
        let moves: [(String, ArchiveWallLayout.Move)] = [
            ("Left", .left), ("Right", .right), ("Up", .up), ("Down", .down),
            ("Page_Up", .pageUp), ("Page_Down", .pageDown), ("Home", .home), ("End", .end),
        ]
        for (key, move) in moves {
            listView.addKeyShortcut(key) { [weak self] in self?.moveCursor(move) ?? false }
        }
    }

    // MARK: Days

    /// Reads the index's days (off the main thread) and shows them, at `month` when given.
    func load(showing month: ArchiveMonth? = nil) {
        pendingMonth = month
        pendingDay = nil
        spinner.isSpinning = true
        jumpBox.isVisible = false
        stack.state = .loading
        readDays()
    }

    /// Reads the days again where the wall is (the index grew): the wall stays on screen
    /// meanwhile, and the first day on screen is at the top again once they arrive.
    func reloadKeepingPlace() {
        guard stack.state == .wall else { return load() }
        switch aligningTo ?? placeOnScreen() {
        case .month(let month)?: pendingMonth = month
        case .day(let index)?:
            if let date = days.indices.contains(index) ? days[index]?.entry.date : nil {
                pendingDay = date
            } else if let month = layout.month(ofDay: index) {
                pendingMonth = month
            }
        default: break
        }
        readDays()
    }

    private func readDays() {
        let reader = reader
        pageWork.cancel()
        pagePause?.stop()
        pagePause = nil
        work.start(
            { () -> (months: [(month: ArchiveMonth, days: Int)], newest: [WallCell.Day]) in
                let months = try reader.monthCounts()
                guard let year = months.first?.month.year else { return (months, []) }
                let newest = try reader.days(
                    APODDay(year: year, month: 1, day: 1)!, APODDay(year: year, month: 12, day: 31)!)
                return (months, newest)
            },
            then: { [weak self] result in
                self?.show(result)
            })
    }

    /// Preferences → Explanations changed: the days read so far take their titles again (the
    /// known Chinese ones, or NASA's) in one read off the main thread, and the cells on screen
    /// show them at once; their thumbnails stay.
    func refreshTitles() {
        let read = days
        guard let newest = read.lazy.compactMap({ $0 }).first?.entry.date,
            let oldest = read.reversed().lazy.compactMap({ $0 }).first?.entry.date
        else { return }
        let reader = reader
        titleWork.start(
            { () -> [WallCell.Day?] in
                let titles = reader.titles(oldest, newest)
                return read.map { $0.map { WallCell.Day($0.entry, title: titles[$0.entry.date]) } }
            },
            then: { [weak self] result in
                guard let self, case .success(let retitled) = result else { return }
                // Only where the wall still holds the same day (a reload may have come meanwhile).
                for (index, day) in retitled.enumerated()
                where self.days.indices.contains(index) && day != nil && self.days[index]?.entry == day?.entry {
                    self.days[index] = day
                }
                for bound in self.listView.boundRows { self.bind(bound.row, to: bound.position) }
            })
    }

    /// Every page arrived: `entries` holds the whole wall.
    var isComplete: Bool { !pages.isEmpty && pagesArrived.count == pages.count }

    /// Every day read so far, newest first: the wall's days and the detail window's batch
    /// (the whole wall once `isComplete`).
    var entries: [APODEntry] {
        if let entriesRead { return entriesRead }
        let read = days.compactMap { $0?.entry }
        entriesRead = read
        return read
    }

    /// Pages of one calendar year each, as the layout's months give them.
    private static func pages(of layout: ArchiveWallLayout) -> [Range<Int>] {
        var pages: [Range<Int>] = []
        var year: Int?
        for start in layout.monthStarts {
            let end = start.firstDay + start.days
            if start.month.year == year, let last = pages.last {
                pages[pages.count - 1] = last.lowerBound..<end
            } else {
                pages.append(start.firstDay..<end)
            }
            year = start.month.year
        }
        return pages
    }

    private func page(ofDay index: Int) -> Int? {
        pages.firstIndex { $0.contains(index) }
    }

    /// Puts a page's entries (newest first) in their places, month by month as the counts say:
    /// a month the index changed in meanwhile keeps what fits and is read again by the next load.
    private func fill(page: Int, with found: [WallCell.Day]) {
        guard pages.indices.contains(page) else { return }
        pagesArrived.insert(page)
        entriesRead = nil
        var byMonth: [ArchiveMonth: [WallCell.Day]] = [:]
        for day in found { byMonth[ArchiveMonth(containing: day.entry.date), default: []].append(day) }
        for start in layout.monthStarts where pages[page].contains(start.firstDay) {
            for (offset, day) in (byMonth[start.month] ?? []).prefix(start.days).enumerated() {
                days[start.firstDay + offset] = day
            }
        }
        resolvePendingDay()
    }

    /// Reads the next page off the main thread: the one wanted, else the newest not read. A
    /// page in the background waits while a thumbnail is on its way: the screen's come first.
    private func readNextPage() {
        guard !pageWork.isBusy, pagePause == nil else { return }
        let wanted = wantedPage.flatMap { pagesArrived.contains($0) ? nil : $0 }
        if wanted == nil, cells.contains(where: \.isLoading) {
            pagePause = RepeatingTimer(milliseconds: 50) { [weak self] in
                guard let self, !self.cells.contains(where: \.isLoading) || self.wantedPage != nil else { return }
                self.pagePause?.stop()
                self.pagePause = nil
                self.readNextPage()
            }
            return
        }
        let next = wanted ?? pages.indices.first { !pagesArrived.contains($0) }
        wantedPage = nil
        guard let next, let first = layout.month(ofDay: pages[next].upperBound - 1),
            let last = layout.month(ofDay: pages[next].lowerBound)
        else { return }
        let reader = reader
        pageWork.start(
            { try reader.days(first.firstDay, last.lastDay) },
            then: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let found): self.pageArrived(next, found)
                case .failure(let error):
                    // The days read stay on the wall; the rest wait for the next load (F5).
                    self.say(userMessage(for: error))
                }
            })
    }

    private func pageArrived(_ page: Int, _ found: [WallCell.Day]) {
        fill(page: page, with: found)
        for bound in listView.boundRows where layout.rows.indices.contains(bound.position) {
            if case .cells(let run) = layout.rows[bound.position], pages[page].contains(run.lowerBound) {
                bind(bound.row, to: bound.position)
            }
        }
        readNextPage()
    }

    /// Reads `page` before the others (its days are on screen, or jumped to).
    private func want(page: Int?) {
        guard let page, !pagesArrived.contains(page) else { return }
        wantedPage = page
        pagePause?.stop()
        pagePause = nil
        readNextPage()
    }

    private func show(
        _ result: Result<(months: [(month: ArchiveMonth, days: Int)], newest: [WallCell.Day]), any Error>
    ) {
        spinner.isSpinning = false
        switch result {
        case .success(let found) where found.months.isEmpty:
            days = []
            entriesRead = nil
            monthCounts = []
            pages = []
            pagesArrived = []
            layout = ArchiveWallLayout(days: [], columns: layout.columns)
            summaryLabel.text = ""
            showEmpty()
            stack.state = .empty
        case .success(let found):
            monthCounts = found.months
            layout = ArchiveWallLayout(months: monthCounts, columns: columns(forWidth: sizeWatcher.width))
            days = Array(repeating: nil, count: layout.dayCount)
            pages = Self.pages(of: layout)
            pagesArrived = []
            wantedPage = nil
            fill(page: 0, with: found.newest)
            let count = layout.dayCount
            summaryLabel.text =
                count == 1
                ? tr("1 day") : tr("{count} days, newest first", ["count": DisplayNumber.grouped(count)])
            listView.rowCount = layout.rows.count
            scheduleLoads()
            fillChoices()
            jumpBox.isVisible = true
            stack.state = .wall
            if let month = pendingMonth {
                pendingMonth = nil
                jump(to: month)
            } else if let day = pendingDay {
                want(page: page(ofMonthOf: day))
                resolvePendingDay()
            }
            readNextPage()
        case .failure(let error):
            failure.title = tr("The archive index cannot be read")
            failure.setDescription(userMessage(for: error))
            stack.state = .failed
        }
    }

    /// The page of `day`'s month, or of the nearest older month the wall has.
    private func page(ofMonthOf day: APODDay) -> Int? {
        layout.headingRow(of: ArchiveMonth(containing: day)).flatMap(layout.firstDay(atOrAfterRow:)).flatMap(
            page(ofDay:))
    }

    /// Once the page of the day to keep at the top has arrived: scrolls to that day, or the
    /// nearest older one still there.
    private func resolvePendingDay() {
        guard let day = pendingDay, let page = page(ofMonthOf: day), pagesArrived.contains(page) else { return }
        pendingDay = nil
        // Newest first: the day itself, or the nearest older one still there.
        let start = layout.headingRow(of: ArchiveMonth(containing: day)).flatMap(layout.firstDay(atOrAfterRow:)) ?? 0
        let index = days[start...].firstIndex { ($0?.entry.date).map { $0 <= day } ?? false } ?? start
        if let row = layout.row(ofDay: index) { scroll(toRow: row, alignTop: true, keeping: .day(index)) }
        if let month = layout.month(ofDay: index) { selectChoices(month) }
    }

    /// What an empty wall says: how to fill it, why it cannot be filled now, or that its days
    /// are on their way. Called again when a download starts or stops.
    func showEmpty() {
        guard layout.dayCount == 0 else { return }
        status.iconName = "x-office-calendar-symbolic"
        status.title = tr("No days to browse yet")
        let stored = tr("The wall shows the days stored on this computer.")
        if isDownloading?() == true {
            status.setDescription(tr("The archive is downloading: its days show here when it ends."))
            status.setButtons([])
        } else if let reason = downloadUnavailable?() {
            status.setDescription(Sentences.join(stored, reason))
            status.setButtons([])
        } else if downloadRequested.subscriberCount > 0 {
            status.setDescription(Sentences.join(stored, tr("Download the archive to browse all of them.")))
            status.setButtons([downloadButton])
        } else {
            status.setDescription(stored)
            status.setButtons([])
        }
    }

    /// Cells per row for the wall's width.
    private func columns(forWidth width: Int) -> Int {
        guard width > 0 else { return 4 }
        return max(2, (width - 2 * Self.margin + Self.spacing) / (Self.cellWidth + Self.spacing))
    }

    /// The jump under the summary, for a host window narrower than `narrowWidth`. The host
    /// decides from the width its window is asked for: the side-by-side bar is wider than a
    /// narrow window, so the wall's own width would stay too wide to ever call for the change.
    func setNarrow(_ narrow: Bool) {
        bar.orientation = narrow ? .vertical : .horizontal
    }

    private func widthChanged(_ width: Int) {
        let wanted = columns(forWidth: width)
        guard wanted != layout.columns, layout.dayCount > 0 else { return }
        // Keep the place: the cell with the keyboard keeps it; else the month being jumped to,
        // or the first day on screen, stays at the top.
        let focused = pendingFocus ?? cells.first { $0.button.hasFocus }?.dayIndex
        let place = aligningTo ?? placeOnScreen()
        // "resize" comes in the middle of GTK's allocation: a row model spliced then is laid
        // out by no one (the wall stayed blank on its first showing as a view). The place is
        // taken now, as the user saw it; the columns change in the next iteration.
        // Until then no thumbnail is asked for at the old width: its cells are about to go.
        columnsPending = true
        scheduleLoads()
        NextIteration.run { [weak self] in
            guard let self else { return }
            self.columnsPending = false
            let wanted = self.columns(forWidth: self.sizeWatcher.width)
            guard wanted != self.layout.columns else { return }
            self.changeColumns(to: wanted, focused: focused, place: place)
        }
    }

    private func changeColumns(to wanted: Int, focused: Int?, place: Place?) {
        relayout(columns: wanted)
        if let focused {
            focus(day: focused)
            return
        }
        switch place {
        case .month(let month)?: jump(to: month)
        case .day(let day)?:
            if let row = layout.row(ofDay: day) { scroll(toRow: row, alignTop: true, keeping: .day(day)) }
        case nil: break
        }
    }

    /// Where the wall is scrolled to, kept across a change of columns.
    enum Place: Equatable {
        case month(ArchiveMonth)
        case day(Int)
    }

    /// The first row at least half on screen: its month when it is a heading, else its first
    /// day; nil at the very top. (A row showing its last pixels is where the user came from.)
    private func placeOnScreen() -> Place? {
        guard scroller.verticalAdjustment.value > 0 else { return nil }
        let shown = listView.boundRows.filter { bound in
            Self.placement(of: bound.row, in: listView).map { $0.y + $0.height / 2 > 0 } ?? false
        }
        guard let first = shown.map(\.position).min(), let day = layout.firstDay(atOrAfterRow: first) else {
            return nil
        }
        switch layout.rows[first] {
        case .year, .month: return layout.month(ofDay: day).map(Place.month)
        case .cells: return .day(day)
        }
    }

    private func relayout(columns: Int) {
        layout = ArchiveWallLayout(months: monthCounts, columns: columns)
        listView.rowCount = layout.rows.count
        scheduleLoads()
    }

    /// Shows `message` above the wall.
    func say(_ message: String) {
        banner.show(message)
    }

    // MARK: Jumping

    /// Scrolls so that `month`'s heading is at the top (the nearest older month's when it has
    /// no days).
    func jump(to month: ArchiveMonth) {
        guard layout.dayCount > 0 else {
            pendingMonth = month
            return
        }
        guard let row = layout.headingRow(of: month), let first = layout.firstDay(atOrAfterRow: row) else { return }
        want(page: page(ofDay: first))
        scroll(toRow: row, alignTop: true, keeping: .month(month))
        selectChoices(layout.month(ofDay: first))
    }

    /// Shows row `row`; with `alignTop`, at the top of the wall, once it is laid out.
    /// `keeping` is the place that row stands for, kept if the columns change meanwhile.
    private func scroll(toRow row: Int, alignTop: Bool, keeping place: Place? = nil) {
        listView.scroll(toRow: row)
        aligning?.stop()
        aligningTo = nil
        guard alignTop else { return }
        aligningTo = place
        var tries = 0
        aligning = RepeatingTimer(milliseconds: 16) { [weak self] in
            guard let self else { return }
            tries += 1
            if tries > 60 || self.alignRowToTop(row) {
                self.aligning?.stop()
                self.aligningTo = nil
            }
        }
    }

    /// - Returns: whether `row` is bound and now at the top.
    private func alignRowToTop(_ row: Int) -> Bool {
        guard let widget = listView.boundRows.first(where: { $0.position == row })?.row,
            let bounds = Self.placement(of: widget, in: listView)
        else {
            listView.scroll(toRow: row)
            return false
        }
        guard abs(bounds.y) > 0.5 else { return true }
        let adjustment = scroller.verticalAdjustment
        adjustment.value = min(adjustment.value + bounds.y, max(0, adjustment.upper - adjustment.pageSize))
        return false
    }

    private var years: [Int] { Array(Set(layout.months.map(\.year))).sorted(by: >) }

    private func fillChoices() {
        fillingChoices = true
        yearChoice.setStrings(years.map(String.init))
        fillingChoices = false
        selectChoices(layout.months.first)
    }

    /// Shows `month` in the year and month choices without jumping.
    private func selectChoices(_ month: ArchiveMonth?) {
        guard let month, let year = years.firstIndex(of: month.year) else { return }
        fillingChoices = true
        defer { fillingChoices = false }
        yearChoice.selected = year
        let months = monthsOf(month.year)
        monthChoice.setStrings(months.map { DisplayDate.month($0) })
        monthChoice.selected = months.firstIndex(of: month) ?? 0
    }

    private func monthsOf(_ year: Int) -> [ArchiveMonth] {
        layout.months.filter { $0.year == year }
    }

    private func yearChosen() {
        guard !fillingChoices, years.indices.contains(yearChoice.selected) else { return }
        // A new year: its newest month.
        if let month = monthsOf(years[yearChoice.selected]).first { jump(to: month) }
    }

    private func monthChosen() {
        guard !fillingChoices, years.indices.contains(yearChoice.selected) else { return }
        let months = monthsOf(years[yearChoice.selected])
        if months.indices.contains(monthChoice.selected) { jump(to: months[monthChoice.selected]) }
    }

    // MARK: Keyboard

    /// Moves the keyboard from the focused cell. - Returns: whether a cell had it.
    private func moveCursor(_ move: ArchiveWallLayout.Move) -> Bool {
        guard let focused = cells.first(where: { $0.button.hasFocus }), let index = focused.dayIndex else {
            return false
        }
        let visibleRows = max(1, scroller.verticalScrollRange.pageSize / Double(WallCell.pictureHeight + 40))
        focus(day: layout.day(from: index, moving: move, pageRows: Int(visibleRows)))
        return true
    }

    /// Gives day `index`'s cell the keyboard, scrolling it into view.
    func focus(day index: Int) {
        guard let row = layout.row(ofDay: index) else { return }
        cursor = index
        // The keyboard wins over a jump still settling.
        scroll(toRow: row, alignTop: false)
        if let cell = cells.first(where: { $0.dayIndex == index }), cell.button.grabFocus() {
            pendingFocus = nil
        } else {
            pendingFocus = index
        }
    }

    // MARK: Rows

    /// The cells of the rows bound now.
    var cells: [WallCell] {
        listView.boundRows.compactMap { rowWidgets[ObjectIdentifier($0.row)] }.flatMap {
            $0.cells.filter { $0.dayIndex != nil }
        }
    }

    /// The day cells laid out inside the visible part.
    var cellsOnScreen: [WallCell] {
        let height = Double(listView.height)
        return boundRows.filter { _, row in
            row.showsCells
                && (Self.placement(of: row.root, in: listView).map { $0.y + $0.height > 0 && $0.y < height } ?? false)
        }.flatMap { $0.row.cells.filter { $0.dayIndex != nil } }
    }

    /// The bound rows with their positions (tests, screenshots).
    var boundRows: [(position: Int, row: WallRow)] {
        listView.boundRows.compactMap { bound in rowWidgets[ObjectIdentifier(bound.row)].map { (bound.position, $0) } }
    }

    private func makeRow() -> Widget {
        let row = WallRow()
        rowWidgets[ObjectIdentifier(row.root)] = row
        row.cellOpened.subscribe { [weak self] cell in
            guard let self, let index = cell.dayIndex, let entry = cell.entry else { return }
            self.cursor = index
            self.detailRequested.emit(entry)
        }.store(in: row.subscriptions)
        return row.root
    }

    private func bind(_ widget: Widget, to position: Int) {
        guard let row = rowWidgets[ObjectIdentifier(widget)], layout.rows.indices.contains(position) else { return }
        switch layout.rows[position] {
        case .year(let year):
            row.showYear(year)
        case .month(let month, let days):
            row.showMonth(DisplayDate.month(month), days: days)
        case .cells(let run):
            let before = row.cells.filter(\.isLoading).count
            row.showCells(
                run.map { (index: $0, day: days.indices.contains($0) ? days[$0] : nil) }, columns: layout.columns)
            cancelCount += before - row.cells.filter(\.isLoading).count
            if let pending = pendingFocus, run.contains(pending),
                let cell = row.cells.first(where: { $0.dayIndex == pending })
            {
                pendingFocus = nil
                cell.render()
                NextIteration.run { cell.button.grabFocus() }
            }
        }
        scheduleLoads()
    }

    private func unbind(_ widget: Widget) {
        guard let row = rowWidgets[ObjectIdentifier(widget)] else { return }
        cancelCount += row.cells.filter { $0.cancel() }.count
    }

    // MARK: Thumbnails

    /// Starts (again) the wait for scrolling to rest. Called for every scroll step and bound
    /// row, so it only notes the time; one timer checks it.
    private func scheduleLoads() {
        lastMovement = ProcessInfo.processInfo.systemUptime
        guard settle == nil else { return }
        settle = RepeatingTimer(milliseconds: Self.settleMilliseconds / 4) { [weak self] in
            guard let self,
                ProcessInfo.processInfo.systemUptime - self.lastMovement >= Double(Self.settleMilliseconds) / 1000
            else { return }
            // Rows bound but not laid out yet (the view just shown, the columns just changed)
            // place no cell: look again on the next tick rather than wait for a scroll.
            guard self.loadVisible() || self.layout.dayCount == 0 else { return }
            self.settle?.stop()
            self.settle = nil
            self.followScroll()
        }
    }

    /// Jump to names the month on screen once scrolling rests, not the one last jumped to.
    /// A jump still settling keeps the month it was asked for.
    private func followScroll() {
        guard aligningTo == nil, layout.dayCount > 0 else { return }
        switch placeOnScreen() {
        case .month(let month)?: selectChoices(month)
        case .day(let index)? where layout.month(ofDay: index) != nil:
            selectChoices(layout.month(ofDay: index))
        default: selectChoices(layout.months.first)
        }
    }

    /// Asks for the thumbnails of the cells on screen and `readAheadRows` beyond; cancels those
    /// of cells outside that band. - Returns: whether any row of cells was laid out to look at.
    @discardableResult
    func loadVisible() -> Bool {
        let height = Double(listView.height)
        guard height > 0, !columnsPending else { return false }
        var placedAny = false
        let margin = Double(Self.readAheadRows * (WallCell.pictureHeight + 40))
        let scale = max(1, listView.scaleFactor)
        for (_, row) in boundRows where row.showsCells {
            let placement = Self.placement(of: row.root, in: listView)
            placedAny = placedAny || placement != nil
            let near = placement.map { $0.y + $0.height > -margin && $0.y < height + margin } ?? false
            if near, let index = row.cells.first?.dayIndex, row.cells.first?.entry == nil {
                want(page: page(ofDay: index))
            }
            for cell in row.cells where cell.dayIndex != nil {
                if near {
                    let width = max(Self.cellWidth, cell.button.width) * scale
                    if cell.loadThumbnail(with: pictures, width: width) { requestCount += 1 }
                } else if cell.cancel() {
                    cancelCount += 1
                }
            }
        }
        return placedAny
    }

    /// Where a bound row is laid out in the list, or nil when the list keeps it bound but not
    /// laid out (GTK 4.8 binds rows some way beyond the visible ones, at zero size).
    static func placement(of row: Widget, in list: Widget) -> Rect? {
        guard row.isMapped, let bounds = row.bounds(in: list), bounds.height > 0 else { return nil }
        return bounds
    }

    /// Stops every thumbnail on its way (the host closes).
    func cancel() {
        titleWork.cancel()
        work.cancel()
        pageWork.cancel()
        pagePause?.stop()
        pagePause = nil
        settle?.stop()
        settle = nil
        aligning?.stop()
        for row in rowWidgets.values { row.cells.forEach { $0.cancel() } }
    }
}
