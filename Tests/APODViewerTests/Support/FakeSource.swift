import APODCore
import Foundation

/// An in-memory `APODSource` standing in for a service in window tests: fixed entries, an
/// optional failure, and a log of what was asked. Entries point their pictures at a
/// `FakeHTTPServer`, so picture bytes still travel over (loopback) HTTP.
final class FakeSource: APODSource, @unchecked Sendable {
    var syncWindowDays: Int { 31 }
    var rateLimit: RateLimit? { nil }
    private let lock = NSLock()
    private var entriesByDay: [APODDay: APODEntry]
    private var players: [APODDay: URL] = [:]
    private var unusable: Set<APODDay> = []
    private var failure: APODError?
    private var randomBatch: [APODEntry]
    private var log: [String] = []
    private var answerDelay: TimeInterval = 0
    private var latestDelay: TimeInterval = 0
    private var streamGap: TimeInterval?
    private var streamLimit: Int?
    private var yielded = 0
    private var cancelled = 0

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

    /// What `withVideoAddresses` fills in: the player of each video day (a service that keeps
    /// it out of its lists, as science.nasa.gov does).
    func setPlayers(_ players: [APODDay: URL]) {
        lock.withLock { self.players = players }
    }

    /// Days `rangeAnswer` reports as unusable.
    func setUnusable(_ days: Set<APODDay>) {
        lock.withLock { unusable = days }
    }

    func setRandom(_ entries: [APODEntry]) {
        lock.withLock { randomBatch = entries }
    }

    /// Every answer takes `seconds` (a slow service); cancelling the caller ends the wait.
    func setAnswerDelay(_ seconds: TimeInterval) {
        lock.withLock { answerDelay = seconds }
    }

    /// `latest()` alone takes `seconds` more (the main window loads while the grid fills).
    func setLatestDelay(_ seconds: TimeInterval) {
        lock.withLock { latestDelay = seconds }
    }

    /// `randomStream` yields one entry every `gap` seconds, and stops after `limit` entries
    /// when given (a batch that could not be completed). Without a gap it streams the batch at
    /// once.
    func setStreaming(gap: TimeInterval?, limit: Int? = nil) {
        lock.withLock {
            streamGap = gap
            streamLimit = limit
        }
    }

    /// How many entries `randomStream` has yielded so far.
    var yieldedCount: Int { lock.withLock { yielded } }
    /// How many streams their consumer cancelled before they finished.
    var cancelledStreams: Int { lock.withLock { cancelled } }

    private func record(_ request: String) async throws {
        let delay = try lock.withLock {
            log.append(request)
            if let failure { throw failure }
            return answerDelay
        }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
    }

    func latest() async throws -> APODEntry {
        try await record("latest")
        let delay = lock.withLock { latestDelay }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        return try lock.withLock {
            guard let newest = entriesByDay.keys.max() else { throw APODError.nothingOffline }
            return entriesByDay[newest]!
        }
    }

    func entry(for day: APODDay) async throws -> APODEntry {
        try await record("entry \(day)")
        return try lock.withLock {
            guard let entry = entriesByDay[day] else { throw APODError.noEntry(day) }
            return entry
        }
    }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await record("entries \(start) \(end)")
        return lock.withLock {
            entriesByDay.values.filter { (start...end).contains($0.date) }.sorted { $0.date < $1.date }
        }
    }

    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        RangeAnswer(
            entries: try await entries(from: start, through: end),
            unusableDays: lock.withLock { unusable.filter { (start...end).contains($0) } })
    }

    /// Logged as `videos 2020-12-17` for each video asked about.
    func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] {
        let videos = entries.filter(\.lacksVideoAddress)
        guard !videos.isEmpty else { return entries }
        try await record("videos " + videos.map(\.date.description).joined(separator: " "))
        return lock.withLock {
            entries.map { entry in
                var entry = entry
                if entry.lacksVideoAddress { entry.videoURL = players[entry.date] }
                return entry
            }
        }
    }

    func random(count: Int) async throws -> [APODEntry] {
        try await record("random \(count)")
        return lock.withLock { Array(randomBatch.prefix(count)) }
    }

    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let entries = try await random(count: count)
                    let (gap, limit) = lock.withLock { (streamGap, streamLimit) }
                    for entry in entries.prefix(limit ?? entries.count) {
                        if let gap { try await Task.sleep(nanoseconds: UInt64(gap * 1_000_000_000)) }
                        lock.withLock { yielded += 1 }
                        continuation.yield(entry)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { [weak self] termination in
                task.cancel()
                if case .cancelled = termination { self?.lock.withLock { self?.cancelled += 1 } }
            }
        }
    }
}
