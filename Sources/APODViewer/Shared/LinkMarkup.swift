import APODCore
import Foundation
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

extension LinkMarkup {
    /// The link at UTF-8 `offset` into the text a label shows for `runs` (what Pango reports
    /// under the pointer); nil over plain text. The markup parser reads `\r\n` as `\n`.
    static func link(atUTF8Offset offset: Int, in runs: [LinkedText.Run]) -> URL? {
        var start = 0
        for run in runs {
            let text: String
            let url: URL?
            switch run {
            case .text(let plain): (text, url) = (plain, nil)
            case .link(let label, let address): (text, url) = (label, WebURL.isWeb(address) ? address : nil)
            }
            let end = start + text.replacingOccurrences(of: "\r\n", with: "\n").utf8.count
            if offset >= start && offset < end { return url }
            start = end
        }
        return nil
    }
}
