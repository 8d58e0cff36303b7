import APODCore
import Foundation
import GtkKit

/// What the daily picture tells the user, with a notification since there may be no window:
/// the new picture (its thumbnail as icon, fetched off the main thread), a day whose picture
/// could not be the background and why (with "Open"), and problems.
@MainActor
final class DailyNotifier {
    static let notificationID = "daily-picture"
    static let noticeID = "daily-notice"
    static let rotationID = "daily-rotation"
    static let thumbnailWidth = 256

    weak var application: Application?
    private let images: any ImageFetching
    private let iconFile: URL
    private let thumbnailWork = WorkSlot()

    init(images: any ImageFetching, dataFolder: DataFolder) {
        self.images = images
        iconFile = dataFolder.url("daily/notification-icon")
    }

    /// "A new Astronomy Picture of the Day", once its thumbnail is in hand (or without one).
    func announce(_ entry: APODEntry, offersBackground: Bool, offersSkip: Bool) {
        let send: @MainActor (String?) -> Void = { [weak self] icon in
            self?.application?.send(
                DailyNotification.make(
                    for: entry, icon: icon, offersBackground: offersBackground,
                    offersSkip: offersSkip), id: Self.notificationID)
        }
        guard let url = entry.thumbnailURL ?? WallpaperPicture.original(of: entry) else {
            send(nil)
            return
        }
        let images = self.images
        let file = iconFile
        // Read here: touching main-actor state inside the work would hop to the main actor,
        // which never runs under g_application_run.
        let purpose = ImagePurpose.thumbnail(width: Self.thumbnailWidth)
        thumbnailWork.start(
            {
                let data = try await images.imageData(from: url, for: purpose)
                try AtomicFile.write(data, to: file)
                return file.path
            }, then: { result in send(try? result.get()) })
    }

    /// `entry`'s picture could not be the background: why, what happened instead, and "Open".
    func unusable(_ entry: APODEntry, replacement: APODEntry?) {
        let notification = Notification(
            title: replacement == nil ? tr("Background not changed") : tr("A favourite is the background"))
        let values = ["title": entry.shownTitle.text, "date": entry.date.displayString]
        let why =
            entry.mediaType == .video
            ? tr("“{title}” ({date}) is a video without a still picture.", values)
            : tr("“{title}” ({date}) has no picture.", values)
        let outcome =
            replacement.map { tr("“{favourite}” is shown instead.", ["favourite": $0.shownTitle.text]) }
            ?? tr("The background stays as it is.")
        notification.setBody(Sentences.join(why, outcome))
        notification.setDefaultAction("app.show-date", argument: entry.date.description)
        notification.addButton(tr("Open"), action: "app.show-date", argument: entry.date.description)
        application?.send(notification, id: Self.noticeID)
    }

    /// The rotation changed the background on several monitors: which picture went where.
    func changedOnMonitors(_ assignment: String) {
        let notification = Notification(title: tr("New backgrounds"))
        notification.setBody(assignment)
        application?.send(notification, id: Self.rotationID)
    }

    /// A problem or a "not changed".
    func notice(_ text: String) {
        let notification = Notification(title: tr("Daily picture"))
        notification.setBody(text)
        application?.send(notification, id: Self.noticeID)
    }

    func stop() {
        thumbnailWork.cancel()
    }
}
