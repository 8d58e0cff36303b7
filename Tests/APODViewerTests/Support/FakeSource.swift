import APODCore
import Foundation

/// An in-memory `APODSource` standing in for a service in window tests: fixed entries, an
/// optional failure, and a log of what was asked. Entries point their pictures at a
/// `FakeHTTPServer`, so picture bytes still travel over (loopback) HTTP.
final class FakeSource: APODSource, @unchecked Sendable {
    private let lock = NSLock()
    private var entriesByDay: [APODDay: APODEntry]
    private var failure: APODError?
    private var randomBatch: [APODEntry]
    private var log: [String] = []

    /// What was asked, in order: `latest`, `entry 2020-12-17`, `random 20`.
    var requests: [String] { lock.withLock { log } }

    init(entries: [APODEntry], random: [APODEntry] = []) {
        entriesByDay = Dictionary(entries.map { ($0.date, $0) }, uniquingKeysWith: { $1 })
        randomBatch = random
    }

    /// Every call fails with `error` until set back to nil.
    func setFailure(_ error: APODError?) {
        lock.withLock { failure = error }
    }

    func setRandom(_ entries: [APODEntry]) {
        lock.withLock { randomBatch = entries }
    }

    private func record(_ request: String) throws {
        try lock.withLock {
            log.append(request)
            if let failure { throw failure }
        }
    }

    func latest() async throws -> APODEntry {
        try record("latest")
        return try lock.withLock {
            guard let newest = entriesByDay.keys.max() else { throw APODError.nothingOffline }
            return entriesByDay[newest]!
        }
    }

    func entry(for day: APODDay) async throws -> APODEntry {
        try record("entry \(day)")
        return try lock.withLock {
            guard let entry = entriesByDay[day] else { throw APODError.noEntry(day) }
            return entry
        }
    }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try record("entries \(start) \(end)")
        return lock.withLock {
            entriesByDay.values.filter { (start...end).contains($0.date) }.sorted { $0.date < $1.date }
        }
    }

    func random(count: Int) async throws -> [APODEntry] {
        try record("random \(count)")
        return lock.withLock { Array(randomBatch.prefix(count)) }
    }
}
