import APODCore
import Foundation
import LoopbackServer
import Synchronization

/// science.nasa.gov's `apod-basic` routes over the tests' loopback server, serving a
/// `SyntheticArchive`: the `/YYMMDD` date route, and the list route with `date_from`/`date_to`,
/// `per_page` (≤ 100, default 25) and `page`, with WordPress's `X-WP-Total`/`X-WP-TotalPages`.
/// `_fields` naming `basic_html` gets each entry's page with the fields asked for; otherwise
/// every entry comes with the fields the app asks for (and no page, as `_fields` trims it).
///
/// Unchecked only for `server`, written once in `init` (its handler needs `self`) and never
/// again; the rest is immutable or behind its `Mutex`.
final class SyntheticScienceService: @unchecked Sendable {
    static let route = "/wp-json/wp/v2/apod-basic"

    private let byDay: [APODDay: String]
    private let ascending: [(day: APODDay, json: String)]
    private let videoDays: Set<APODDay>
    private let bytes = Mutex(0)
    private var server: FakeHTTPServer!

    init(archive: SyntheticArchive) throws {
        ascending = archive.bodies
        byDay = Dictionary(uniqueKeysWithValues: archive.bodies.map { ($0.day, $0.json) })
        videoDays = archive.videoDays
        server = try FakeHTTPServer { [unowned self] request in respond(to: request) }
    }

    var routeURL: URL { server.baseURL.appendingPathComponent(String(Self.route.dropFirst())) }
    var requestCount: Int { server.requests.count }
    /// Every request so far, oldest first.
    var requests: [FakeRequest] { server.requests }
    var megabytesServed: Double { bytes.withLock { Double($0) / 1_000_000 } }
    /// Requests so far for entries' pages (`_fields` naming `basic_html`): a video's player.
    var videoPageRequests: Int {
        server.requests.filter { $0.query["_fields"]?.split(separator: ",").contains("basic_html") == true }.count
    }

    func stop() { server.stop() }

    private func respond(to request: FakeRequest) -> FakeResponse {
        let response = answer(request)
        bytes.withLock { $0 += response.body.count }
        return response
    }

    private func answer(_ request: FakeRequest) -> FakeResponse {
        let notFound = FakeResponse.json(
            #"{"code":"apod_basic_not_found","message":"Not found","data":{"status":404}}"#, status: 404)
        if request.path == Self.route {
            let from = request.query["date_from"].flatMap(Self.day(compact:)) ?? ArchiveCalendar.firstDay
            let to = request.query["date_to"].flatMap(Self.day(compact:)) ?? APODDay(year: 2100, month: 1, day: 1)!
            let perPage = min(100, max(1, Int(request.query["per_page"] ?? "25") ?? 25))
            let page = max(1, Int(request.query["page"] ?? "1") ?? 1)
            let matching = ascending.filter { $0.day >= from && $0.day <= to }.reversed()
            let pages = max(1, (matching.count + perPage - 1) / perPage)
            let slice = matching.dropFirst((page - 1) * perPage).prefix(perPage).map { trimmed($0, request) }
            return .json(
                "[" + slice.joined(separator: ",") + "]",
                headers: ["X-WP-Total": String(matching.count), "X-WP-TotalPages": String(pages)])
        }
        guard request.path.hasPrefix(Self.route + "/"),
            let day = Self.day(compact: String(request.path.dropFirst(Self.route.count + 1))),
            let body = byDay[day]
        else { return notFound }
        return .json(trimmed((day, body), request))
    }

    /// The entry as `_fields` asks for it: with its `basic_html` page when that is named.
    private func trimmed(_ entry: (day: APODDay, json: String), _ request: FakeRequest) -> String {
        guard let fields = request.query["_fields"]?.split(separator: ",").map(String.init),
            fields.contains("basic_html"),
            var object = (try? JSONSerialization.jsonObject(with: Data(entry.json.utf8))) as? [String: Any]
        else {
            return entry.json
        }
        object["basic_html"] = SyntheticArchive.basicHTML(for: entry.day, isVideo: videoDays.contains(entry.day))
        object = object.filter { fields.contains($0.key) }
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// `YYMMDD` (95–99 are the 1990s).
    static func day(compact: String) -> APODDay? {
        guard compact.count == 6, let number = Int(compact) else { return nil }
        let yy = number / 10_000
        return APODDay(year: yy >= 95 ? 1900 + yy : 2000 + yy, month: number / 100 % 100, day: number % 100)
    }
}
