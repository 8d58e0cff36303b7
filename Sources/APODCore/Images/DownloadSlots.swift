import Foundation

/// A counting semaphore for downloads whose waiters leave by priority, then arrival order.
/// A waiter's priority can be raised while it queues, so a grid thumbnail that the main picture
/// also needs jumps ahead of the other thumbnails. Cancelling a waiting task removes it.
final class DownloadSlots: @unchecked Sendable {
    /// One request for a slot; its priority may change until it gets one.
    final class Ticket: @unchecked Sendable {
        fileprivate var priority: Int
        fileprivate let order: UInt64
        fileprivate var continuation: CheckedContinuation<Void, Error>?
        fileprivate var cancelled = false

        fileprivate init(priority: Int, order: UInt64) {
            self.priority = priority
            self.order = order
        }
    }

    let limit: Int
    private let lock = NSLock()
    private var running = 0
    private var queue: [Ticket] = []
    private var nextOrder: UInt64 = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// A ticket to pass to `acquire`, created before waiting so its priority can be raised.
    func ticket(priority: Int) -> Ticket {
        lock.withLock {
            nextOrder += 1
            return Ticket(priority: priority, order: nextOrder)
        }
    }

    /// Returns once a slot is held (call `release` afterwards); throws if the task is cancelled
    /// while waiting.
    func acquire(_ ticket: Ticket) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let granted: Bool? = lock.withLock {
                    if ticket.cancelled || Task.isCancelled { return nil }
                    if running < limit {
                        running += 1
                        return true
                    }
                    ticket.continuation = continuation
                    queue.append(ticket)
                    return false
                }
                switch granted {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Void, Error>? = lock.withLock {
                ticket.cancelled = true
                guard let index = queue.firstIndex(where: { $0 === ticket }) else { return nil }
                queue.remove(at: index)
                defer { ticket.continuation = nil }
                return ticket.continuation
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Raises a waiting ticket's priority (never lowers it).
    func raise(_ ticket: Ticket, to priority: Int) {
        lock.withLock { ticket.priority = max(ticket.priority, priority) }
    }

    /// Hands the slot to the most urgent waiter, or frees it.
    func release() {
        let next: CheckedContinuation<Void, Error>? = lock.withLock {
            guard let index = queue.indices.max(by: { lhs, rhs in
                let a = queue[lhs], b = queue[rhs]
                return a.priority != b.priority ? a.priority < b.priority : a.order > b.order
            }) else {
                running -= 1
                return nil
            }
            let ticket = queue.remove(at: index)
            defer { ticket.continuation = nil }
            return ticket.continuation
        }
        next?.resume()
    }

    /// Tickets waiting for a slot (lets tests sequence priorities).
    var waitingCount: Int { lock.withLock { queue.count } }
}
