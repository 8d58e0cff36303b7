import APODCore
import Foundation
import GtkKit

/// What the archive index adds to the main window's Today: the favourite star (Ctrl+D) in the
/// header bar while Today is shown, the calendar beside the date selector, Ctrl+F going to
/// Search.
@MainActor
final class MainArchiveControls {
    let star: FavouriteButton
    let calendarButton: DayCalendarButton
    /// The star, or an empty place of its width on the other views.
    let starSlot = Stack()
    private static let starPage = "star"
    private static let emptyPage = "empty"

    init(main: MainWindow, archive: ArchiveAccess, views: ArchiveViews, calendar: ArchiveCalendar) {
        star = FavouriteButton(archive: archive)
        calendarButton = DayCalendarButton(archive: archive, calendar: calendar)

        // The star is Today's, but its place in the header stays on every view: the view
        // switcher beside it then has the same room everywhere and keeps its layout (icons
        // beside the labels, or over them), so the tabs never move under the pointer.
        starSlot.addPage(star.button, name: Self.starPage)
        starSlot.addPage(Box(.horizontal), name: Self.emptyPage)
        starSlot.crossfades = false
        main.header.packEnd(starSlot)
        main.navigation.dayRow.insert(calendarButton.button, after: main.dateSelector.root)
        main.views.onPageChanged { [weak main, weak starSlot] in
            starSlot?.visiblePage = main?.isShowing(.today) == true ? Self.starPage : Self.emptyPage
        }

        main.window.addAction(
            Action(WindowAction.search) { [weak views] in views?.search(views?.searchField.text ?? "") })
        main.window.addAction(star.makeAction())
        star.onChanged = { [weak views] in views?.refresh(.favourites) }
        star.isShowing = { [weak main, weak star] in main?.entry != nil && main?.entry?.date == star?.entry?.date }
        star.onFailure = { [weak main] message in main?.banner.show(message) }

        calendarButton.currentDay = { [weak main] in
            main?.entry?.date ?? main?.dateSelector.selectedDay ?? calendar.today
        }
        calendarButton.onChoose = { [weak main] day in main?.show(day: day) }
    }
}
