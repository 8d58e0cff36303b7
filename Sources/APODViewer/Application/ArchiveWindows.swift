import APODCore
import Foundation
import GtkKit

/// The grids over the archive index and the favourites library: search results (updated as
/// you type), Favourites, History and On This Day. One window of each; asking again presents
/// it with fresh contents.
@MainActor
final class ArchiveWindows {
    enum List: CaseIterable {
        case favourites
        case history
        case onThisDay
    }

    /// More results than anyone scrolls through; the count still says how many matched.
    nonisolated static let searchLimit = 200

    let searchField = SearchEntry(placeholder: tr("Search titles, explanations and credits"))
    private(set) var searchWindow: EntryGridWindow?
    private(set) var listWindows: [List: EntryGridWindow] = [:]
    private let application: Application
    private let environment: ViewerEnvironment
    private let archive: ArchiveAccess
    private let searchWork = WorkSlot()
    private var listWork: [List: WorkSlot] = [:]

    var onOpenDetail: (@MainActor (APODEntry) -> Void)?
    /// Starts "Download the archive" and shows its progress; nil hides the offer.
    var onDownload: (@MainActor () -> Void)?
    /// Why the download cannot work now (the offline source, say): said instead of the offer.
    var downloadUnavailable: (@MainActor () -> String?)?

    init(application: Application, environment: ViewerEnvironment, archive: ArchiveAccess) {
        self.application = application
        self.environment = environment
        self.archive = archive
        searchField.onSearchChanged { [weak self] in self?.runSearch() }
    }

    var openWindows: [Window] {
        ([searchWindow] + List.allCases.map { listWindows[$0] }).compactMap { $0?.window }
    }

    /// Opens the search window on `text`, with the keyboard in its field so typing goes on there.
    func search(_ text: String) {
        let window = searchWindow ?? makeSearchWindow()
        window.window.present()
        if searchField.text != text { searchField.text = text } else { runSearch() }
        searchField.focus()
    }

    private func makeSearchWindow() -> EntryGridWindow {
        let window = makeWindow(title: tr("Search"), searchField: searchField)
        window.window.onDestroy { [weak self] in
            self?.searchWork.cancel()
            self?.searchWindow = nil
        }
        searchWindow = window
        return window
    }

