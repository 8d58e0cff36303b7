import APODCore
import Foundation
import Synchronization

/// The Chinese mirror's texts for the windows: the `TranslationSource` of the index in use
/// (opened off the main thread, on the first request) and the Preferences choice, English or
/// Chinese, which windows read when they show an entry.
public final class ViewerTranslations: Sendable {
    private struct State {
        var language: ExplanationLanguage
        /// Sources by the index file they keep answers in ("" without an index).
        var sources: [String: TranslationSource] = [:]
    }

    public let base: URL
    private let client: HTTPClient
    private let archive: ArchiveAccess?
    private let calendar: ArchiveCalendar
    private let state: Mutex<State>

    public init(
        base: URL, client: HTTPClient, archive: ArchiveAccess?, language: ExplanationLanguage,
        calendar: ArchiveCalendar = ArchiveCalendar()
    ) {
        self.base = base
        self.client = client
        self.archive = archive
        self.calendar = calendar
        state = Mutex(State(language: language))
    }

    /// What Preferences → Explanations says now.
    public var language: ExplanationLanguage {
        get { state.withLock { $0.language } }
        set { state.withLock { $0.language = newValue } }
    }

    /// The translation of `day`. Reads the index, maybe the network: never on the main thread.
    public func lookup(_ day: APODDay) async throws -> TranslationLookup {
        try await source().translation(for: day)
    }

    /// The Chinese title of `day` when Preferences says Chinese and the translation is already
    /// known (kept in the index), else `nil`: what grid cells show in place of NASA's title.
    /// Reads the index, never the network: off the main thread.
    public func knownTitle(_ day: APODDay) -> String? {
        guard language == .chinese, let title = source().stored(day)?.translation?.title else { return nil }
        return Self.shown(title)
    }

    /// The known Chinese titles of the days `start` through `end` when Preferences says
    /// Chinese (one index read for a stretch of Browse's wall), else none. Off the main thread.
    public func knownTitles(from start: APODDay, through end: APODDay) -> [APODDay: String] {
        guard language == .chinese, start <= end else { return [:] }
        return source().storedTitles(from: start, through: end).compactMapValues(Self.shown)
    }

    /// A title as a cell shows it: no control characters, bounded; nil when nothing is left.
    private static func shown(_ title: String) -> String? {
        let shown = BoundedText(ControlCharacters.strip(title, keepingLayout: false), limit: BoundedText.titleLimit)
        return shown.text.isEmpty ? nil : shown.text
    }

    private func source() -> TranslationSource {
        let index = try? archive?.openIndex()
        let key = index?.file.path ?? ""
        return state.withLock { state in
            if let source = state.sources[key] { return source }
            let source = TranslationSource(base: base, client: client, index: index, calendar: calendar)
            state.sources[key] = source
            return source
        }
    }
}
