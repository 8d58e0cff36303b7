import APODCore
import Foundation
import GtkKit

/// What the archive index adds to the main window's Today: the favourite star (Ctrl+D) in the
/// header bar while Today is shown, the calendar beside the date selector, Ctrl+F going to
/// Search. The window places and keeps them (`MainWindow.install`).
@MainActor
enum MainArchiveControls {
    static func install(in main: MainWindow, archive: ArchiveAccess, views: ArchiveViews, calendar: ArchiveCalendar) {
        let star = FavouriteButton(archive: archive)
        let calendarButton = DayCalendarButton(archive: archive, calendar: calendar)
        main.install(.favouriteStar(star))
        main.install(.calendar(calendarButton))
        main.window.addAction(
            Action(WindowAction.search) { [weak views] in views?.search(views?.searchField.text ?? "") })
        star.changed.subscribe { [weak views] in views?.refresh(.favourites) }.store(in: main.subscriptions)
        star.isShowing = { [weak main, weak star] in main?.entry != nil && main?.entry?.date == star?.entry?.date }
        star.failed.subscribe { [weak main] message in main?.banner.show(message) }.store(in: main.subscriptions)

        calendarButton.currentDay = { [weak main] in
            main?.entry?.date ?? main?.dateSelector.selectedDay ?? calendar.today
        }
        calendarButton.dayChosen.subscribe { [weak main] day in main?.show(day: day) }.store(in: main.subscriptions)
    }
}
