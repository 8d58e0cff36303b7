import Foundation
import TestSupport
import XCTest

@testable import APODCore

/// A clock tests can move: ArchiveCalendar reads it on every call.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date

    /// Noon in New York on `day` (17:00 UTC in winter, 16:00 in summer is still the same day).
    init(day: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ArchiveCalendar.publishingTimeZone
        let parsed = APODDay(day)!
        instant = calendar.date(
            from: DateComponents(year: parsed.year, month: parsed.month, day: parsed.day, hour: 12))!
    }

    var now: Date { lock.withLock { instant } }

    func advance(_ seconds: TimeInterval) { lock.withLock { instant += seconds } }

    var calendar: ArchiveCalendar { ArchiveCalendar(now: { [self] in now }) }
}

/// Client settings that keep network tests fast: tiny backoff, short time-out.
enum TestHTTP {
    static func client(timeout: Int = 5, retries: Int = 2) -> HTTPClient {
        HTTPClient(timeout: timeout, retryPolicy: RetryPolicy(retries: retries, baseDelay: 0.005, maxDelay: 0.01))
    }
}

/// science.nasa.gov's `apod-basic` routes over the loopback server: the list route (newest
/// first, `per_page`, `page`, `date_from`/`date_to` as YYMMDD, `X-WP-Total`/`X-WP-TotalPages`,
/// WordPress's 400 past the last page), the `/YYMMDD` date route, `_fields=basic_html`,
/// WordPress 404 bodies. `override` answers first when it returns a response (faults, errors,
/// delays); `revised` gives a day's body before `entries` on both routes.
struct FakeScienceService {
    static let route = "/wp-json/wp/v2/apod-basic"
    static let invalidPage =
        #"{"code":"rest_post_invalid_page_number","message":"The page number requested is larger than the number of pages available.","data":{"status":400}}"#

    var entries: [String: String]
    var videoPages: [String: String] = [:]
    var delay: TimeInterval = 0
    var override: (@Sendable (FakeRequest) -> FakeResponse?)?
    var revised: (@Sendable (_ day: String) -> String?)?
    /// The list route as first reported: `date_from`/`date_to` make no difference.
    var ignoresDateFilter = false
    /// Whether the list route sends `X-WP-Total` / `X-WP-TotalPages`.
    var announcesPages = true
    /// Days the service has no entry for at the moment, though `entries` has one (a day it
    /// publishes later): left out of lists, 404 `apod_basic_not_found` on the date route.
    var lacks: (@Sendable (_ day: String) -> Bool)?

    func start() throws -> (FakeHTTPServer, URL) {
        let service = self
        let server = try FakeHTTPServer { service.respond(to: $0) }
        return (server, server.baseURL.appendingPathComponent(String(Self.route.dropFirst())))
    }

    func respond(to request: FakeRequest) -> FakeResponse {
        if let answer = override?(request) { return answer }
        var response = answer(request)
        response.delay = delay
        return response
    }

    private func body(_ day: String) -> String? {
        revised?(day) ?? entries[day]
    }

    private func answer(_ request: FakeRequest) -> FakeResponse {
        if request.path == Self.route { return list(request.query) }
        guard request.path.hasPrefix(Self.route + "/"),
            let day = Self.day(compact: String(request.path.dropFirst(Self.route.count + 1)))
        else {
            return .json(ScienceFixtures.noRoute, status: 404)
        }
        if Self.asksForPages(request.query) { return .json(page(day)) }
        guard lacks?(day) != true, let body = body(day) else { return .json(ScienceFixtures.notFound, status: 404) }
        return .json(body)
    }

    private func list(_ query: [String: String]) -> FakeResponse {
        let perPage = max(1, Int(query["per_page"] ?? "25") ?? 25)
        let page = max(1, Int(query["page"] ?? "1") ?? 1)
        var days = entries.keys.filter { lacks?($0) != true }.sorted(by: >)
        if !ignoresDateFilter {
            if let from = query["date_from"].flatMap(Self.day(compact:)) { days = days.filter { $0 >= from } }
            if let to = query["date_to"].flatMap(Self.day(compact:)) { days = days.filter { $0 <= to } }
        }
        let pages = (days.count + perPage - 1) / perPage
        guard page == 1 || page <= pages else { return .json(Self.invalidPage, status: 400) }
        let listed = days.dropFirst((page - 1) * perPage).prefix(perPage)
        let shown = Self.asksForPages(query) ? listed.map(self.page) : listed.compactMap(body)
        let headers = announcesPages ? ["X-WP-Total": String(days.count), "X-WP-TotalPages": String(pages)] : [:]
        return .json("[" + shown.joined(separator: ",") + "]", headers: headers)
    }

    /// `_fields` names `basic_html`: the entries' pages are asked for (a video's player).
    static func asksForPages(_ query: [String: String]) -> Bool {
        query["_fields"]?.split(separator: ",").contains("basic_html") == true
    }

