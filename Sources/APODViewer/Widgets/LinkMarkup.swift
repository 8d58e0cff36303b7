import APODCore
import GtkKit

/// Pango markup for text with links, built only from `LinkedText` runs: every piece of text and
/// every address is escaped, and only web addresses (`WebURL.isWeb`) become `<a>`, so nothing
/// the service sent is ever read as markup.
enum LinkMarkup {
    static func markup(_ runs: [LinkedText.Run]) -> String {
        runs.map { run in
            switch run {
            case .text(let text):
                return Markup.escape(text)
            case .link(let text, let url):
                guard WebURL.isWeb(url) else { return Markup.escape(text) }
                return "<a href=\"\(Markup.escape(url.absoluteString))\">\(Markup.escape(text))</a>"
            }
        }.joined()
    }
}
