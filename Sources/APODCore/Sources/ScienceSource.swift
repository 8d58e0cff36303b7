import Foundation

/// The live service: science.nasa.gov's keyless WordPress route `…/wp-json/wp/v2/apod-basic`.
///
/// A day comes from the `/YYMMDD` route, the latest from the list route with `per_page=1`,
/// a range from the list route filtered with `date_from` / `date_to` (a page per 25 days; one
/// day at a time if the service ignores the filter). Responses are trimmed with `_fields=`; a
/// video's player is read from its `basic_html` page only when asked for
/// (`withVideoAddresses`). There is no random route, so random picks fetch single days. At most
/// `concurrency` requests are in flight.
public final class ScienceSource: APODSource {
    public let apiURL: URL
    private let client: HTTPClient
    private let calendar: ArchiveCalendar
    private let rules: ArchiveRules
    private let concurrency: Int

    /// Entries per page of the list route: WordPress allows up to 100, the feed's guide 25.
    static let pageSize = 25

    /// - Parameter concurrency: requests in flight for ranges and random picks; six is polite to
    ///   the service and within the HTTP session's per-host connection limit.
    public init(
        apiURL: URL = SourceConfiguration.scienceURL, client: HTTPClient,
        calendar: ArchiveCalendar = ArchiveCalendar(), concurrency: Int = 6
    ) {
        self.apiURL = apiURL
        self.client = client
        self.calendar = calendar
        self.rules = ArchiveRules(calendar: calendar)
        self.concurrency = max(1, concurrency)
    }

    /// One page of the list route: a window of that many days is one request when the
    /// service honours the date filter.
    public var syncWindowDays: Int { Self.pageSize }

    /// science.nasa.gov reports no quota.
    public var rateLimit: RateLimit? { nil }

