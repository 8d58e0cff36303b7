import APODCore
import Foundation
import GtkKit

/// The one way the viewer opens a link in the browser. `gtk_show_uri` hands any URI to
/// whatever handles it (a `file:` desktop entry would run), so only web addresses
/// (`WebURL.isWeb`) leave the app.
extension Window {
    /// Opens `url` in the browser when it is a web address; otherwise `banner` says why not.
    func openWebLink(_ url: URL, reportingTo banner: ErrorBanner) {
        guard WebURL.isWeb(url) else {
            banner.show(APODError.unsupportedURL.message, canRetry: false)
            return
        }
        showURI(url.absoluteString)
    }
}