    private func runSearch() {
        guard let window = searchWindow else { return }
        let text = searchField.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            searchWork.cancel()
            return window.showEmpty(summary: "", heading: tr("Search the archive"),
                                    message: tr("Type a word from a title, an explanation or a credit."),
                                    iconName: "edit-find-symbolic", offerDownload: false)
        }
        let archive = archive
        let unavailable = downloadUnavailable?()
        let offers = onDownload != nil && unavailable == nil
        searchWork.start({ () -> ArchiveAccess.SearchResult in
            let found = try archive.search(text, limit: Self.searchLimit)
            // The search window offers the download itself: the random grid need not again.
            if offers && !found.isComplete { _ = archive.claimDownloadOffer() }
            return found
        }, then: { [weak self] result in
            self?.showSearch(result, for: text, offers: offers, unavailable: unavailable)
        })
    }

    /// - Parameters:
    ///   - offers: whether to offer the download when the index lacks part of the archive.
    ///   - unavailable: why the download cannot work now, said instead of offering it.
    private func showSearch(_ result: Result<ArchiveAccess.SearchResult, any Error>, for text: String,
                            offers: Bool, unavailable: String?) {
        guard let window = searchWindow else { return }
        switch result {
        case .success(let found):
            let query = SearchQuery.echo(text)
            var summary = found.count == 1
                ? tr("1 picture matches “{query}”", ["query": query])
                : tr("{count} pictures match “{query}”", ["count": String(found.count), "query": query])
            if found.count > found.entries.count {
                summary += " " + tr("(the best {shown} are shown)", ["shown": String(found.entries.count)])
            }
            let offer = !found.isComplete && offers
            let note = found.isComplete ? nil
                : unavailable.map { tr("Only the pictures already on this computer were searched.") + " " + $0 }
                ?? tr("Only the pictures already on this computer were searched: download the archive to search all of them.")
            if found.entries.isEmpty {
                window.showEmpty(summary: summary, note: note, heading: tr("No pictures found"),
                                 message: tr("Try other words, or fewer of them."), iconName: "edit-find-symbolic",
                                 offerDownload: offer)
            } else {
                window.show(found.entries, summary: summary, note: note, offerDownload: offer)
            }
        case .failure(let error):
            window.showFailure(heading: tr("The archive index cannot be searched"), message: userMessage(for: error))
        }
    }

    /// Opens (or presents and refreshes) the grid of `list`.
    func show(_ list: List) {
        let window = listWindows[list] ?? makeListWindow(list)
        window.window.present()
        refresh(list)
    }

    /// Reloads `list` when its window is open (the favourites changed, say).
    func refresh(_ list: List) {
        guard let window = listWindows[list] else { return }
        let archive = archive
        let source = environment.source
        let calendar = environment.calendar
        let today = calendar.today
        window.showLoading()
        let work = listWork[list] ?? WorkSlot()
        listWork[list] = work
        work.start({ () -> [APODEntry] in
            switch list {
            case .favourites: return try archive.favourites()
            case .history: return try archive.history()
            case .onThisDay:
                return try await OnThisDay.entries(month: today.month, day: today.day, index: archive.openIndex(),
                                                   source: source, calendar: calendar)
            }
        }, then: { [weak self] result in
            self?.showList(list, result, today: today)
        })
    }

    private func showList(_ list: List, _ result: Result<[APODEntry], any Error>, today: APODDay) {
        guard let window = listWindows[list] else { return }
        switch result {
        case .success(let entries) where entries.isEmpty:
            switch list {
            case .favourites:
                window.showEmpty(summary: "", heading: tr("No favourites yet"),
                                 message: tr("Click the star above a picture, or press Ctrl+D, to keep it here."),
                                 iconName: "starred-symbolic", offerDownload: false)
            case .history:
                window.showEmpty(summary: "", heading: tr("Nothing viewed yet"),
                                 message: tr("The pictures you look at are listed here, most recent first."),
                                 iconName: "document-open-recent-symbolic", offerDownload: false)
            case .onThisDay:
                window.showEmpty(summary: "", heading: tr("No pictures on this day"),
                                 message: tr("Nothing could be found for this day in any year."),
                                 iconName: "x-office-calendar-symbolic", offerDownload: false)
            }
        case .success(let entries):
            let count = String(entries.count)
            let single = entries.count == 1
            let summary: String
            switch list {
            case .favourites:
                summary = single ? tr("1 favourite") : tr("{count} favourites, oldest first", ["count": count])
            case .history:
                summary = single ? tr("1 picture viewed recently")
                                 : tr("{count} pictures viewed recently, most recent first", ["count": count])
            case .onThisDay:
                let day = DisplayDate.monthDay(month: today.month, day: today.day)
                summary = single ? tr("1 picture published on {day}", ["day": day])
                                 : tr("{count} pictures published on {day} over the years", ["count": count, "day": day])
            }
            window.show(entries, summary: summary, offerDownload: false)
        case .failure(let error):
            window.showFailure(heading: tr("Nothing to show"), message: userMessage(for: error))
        }
    }

    private func makeListWindow(_ list: List) -> EntryGridWindow {
        let title: String
        switch list {
        case .favourites: title = tr("Favourites")
        case .history: title = tr("History")
        case .onThisDay: title = tr("On This Day")
        }
        let window = makeWindow(title: title, searchField: nil)
        window.window.onDestroy { [weak self] in
            self?.listWork[list]?.cancel()
            self?.listWindows[list] = nil
        }
        listWindows[list] = window
        return window
    }

    private func makeWindow(title: String, searchField: SearchEntry?) -> EntryGridWindow {
        let window = EntryGridWindow(application: application, environment: environment, title: title, searchField: searchField)
        window.onOpenDetail = { [weak self] entry in self?.onOpenDetail?(entry) }
        window.onDownload = { [weak self] in self?.onDownload?() }
        return window
    }
}