    public func latest() async throws -> APODEntry {
        let response = try await client.getMetadata(
            url(query: [("per_page", "1"), ("_fields", ScienceEntryDecoder.fields)]))
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response) }
        guard let first = try JSONFields.objects(in: response.body).first else {
            throw APODError.malformedResponse(detail: "empty list")
        }
        return try rules.credible(ScienceEntryDecoder.entry(from: first))
    }

    /// A 404 for today means "not published yet": the previous day is returned instead.
    public func entry(for day: APODDay) async throws -> APODEntry {
        try await rules.entry(for: day) { [self] asked in try await fetch(asked) }
    }

    public func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    /// An unusable day is left out of the entries, like a missing one, but reported as such.
    public func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        try rules.validate(start, end)
        guard start <= end else { return RangeAnswer(entries: []) }
        if let listed = try await listedRange(from: start, through: end) {
            return listed.range(from: start, through: end)
        }
        return try await rangeByDay(from: start, through: end)
    }

    public func random(count: Int) async throws -> [APODEntry] {
        try await randomStream(count: count).collected()
    }

    /// Distinct random days, each entry handed on as it arrives; see `RandomDays` for how
    /// missing and failed days are replaced.
    public func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        let picker = RandomDays(count: count, days: calendar.validRange, concurrency: concurrency) { [self] day in
            do {
                return try await fetch(day)
            } catch APODError.unusableEntry {
                return nil
            }
        }
        return .producing { yield in try await picker.run(yield: yield) }
    }

    // MARK: Ranges

    /// The range through the list route, page by page; nil when the service ignores the
    /// filter (an item from outside the window) or refuses it, so the caller asks day by day
    /// instead. Only the dates tell: a page count past what the window can fill
    /// (`X-WP-TotalPages: 1000000000000`) or a page longer than asked for is no reason to ask
    /// 25 times as often; pages are followed no further than the window can fill.
    private func listedRange(from start: APODDay, through end: APODDay) async throws -> ListAnswer? {
        let window = start...end
        let pagesNeeded = (end.ordinal - start.ordinal) / Self.pageSize + 1
        guard let first = try await listPage(1, of: window) else { return nil }
        var answer = first.answer
        var items = first.itemCount
        if let announced = first.totalPages {
            let total = min(max(1, announced), pagesNeeded)
            let rest = try await DayFetching.fetch(
                Array(stride(from: 2, through: total, by: 1)), concurrency: concurrency
            ) {
                [self] page in try await listPage(page, of: window)
            }
            guard rest.count == max(0, total - 1) else { return nil }
            rest.values.forEach {
                answer.add($0.answer)
                items += $0.itemCount
            }
        } else {
            // No page count announced: follow full pages, no further than the window can fill.
            var last = first
            var page = 1
            while last.isFull, page < pagesNeeded {
                page += 1
                guard let next = try await listPage(page, of: window) else { return nil }
                answer.add(next.answer)
                items += next.itemCount
                last = next
            }
        }
        // A total the window could hold that more items were announced than came: cut off.
        // (A total past the window's days says nothing: the headers are not to be trusted.)
        if let total = first.totalItems, total <= end.ordinal - start.ordinal + 1, items < total {
            answer.isCutOff = true
        }
        return answer
    }

    /// One page of the list route and what it says about the filter.
    private struct ListPage: Sendable {
        var answer: ListAnswer
        /// `X-WP-TotalPages`, when sent.
        var totalPages: Int?
        /// `X-WP-Total`, when sent: the items of every page.
        var totalItems: Int? = nil
        /// Items on this page, usable or not.
        var itemCount = 0
        var isFull: Bool
    }

    /// nil when the filter is ignored or refused: a day outside `window`, or a 4xx.
    /// A page past the last (WordPress answers 400 `rest_post_invalid_page_number`) is empty.
    private func listPage(_ page: Int, of window: ClosedRange<APODDay>) async throws -> ListPage? {
        let response = try await client.getMetadata(
            url(query: [
                ("date_from", window.lowerBound.compactForm), ("date_to", window.upperBound.compactForm),
                ("per_page", String(Self.pageSize)), ("page", String(page)), ("_fields", ScienceEntryDecoder.fields),
            ]))
        if response.status == 400, ServiceErrorBody(response.body)?.code == "rest_post_invalid_page_number" {
            return ListPage(answer: ListAnswer(), totalPages: nil, isFull: false)
        }
        if (400..<500).contains(response.status), response.status != 429 { return nil }
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response) }
        let objects = try JSONFields.objects(in: response.body)
        let answer = try ListAnswer(objects: objects, rules: rules, decode: ScienceEntryDecoder.entry(from:))
        guard answer.answeredDays.allSatisfy(window.contains) else { return nil }
        func header(_ name: String) -> Int? {
            response.headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return ListPage(
            answer: answer, totalPages: header("x-wp-totalpages"), totalItems: header("x-wp-total"),
            itemCount: objects.count, isFull: objects.count >= Self.pageSize)
    }

    /// One request per day, for a service that does not filter its list.
    private func rangeByDay(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        let found = try await DayFetching.fetch(DayFetching.days(from: start, through: end), concurrency: concurrency) {
            [self] day in try await fetchListed(day)
        }
        return RangeAnswer(
            entries: ListAnswer.distinctAscending(found.values.compactMap(\.entry)),
            unusableDays: Set(found.filter { $0.value.entry == nil }.keys))
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

    // MARK: Single days

    /// One day from the date route; `nil` when the service answers 404. An answer for another
    /// day is refused.
    private func fetch(_ day: APODDay) async throws -> APODEntry? {
        let response = try await client.getMetadata(
            url(path: day.compactForm, query: [("_fields", ScienceEntryDecoder.fields)]))
        if response.status == 404 { return nil }
        guard response.isSuccess else { throw ServiceErrorBody.error(for: response) }
        guard let object = try JSONFields.objects(in: response.body).first else {
            throw APODError.malformedResponse(detail: "empty answer for \(day)")
        }
        return try rules.answer(ScienceEntryDecoder.entry(from: object), for: day)
    }

    // MARK: Video players

    /// Videos whose days lie within one page's span (25 days) cost one list request for their
    /// pages (`_fields=date,basic_html`, tens of KB each), a lone video its date route; so a
    /// window of a sync or a month of `apod range` pays at most one request for its videos.
    public func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] {
        let videos = Set(entries.filter(\.lacksVideoAddress).map(\.date)).sorted()
        guard !videos.isEmpty else { return entries }
        let found = try await DayFetching.fetch(Self.spans(of: videos, days: Self.pageSize), concurrency: concurrency) {
            [self] span in try await players(in: span)
        }
        let byDay = found.values.reduce(into: [APODDay: URL]()) { $0.merge($1) { first, _ in first } }
        return entries.map { entry in
            guard entry.lacksVideoAddress, let player = byDay[entry.date] else { return entry }
            var entry = entry
            entry.videoURL = player
            if entry.thumbnailURL == nil { entry.thumbnailURL = WebURL.youTubeThumbnail(for: player) }
            return entry
        }
    }

    /// `days` (ascending) cut into spans of at most `length` days, each from a day in the list.
    static func spans(of days: [APODDay], days length: Int) -> [ClosedRange<APODDay>] {
        var spans: [ClosedRange<APODDay>] = []
        for day in days {
            if let last = spans.last, day.ordinal - last.lowerBound.ordinal < length {
                spans[spans.count - 1] = last.lowerBound...day
            } else {
                spans.append(day...day)
            }
        }
        return spans
    }

    /// The players in the pages of the days of `span`, by day. The entry is usable without
    /// its player, so failures other than cancellation leave it out.
    private func players(in span: ClosedRange<APODDay>) async throws -> [APODDay: URL]? {
        let fields = ("_fields", "date,basic_html,basic_html_url")
        let address =
            span.lowerBound == span.upperBound
            ? url(path: span.lowerBound.compactForm, query: [fields])
            : url(query: [
                ("date_from", span.lowerBound.compactForm), ("date_to", span.upperBound.compactForm),
                ("per_page", String(Self.pageSize)), fields,
            ])
        do {
            let response = try await client.getMetadata(address)
            guard response.isSuccess else { return nil }
            var players: [APODDay: URL] = [:]
            for object in try JSONFields.objects(in: response.body) {
                let fields = JSONFields(object: object)
                // A day's own route may leave its date out; a list item must name it.
                let single = span.lowerBound == span.upperBound && fields.text("date") == nil ? span.lowerBound : nil
                guard let day = fields.day() ?? single, span.contains(day), let html = fields.text("basic_html"),
                    let player = ScienceEntryDecoder.videoURL(
                        inPage: html, base: WebURL.normalize(fields.text("basic_html_url")))
                else { continue }
                players[day] = players[day] ?? player
            }
            return players
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return nil
        }
    }

    private func url(path: String? = nil, query: [(String, String)]) -> URL {
        var base = apiURL
        if let path { base = base.appendingPathComponent(path) }
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.queryItems = (components.queryItems ?? []) + query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url!
    }
}
