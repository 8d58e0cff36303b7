import APODCore
import Foundation

/// What a window shows in place of a picture, on a status page: a day APOD skipped, a failure,
/// a day not stored offline or an entry without a picture (a video without a still has
/// `VideoPlaceholder`). Each says what happened and
/// offers the way on (the days around, Retry, the web page); failures are alerts, announced by
/// screen readers, the calm states are not.
enum ContentStatus: Equatable {
    case skippedDay(APODDay)
    /// The entry could not be loaded; Retry asks again.
    case failed(String)
    /// Offline, and neither the cache nor the sample holds the day.
    case notStored(String)
    case noPicture(URL)
    /// The entry came but its picture could not be shown.
    case pictureFailed(String, URL)

    /// A button on the page: a window action (`win.…`) or a link to open.
    enum Way: Equatable {
        case action(label: String, name: String, suggested: Bool)
        case link(label: String, iconName: String, URL)
    }

    var isFailure: Bool {
        switch self {
        case .failed, .pictureFailed: return true
        case .skippedDay, .notStored, .noPicture: return false
        }
    }

    var iconName: String {
        switch self {
        case .skippedDay: return "x-office-calendar-symbolic"
        case .failed: return "dialog-error-symbolic"
        case .notStored: return "network-offline-symbolic"
        case .noPicture, .pictureFailed: return "image-missing-symbolic"
        }
    }

    var title: String {
        switch self {
        case .skippedDay(let day):
            return tr("No picture was published on {date}", ["date": day.unbreakableDisplayString])
        case .failed: return tr("The day could not be loaded")
        case .notStored: return tr("Not stored on this computer")
        case .noPicture: return tr("No picture for this day")
        case .pictureFailed: return tr("The picture could not be shown")
        }
    }

    var description: String {
        switch self {
        case .skippedDay: return tr("APOD has no entry for this day. Try the day before or after.")
        case .failed(let message), .notStored(let message), .pictureFailed(let message, _): return message
        case .noPicture: return tr("This entry has no picture to show here.")
        }
    }

    var ways: [Way] {
        switch self {
        case .skippedDay:
            return [
                .action(label: tr("_Previous Day"), name: WindowAction.previousDay.detailedName, suggested: false),
                .action(label: tr("_Next Day"), name: WindowAction.nextDay.detailedName, suggested: true),
            ]
        case .failed:
            return [.action(label: tr("_Retry"), name: WindowAction.reload.detailedName, suggested: true)]
        case .notStored:
            return []
        case .noPicture(let link), .pictureFailed(_, let link):
            return [.link(label: tr("Open Web Page"), iconName: "web-browser-symbolic", link)]
        }
    }
}
