import Foundation

/// Entry text cut to a length a GTK label lays out promptly. Pango measures a label's whole
/// text on the main thread: a 3 MB title froze the viewer for minutes. The limits live here,
/// in the core, so every window applies the same ones; the full text stays in the entry (the
/// detail window copies it as plain text).
public struct BoundedText: Equatable, Sendable {
    /// Titles and credits: far beyond any real one (the longest in the archive is about 90).
    public static let titleLimit = 300
    /// Alternative text, shown as a tooltip and read by screen readers.
    public static let altTextLimit = 1_000
    /// Explanations: ten times the longest real one (2019's longest has 1,589 characters). A
    /// wrapping label lays its text out several times per width change: with 64 KB that took
    /// 1.9 s per resize under Xvfb.
    public static let explanationLimit = 16_384

    /// What a label may show: at most the limit's characters, ending in "…" when cut.
    public let text: String
    public let isTruncated: Bool

    /// Cuts at the last space in the final tenth of the window when there is one, so a word is
    /// not split; counts Characters but never looks past `limit + 1` of them.
    public init(_ full: String, limit: Int) {
        let head = full.prefix(limit + 1)
        guard head.count > limit else {
            text = full
            isTruncated = false
            return
        }
        var kept = head.prefix(limit - 1)
        if let space = kept.lastIndex(of: " "), kept.distance(from: space, to: kept.endIndex) <= limit / 10 {
            kept = kept[..<space]
        }
        text = kept.trimmingCharacters(in: .whitespaces) + "…"
        isTruncated = true
    }
}
