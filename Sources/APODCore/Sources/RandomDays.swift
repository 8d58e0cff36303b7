import Foundation

/// A random batch from a service that serves one day per request (science.nasa.gov):
/// distinct random days, `concurrency` requests in flight, each entry handed on as it arrives.
///
/// A day that is missing or fails is replaced by another random day, within `budget` days
/// tried in all; the batch ends early once failures show that the service itself is out, or
/// when its first round of requests got no answer at all. It fails only when not one entry
/// arrived, with the most telling error.
struct RandomDays: Sendable {
    let count: Int
    let days: ClosedRange<APODDay>
    let concurrency: Int
    /// One day's entry; nil when nothing was published that day.
    let fetchDay: @Sendable (APODDay) async throws -> APODEntry?

    /// Days tried at most: twice the count plus ten leaves room for gaps and failed days.
    var budget: Int { count * 2 + 10 }

    func run(yield: (APODEntry) -> Void) async throws {
        guard count > 0 else { return }
        var tried = Set<APODDay>()
        var found = Set<APODDay>()
        // Two waves of failures in a row: the service is out, not one unlucky day.
        var failures = BatchFailures(limit: 2 * concurrency, firstRound: min(concurrency, count))
        try await withThrowingTaskGroup(of: Result<APODEntry?, APODError>.self) { group in
            var running = 0
            func startMore() {
                while running < concurrency, found.count + running < count, tried.count < budget,
                    failures.mayStart(afterStarting: tried.count),
                    let day = DayFetching.randomDays(1, in: days, excluding: tried).first
                {
                    tried.insert(day)
                    running += 1
                    group.addTask { [fetchDay] in
                        do {
                            return .success(try await fetchDay(day))
                        } catch let error as APODError {
                            return .failure(error)
                        }
                    }
                }
            }
            startMore()
            while let outcome = try await group.next() {
                running -= 1
                switch outcome {
                case .success(let entry?):
                    failures.recordSuccess()
                    if found.insert(entry.date).inserted { yield(entry) }
                case .success(nil):
                    failures.recordNoEntry()
                case .failure(let error):
                    failures.record(error)
                }
                startMore()
            }
        }
        // Nothing but 404s: the service is not serving the archive right now.
        if found.isEmpty { throw failures.mostTelling ?? APODError.serviceError(status: 404) }
    }
}
