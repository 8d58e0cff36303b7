import Foundation
import Synchronization

/// NASA's v1 API: `api.nasa.gov/planetary/apod` or a self-hosted copy of nasa/apod-api.
///
/// The key travels as `api_key` (self-hosted servers read only the query) and is never put in
/// an error message: any echo of it in a service message is blanked. `thumbs=true` asks for
/// video stills. The pass-through in front of api.nasa.gov cuts ranges to 25 entries and
/// returns fewer random entries than asked, so both are continued with follow-up requests.
public final class LegacySource: APODSource, Sendable {
    public let apiURL: URL
    private let apiKey: String
    private let client: HTTPClient
    private let calendar: ArchiveCalendar
    private let rules: ArchiveRules
    private let lastRateLimit = Mutex<RateLimit?>(nil)

    /// Follow-up requests allowed for a truncated range or a short random answer.
    private static let followUps = 20
    /// Random picks failing in a row that end a batch: each one costs quota (DEMO_KEY: 30 an hour).
    private static let failedPicksInARow = 3

    public init(
        apiURL: URL = SourceConfiguration.legacyURL, apiKey: String = SourceConfiguration.demoKey,
        client: HTTPClient, calendar: ArchiveCalendar = ArchiveCalendar()
    ) {
        self.apiURL = apiURL
        let trimmed = apiKey.trimmingCharacters(in: .whitespacesAndNewlines)
        self.apiKey = trimmed.isEmpty ? SourceConfiguration.demoKey : trimmed
        self.client = client
        self.calendar = calendar
        self.rules = ArchiveRules(calendar: calendar)
    }

    /// `X-RateLimit-Limit` / `X-RateLimit-Remaining` from the last answer that carried them.
    public var rateLimit: RateLimit? {
        lastRateLimit.withLock { $0 }
    }

    /// Any range is one request, but nasa/apod-api builds its answer from each day's archive
    /// page in turn, so a long range can outlast the request time-out; a month's worth stays
    /// well inside it (and is two requests where api.nasa.gov cuts ranges to 25).
    public var syncWindowDays: Int { 31 }

    /// The server's own "today"; if that is not published yet, the previous Eastern day.
    public func latest() async throws -> APODEntry {
        if let entry = try await day(nil) { return entry }
        return try await entry(for: calendar.today)
    }

    /// A 404 for today means "not published yet": the previous day is returned instead. So does
    /// a server whose clock is still on yesterday (it refuses today as out of range).
    public func entry(for day: APODDay) async throws -> APODEntry {
        try await rules.entry(for: day) { [self] asked in
            do {
                return try await self.day(asked)
            } catch APODError.requestRejected(400, let message)
                where asked == calendar.today && message.contains("Date must be between")
            {
                return nil
            }
        }
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    /// Unusable items are left out but reported; one whose date cannot be read makes every
    /// unanswered day of the range uncertain, so none is taken for a gap.
    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try rules.validate(start, end)
        guard start <= end else { return RangeAnswer(entries: []) }
        var collected = ListAnswer()
        var next = start
        for _ in 0...Self.followUps {
            let batch = try await list([("start_date", next.description), ("end_date", end.description)])
            collected.add(batch)
            guard let last = batch.answeredDays.max(), last < end, last >= next else { break }
            next = last.adding(days: 1)
        }
        return collected.range(from: start, through: end)
    }

    public func random(count: Int) async throws -> [APODEntry] {
        try await randomStream(count: count).collected()
    }

    /// `count=` answers a whole batch at once; its entries are handed on as soon as it is read,
    /// and short or failed answers are followed up until `count` distinct days arrived.
    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { [self] yield in
            var found = Set<APODDay>()
            var failures = BatchFailures(limit: Self.failedPicksInARow, firstRound: 1)
            for _ in 0...Self.followUps where found.count < count && !failures.shouldStop {
                let batch: ListAnswer
                do {
                    batch = try await list([("count", String(min(100, count - found.count)))])
                } catch let error as APODError {
                    failures.record(error)
                    // Every pick is the same request: only a transient failure may pass next time.
                    if error.isTransient { continue } else { break }
                }
                failures.recordSuccess()
                if batch.entries.isEmpty { break }
                for entry in batch.entries where found.count < count && found.insert(entry.date).inserted {
                    yield(entry)
                }
            }
            guard found.isEmpty, count > 0 else { return }
            throw failures.mostTelling ?? APODError.malformedResponse(detail: "no usable entry in a random pick")
        }
    }

    /// The v1 API gives a video's player as its `url`: nothing is left to fetch.
    public func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] { entries }

    /// Since the 2026 move, api.nasa.gov sometimes answers with a NASA logo titled
    /// "NASA Science" instead of the entry asked for.
    static func isPlaceholder(_ entry: APODEntry) -> Bool {
        entry.title.caseInsensitiveCompare("NASA Science") == .orderedSame
    }

    /// One day (`nil`: the server's today); nil for a 404 ("No data available for date").
    /// Only a 404 means "no picture that day": an empty answer is a broken one, and so is an
    /// entry for another day than the one asked for.
    private func day(_ day: APODDay?) async throws -> APODEntry? {
        guard let objects = try await request(day.map { [("date", $0.description)] } ?? []) else { return nil }
        guard let object = objects.first else { throw APODError.malformedResponse(detail: "an empty list for one day") }
        let entry = try rules.credible(LegacyEntryDecoder.entry(from: object))
        if Self.isPlaceholder(entry) { throw APODError.malformedResponse(detail: "placeholder instead of an entry") }
        guard let day else { return entry }
        return try rules.answer(entry, for: day)
    }

    /// A range or random pick; unusable items (placeholders included) are skipped and reported.
    private func list(_ parameters: [(String, String)]) async throws -> ListAnswer {
        guard let objects = try await request(parameters) else { return ListAnswer() }
        return try ListAnswer(
            objects: objects, rules: rules, decode: { try LegacyEntryDecoder.entry(from: $0) },
            isPlaceholder: Self.isPlaceholder)
    }

    /// One call: the JSON objects answered, nil for a 404.
    private func request(_ parameters: [(String, String)]) async throws -> [[String: Any]]? {
        var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false)!
        let items = [("api_key", apiKey)] + parameters + [("thumbs", "true")]
        components.queryItems = (components.queryItems ?? []) + items.map { URLQueryItem(name: $0.0, value: $0.1) }
        let response = try await client.getMetadata(components.url!)
        if let limit = RateLimit(headers: response.headers) {
            lastRateLimit.withLock { $0 = limit }
        }
        if response.status == 404, !response.isHTML { return nil }
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response, redacting: apiKey) }
        return try JSONFields.objects(in: response.body)
    }
}
