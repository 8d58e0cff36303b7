import APODCore
import GtkKit

/// The main window's row for choosing a day: the previous and next day buttons and the date
/// selector (the calendar button joins them), then Today and Show. One row, two below
/// `MainWindow.narrowWidth`. The buttons run the window's actions (`previous-day`, `next-day`,
/// `today`, `show-selected`); the day buttons grey out at the archive's ends.
@MainActor
final class DayNavigation {
    let root = Box(.horizontal, spacing: 12)
    /// The day buttons and the date selector.
    let dayRow = Box(.horizontal, spacing: 12)
    let dateSelector: DateSelector
    let previousButton = Button(iconName: "go-previous-symbolic", tooltip: tr("Previous day (Alt+Left)"))
    let nextButton = Button(iconName: "go-next-symbolic", tooltip: tr("Next day (Alt+Right)"))
    let todayButton = Button(label: tr("Toda_y"))
    let showButton = Button(label: tr("Sh_ow"))
    private let previousAction: Action
    private let nextAction: Action

    /// Puts the calendar (with an archive index) after the date selector.
    func showCalendar(_ button: DayCalendarButton) {
        dayRow.insert(button.button, after: dateSelector.root)
    }

    /// - Parameters: what the four actions do.
    init(
        range: ClosedRange<APODDay>, in window: Window, previous: @escaping @MainActor () -> Void,
        next: @escaping @MainActor () -> Void, today: @escaping @MainActor () -> Void,
        showSelected: @escaping @MainActor () -> Void
    ) {
        dateSelector = DateSelector(range: range)
        previousAction = Action(WindowAction.previousDay, handler: previous)
        nextAction = Action(WindowAction.nextDay, handler: next)
        for action in [
            previousAction, nextAction, Action(WindowAction.today, handler: today),
            Action(WindowAction.showSelected, handler: showSelected),
        ] {
            window.addAction(action)
        }
        previousButton.setAction(WindowAction.previousDay)
        nextButton.setAction(WindowAction.nextDay)
        todayButton.setAction(WindowAction.today)
        showButton.setAction(WindowAction.showSelected)

        root.horizontalAlign = .center
        let dayButtons = Box(.horizontal)
        dayButtons.linkChildren()
        dayButtons.append(previousButton)
        dayButtons.append(nextButton)
        dayRow.horizontalAlign = .center
        dayRow.append(dayButtons)
        dayRow.append(dateSelector.root)
        root.append(dayRow)
        let actionRow = Box(.horizontal, spacing: 12)
        actionRow.horizontalAlign = .center
        todayButton.tooltip = tr("Latest picture (Alt+Home)")
        actionRow.append(todayButton)
        showButton.markSuggested()
        showButton.tooltip = tr("Show the selected day")
        actionRow.append(showButton)
        root.append(actionRow)
        for widget in [dayButtons, todayButton, showButton] as [Widget] {
            widget.verticalAlign = .center
        }
    }

    /// One row, or two when the window is narrow.
    func setNarrow(_ narrow: Bool) {
        root.orientation = narrow ? .vertical : .horizontal
    }

    /// Greys out the steps past the archive's ends from `day`.
    func updateSteps(from day: APODDay) {
        let range = dateSelector.limits.range
        previousAction.isEnabled = day > range.lowerBound
        nextAction.isEnabled = day < range.upperBound
    }
}