    /// `{"date":…,"basic_html":…}` from `videoPages` (an empty page for other days).
    private func page(_ day: String) -> String {
        let stored =
            videoPages[day].flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) } as? [String: Any]
        let object: [String: Any] = ["date": day, "basic_html": stored?["basic_html"] ?? ""]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// `YYMMDD` → `YYYY-MM-DD` (95–99 are the 1990s).
    static func day(compact: String) -> String? {
        guard compact.count == 6, let yy = Int(compact.prefix(2)) else { return nil }
        let year = yy >= 95 ? 1900 + yy : 2000 + yy
        return "\(year)-\(compact.dropFirst(2).prefix(2))-\(compact.suffix(2))"
    }
}

/// NASA's v1 API over the loopback server: `date`, `start_date`/`end_date` (optionally cut to
/// `maxRange` items like the 2026 pass-through), `count` (optionally short), the backend and
/// gateway error shapes, and rate-limit headers counting down.
final class FakeLegacyService: @unchecked Sendable {
    static let route = "/planetary/apod"

    let entries: [String: String]
    let validKey: String
    var maxRange = Int.max
    var countShortfall = 0
    var today: String
    var override: (@Sendable (FakeRequest) -> FakeResponse?)?
    private let lock = NSLock()
    private var remaining = 30

    init(entries: [String: String], validKey: String = "DEMO_KEY", today: String) {
        self.entries = entries
        self.validKey = validKey
        self.today = today
    }

    func start() throws -> (FakeHTTPServer, URL) {
        let server = try FakeHTTPServer { [self] in respond(to: $0) }
        return (server, server.baseURL.appendingPathComponent(String(Self.route.dropFirst())))
    }

    private func respond(to request: FakeRequest) -> FakeResponse {
        if let answer = override?(request) { return answer }
        guard request.path == Self.route else { return .html("<h1>Not Found</h1>", status: 404) }
        guard let key = request.query["api_key"] else { return .json(LegacyFixtures.gatewayKeyMissing, status: 403) }
        guard key == validKey else { return .json(LegacyFixtures.gatewayKeyInvalid, status: 403) }
        let left = lock.withLock { () -> Int in
            remaining -= 1
            return remaining
        }
        var response = answer(request.query)
        response.headers["X-RateLimit-Limit"] = "30"
        response.headers["X-RateLimit-Remaining"] = String(left)
        return response
    }

    private func answer(_ query: [String: String]) -> FakeResponse {
        if let count = query["count"] {
            guard let n = Int(count), (1...100).contains(n) else {
                return .json(
                    #"{"code":400,"msg":"Count must be positive and cannot exceed 100","service_version":"v1"}"#,
                    status: 400)
            }
            let picks = entries.keys.shuffled().prefix(max(1, n - countShortfall)).map { entries[$0]! }
            return .json("[" + picks.joined(separator: ",") + "]")
        }
        if let start = query["start_date"] {
            let end = query["end_date"] ?? today
            let days = entries.keys.filter { $0 >= start && $0 <= end }.sorted().prefix(maxRange)
            return .json("[" + days.map { entries[$0]! }.joined(separator: ",") + "]")
        }
        let day = query["date"] ?? today
        guard APODDay(day) != nil else { return .json(LegacyFixtures.backendBadDate, status: 400) }
        if day > today {
            return .json(
                #"{"code":400,"msg":"Date must be between Jun 16, 1995 and \#(today).","service_version":"v1"}"#,
                status: 400)
        }
        guard let body = entries[day] else {
            return .json(
                #"{"code":404,"msg":"No data available for date: \#(day)","service_version":"v1"}"#, status: 404)
        }
        return .json(body)
    }
}

extension Array where Element == FakeRequest {
    /// How many requests went to `path`.
    func count(path: String) -> Int { filter { $0.path == path }.count }
}

/// Holds fake-service answers until the test opens it, so a test can see what arrived before
/// the rest was let through. A wait also ends after `limit`, so a broken test cannot hang;
/// `passed` counts the answers let through either way.
final class AnswerGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var opened = false
    private var through = 0

    var passed: Int { condition.withLock { through } }

    func open() {
        condition.withLock {
            opened = true
            condition.broadcast()
        }
    }

    func wait(limit: TimeInterval = 3) {
        let deadline = Date().addingTimeInterval(limit)
        condition.withLock {
            while !opened, condition.wait(until: deadline) {}
            through += 1
        }
    }
}

/// Counts what the fake services were asked, across the server's connection threads.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The number of this request, from 1.
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

extension APODDay {
    /// The day a science date-route request names, if it is one.
    static func asked(by request: FakeRequest) -> APODDay? {
        guard request.path.hasPrefix(FakeScienceService.route + "/"),
            let compact = request.path.split(separator: "/").last,
            let text = FakeScienceService.day(compact: String(compact))
        else { return nil }
        return APODDay(text)
    }
}

/// Fails unless `body` throws `APODError.malformedResponse`: a broken or hostile answer.
func assertMalformed<T>(_ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async {
    do {
        let value = try await body()
        XCTFail("expected malformedResponse, got \(value)", file: file, line: line)
    } catch APODError.malformedResponse {
    } catch {
        XCTFail("expected malformedResponse, got \(error)", file: file, line: line)
    }
}
