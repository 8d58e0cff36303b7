import Foundation
import Synchronization

/// Work waiting for the main thread, first in, first out. Any thread may add work; the main
/// thread drains it in slices of at most `budget`, so one burst of results (a grid of 100
/// thumbnails arriving at once) is spread over several frames instead of holding up drawing.
final class MainThreadQueue: Sendable {
    typealias Work = @Sendable @MainActor () -> Void

    /// How long one `drain` may keep running work once it has run the first item.
    let budget: TimeInterval
    private let now: @Sendable () -> TimeInterval
    private struct Queue {
        var pending: [Work] = []
        /// Index of the next item to run in `pending`; the array is compacted when it empties.
        var head = 0
    }

    private let queue = Mutex(Queue())

    /// - Parameter now: a monotonic clock in seconds (tests pass a fake one).
    init(budget: TimeInterval, now: @escaping @Sendable () -> TimeInterval = MainThreadQueue.monotonicNow) {
        self.budget = budget
        self.now = now
    }

    static func monotonicNow() -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    }

    /// Items waiting to run.
    var count: Int { queue.withLock { $0.pending.count - $0.head } }

    /// Adds `work` behind everything already queued. Returns true when the queue was empty, i.e.
    /// when whoever drains it has to be woken.
    @discardableResult
    func append(_ work: @escaping Work) -> Bool {
        queue.withLock { queue in
            queue.pending.append(work)
            return queue.pending.count - queue.head == 1
        }
    }

    /// Runs queued work in order until the queue is empty or `budget` has passed since the
    /// drain began; the first item always runs. Work queued by the work itself runs in the
    /// same drain if time allows. Returns whether work is left.
    @MainActor
    func drain() -> Bool {
        let deadline = now() + budget
        while let work = next() {
            work()
            if now() >= deadline { return count > 0 }
        }
        return false
    }

    private func next() -> Work? {
        queue.withLock { queue in
            guard queue.head < queue.pending.count else { return nil }
            let work = queue.pending[queue.head]
            queue.head += 1
            if queue.head == queue.pending.count {
                queue.pending.removeAll(keepingCapacity: queue.pending.count <= 256)
                queue.head = 0
            }
            return work
        }
    }
}
