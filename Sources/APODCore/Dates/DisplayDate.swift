import Foundation

/// The date as APOD itself prints it: `2020 Dec. 17`, `2021 May 5`, `2021 Jan. 5`.
/// Abbreviated English months with a period (May has none), independent of the user's locale.
public enum DisplayDate {
    private static let months = [
        "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.",
        "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec.",
    ]

    public static func string(for day: APODDay) -> String {
        "\(day.year) \(months[day.month - 1]) \(day.day)"
    }
}

extension APODDay {
    /// `2020 Dec. 17`; see `DisplayDate`.
    public var displayString: String { DisplayDate.string(for: self) }
}
