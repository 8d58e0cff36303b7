import APODCore
import Foundation
import GtkKit

/// What the archive index adds to the main window: a search field in the header bar (Ctrl+F)
/// that carries on in the search window (a search button in its place when the window is
/// narrow), the favourite star (Ctrl+D), the calendar beside the date selector, and the history
/// of the days shown.
@MainActor
final class MainArchiveControls {
    let searchField = SearchEntry(placeholder: tr("Search the archive"))
    /// In place of the field when the window is narrow: opens the search window.
    let searchButton = Button(iconName: "edit-find-symbolic", tooltip: tr("Search the archive (Ctrl+F)"))
    private var narrowLayout: WidthBreakpoint?
    /// When typing was last handed to the search window.
    private var lastHandOver: Date?
    /// Keys typed in this field this soon after a hand-over continue the search window's text:
    /// a new window can take a second to get the keyboard, and until then keys land here.
    static let continuationSeconds: TimeInterval = 2
    let star: FavouriteButton
    let calendarButton: DayCalendarButton

    init(main: MainWindow, archive: ArchiveAccess, windows: ArchiveWindows, calendar: ArchiveCalendar) {
        star = FavouriteButton(archive: archive)
        calendarButton = DayCalendarButton(archive: archive, calendar: calendar)

        searchField.setSizeRequest(width: 220)
        searchField.tooltip = tr("Search titles, explanations and credits (Ctrl+F)")
        main.header.packEnd(star.button)
        main.header.packEnd(searchField)
        main.header.packEnd(searchButton)
        searchButton.onClicked { [weak windows] in windows?.search("") }
        narrowLayout = WidthBreakpoint(window: main.window, narrowerThan: MainWindow.narrowWidth) { [weak self] narrow in
            self?.searchField.isVisible = !narrow
            self?.searchButton.isVisible = narrow
        }
        main.navigation.dayRow.insert(calendarButton.button, after: main.dateSelector.root)

        searchField.onSearchChanged { [weak self, weak windows] in
            guard let self, let windows else { return }
            guard !self.searchField.text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.handOver(to: windows)
        }
        searchField.onActivate { [weak self, weak windows] in
            guard let self, let windows else { return }
            self.handOver(to: windows)
        }
        main.window.addAction(Action(WindowAction.search) { [weak self, weak windows] in
            guard let self else { return }
            if self.searchField.isVisible { self.searchField.focus() } else { windows?.search("") }
        })
        main.window.addAction(star.makeAction())
        star.onChanged = { [weak windows] in windows?.refresh(.favourites) }
        star.isShowing = { [weak main, weak star] in main?.entry != nil && main?.entry?.date == star?.entry?.date }
        star.onFailure = { [weak main] message in main?.banner.show(message) }

        calendarButton.currentDay = { [weak main] in main?.entry?.date ?? main?.dateSelector.selectedDay ?? calendar.today }
        calendarButton.onChoose = { [weak main] day in main?.show(day: day) }

        main.onEntryPresented = { [weak self, weak windows] entry in
            self?.star.show(entry)
            Task.detached {
                archive.recordView(entry)
                MainThread.post { windows?.refresh(.history) }
            }
        }
    }

    /// Moves what was typed here to the search window, where typing carries on.
    private func handOver(to windows: ArchiveWindows) {
        let now = Date()
        let continuing = windows.searchWindow != nil
            && lastHandOver.map { now.timeIntervalSince($0) < Self.continuationSeconds } == true
        lastHandOver = now
        let text = searchField.text
        searchField.text = ""
        windows.search(continuing ? windows.searchField.text + text : text)
    }
}
