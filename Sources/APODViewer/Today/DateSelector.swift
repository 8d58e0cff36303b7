import APODCore
import GtkKit

/// Year, month and day spin buttons (the three-column picker) limited to the archive, each
/// under its name (Year, Month, Day), so the three numbers are never guessed at.
/// Changing the year or month narrows the other ranges at the archive's ends; a day the month
/// lacks stays as typed, to be explained (`impossibleDayMessage`) rather than silently moved.
@MainActor
final class DateSelector {
    let root = Box(.horizontal, spacing: 6)
    let year: SpinButton
    let month: SpinButton
    let day: SpinButton
    /// The names over the spin buttons.
    private(set) var captions: [Label] = []
    private(set) var limits: DateLimits
    private var isUpdating = false

    /// Enter was pressed in one of the spin buttons.
    let activated = Event<Void>()
    /// The selected day changed (by the user or by `select`).
    let changed = Event<Void>()

    init(range: ClosedRange<APODDay>) {
        limits = DateLimits(range: range)
        year = SpinButton(range: limits.years)
        month = SpinButton(range: 1...12)
        day = SpinButton(range: 1...31)
        year.setSizeRequest(width: 64)
        month.setSizeRequest(width: 48)
        day.setSizeRequest(width: 48)
        for (spin, name) in [(year, tr("Year")), (month, tr("Month")), (day, tr("Day"))] {
            spin.tooltip = name
            spin.setAccessibleLabel(name)
            let caption = Label(name)
            caption.addCSSClass("caption")
            caption.addCSSClass("dim-label")
            // The spin button has the same name: a screen reader says it once.
            caption.hideFromScreenReaders()
            captions.append(caption)
            let column = Box(.vertical, spacing: 2)
            column.append(caption)
            column.append(spin)
            spin.stackButtonsVertically()
            root.append(column)
            spin.onValueChanged { [weak self] in self?.componentChanged() }
            spin.onActivate { [weak self] in self?.activated.emit() }
        }
        select(range.upperBound)
    }

    /// The day the fields name; for a day the month lacks (2023 Feb. 29) the nearest real one.
    var selectedDay: APODDay {
        limits.clamp(year: year.value, month: month.value, day: day.value)
    }

    /// Why the fields name no real day ("2023 has no Feb. 29"), or nil when they do.
    var impossibleDayMessage: String? {
        guard APODDay(year: year.value, month: month.value, day: day.value) == nil else { return nil }
        return tr(
            "{year} has no {month-day}.",
            [
                "year": String(year.value),
                "month-day": DisplayDate.monthDay(month: month.value, day: day.value),
            ])
    }

    /// Shows `day`, clamped into the archive.
    func select(_ target: APODDay) {
        let clamped = limits.clamp(year: target.year, month: target.month, day: target.day)
        isUpdating = true
        year.value = clamped.year
        month.range = limits.months(in: clamped.year)
        month.value = clamped.month
        day.range = limits.days(in: clamped.year, month: clamped.month)
        day.value = clamped.day
        isUpdating = false
        changed.emit()
    }

    /// Moves the upper limit (today changes at Eastern midnight) and re-clamps.
    func setRange(_ range: ClosedRange<APODDay>) {
        limits = DateLimits(range: range)
        year.range = limits.years
        select(selectedDay)
    }

    private func componentChanged() {
        guard !isUpdating else { return }
        isUpdating = true
        month.range = limits.months(in: year.value)
        day.range = limits.days(in: year.value, month: month.value)
        isUpdating = false
        changed.emit()
    }
}
