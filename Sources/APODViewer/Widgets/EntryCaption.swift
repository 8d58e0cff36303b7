import APODCore
import GtkKit

/// An entry's title, date and credit: the one block every window that shows those three uses,
/// so they read alike everywhere. Under the main window's picture it is centred; in a detail
/// window it starts the text, left-aligned, over the explanation. Plain text, never markup
/// (titles hold `&` and `<`); the credit line hides for public-domain entries.
@MainActor
final class EntryCaption {
    enum Layout {
        /// Centred under a picture, the title in `title-2`.
        case centered
        /// Left-aligned at the head of a text, the title in `title-1`.
        case leading
    }

    let root = Box(.vertical, spacing: 4)
    let titleLabel = Label()
    let dateLabel = Label()
    let creditLabel = Label()

    init(layout: Layout) {
        titleLabel.addCSSClass(layout == .centered ? "title-2" : "title-1")
        creditLabel.addCSSClass("caption")
        let alignment: Float = layout == .centered ? 0.5 : 0
        for label in [titleLabel, dateLabel, creditLabel] {
            label.enableWrapping()
            label.setTextAlignment(alignment)
            root.append(label)
        }
    }

    /// Left-aligned (at the head of a column of text) or centred (under a picture).
    func align(leading: Bool) {
        for label in [titleLabel, dateLabel, creditLabel] { label.setTextAlignment(leading ? 0 : 0.5) }
    }

    func show(_ entry: APODEntry) {
        titleLabel.text = entry.shownTitle.text
        dateLabel.text = entry.date.displayString
        creditLabel.text = entry.copyrightLine ?? ""
        creditLabel.isVisible = entry.copyrightLine != nil
    }
}
