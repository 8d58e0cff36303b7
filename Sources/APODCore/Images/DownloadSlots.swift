import Foundation
import Synchronization

/// A counting semaphore for downloads whose waiters leave by priority, then arrival order.
/// A waiter's priority can be raised while it queues, so a grid thumbnail that the main picture
/// also needs jumps ahead of the other thumbnails. Cancelling a waiting task removes it.
final class DownloadSlots: Sendable {
    /// One request for a slot; its priority may change until it gets one.
    final class Ticket: Sendable {
        fileprivate struct State {
            var priority: Int
            var continuation: CheckedContinuation<Void, Error>?
            var cancelled = false
        }

        fileprivate let order: UInt64
        /// Taken only inside the slots' own lock, or alone (`raise`): never the other way round.
        fileprivate let state: Mutex<State>

        fileprivate init(priority: Int, order: UInt64) {
            self.order = order
            state = Mutex(State(priority: priority))
        }

        fileprivate var priority: Int { state.withLock { $0.priority } }
    }

    private struct State {
        var running = 0
        var queue: [Ticket] = []
        var nextOrder: UInt64 = 0
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// A ticket to pass to `acquire`, created before waiting so its priority can be raised.
    func ticket(priority: Int) -> Ticket {
        let order = state.withLock { state in
            state.nextOrder += 1
            return state.nextOrder
        }
        return Ticket(priority: priority, order: order)
    }

    /// Returns once a slot is held (call `release` afterwards); throws if the task is cancelled
    /// while waiting.
    func acquire(_ ticket: Ticket) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let granted: Bool? = state.withLock { state in
                    if ticket.state.withLock({ $0.cancelled }) || Task.isCancelled { return nil }
                    if state.running < limit {
                        state.running += 1
                        return true
                    }
                    ticket.state.withLock { $0.continuation = continuation }
                    state.queue.append(ticket)
                    return false
                }
                switch granted {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Void, Error>? = state.withLock { state in
                ticket.state.withLock { $0.cancelled = true }
                guard let index = state.queue.firstIndex(where: { $0 === ticket }) else { return nil }
                state.queue.remove(at: index)
                return ticket.state.withLock { ticketState in
                    defer { ticketState.continuation = nil }
                    return ticketState.continuation
                }
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Raises a waiting ticket's priority (never lowers it).
    func raise(_ ticket: Ticket, to priority: Int) {
        ticket.state.withLock { $0.priority = max($0.priority, priority) }
    }

    /// Hands the slot to the most urgent waiter, or frees it.
    func release() {
        let next: CheckedContinuation<Void, Error>? = state.withLock { state in
            let queue = state.queue
            guard
                let index = queue.indices.max(by: { lhs, rhs in
                    let a = queue[lhs].priority
                    let b = queue[rhs].priority
                    return a != b ? a < b : queue[lhs].order > queue[rhs].order
                })
            else {
                state.running -= 1
                return nil
            }
            let ticket = state.queue.remove(at: index)
            return ticket.state.withLock { ticketState in
                defer { ticketState.continuation = nil }
                return ticketState.continuation
            }
        }
        next?.resume()
    }

    /// Tickets waiting for a slot (lets tests sequence priorities).
    var waitingCount: Int { state.withLock { $0.queue.count } }
}
