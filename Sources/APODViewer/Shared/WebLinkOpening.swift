import APODCore
import AdwKit
import Foundation
import GtkKit

/// The one way the viewer opens a link in the browser. `gtk_show_uri` hands any URI to
/// whatever handles it (a `file:` desktop entry would run), so only web addresses
/// (`WebURL.isWeb`) leave the app.
enum WebLink {
    /// When the desktop has no browser for web links (GTK's own dialog would only say
    /// "Operation not supported").
    static var noBrowserMessage: String {
        tr(
            "No web browser is set up to open links. Install one or choose a default browser in your desktop's settings, or use Copy Link and paste the link into a browser."
        )
    }
}

extension Window {
    /// Opens `url` in the browser when it is a web address; otherwise, or when no browser can
    /// open it, `banner` says why not and what to do instead (Copy Link, confirmed in `toasts`).
    func openWebLink(_ url: URL, reportingTo banner: MessageBanner, toasts: ToastOverlay) {
        guard WebURL.isWeb(url) else {
            banner.show(APODError.unsupportedURL.message)
            return
        }
        showURI(url.absoluteString) { [weak self, weak banner, weak toasts] _ in
            guard let self, let toasts else { return }
            banner?.show(WebLink.noBrowserMessage, offeringToCopy: url, from: self, toasts: toasts)
        }
    }
}
