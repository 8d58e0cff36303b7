import Foundation

/// `apod sync --translations`: asks the mirror for every indexed day whose translation is not
/// known (or whose "none" is a day old), newest first, two at a time. Each answer is kept as
/// it comes, so a sync stopped at any moment resumes where it was; a mirror that cannot be
/// reached ends the run instead of queueing a time-out per day.
public struct TranslationSync: Sendable {
    public struct Progress: Sendable, Equatable {
        public var done: Int
        public var total: Int
    }

    public struct Summary: Sendable, Equatable {
        /// Days asked for in this run.
        public var asked = 0
        /// Of them, days the mirror had a translation for.
        public var translated = 0
        /// Days with a translation in the index after the run.
        public var translationsIndexed = 0
        /// The run ended early: the mirror could not be reached.
        public var mirrorUnreachable = false
        public var seconds: Double = 0
    }

    let source: TranslationSource
    let index: ArchiveIndex
    let calendar: ArchiveCalendar

    public init(source: TranslationSource, index: ArchiveIndex, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.source = source
        self.index = index
        self.calendar = calendar
    }

    public func run(progress: @escaping @Sendable (Progress) -> Void = { _ in }) async throws -> Summary {
        let started = ContinuousClock.now
        let days = try index.daysWantingTranslation(now: calendar.currentDate)
        var summary = Summary()
        var next = days.makeIterator()
        try await withThrowingTaskGroup(of: TranslationLookup.self) { group in
            func startNext() -> Bool {
                guard !summary.mirrorUnreachable, let day = next.next() else { return false }
                group.addTask { try await source.translation(for: day) }
                return true
            }
            for _ in 0..<TranslationSource.concurrentRequests { _ = startNext() }
            while let lookup = try await group.next() {
                summary.asked += 1
                switch lookup {
                case .translated: summary.translated += 1
                case .untranslated: break
                case .unreachable: summary.mirrorUnreachable = true
                }
                progress(Progress(done: summary.asked, total: days.count))
                _ = startNext()
            }
        }
        summary.translationsIndexed = try index.translationCount()
        let elapsed = (ContinuousClock.now - started).components
        summary.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return summary
    }
}
