import Foundation

/// The date as APOD itself prints it: `2020 Dec. 17`, `2021 May 5`, `2021 Jan. 5`.
/// Abbreviated English months with a period (May has none). Translations supply their own
/// pattern (Traditional Chinese: `2020年12月17日`) instead of relying on the C library's
/// locale data, which differs between systems.
public enum DisplayDate {
    /// Read at each call, so the catalogue bound at start-up applies.
    private static var months: [String] {
        [
            tr("Jan."), tr("Feb."), tr("Mar."), tr("Apr."), tr("May"), tr("Jun."),
            tr("Jul."), tr("Aug."), tr("Sep."), tr("Oct."), tr("Nov."), tr("Dec."),
        ]
    }

    public static func string(for day: APODDay) -> String {
        // Translators: {year} 2020, {month} the abbreviated month (Dec.), {month-number} 12, {day} 17.
        tr(
            "{year} {month} {day}",
            [
                "year": String(day.year), "month": months[day.month - 1],
                "month-number": String(day.month), "day": String(day.day),
            ])
    }

    /// The month and day without the year, in the same style (`Feb. 29`, `2月29日`), for days
    /// that may not exist and so cannot be an `APODDay`.
    public static func monthDay(month: Int, day: Int) -> String {
        // Translators: {month} the abbreviated month (Feb.), {month-number} 2, {day} 29.
        tr(
            "{month} {day}",
            ["month": months[min(max(month, 1), 12) - 1], "month-number": String(month), "day": String(day)])
    }
}

extension DisplayDate {
    /// A month's full name (`May`, `五月`), 1–12.
    public static func monthName(_ month: Int) -> String {
        let names = [
            tr("January"), tr("February"), tr("March"), tr("April"), tr("May"), tr("June"),
            tr("July"), tr("August"), tr("September"), tr("October"), tr("November"), tr("December"),
        ]
        return names[min(max(month, 1), 12) - 1]
    }

    /// A month and its year written out (`May 2019`), for the archive wall's headings.
    public static func month(_ month: ArchiveMonth) -> String {
        // Translators: {month} the month's full name (May), {month-number} 5, {year} 2019.
        return tr(
            "{month} {year}",
            [
                "month": monthName(month.month),
                "month-number": String(month.month), "year": String(month.year),
            ])
    }
}

extension APODDay {
    /// `2020 Dec. 17`; see `DisplayDate`.
    public var displayString: String { DisplayDate.string(for: self) }

    /// `displayString` with no-break spaces, for a date inside a sentence that may wrap: it
    /// never breaks as "1995 / Jun. 17".
    public var unbreakableDisplayString: String {
        displayString.replacingOccurrences(of: " ", with: "\u{00A0}")
    }
}
