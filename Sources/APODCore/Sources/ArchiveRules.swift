import Foundation

/// What every network source applies around a service, in one place: which days may be asked
/// for, "today is not published yet", and which answers are believed.
///
/// A service that answers for another day than the one asked, or with a date outside the
/// archive, is broken or hostile: its answer is refused, never shown or cached under a wrong day.
struct ArchiveRules: Sendable {
    let calendar: ArchiveCalendar

    /// Throws `APODError.dateOutOfRange` unless both ends lie in the archive.
    func validate(_ start: APODDay, _ end: APODDay) throws {
        try calendar.validate(start)
        try calendar.validate(end)
    }

    /// The days an answer may carry: the first APOD through tomorrow in US Eastern time (a
    /// server whose clock runs ahead of New York may already serve the next day).
    var credibleDays: ClosedRange<APODDay> {
        ArchiveCalendar.firstDay...calendar.today.adding(days: 1)
    }

    /// `entry`, unless its date cannot be a real APOD day.
    func credible(_ entry: APODEntry) throws -> APODEntry {
        guard credibleDays.contains(entry.date) else {
            throw APODError.malformedResponse(detail: "an entry dated \(entry.date), outside the archive")
        }
        return entry
    }

    /// The entry for `day` from a day route (`fetch` answers nil for "nothing that day").
    /// Asking for today before it is published answers with the previous day, so callers
    /// must trust `entry.date`.
    func entry(for day: APODDay, fetch: (APODDay) async throws -> APODEntry?) async throws -> APODEntry {
        try calendar.validate(day)
        if let entry = try await fetch(day) { return entry }
        if day == calendar.today, let entry = try await fetch(day.adding(days: -1)) { return entry }
        throw APODError.noEntry(day)
    }

    /// A day route's answer, refused unless it carries the day asked for.
    func answer(_ entry: APODEntry, for day: APODDay) throws -> APODEntry {
        guard entry.date == day else {
            throw APODError.malformedResponse(detail: "the entry for \(entry.date) when \(day) was asked for")
        }
        return entry
    }
}
