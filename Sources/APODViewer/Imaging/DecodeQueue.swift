import Foundation
import GtkKit

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
public final class DecodeQueue: @unchecked Sendable {
    public static let shared = DecodeQueue(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// A place in the queue: lower runs first.
    public struct Ticket: Sendable {
        fileprivate let value: UInt64
    }

    private struct Job {
        let ticket: UInt64
        let sequence: UInt64
        let work: () -> Void

        func runsBefore(_ other: Job) -> Bool {
            (ticket, sequence) < (other.ticket, other.sequence)
        }
    }

    public let threads: Int
    private let lock = NSLock()
    private var jobs: [Job] = []
    private var workers = 0
    private var issued: UInt64 = 0
    private var enqueued: UInt64 = 0

    public init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// A place for work that will come in pieces (see the type's notes).
    public func ticket() -> Ticket {
        lock.withLock {
            issued += 1
            return Ticket(value: issued)
        }
    }

    /// Runs `work` on one of the queue's threads, at `ticket`'s place (a new one when nil),
    /// and returns its result. `work` gets a `Cancellable` cancelled with the calling task.
    public func run<T: Sendable>(at ticket: Ticket? = nil,
                                 _ work: @escaping @Sendable (Cancellable) throws -> T) async throws -> T {
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
        let startWorker = lock.withLock { () -> Bool in
            enqueued += 1
            jobs.append(Job(ticket: ticket.value, sequence: enqueued, work: work))
            guard workers < threads else { return false }
            workers += 1
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
        lock.withLock {
            guard var first = jobs.indices.first else {
                workers -= 1
                return nil
            }
            for index in jobs.indices where jobs[index].runsBefore(jobs[first]) { first = index }
            return jobs.remove(at: first)
        }
    }
}
