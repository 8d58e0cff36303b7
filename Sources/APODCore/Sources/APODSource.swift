import Foundation

/// A place APOD entries come from. The viewer and the `apod` command only ever talk to this.
///
/// Every method throws `APODError`. Callers should trust `entry.date`, not the date they asked
/// for: asking for today before it is published answers with the previous day.
public protocol APODSource: Sendable {
    /// The most recent published entry.
    func latest() async throws -> APODEntry
    /// The entry for one day; `APODError.noEntry` when nothing was published that day.
    func entry(for day: APODDay) async throws -> APODEntry
    /// Every entry from `start` through `end`, ascending; days without an entry are skipped.
    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry]
    /// `count` distinct random entries.
    func random(count: Int) async throws -> [APODEntry]
}
