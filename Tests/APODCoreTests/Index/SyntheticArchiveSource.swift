import Foundation

@testable import APODCore

/// An in-memory archive with an entry for every day from 1995-06-16 to `today`, except the
/// real gaps, answering ranges the way a service would. Counts its calls, and can be told to
/// misbehave (`answer`), to fail, or to stop answering after some ranges (`gate`).
final class SyntheticArchiveSource: APODSource, @unchecked Sendable {
    static let gaps: Set<APODDay> = ["1995-06-17", "1995-06-18", "1995-06-19", "2020-06-10"].map { APODDay($0)! }
        .reduce(into: []) { $0.insert($1) }

    /// The science route's page, as a sync window.
    static let windowDays = 25
    var syncWindowDays: Int { Self.windowDays }
    var rateLimit: RateLimit? { nil }

    let calendar: ArchiveCalendar
    private let lock = NSLock()
    private var ranges: [ClosedRange<APODDay>] = []
    private var others: [String] = []
    private var inFlight = 0
    private(set) var maxInFlight = 0
    /// Rewrites a range's answer (duplicates, strays, an empty page…).
    var answer: (@Sendable (ClosedRange<APODDay>, [APODEntry]) -> [APODEntry])?
    /// Ranges answered before every further one waits until the task is cancelled.
    var answersBeforeStall: Int?
    var failure: APODError?

    init(calendar: ArchiveCalendar) {
        self.calendar = calendar
    }

    static func entry(_ day: APODDay) -> APODEntry {
        APODEntry(
            date: day, title: "Picture of \(day)", explanation: "An explanation for day \(day.ordinal).",
            copyright: day.day == 1 ? "First Of Month" : nil,
            imageURL: URL(string: "https://example.org/\(day).jpg"))
    }

    var published: [APODDay] {
        DayFetching.days(from: ArchiveCalendar.firstDay, through: calendar.today).filter { !Self.gaps.contains($0) }
    }

    var rangeCalls: [ClosedRange<APODDay>] { lock.withLock { ranges } }
    var otherCalls: [String] { lock.withLock { others } }
    var requestCount: Int { lock.withLock { ranges.count + others.count } }

    func rangeAnswer(from start: APODDay, through end: APODDay) async throws -> RangeAnswer {
        let (stall, failure, isFirst) = lock.withLock { () -> (Bool, APODError?, Bool) in
            ranges.append(start...end)
            inFlight += 1
            maxInFlight = max(maxInFlight, inFlight)
            return (answersBeforeStall.map { ranges.count > $0 } ?? false, self.failure, ranges.count == 1)
        }
        defer { lock.withLock { inFlight -= 1 } }
        // The first window waits (up to 2 s) for a second to start, so concurrency is observable
        // even when a loaded machine runs the batch's tasks one after another.
        if isFirst {
            let deadline = Date().addingTimeInterval(2)
            while lock.withLock({ inFlight }) < 2, Date() < deadline, !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
        }
        await Task.yield()
        if stall {
            while !Task.isCancelled { try? await Task.sleep(nanoseconds: 2_000_000) }
            throw CancellationError()
        }
        if let failure { throw failure }
        let entries = DayFetching.days(from: start, through: end).filter { !Self.gaps.contains($0) }.map(Self.entry)
        return RangeAnswer(entries: answer?(start...end, entries) ?? entries)
    }

    func entries(from start: APODDay, through end: APODDay) async throws -> [APODEntry] {
        try await rangeAnswer(from: start, through: end).entries
    }

    func latest() async throws -> APODEntry {
        lock.withLock { others.append("latest") }
        return Self.entry(calendar.today)
    }

    func entry(for day: APODDay) async throws -> APODEntry {
        lock.withLock { others.append("entry \(day)") }
        guard !Self.gaps.contains(day) else { throw APODError.noEntry(day) }
        return Self.entry(day)
    }

    func random(count: Int) async throws -> [APODEntry] {
        lock.withLock { others.append("random \(count)") }
        return Array(published.shuffled().prefix(count).map(Self.entry))
    }

    func randomStream(count: Int) -> AsyncThrowingStream<APODEntry, Error> {
        .producing { [self] yield in try await random(count: count).forEach(yield) }
    }

    func withVideoAddresses(_ entries: [APODEntry]) async throws -> [APODEntry] { entries }
}
