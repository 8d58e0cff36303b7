import Foundation

/// Which APOD day a link points at, when it points at one: the archive's own pages
/// (`https://apod.nasa.gov/apod/ap240101.html`, also `http`, `www.` and the relative
/// `ap240101.html` the pages use among themselves) and the new site's permalinks
/// (`https://science.nasa.gov/apod/2024/01/01/slug/` and the short `…/apod/240101`). The viewer
/// opens such a day itself instead of sending the user to the browser.
public enum APODDayLink {
    /// Where relative links in explanations are read from: the legacy archive pages.
    public static let archiveBase = URL(string: "https://apod.nasa.gov/apod/")!

    /// The day `url` opens, or nil when it is not a link to an APOD day.
    public static func day(of url: URL) -> APODDay? {
        guard let scheme = url.scheme?.lowercased() else { return day(ofRelative: url.relativeString) }
        guard scheme == "http" || scheme == "https", let rawHost = url.host?.lowercased() else { return nil }
        let host = rawHost.hasPrefix("www.") ? String(rawHost.dropFirst(4)) : rawHost
        let parts = url.path.split(separator: "/").map(String.init)
        switch host {
        case "apod.nasa.gov":
            guard parts.count == 2, parts[0] == "apod" else { return nil }
            return archivePageDay(parts[1])
        case "science.nasa.gov":
            guard parts.first == "apod" else { return nil }
            if parts.count >= 4, let day = numericDay(parts[1], parts[2], parts[3]) { return day }
            if parts.count == 2 { return compactDay(parts[1]) }
            return nil
        default:
            return nil
        }
    }

    /// The day an address as written in an explanation opens: absolute, or relative to the
    /// legacy archive (`ap240101.html`).
    public static func day(of address: String) -> APODDay? {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed) else { return nil }
        return day(of: url)
    }

    private static func day(ofRelative path: String) -> APODDay? {
        let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        guard !name.contains("/") else { return nil }
        return archivePageDay(name)
    }

    /// `apYYMMDD.html` (or `.htm`).
    private static func archivePageDay(_ name: String) -> APODDay? {
        let lower = name.lowercased()
        guard lower.hasPrefix("ap") else { return nil }
        let stem: Substring
        if lower.hasSuffix(".html") {
            stem = lower.dropFirst(2).dropLast(5)
        } else if lower.hasSuffix(".htm") {
            stem = lower.dropFirst(2).dropLast(4)
        } else {
            return nil
        }
        return compactDay(String(stem))
    }

    /// `YYMMDD`: 95–99 are 1995–1999, 00–94 are 2000–2094 (the archive's own naming).
    private static func compactDay(_ text: String) -> APODDay? {
        guard text.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let digits = Array(text)
        guard let yy = Int(String(digits[0...1])), let month = Int(String(digits[2...3])),
            let day = Int(String(digits[4...5]))
        else { return nil }
        return inArchive(APODDay(year: yy >= 95 ? 1900 + yy : 2000 + yy, month: month, day: day))
    }

    private static func numericDay(_ year: String, _ month: String, _ day: String) -> APODDay? {
        guard year.count == 4, month.count == 2, day.count == 2,
            let y = Int(year), let m = Int(month), let d = Int(day)
        else { return nil }
        return inArchive(APODDay(year: y, month: m, day: d))
    }

    private static func inArchive(_ day: APODDay?) -> APODDay? {
        guard let day, day >= ArchiveCalendar.firstDay else { return nil }
        return day
    }
}
