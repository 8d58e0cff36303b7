import Foundation

/// "On this day": the entries of one month and day in every year of the archive, oldest
/// first. Years the index has not seen are asked of the source (which indexes them), a few
/// at a time; once the archive is synced no request is made.
public enum OnThisDay {
    public static func entries(
        month: Int, day: Int, index: ArchiveIndex, source: any APODSource,
        calendar: ArchiveCalendar = ArchiveCalendar()
    ) async throws -> [APODEntry] {
        let days = (ArchiveCalendar.firstDay.year...calendar.today.year)
            .compactMap { APODDay(year: $0, month: month, day: day) }
            .filter { calendar.validRange.contains($0) }
        let missing = try days.filter { try index.entry(for: $0) == nil && !index.covers(from: $0, through: $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            var pending = missing[...]
            func startNext() {
                guard let next = pending.popFirst() else { return }
                group.addTask {
                    do {
                        try index.store([try await source.entry(for: next)].filter { $0.date == next })
                    } catch APODError.noEntry {}
                }
            }
            for _ in 0..<ArchiveSync.defaultConcurrency { startNext() }
            while try await group.next() != nil { startNext() }
        }
        return try index.onThisDay(month: month, day: day)
    }
}
