import APODCore
import Foundation
import GtkKit

/// The main window's views over the archive index and the favourites library: Search
/// (updated as you type), Favourites, History and On This Day. A list is read again each time
/// its view is shown, and while it is shown when it changes (a new favourite, a day viewed).
/// While the archive downloads, Search says how far it got instead of offering the download.
@MainActor
final class ArchiveViews {
    enum List: CaseIterable {
        case favourites
        case history
        case onThisDay

        var view: MainView.Name {
            switch self {
            case .favourites: return .favourites
            case .history: return .history
            case .onThisDay: return .onThisDay
            }
        }
    }

    /// More results than anyone scrolls through; the count still says how many matched.
    nonisolated static let searchLimit = 200

    let searchField = SearchEntry(placeholder: tr("Search titles, explanations and credits"))
    /// The Search view, built now (in the main window) if it was not yet.
    var searchView: EntryGridView? {
        main?.buildView(.search)
        return builtSearch
    }
    /// The lists' views, built now if they were not yet.
    var listViews: [List: EntryGridView] {
        List.allCases.forEach { main?.buildView($0.view) }
        return builtLists
    }
    /// The views the main window built so far: each on its first showing.
    private var builtSearch: EntryGridView?
    private var builtLists: [List: EntryGridView] = [:]
    private weak var main: MainWindow?
    private let environment: ViewerEnvironment
    private let archive: ArchiveAccess
    private let download: ArchiveDownload?
    private let searchWork = WorkSlot()
    private let subscriptions = Subscriptions()
    private var listWork: [List: WorkSlot] = [:]
    /// The download's progress as Search says it, while it runs.
    private var downloadProgress: String?

    let detailRequested = Event<APODEntry>()
    /// "Download the archive" was asked for; offered only while someone listens.
    let downloadRequested = Event<Void>()
    /// Why the download cannot work now (the offline source, say): said instead of the offer.
    var downloadUnavailable: (@MainActor () -> String?)?

    init(environment: ViewerEnvironment, archive: ArchiveAccess, download: ArchiveDownload?) {
        self.environment = environment
        self.archive = archive
        self.download = download
        searchField.onSearchChanged { [weak self] in self?.runSearch() }
        download?.observe { [weak self] state in self?.downloadChanged(state) }.store(in: subscriptions)
    }

    /// Adds Search and the three lists to `main` as views, each built on its first showing.
    func addViews(to main: MainWindow) {
        self.main = main
        main.install(
            .deferred(
                MainView.Deferred(name: .search, title: tr("_Search"), iconName: "system-search-symbolic") {
                    [weak self] main in
                    guard let self else { return MainView(.search, title: "", iconName: "", content: Box(.vertical)) }
                    return self.makeSearch(in: main)
                }))
        for list in List.allCases {
            main.install(
                .deferred(
                    MainView.Deferred(name: list.view, title: Self.title(of: list), iconName: Self.iconName(of: list)) {
                        [weak self] main in
                        guard let self else {
                            return MainView(list.view, title: "", iconName: "", content: Box(.vertical))
                        }
                        return self.makeList(list, in: main)
                    }))
        }
        // The views built later register their own handlers after this one, too late: they
        // are let go here, so their work stops here.
        main.window.onDestroy { [weak self] in
            self?.searchWork.cancel()
            self?.listWork.values.forEach { $0.cancel() }
            self?.builtSearch?.cancelCells()
            self?.builtLists.values.forEach { $0.cancelCells() }
            self?.builtSearch = nil
            self?.builtLists = [:]
        }
    }

    private func makeSearch(in main: MainWindow) -> MainView {
        let search = makeView(in: main, searchField: searchField)
        builtSearch = search
        search.showProgress(downloadProgress)
        runSearch()
        return MainView(
            .search, title: tr("_Search"), iconName: "system-search-symbolic", content: search.root,
            onShown: { [weak self] in self?.searchShown() })
    }

