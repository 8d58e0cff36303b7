import Foundation
import GtkKit
import Synchronization

/// Runs picture decoding on a few threads of its own, one per core by default, the picture
/// asked for first before the others.
///
/// Decoding blocks a thread for tens of milliseconds. Done in Swift's cooperative pool (one
/// thread per core) it would stall every other task, downloads included; unbounded it would
/// oversubscribe the cores and hold many full-size buffers at once. Work whose task is
/// cancelled while it waits for a thread is skipped; work already running is handed the
/// task's `Cancellable`, which the decoders check between pieces.
///
/// Work runs in `Ticket` order. A picture decoded while it downloads takes a ticket when it
/// is asked for and runs all its pieces under it, so the first picture of a grid finishes
/// first instead of every downloading picture advancing a little at a time (a thread left
/// idle by a picture waiting for bytes takes the next one's). Work without a ticket gets a
/// fresh one: first come, first served. Threads exist only while there is work.
public final class DecodeQueue: Sendable {
    public static let shared = DecodeQueue(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// A place in the queue: lower runs first.
    public struct Ticket: Sendable {
        fileprivate let value: UInt64
    }

    private struct Job {
        let ticket: UInt64
        let sequence: UInt64
        let work: @Sendable () -> Void

        func runsBefore(_ other: Job) -> Bool {
            (ticket, sequence) < (other.ticket, other.sequence)
        }
    }

    public let threads: Int
    private struct State {
        var jobs: [Job] = []
        var workers = 0
        var issued: UInt64 = 0
        var enqueued: UInt64 = 0
    }

    private let state = Mutex(State())

    public init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// A place for work that will come in pieces (see the type's notes).
    public func ticket() -> Ticket {
        state.withLock { state in
            state.issued += 1
            return Ticket(value: state.issued)
        }
    }

    /// Runs `work` on one of the queue's threads, at `ticket`'s place (a new one when nil),
    /// and returns its result. `work` gets a `Cancellable` cancelled with the calling task.
    public func run<T: Sendable>(
        at ticket: Ticket? = nil,
        _ work: @escaping @Sendable (Cancellable) throws -> T
    ) async throws -> T {
        let cancellable = Cancellable()
        let place = ticket ?? self.ticket()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                submit(at: place) {
                    guard !cancellable.isCancelled else { return continuation.resume(throwing: CancellationError()) }
                    continuation.resume(with: Result { try work(cancellable) })
                }
            }
        } onCancel: {
            cancellable.cancel()
        }
    }

    /// Queues `work` at `ticket`'s place without waiting for it.
    public func submit(at ticket: Ticket, _ work: @escaping @Sendable () -> Void) {
        let startWorker = state.withLock { state -> Bool in
            state.enqueued += 1
            state.jobs.append(Job(ticket: ticket.value, sequence: state.enqueued, work: work))
            guard state.workers < threads else { return false }
            state.workers += 1
            return true
        }
        guard startWorker else { return }
        let thread = Thread { [self] in drain() }
        thread.name = "apod.decode"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// A worker's life: the first job in order, until there is none.
    private func drain() {
        while let job = nextJob() { job.work() }
    }

    private func nextJob() -> Job? {
        state.withLock { state in
            guard var first = state.jobs.indices.first else {
                state.workers -= 1
                return nil
            }
            for index in state.jobs.indices where state.jobs[index].runsBefore(state.jobs[first]) { first = index }
            return state.jobs.remove(at: first)
        }
    }
}
