import Foundation
import Synchronization

/// The Traditional Chinese text of a day from the Taiwanese mirror (`apYYMMDD.html` under
/// `base`), through the app's HTTP client: at most two requests at a time, a page over 1 MB
/// or in another layout is "no translation", and every answer is kept in the archive index
/// (a day without translation is asked again once it is a day old). Never throws: the
/// English text never waits on this.
public final class TranslationSource: Sendable {
    /// 「每日一天文圖（成大物理分站）」, National Cheng Kung University's mirror.
    public static let mirrorURL = URL(string: "http://sprite.phys.ncku.edu.tw/astrolab/mirrors/apod/")!
    /// Larger pages are not APOD pages (the real ones are under 20 KB).
    public static let maxPageBytes = 1 << 20
    /// Requests to the mirror at once: it is one university's server.
    public static let concurrentRequests = 2
    /// After a failure to reach the mirror, it is left alone this long (a grid of days must
    /// not queue a time-out each).
    public static let unreachablePause: TimeInterval = 300

    public let base: URL
    private let client: HTTPClient
    private let index: ArchiveIndex?
    private let slots = DownloadSlots(limit: concurrentRequests)
    private let calendar: ArchiveCalendar
    /// Answers of this run for a source without an index, and when the mirror last failed.
    private let memory = Mutex(Memory())

    private struct Memory {
        var lookups: [APODDay: TranslationLookup] = [:]
        var unreachableSince: Date?
    }

    /// - Parameter index: where answers are kept; without one they last for the process.
    public init(
        base: URL = mirrorURL, client: HTTPClient, index: ArchiveIndex?, calendar: ArchiveCalendar = ArchiveCalendar()
    ) {
        self.base = base.absoluteString.hasSuffix("/") ? base : base.appendingPathComponent("")
        self.client = client
        self.index = index
        self.calendar = calendar
    }

    /// The mirror's page for `day`.
    public func pageURL(for day: APODDay) -> URL {
        URL(string: "ap\(day.compactForm).html", relativeTo: base)!.absoluteURL
    }

    /// What is known without a request: a kept translation, a fresh "none", or `nil`.
    public func stored(_ day: APODDay) -> TranslationLookup? {
        if let kept = memory.withLock({ $0.lookups[day] }) { return kept }
        return (try? index?.storedTranslation(for: day, now: calendar.currentDate)) ?? nil
    }

    /// The kept Chinese titles of the days `start` through `end`, without a request.
    public func storedTitles(from start: APODDay, through end: APODDay) -> [APODDay: String] {
        var titles = (try? index?.translatedTitles(from: start, through: end)) ?? [:]
        for (day, lookup) in memory.withLock({ $0.lookups }) where (start...end).contains(day) {
            if let title = lookup.translation?.title, !title.isEmpty { titles[day] = title }
        }
        return titles
    }

    /// The translation of `day`, from what is kept or from the mirror.
    /// - Throws: only `CancellationError`.
    public func translation(for day: APODDay) async throws -> TranslationLookup {
        if let stored = stored(day) { return stored }
        if let since = memory.withLock({ $0.unreachableSince }),
            calendar.currentDate.timeIntervalSince(since) < Self.unreachablePause
        {
            return .unreachable
        }
        let ticket = slots.ticket(priority: 0)
        try await slots.acquire(ticket)
        defer { slots.release() }
        if let stored = stored(day) { return stored }
        let lookup = try await fetch(day)
        remember(lookup, for: day)
        return lookup
    }

    private func fetch(_ day: APODDay) async throws -> TranslationLookup {
        let url = pageURL(for: day)
        let response: HTTPResponse
        do {
            response = try await client.get(url, maxBytes: Self.maxPageBytes)
        } catch is CancellationError {
            throw CancellationError()
        } catch APODError.imageTooLarge {
            return .untranslated
        } catch {
            try Task.checkCancellation()
            return .unreachable
        }
        if response.status == 404 || response.status == 410 { return .untranslated }
        guard response.isSuccess else { return .unreachable }
        guard response.body.count <= Self.maxPageBytes else { return .untranslated }
        let html = PageEncoding.decode(response.body, contentType: response.headers["content-type"])
        guard let page = ClassicPage(html: html, base: url),
            let translation = Translation(page: page, day: day, pageURL: url)
        else { return .untranslated }
        return .translated(translation)
    }

    private func remember(_ lookup: TranslationLookup, for day: APODDay) {
        let now = calendar.currentDate
        if case .unreachable = lookup {
            memory.withLock { $0.unreachableSince = now }
            return
        }
        memory.withLock { $0.unreachableSince = nil }
        if let index, (try? index.storeTranslation(lookup, for: day, now: now)) != nil { return }
        memory.withLock { $0.lookups[day] = lookup }
    }
}