    private func makeList(_ list: List, in main: MainWindow) -> MainView {
        let view = makeView(in: main, searchField: nil)
        builtLists[list] = view
        return MainView(
            list.view, title: Self.title(of: list), iconName: Self.iconName(of: list), content: view.root,
            onShown: { [weak self] in self?.load(list) },
            onReload: { [weak self] in self?.load(list) })
    }

    private static func title(of list: List) -> String {
        switch list {
        case .favourites: return tr("_Favourites")
        case .history: return tr("_History")
        case .onThisDay: return tr("On This _Day")
        }
    }

    private static func iconName(of list: List) -> String {
        switch list {
        case .favourites: return "starred-symbolic"
        case .history: return "document-open-recent-symbolic"
        case .onThisDay: return "x-office-calendar-symbolic"
        }
    }

    /// Shows Search on `text`, with the keyboard in its field so typing goes on there.
    func search(_ text: String) {
        main?.showView(.search)
        if searchField.text != text { searchField.text = text } else { runSearch() }
        searchField.focus()
    }

    private func searchShown() {
        searchField.focus()
    }

    private func runSearch() {
        guard let view = builtSearch else { return }
        let text = searchField.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            searchWork.cancel()
            return view.showEmpty(
                summary: "", heading: tr("Search the archive"),
                message: tr("Type a word from a title, an explanation or a credit."),
                iconName: "edit-find-symbolic", offerDownload: false)
        }
        let archive = archive
        let unavailable = downloadUnavailable?()
        let offers = downloadRequested.subscriberCount > 0 && unavailable == nil && downloadProgress == nil
        searchWork.start(
            { () -> ArchiveAccess.SearchResult in
                let found = try archive.search(text, limit: Self.searchLimit)
                // Search offers the download itself: the random grid need not again.
                if offers && !found.isComplete { _ = archive.claimDownloadOffer() }
                return found
            },
            then: { [weak self] result in
                self?.showSearch(result, for: text, offers: offers, unavailable: unavailable)
            })
    }

    /// - Parameters:
    ///   - offers: whether to offer the download when the index lacks part of the archive.
    ///   - unavailable: why the download cannot work now, said instead of offering it.
    private func showSearch(
        _ result: Result<ArchiveAccess.SearchResult, any Error>, for text: String,
        offers: Bool, unavailable: String?
    ) {
        guard let view = builtSearch else { return }
        // A result for text since cleared or changed is not shown: its own search follows.
        guard searchField.text.trimmingCharacters(in: .whitespaces) == text else { return }
        switch result {
        case .success(let found):
            let query = SearchQuery.echo(text)
            var summary =
                found.count == 1
                ? tr("1 picture matches “{query}”", ["query": query])
                : tr("{count} pictures match “{query}”", ["count": DisplayNumber.grouped(found.count), "query": query])
            if found.count > found.entries.count {
                summary = Sentences.join(
                    summary, tr("(the best {shown} are shown)", ["shown": DisplayNumber.grouped(found.entries.count)]))
            }
            let running = downloadProgress != nil
            let offer = !found.isComplete && offers && !running
            let note: String?
            if found.isComplete {
                note = nil
            } else if running {
                note = tr("Only the pictures already on this computer were searched: the rest are being downloaded.")
            } else {
                note = Sentences.join(
                    ArchiveStatusText.sentence(found.status.figures),
                    unavailable.map {
                        Sentences.join(tr("Only the pictures already on this computer were searched."), $0)
                    }
                        ?? tr(
                            "Only the pictures already on this computer were searched: download the archive to search all of them."
                        ))
            }
            if found.entries.isEmpty {
                view.showEmpty(
                    summary: summary, note: note, heading: tr("No pictures found"),
                    message: tr("Try other words, or fewer of them."), iconName: "edit-find-symbolic",
                    offerDownload: offer)
            } else {
                view.show(found.entries, summary: summary, note: note, offerDownload: offer)
            }
        case .failure(let error):
            view.showFailure(heading: tr("The archive index cannot be searched"), message: userMessage(for: error))
        }
    }

    /// Search shows the download's progress in place of its offer; when the download ends the
    /// search runs again over what arrived.
    private func downloadChanged(_ state: ArchiveDownload.State) {
        let wasRunning = downloadProgress != nil
        if case .running(let progress) = state {
            downloadProgress =
                progress.map {
                    tr(
                        "Downloading… {done} of {total} days",
                        [
                            "done": DisplayNumber.grouped($0.daysDone),
                            "total": DisplayNumber.grouped($0.daysTotal),
                        ])
                } ?? tr("Downloading…")
        } else {
            downloadProgress = nil
        }
        builtSearch?.showProgress(downloadProgress)
        if wasRunning != (downloadProgress != nil) { runSearch() }
    }

    /// Explanations changed in Preferences: every view's cells show their titles again.
    func refreshTitles() {
        builtSearch?.refreshTitles()
        builtLists.values.forEach { $0.refreshTitles() }
    }

    /// Reads `list` again when its view is shown (the favourites changed, say).
    func refresh(_ list: List) {
        guard main?.isShowing(list.view) == true else { return }
        load(list)
    }

    /// Shows the view of `list`, read afresh.
    func show(_ list: List) {
        guard let main else { return }
        if main.isShowing(list.view) { load(list) } else { main.showView(list.view) }
    }

    private func load(_ list: List) {
        guard let view = builtLists[list] else { return }
        let archive = archive
        let source = environment.source
        let calendar = environment.calendar
        let today = calendar.today
        view.showLoading()
        let work = listWork[list] ?? WorkSlot()
        listWork[list] = work
        work.start(
            { () -> [APODEntry] in
                switch list {
                case .favourites: return try archive.favourites()
                case .history: return try archive.history()
                case .onThisDay:
                    return try await OnThisDay.entries(
                        month: today.month, day: today.day, index: archive.openIndex(),
                        source: source, calendar: calendar)
                }
            },
            then: { [weak self] result in
                self?.showList(list, result, today: today)
            })
    }

    private func showList(_ list: List, _ result: Result<[APODEntry], any Error>, today: APODDay) {
        guard let view = builtLists[list] else { return }
        switch result {
        case .success(let entries) where entries.isEmpty:
            switch list {
            case .favourites:
                view.showEmpty(
                    summary: "", heading: tr("No favourites yet"),
                    message: tr("Click the star above a picture, or press Ctrl+D, to keep it here."),
                    iconName: "starred-symbolic", offerDownload: false)
            case .history:
                view.showEmpty(
                    summary: "", heading: tr("Nothing viewed yet"),
                    message: tr("The pictures you look at are listed here, most recent first."),
                    iconName: "document-open-recent-symbolic", offerDownload: false)
            case .onThisDay:
                view.showEmpty(
                    summary: "", heading: tr("No pictures on this day"),
                    message: tr("Nothing could be found for this day in any year."),
                    iconName: "x-office-calendar-symbolic", offerDownload: false)
            }
        case .success(let entries):
            let count = DisplayNumber.grouped(entries.count)
            let single = entries.count == 1
            let summary: String
            switch list {
            case .favourites:
                summary = single ? tr("1 favourite") : tr("{count} favourites, oldest first", ["count": count])
            case .history:
                summary =
                    single
                    ? tr("1 picture viewed recently")
                    : tr("{count} pictures viewed recently, most recent first", ["count": count])
            case .onThisDay:
                let day = DisplayDate.monthDay(month: today.month, day: today.day)
                summary =
                    single
                    ? tr("1 picture published on {day}", ["day": day])
                    : tr("{count} pictures published on {day} over the years", ["count": count, "day": day])
            }
            view.show(entries, summary: summary, offerDownload: false)
        case .failure(let error):
            view.showFailure(heading: tr("Nothing to show"), message: userMessage(for: error))
        }
    }

    private func makeView(in main: MainWindow, searchField: SearchEntry?) -> EntryGridView {
        let view = EntryGridView(in: main.window, environment: environment, searchField: searchField)
        view.detailRequested.subscribe { [weak self] entry in self?.detailRequested.emit(entry) }.store(
            in: subscriptions)
        view.downloadRequested.subscribe { [weak self] in self?.downloadRequested.emit() }.store(in: subscriptions)
        return view
    }
}
