import APODCore
import Foundation
import LoopbackServer

/// science.nasa.gov's `apod-basic` routes, shaped as the science source reads them, for the
/// grid rows: every archive day has an image entry whose `hdurl` is picture `day.ordinal` on the
/// bench's picture server. The date route (`/YYMMDD`), the list route (newest first, `per_page`,
/// `page`, `date_from`/`date_to`, `X-WP-Total(Pages)`) and `_fields=basic_html` answer.
///
/// The list route's newest entry, which the main window shows at start-up, has no picture
/// unless `latestHasPicture`, so a grid row measures the grid and not the main window's HD
/// picture beside it.
struct ScienceRoute: Sendable {
    static let path = "/wp-json/wp/v2/apod-basic"

    let pictures: URL
    let flavour: Flavour
    var latestHasPicture = false
    let calendar = ArchiveCalendar()

    func respond(to request: FakeRequest) -> FakeResponse {
        if request.path == Self.path { return list(request.query) }
        guard request.path.hasPrefix(Self.path + "/"),
            let day = Self.day(compact: String(request.path.dropFirst(Self.path.count + 1))),
            calendar.validRange.contains(day)
        else {
            return .json(
                #"{"code":"apod_basic_not_found","message":"No APOD found.","data":{"status":404}}"#, status: 404)
        }
        if request.query["_fields"] == "basic_html" { return .json(#"{"basic_html":""}"#) }
        return .json(entry(day))
    }

    private func list(_ query: [String: String]) -> FakeResponse {
        let perPage = min(100, max(1, query["per_page"].flatMap(Int.init) ?? 25))
        let page = max(1, query["page"].flatMap(Int.init) ?? 1)
        let filtered = query["date_from"] != nil || query["date_to"] != nil
        let from = query["date_from"].flatMap(Self.day(compact:)) ?? ArchiveCalendar.firstDay
        let to = min(query["date_to"].flatMap(Self.day(compact:)) ?? calendar.today, calendar.today)
        let total = max(0, to.ordinal - from.ordinal + 1)
        let newest = to.ordinal - (page - 1) * perPage
        let days = stride(from: newest, to: max(from.ordinal - 1, newest - perPage), by: -1).map(APODDay.init(ordinal:))
        let bodies = days.map { day in
            !filtered && day == calendar.today && !latestHasPicture ? latestWithoutPicture(day) : entry(day)
        }
        return .json(
            "[" + bodies.joined(separator: ",") + "]",
            headers: ["X-WP-Total": String(total), "X-WP-TotalPages": String((total + perPage - 1) / perPage)])
    }

    private func entry(_ day: APODDay) -> String {
        let query = flavour == .science ? "?w=\(Flavour.fullSizeWidth)&h=2731&fit=clip" : ""
        let hdurl = "\(pictures.absoluteString)\(flavour.pathPrefix)\(day.ordinal).jpg\(query)"
        return """
            {"date":"\(day)","title":"Bench sky \(day.compactForm)","media_type":"image",\
            "explanation":"<strong>Explanation: </strong>A generated sky for the bench.",\
            "credit":"<strong>Image Credit:</strong> apod-bench","copyright":"",\
            "alt":"A generated sky","permalink":"https://science.nasa.gov/apod/bench/\(day.compactForm)/",\
            "url":"https://science.nasa.gov/apod/bench/\(day.compactForm)/","hdurl":"\(hdurl)"}
            """
    }

    private func latestWithoutPicture(_ day: APODDay) -> String {
        #"{"date":"\#(day)","title":"Bench day without a picture","media_type":"other","explanation":"","hdurl":null}"#
    }

    /// `YYMMDD` → the day (95–99 are the 1990s).
    private static func day(compact: String) -> APODDay? {
        guard compact.count == 6, let number = Int(compact) else { return nil }
        let yy = number / 10_000
        return APODDay(year: yy >= 95 ? 1900 + yy : 2000 + yy, month: number / 100 % 100, day: number % 100)
    }
}
