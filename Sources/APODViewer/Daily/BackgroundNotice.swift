import APODCore
import Foundation
import GtkKit

/// "APOD Viewer is running in the background", with Quit: said the first time the last window
/// closes while a daily option keeps the app running, so closing a window never leaves an
/// invisible process without a word. A file in the data folder remembers that it was said.
@MainActor
struct BackgroundNotice {
    static let notificationID = "running-in-background"

    private let marker: URL

    init(dataFolder: DataFolder) {
        marker = dataFolder.url("daily/told-running-in-background")
    }

    var wasGiven: Bool { FileManager.default.fileExists(atPath: marker.path) }

    /// Sends the notice unless it was given before.
    func lastWindowClosed(in application: Application) {
        guard !wasGiven else { return }
        let notification = Notification(title: tr("APOD Viewer is running in the background"))
        notification.setBody(
            tr(
                "It looks for each new picture. Quit it here, or turn the daily options off in Preferences to let it quit with its last window."
            ))
        notification.addButton(tr("Quit"), action: AppAction.quit.detailedName)
        application.send(notification, id: Self.notificationID)
        try? AtomicFile.write(Data(), to: marker)
    }
}
