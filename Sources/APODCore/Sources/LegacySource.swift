import Foundation

/// NASA's v1 API: `api.nasa.gov/planetary/apod` or a self-hosted copy of nasa/apod-api.
///
/// The key travels as `api_key` (self-hosted servers read only the query) and is never put in
/// an error message: any echo of it in a service message is blanked. `thumbs=true` asks for
/// video stills. The pass-through in front of api.nasa.gov cuts ranges to 25 entries and
/// returns fewer random entries than asked, so both are continued with follow-up requests.
public final class LegacySource: APODSource, @unchecked Sendable {
    public let apiURL: URL
    private let apiKey: String
    private let client: HTTPClient
    private let calendar: ArchiveCalendar
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var lastRateLimit: RateLimit?

    /// Follow-up requests allowed for a truncated range or a short random answer.
    private static let followUps = 20

    public init(apiURL: URL = SourceConfiguration.legacyURL, apiKey: String = SourceConfiguration.demoKey,
                client: HTTPClient, calendar: ArchiveCalendar = ArchiveCalendar()) {
        self.apiURL = apiURL
        let trimmed = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.apiKey = trimmed.isEmpty ? SourceConfiguration.demoKey : trimmed
        self.client = client
        self.calendar = calendar
    }

    /// `X-RateLimit-Limit` / `X-RateLimit-Remaining` from the last answer that carried them.
    public var rateLimit: RateLimit? {
        lock.withLock { lastRateLimit }
    }

    /// The server's own "today"; if that is not published yet, the previous Eastern day.
    public func latest() async throws -> APODEntry {
        if let entry = try await request([]).entries.first { return entry }
        return try await entry(for: calendar.today)
    }

    /// A 404 for today means "not published yet": the previous day is returned instead.
    public func entry(for day: APODDay) async throws -> APODEntry {
        try calendar.validate(day)
        do {
            if let entry = try await request([("date", day.description)]).entries.first { return entry }
        } catch APODError.requestRejected(400, let message) where day == calendar.today && message.contains("Date must be between") {
            // The server's clock is still on yesterday: same as not published yet.
        }
        if day == calendar.today, let previous = try await request([("date", day.adding(days: -1).description)]).entries.first {
            return previous
        }
        throw APODError.noEntry(day)
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    /// Unusable items are left out but reported; one whose date cannot be read either makes
    /// every unanswered day of the range uncertain, so none is taken for a gap.
    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try calendar.validate(start)
        try calendar.validate(end)
        guard start <= end else { return RangeAnswer(entries: []) }
        var collected: [APODEntry] = []
        var unusable = Set<APODDay>()
        var undated = false
        var next = start
        for _ in 0...Self.followUps {
            let batch = try await request([("start_date", next.description), ("end_date", end.description)])
            collected += batch.entries
            unusable.formUnion(batch.unusableDays)
            undated = undated || batch.hasUndatedItem
            guard let last = (batch.entries.map(\.date) + batch.unusableDays).max(), last < end, last >= next else { break }
            next = last.adding(days: 1)
        }
        let entries = ScienceSource.distinctAscending(collected.filter { (start...end).contains($0.date) })
        if undated {
            let answered = Set(entries.map(\.date))
            unusable = Set(DayFetching.days(from: start, through: end).filter { !answered.contains($0) })
        }
        return RangeAnswer(entries: entries, unusableDays: unusable.filter { (start...end).contains($0) })
    }

    public func random(count: Int) async throws -> [APODEntry] {
        guard count > 0 else { return [] }
        var found: [APODDay: APODEntry] = [:]
        for _ in 0...Self.followUps where found.count < count {
            let batch = try await request([("count", String(min(100, count - found.count)))]).entries
            if batch.isEmpty { break }
            for entry in batch { found[entry.date] = entry }
        }
        return Array(found.values.shuffled().prefix(count))
    }

    /// Since the 2026 move, api.nasa.gov sometimes answers with a NASA logo titled
    /// "NASA Science" instead of the entry asked for.
    static func isPlaceholder(_ entry: APODEntry) -> Bool {
        entry.title.caseInsensitiveCompare("NASA Science") == .orderedSame
    }

    /// What one call gave: the usable entries, and for lists the items left out as unusable
    /// (placeholders included), by date when theirs could be read.
    private struct Answer {
        var entries: [APODEntry]
        var unusableDays: Set<APODDay> = []
        var hasUndatedItem = false
    }

    /// One call; no entries for a 404 ("No data available for date").
    private func request(_ parameters: [(String, String)]) async throws -> Answer {
        var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false)!
        let items = [("api_key", apiKey)] + parameters + [("thumbs", "true")]
        components.queryItems = (components.queryItems ?? []) + items.map { URLQueryItem(name: $0.0, value: $0.1) }
        let response = try await client.getMetadata(components.url!)
        if let limit = RateLimit(headers: response.headers) {
            lock.withLock { lastRateLimit = limit }
        }
        if response.status == 404, !response.isHTML { return Answer(entries: []) }
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response, redacting: apiKey) }
        let objects = try JSONFields.objects(in: response.body)
        // A single day must decode (its error names the date); in lists, unusable items are skipped.
        let asksForOneDay = !parameters.contains { $0.0 == "start_date" || $0.0 == "count" }
        if asksForOneDay {
            // Only a 404 means "no picture that day"; an empty answer is a broken one.
            guard let object = objects.first else { throw APODError.malformedResponse(detail: "an empty list for one day") }
            let entry = try LegacyEntryDecoder.entry(from: object)
            if Self.isPlaceholder(entry) { throw APODError.malformedResponse(detail: "placeholder instead of an entry") }
            return Answer(entries: [entry])
        }
        var answer = Answer(entries: [])
        var decoded = 0
        for object in objects {
            do {
                let entry = try LegacyEntryDecoder.entry(from: object)
                decoded += 1
                if Self.isPlaceholder(entry) { answer.unusableDays.insert(entry.date) } else { answer.entries.append(entry) }
            } catch {
                if case APODError.unusableEntry(let date?) = error, let day = APODDay(date) {
                    answer.unusableDays.insert(day)
                } else {
                    answer.hasUndatedItem = true
                }
            }
        }
        // Not one usable item: the answer is broken, and must not pass for days without pictures.
        if decoded == 0, !objects.isEmpty { throw APODError.malformedResponse(detail: "a list without one usable entry") }
        return answer
    }
}
