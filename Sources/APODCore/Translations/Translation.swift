import Foundation

/// A day's title and explanation in Traditional Chinese, from the mirror of National Cheng
/// Kung University (「每日一天文圖（成大物理分站）」). The picture, credit and date stay NASA's:
/// the mirror is only asked for text.
public struct Translation: Hashable, Sendable {
    public var day: APODDay
    /// Empty when the page kept the English title.
    public var title: String
    public var explanation: String
    public var explanationLinks: [TextLink]
    /// 「翻譯：天文實驗室（成功大學物理學系）」 as the mirror gives it.
    public var translator: String?
    /// The mirror's page for the day.
    public var pageURL: URL

    public init(
        day: APODDay, title: String, explanation: String, explanationLinks: [TextLink] = [],
        translator: String? = nil, pageURL: URL
    ) {
        self.day = day
        self.title = title
        self.explanation = explanation
        self.explanationLinks = explanationLinks
        self.translator = translator
        self.pageURL = pageURL
    }

    /// Fewer Han characters than this in an explanation is an English page copied untranslated.
    static let minimumHan = 8

    /// The page's translation for `day`, or `nil` when the page is for another day, has no
    /// explanation, or kept the English text.
    public init?(page: ClassicPage, day: APODDay, pageURL: URL) {
        guard page.day == day, CJKText.hanCount(page.explanation) >= Self.minimumHan else { return nil }
        self.init(
            day: day,
            title: CJKText.containsHan(page.title) ? BoundedText(page.title, limit: BoundedText.titleLimit).text : "",
            explanation: BoundedText(page.explanation, limit: BoundedText.explanationLimit).text,
            explanationLinks: page.explanationLinks, translator: page.translator, pageURL: pageURL)
    }
}

/// What asking for a day's translation came to.
public enum TranslationLookup: Hashable, Sendable {
    case translated(Translation)
    /// The mirror has no Chinese text for that day (no page, another day's, English, empty,
    /// too large): 「此日尚無中文翻譯」.
    case untranslated
    /// The mirror could not be reached or answered with a failure: 「無法連上中文鏡像站」.
    case unreachable

    public var translation: Translation? {
        if case .translated(let translation) = self { return translation }
        return nil
    }

    /// The quiet line shown instead of the Chinese text, if there is none.
    public var notice: String? {
        switch self {
        case .translated: return nil
        case .untranslated: return tr("No Chinese translation for this day yet")
        case .unreachable: return tr("Cannot reach the Chinese mirror")
        }
    }
}
