import APODCore
import GtkKit

/// What the main window shows for a day APOD skipped (1995 Jun. 17 and a few others): a calm
/// empty state naming the day, with the days before and after, instead of an error: nothing
/// failed and retrying cannot help.
@MainActor
final class EmptyDayPage {
    static let pageName = "empty-day"

    let root = StatusPage(iconName: "x-office-calendar-symbolic", heading: "")
    let previousButton = Button(label: tr("_Previous Day"))
    let nextButton = Button(label: tr("_Next Day"))
    private(set) var day: APODDay?

    init() {
        previousButton.setAction("win.previous-day")
        nextButton.setAction("win.next-day")
        nextButton.markSuggested()
        root.addButton(previousButton)
        root.addButton(nextButton)
    }

    static func heading(for day: APODDay) -> String {
        tr("No picture was published on {date}", ["date": day.displayString])
    }

    func show(_ day: APODDay) {
        self.day = day
        root.heading.text = Self.heading(for: day)
        root.message.text = tr("APOD has no entry for this day. Try the day before or after.")
    }
}
