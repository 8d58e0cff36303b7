import APODCore
import Foundation
import GtkKit

/// Under an entry's explanation when explanations are in Chinese: the translator's credit
/// with a link to the mirror's page, and the button that shows the English original (and
/// back), remembered for the window. The English shows first; the Chinese replaces it when
/// it arrives (`onChange`). A day without translation, or a mirror that cannot be reached,
/// costs one quiet line (「此日尚無中文翻譯」, 「無法連上中文鏡像站」), never an error.
@MainActor
final class TranslationStrip {
    let root = Box(.vertical, spacing: 6)
    let creditLabel = Label()
    let noticeLabel = Label()
    let toggleButton = Button(label: tr("Show _English Original"))
    /// The answer for the entry shown, once it came.
    private(set) var lookup: TranslationLookup?
    /// Whether this window shows the Chinese text when there is one (the toggle).
    private(set) var showsChinese = true
    /// The text to show changed: the Chinese arrived, or the toggle was clicked.
    var onChange: (@MainActor () -> Void)?
    /// Opens the mirror's page (the window's way to open web links).
    var openLink: @MainActor (URL) -> Void = { _ in }

    private let translations: ViewerTranslations
    private let work = WorkSlot()
    private var day: APODDay?

    init(translations: ViewerTranslations) {
        self.translations = translations
        root.horizontalAlign = .start
        for label in [creditLabel, noticeLabel] {
            label.enableWrapping()
            label.setTextAlignment(0)
            label.horizontalAlign = .start
            label.addCSSClass("dim-label")
            label.addCSSClass("caption")
            root.append(label)
        }
        toggleButton.horizontalAlign = .start
        root.append(toggleButton)
        toggleButton.onClicked { [weak self] in self?.toggle() }
        creditLabel.onActivateLink { [weak self] uri in
            if let url = URL(string: uri), WebURL.isWeb(url) { self?.openLink(url) }
        }
        update()
    }

    /// Asks for `entry`'s translation when explanations are in Chinese; what is shown stays
    /// English until it comes.
    func load(_ entry: APODEntry) {
        guard entry.date != day else { return }
        day = entry.date
        lookup = nil
        work.cancel()
        update()
        guard translations.language == .chinese else { return }
        let translations = translations
        let date = entry.date
        work.start(
            { try await translations.lookup(date) },
            then: { [weak self] result in
                guard let self, self.day == date else { return }
                self.lookup = (try? result.get()) ?? .unreachable
                self.update()
                self.onChange?()
            })
    }

    func cancel() {
        work.cancel()
    }

    /// Forgets the entry: nothing is shown until the next `load`.
    func reset() {
        work.cancel()
        day = nil
        lookup = nil
        update()
    }

    /// `entry` as it is to be shown: its title, explanation and links from the mirror when
    /// there is a translation and the window shows Chinese.
    func shown(_ entry: APODEntry) -> APODEntry {
        guard showsChinese, let translation = lookup?.translation, translation.day == entry.date else { return entry }
        var shown = entry
        if !translation.title.isEmpty { shown.title = translation.title }
        shown.explanation = translation.explanation
        shown.explanationLinks = translation.explanationLinks
        return shown
    }

    /// Whether the Chinese text is what is shown now.
    var isShowingChinese: Bool { showsChinese && lookup?.translation != nil }

    func toggle() {
        guard lookup?.translation != nil else { return }
        showsChinese.toggle()
        update()
        onChange?()
    }

    private func update() {
        let translation = lookup?.translation
        root.isVisible = lookup != nil
        noticeLabel.text = lookup?.notice ?? ""
        noticeLabel.isVisible = lookup?.notice != nil
        toggleButton.isVisible = translation != nil
        toggleButton.label = showsChinese ? tr("Show _English Original") : tr("Show _Chinese Translation")
        creditLabel.isVisible = translation != nil && showsChinese
        if let translation {
            var runs: [LinkedText.Run] = []
            if let translator = translation.translator { runs.append(.text(translator + " · ")) }
            runs.append(.link(tr("On the Chinese mirror (NCKU Physics)"), translation.pageURL))
            creditLabel.setMarkup(LinkMarkup.markup(runs))
        }
    }
}
