import APODCore
import GtkKit

/// A calendar in a popover beside the date selector: days with a picture in the index are
/// marked, the month's favourites are listed under it, and choosing a day shows it.
/// GtkCalendar has a single kind of mark, hence the list for the favourites.
@MainActor
final class DayCalendarButton {
    let calendar = Calendar()
    let legend = Label()
    let button: PopoverButton
    private let archive: ArchiveAccess
    private let archiveCalendar: ArchiveCalendar
    private let work = WorkSlot()
    private var shownMonth: ArchiveMonth?
    private var isSelecting = false

    /// The day to select when the popover opens (the day shown in the window).
    var currentDay: (@MainActor () -> APODDay)?
    /// A day was chosen.
    var onChoose: (@MainActor (APODDay) -> Void)?

    init(archive: ArchiveAccess, calendar archiveCalendar: ArchiveCalendar) {
        self.archive = archive
        self.archiveCalendar = archiveCalendar
        let column = Box(.vertical, spacing: 6)
        column.append(calendar)
        legend.addCSSClass("caption")
        legend.enableWrapping()
        legend.setMaxWidthChars(34)
        legend.setTextAlignment(0)
        column.append(legend)
        button = PopoverButton(iconName: "x-office-calendar-symbolic", tooltip: tr("Choose a day on a calendar"), content: column)
        button.verticalAlign = .center
        button.onShow { [weak self] in self?.opened() }
        calendar.onDaySelected { [weak self] in self?.daySelected() }
        calendar.onMonthChanged { [weak self] in self?.refreshMarks() }
    }

    private func opened() {
        let day = currentDay?() ?? archiveCalendar.today
        isSelecting = true
        calendar.select(year: day.year, month: day.month, day: day.day)
        isSelecting = false
        refreshMarks()
    }

    /// Moving to another month may select a day in it: that is browsing, not a choice.
    private func daySelected() {
        guard !isSelecting else { return }
        let (year, month, day) = calendar.selected
        guard ArchiveMonth(year: year, month: month) == shownMonth else { return refreshMarks() }
        guard let chosen = APODDay(year: year, month: month, day: day) else { return }
        button.popdown()
        onChoose?(chosen)
    }

    /// Marks the indexed days of the month shown and lists its favourites.
    func refreshMarks() {
        let (year, monthNumber, _) = calendar.selected
        let month = ArchiveMonth(year: year, month: monthNumber)
        shownMonth = month
        calendar.setMarkedDays([])
        legend.text = ""
        let archive = archive
        work.start({ try archive.marks(in: month) }, then: { [weak self] result in
            guard let self, self.shownMonth == month else { return }
            switch result {
            case .success(let marks):
                self.calendar.setMarkedDays(Set(marks.indexed.map(\.day)))
                let favourites = marks.favourites.map(\.day).sorted().map(String.init).joined(separator: ", ")
                self.legend.text = tr("Days in bold are in the archive index ({count} this month).", ["count": String(marks.indexed.count)])
                    + (favourites.isEmpty ? "" : "\n" + tr("Favourites: {days}", ["days": favourites]))
            case .failure(let error):
                self.legend.text = userMessage(for: error)
            }
        })
    }
}
