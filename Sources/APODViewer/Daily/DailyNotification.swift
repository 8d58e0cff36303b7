import APODCore
import GtkKit

/// "A new Astronomy Picture of the Day": the title, the date and the explanation's first
/// sentence, the thumbnail as icon. Clicking it (or "Show") opens the main window on that day.
@MainActor
enum DailyNotification {
    static func make(for entry: APODEntry, icon: String?, offersBackground: Bool, offersSkip: Bool) -> Notification {
        let notification = Notification(title: entry.title)
        let sentence = DailyAnnouncement.firstSentence(of: entry.explanation)
        notification.setBody(sentence.isEmpty ? entry.date.displayString : entry.date.displayString + " — " + sentence)
        if let icon { notification.setIcon(fileAt: icon) }
        let day = entry.date.description
        notification.setDefaultAction("app.show-date", argument: day)
        notification.addButton(tr("Show"), action: "app.show-date", argument: day)
        if offersBackground {
            notification.addButton(tr("Set as Background"), action: "app.daily-set-background", argument: day)
        }
        if offersSkip {
            notification.addButton(tr("Skip"), action: "app.daily-skip", argument: day)
        }
        return notification
    }
}
