import APODCore
import GtkKit

/// A calendar in a popover beside the date selector: days with a picture in the index are
/// marked (bold, in the accent colour: `StyleSheet`), the month's favourites are listed under
/// it, and choosing a day shows it. GtkCalendar has a single kind of mark, hence the list for
/// the favourites, and cannot disable a day: days outside the archive are dimmed, and choosing
/// one puts the selection back on the nearest day there is, with a line saying why. Over the
/// calendar a month list and a year field reach a distant month at once, as GNOME's date
/// pickers do (the calendar's own arrows step one at a time).
@MainActor
final class DayCalendarButton {
    let calendar = Calendar()
    let legend = Label()
    let monthChoice = DropDown(strings: (1...12).map(DisplayDate.monthName))
    let yearChoice: SpinButton
    let button: PopoverButton
    private let archive: ArchiveAccess
    private let archiveCalendar: ArchiveCalendar
    /// The style class of days outside the archive (before the first APOD, after today).
    static let outsideClass = "outside-archive"
    private let work = WorkSlot()
    private var shownMonth: ArchiveMonth?
    private var isSelecting = false

    /// The day to select when the popover opens (the day shown in the window).
    var currentDay: (@MainActor () -> APODDay)?
    /// A day was chosen.
    let dayChosen = Event<APODDay>()

    init(archive: ArchiveAccess, calendar archiveCalendar: ArchiveCalendar) {
        self.archive = archive
        self.archiveCalendar = archiveCalendar
        yearChoice = SpinButton(range: DateLimits(range: archiveCalendar.validRange).years)
        let column = Box(.vertical, spacing: 6)
        let chooser = Box(.horizontal, spacing: 6)
        monthChoice.horizontalExpand = true
        for (choice, name) in [(monthChoice, tr("Month")), (yearChoice, tr("Year"))] as [(Widget, String)] {
            choice.tooltip = name
            choice.setAccessibleLabel(name)
            chooser.append(choice)
        }
        column.append(chooser)
        column.append(calendar)
        legend.addCSSClass("caption")
        legend.enableWrapping()
        // As wide as the calendar, never wider: a wrapping label measured wider than it is
        // shown asks for too few lines, and the popover cut its last one off.
        legend.setWidthChars(1)
        legend.setMaxWidthChars(1)
        legend.horizontalExpand = true
        legend.setTextAlignment(0)
        column.append(legend)
        button = PopoverButton(
            iconName: "x-office-calendar-symbolic", tooltip: tr("Choose a day on a calendar"), content: column)
        // The day row is at the bottom of the window: below it a popover runs off the screen.
        button.opensAbove()
        button.verticalAlign = .center
        button.onShow { [weak self] in self?.opened() }
        calendar.onDaySelected { [weak self] in self?.daySelected() }
        calendar.onMonthChanged { [weak self] in self?.refreshMarks() }
        monthChoice.onSelectionChanged { [weak self] in self?.chooserChanged() }
        yearChoice.onValueChanged { [weak self] in self?.chooserChanged() }
    }

    /// The month list or the year field changed: the calendar shows that month, on the same
    /// day of it (or the nearest day the archive has).
    private func chooserChanged() {
        guard !isSelecting else { return }
        let (_, _, day) = calendar.selected
        let month = monthChoice.selected + 1
        guard (1...12).contains(month) else { return }
        select(limits.clamp(year: yearChoice.value, month: month, day: day))
        refreshMarks()
    }

    /// Shows the calendar's month in the month list and the year field.
    private func showChooserMonth() {
        let (year, month, _) = calendar.selected
        let wasSelecting = isSelecting
        isSelecting = true
        yearChoice.range = limits.years
        yearChoice.value = year
        monthChoice.selected = month - 1
        isSelecting = wasSelecting
    }

    /// Read when the popover opens and at each choice, so a calendar open across midnight
    /// allows the new day.
    var limits: DateLimits { DateLimits(range: archiveCalendar.validRange) }

    private func opened() {
        select(currentDay?() ?? archiveCalendar.today)
        refreshMarks()
    }

    private func select(_ day: APODDay) {
        isSelecting = true
        calendar.select(year: day.year, month: day.month, day: day.day)
        isSelecting = false
    }

    /// Moving to another month may select a day in it: that is browsing, not a choice. A day
    /// outside the archive is refused: the selection goes back to the nearest day there is.
    private func daySelected() {
        guard !isSelecting else { return }
        let (year, month, day) = calendar.selected
        guard ArchiveMonth(year: year, month: month) == shownMonth else { return refreshMarks() }
        guard let chosen = APODDay(year: year, month: month, day: day) else { return }
        if let refusal = limits.refusal(for: chosen) {
            select(limits.clamp(year: year, month: month, day: day))
            refreshMarks(notice: refusal)
            return
        }
        button.popdown()
        dayChosen.emit(chosen)
    }

    /// Marks the indexed days of the month shown and lists its favourites, under `notice`.
    func refreshMarks(notice: String? = nil) {
        let (year, monthNumber, _) = calendar.selected
        let month = ArchiveMonth(year: year, month: monthNumber)
        shownMonth = month
        showChooserMonth()
        calendar.setMarkedDays([])
        calendar.setDayClass(Self.outsideClass, on: limits.daysOutside(year: year, month: monthNumber))
        legend.text = notice ?? ""
        let archive = archive
        work.start(
            { try archive.marks(in: month) },
            then: { [weak self] result in
                guard let self, self.shownMonth == month else { return }
                switch result {
                case .success(let marks):
                    self.calendar.setMarkedDays(Set(marks.indexed.map(\.day)))
                    let favourites = marks.favourites.map(\.day).sorted().map(String.init).joined(separator: ", ")
                    self.legend.text = [
                        notice, self.legendText(indexed: marks.indexed.count, favourites: favourites, month: month),
                    ]
                    .compactMap { $0 }.joined(separator: "\n")
                case .failure(let error):
                    self.legend.text = [notice, userMessage(for: error)].compactMap { $0 }.joined(separator: "\n")
                }
            })
    }

    /// What the marks mean, in the words of what they look like; for a month wholly outside
    /// the archive, why its days are dimmed.
    private func legendText(indexed: Int, favourites: String, month: ArchiveMonth) -> String {
        let limits = limits
        if limits.daysOutside(year: month.year, month: month.month).count
            == APODDay.daysIn(month: month.month, year: month.year),
            let refusal = limits.refusal(for: month.firstDay)
        {
            return refusal
        }
        let marks =
            indexed == 0
            ? tr("No day of this month is in the archive index yet.")
            : tr(
                "Days in bold blue are in the archive index ({count} this month).",
                ["count": DisplayNumber.grouped(indexed)])
        return marks + (favourites.isEmpty ? "" : "\n" + tr("Favourites: {days}", ["days": favourites]))
    }
}
