import Foundation

/// The live service: science.nasa.gov's keyless WordPress route `…/wp-json/wp/v2/apod-basic`.
///
/// A day comes from the `/YYMMDD` route, the latest from the list route with `per_page=1`.
/// Responses are trimmed with `_fields=`; a video's player is read from `basic_html` only when
/// needed. There is no range or random route, so those fetch single days, six at a time.
public final class ScienceSource: APODSource {
    public let apiURL: URL
    private let client: HTTPClient
    private let calendar: ArchiveCalendar
    private let concurrency: Int

    /// - Parameter concurrency: requests in flight for ranges and random picks; six is polite to
    ///   the service and within the HTTP session's per-host connection limit.
    public init(apiURL: URL = SourceConfiguration.scienceURL, client: HTTPClient,
                calendar: ArchiveCalendar = ArchiveCalendar(), concurrency: Int = 6) {
        self.apiURL = apiURL
        self.client = client
        self.calendar = calendar
        self.concurrency = max(1, concurrency)
    }

    public func latest() async throws -> APODEntry {
        let response = try await client.getMetadata(url(query: [("per_page", "1"), ("_fields", ScienceEntryDecoder.fields)]))
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response) }
        guard let first = try JSONFields.objects(in: response.body).first else {
            throw APODError.malformedResponse(detail: "empty list")
        }
        return try await completed(ScienceEntryDecoder.entry(from: first))
    }

    /// A 404 for today means "not published yet": the previous day is returned instead.
    public func entry(for day: APODDay) async throws -> APODEntry {
        try calendar.validate(day)
        if let entry = try await fetch(day) { return entry }
        if day == calendar.today, let previous = try await fetch(day.adding(days: -1)) { return previous }
        throw APODError.noEntry(day)
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    /// An unusable day is left out of the entries, like a missing one, but reported as such.
    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try calendar.validate(start)
        try calendar.validate(end)
        let found = try await DayFetching.fetch(DayFetching.days(from: start, through: end), concurrency: concurrency) {
            [self] day in try await fetchListed(day)
        }
        return RangeAnswer(entries: Self.distinctAscending(found.values.compactMap(\.entry)),
                           unusableDays: Set(found.filter { $0.value.entry == nil }.keys))
    }

    /// Distinct random days, skipping unpublished ones and topping up until `count` are found
    /// or a bounded number of days (twice the count plus ten) has been tried.
    public func random(count: Int) async throws -> [APODEntry] {
        guard count > 0 else { return [] }
        var tried = Set<APODDay>()
        var found: [APODDay: APODEntry] = [:]
        let budget = count * 2 + 10
        while found.count < count, tried.count < budget {
            let wanted = min(count - found.count, budget - tried.count)
            let days = DayFetching.randomDays(wanted, in: calendar.validRange, excluding: tried)
            if days.isEmpty { break }
            tried.formUnion(days)
            let batch = try await DayFetching.fetch(days, concurrency: concurrency) { [self] day in try await fetchListed(day) }
            for case .entry(let entry) in batch.values { found[entry.date] = entry }
        }
        // Every day tried answered 404: the service is not serving the archive right now.
        guard !found.isEmpty else { throw APODError.serviceError(status: 404) }
        return Array(found.values.shuffled().prefix(count))
    }

    /// One day from the date route; `nil` when the service answers 404.
    private func fetch(_ day: APODDay) async throws -> APODEntry? {
        let response = try await client.getMetadata(url(path: day.compactForm, query: [("_fields", ScienceEntryDecoder.fields)]))
        if response.status == 404 { return nil }
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response) }
        guard let object = try JSONFields.objects(in: response.body).first else {
            throw APODError.malformedResponse(detail: "empty answer for \(day)")
        }
        return try await completed(ScienceEntryDecoder.entry(from: object))
    }

    /// A day of a list: its entry, or an entry that could not be used, which must not fail
    /// the whole list; nil when nothing was published.
    private enum ListedDay: Sendable {
        case entry(APODEntry)
        case unusable

        var entry: APODEntry? {
            if case .entry(let entry) = self { return entry }
            return nil
        }
    }

    private func fetchListed(_ day: APODDay) async throws -> ListedDay? {
        do {
            return try await fetch(day).map(ListedDay.entry)
        } catch APODError.unusableEntry {
            return .unusable
        }
    }

    /// Adds a video's player URL, read from the entry's `basic_html` (fetched only for videos).
    /// The entry is still usable without it, so failures other than cancellation are ignored.
    private func completed(_ entry: APODEntry) async throws -> APODEntry {
        guard entry.mediaType == .video, entry.videoURL == nil else { return entry }
        var entry = entry
        do {
            let response = try await client.getMetadata(url(path: entry.date.compactForm, query: [("_fields", "basic_html")]))
            if response.isSuccess, let object = try JSONFields.objects(in: response.body).first,
               let html = JSONFields(object: object).text("basic_html") {
                entry.videoURL = ScienceEntryDecoder.videoURL(inPage: html)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {}
        if entry.thumbnailURL == nil { entry.thumbnailURL = entry.videoURL.flatMap(WebURL.youTubeThumbnail(for:)) }
        return entry
    }

    private func url(path: String? = nil, query: [(String, String)]) -> URL {
        var base = apiURL
        if let path { base = base.appendingPathComponent(path) }
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.queryItems = (components.queryItems ?? []) + query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url!
    }

    static func distinctAscending<S: Sequence>(_ entries: S) -> [APODEntry] where S.Element == APODEntry {
        var byDay: [APODDay: APODEntry] = [:]
        for entry in entries { byDay[entry.date] = entry }
        return byDay.values.sorted { $0.date < $1.date }
    }
}
