import APODCore
import GtkKit

/// The strips at the top of the main window and which one says what: the offline notice while
/// the app works from stored pictures after the service could not be reached (with Try Again),
/// and the message banner for warnings, information and errors that leave the picture in place.
/// One strip at a time: while the offline notice is up, what the window has to say goes under
/// its line rather than into a second strip stacked below it.
@MainActor
final class MainNotices {
    let root = Box(.vertical, spacing: 12)
    let banner = MessageBanner()
    let offline = OfflineBanner()

    init() {
        root.append(offline.root)
        root.append(banner.root)
    }

    /// Says why another day than the one asked for is shown (a warning).
    func warn(_ text: String) {
        if offline.isShown {
            offline.setDetail(text)
        } else {
            banner.warn(text)
        }
    }

    /// "Today" from stored pictures only: says it is the newest day stored, unless the window
    /// already says something.
    func explainNewestStored(_ day: APODDay) {
        let text = tr(
            "Today shows the newest picture stored on this computer, from {date}.", ["date": day.displayString])
        if offline.isShown {
            offline.setDetail(text)
        } else if banner.message == nil {
            banner.inform(text)
        }
    }

    /// A new request: what was said about the last one goes.
    func clear() {
        banner.hide()
        offline.setDetail(nil)
    }
}
