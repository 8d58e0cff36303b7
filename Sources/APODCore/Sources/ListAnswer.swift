import Foundation

/// A list answer read item by item (a legacy range or random pick, a page of science.nasa.gov's
/// list route): the usable entries, and the items that could not be used, by date when theirs
/// could be read. One bad item must not fail the list, nor pass for a day without a picture.
struct ListAnswer: Sendable {
    var entries: [APODEntry] = []
    /// Days whose item arrived unusable (no title, a placeholder): maybe fixed tomorrow.
    var unusableDays: Set<APODDay> = []
    /// An item whose date could not be read, or lies outside the archive: it may stand for any
    /// day, so no unanswered day is certain to be a gap.
    var hasUndatedItem = false
    /// Two items for one day: an answer that repeats itself may have left others out.
    var hasRepeatedDay = false
    /// Fewer items came than the answer announced (`X-WP-Total`): it was cut off, so a day
    /// it does not list may be one it lost.
    var isCutOff = false

    init() {}

    /// - Parameter isPlaceholder: entries that stand in for a real one; they count as unusable.
    /// - Throws: `APODError.malformedResponse` when items came but not one could be read or
    ///   even dated: a broken answer must not pass for days without pictures.
    init(
        objects: [[String: Any]], rules: ArchiveRules, decode: ([String: Any]) throws -> APODEntry,
        isPlaceholder: (APODEntry) -> Bool = { _ in false }
    ) throws {
        let credible = rules.credibleDays
        var readable = 0
        var seen = Set<APODDay>()
        for object in objects {
            do {
                let entry = try decode(object)
                guard credible.contains(entry.date) else {
                    hasUndatedItem = true
                    continue
                }
                readable += 1
                if !seen.insert(entry.date).inserted { hasRepeatedDay = true }
                if isPlaceholder(entry) { unusableDays.insert(entry.date) } else { entries.append(entry) }
            } catch APODError.unusableEntry(let date?) where APODDay(date).map(credible.contains) == true {
                readable += 1
                if !seen.insert(APODDay(date)!).inserted { hasRepeatedDay = true }
                unusableDays.insert(APODDay(date)!)
            } catch {
                hasUndatedItem = true
            }
        }
        if readable == 0, !objects.isEmpty {
            throw APODError.malformedResponse(detail: "a list without one usable entry")
        }
    }

    /// Every day the answer speaks of, usable or not.
    var answeredDays: Set<APODDay> { Set(entries.map(\.date)).union(unusableDays) }

    mutating func add(_ other: ListAnswer) {
        if !answeredDays.isDisjoint(with: other.answeredDays) { hasRepeatedDay = true }
        entries += other.entries
        unusableDays.formUnion(other.unusableDays)
        hasUndatedItem = hasUndatedItem || other.hasUndatedItem
        hasRepeatedDay = hasRepeatedDay || other.hasRepeatedDay
        isCutOff = isCutOff || other.isCutOff
    }

    /// What the answer says about `start…end`: its entries there, distinct and ascending, and
    /// its unusable days there. After an undated item, a day given twice, an item from
    /// outside the range or a cut-off answer, every day without an entry is uncertain: such an
    /// answer may have left days out, which must not pass for days without a picture.
    func range(from start: APODDay, through end: APODDay) -> RangeAnswer {
        let given = entries.filter { (start...end).contains($0.date) }
        let inRange = Self.distinctAscending(given)
        var unusable = unusableDays.filter { (start...end).contains($0) }
        let hasStray = answeredDays.contains { !(start...end).contains($0) }
        if hasUndatedItem || hasRepeatedDay || hasStray || isCutOff {
            let answered = Set(inRange.map(\.date))
            unusable = Set(DayFetching.days(from: start, through: end).filter { !answered.contains($0) })
        }
        return RangeAnswer(entries: inRange, unusableDays: unusable, conflictingDays: Self.conflictingDays(given))
    }

    /// The days given more than once with different content.
    static func conflictingDays<S: Sequence>(_ entries: S) -> Set<APODDay> where S.Element == APODEntry {
        var first: [APODDay: APODEntry] = [:]
        var conflicting = Set<APODDay>()
        for entry in entries {
            if let earlier = first[entry.date] {
                if earlier != entry { conflicting.insert(entry.date) }
            } else {
                first[entry.date] = entry
            }
        }
        return conflicting
    }

    /// One entry a day (the last one given wins), ascending.
    static func distinctAscending<S: Sequence>(_ entries: S) -> [APODEntry] where S.Element == APODEntry {
        var byDay: [APODDay: APODEntry] = [:]
        for entry in entries { byDay[entry.date] = entry }
        return byDay.values.sorted { $0.date < $1.date }
    }
}
