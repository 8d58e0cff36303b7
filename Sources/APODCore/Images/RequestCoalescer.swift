import Foundation

/// Runs one operation per key however many callers want its result at the same time.
///
/// Each caller waits on its own continuation, so a caller that is cancelled leaves at once
/// without disturbing the others; the shared operation is cancelled only when its last caller
/// leaves. A later call for the same key after that starts afresh.
final class RequestCoalescer<Key: Hashable & Sendable, Context: Sendable, Value: Sendable>: @unchecked Sendable {
    /// Mutable state is only touched under the coalescer's lock.
    private final class Flight: @unchecked Sendable {
        let context: Context
        var waiters: [UInt64: CheckedContinuation<Value, Error>] = [:]
        var task: Task<Void, Never>?

        init(context: Context) { self.context = context }
    }

    private let lock = NSLock()
    private var flights: [Key: Flight] = [:]
    private var nextWaiter: UInt64 = 0
    private var running = 0

    /// The result of the operation running for `key`, starting it with a fresh context from
    /// `makeContext` if none runs; `join` sees the running operation's context otherwise.
    func value(
        for key: Key,
        makeContext: @Sendable () -> Context,
        join: @Sendable (Context) -> Void,
        operation: @escaping @Sendable (Context) async throws -> Value
    ) async throws -> Value {
        let waiter = lock.withLock { () -> UInt64 in
            nextWaiter += 1
            return nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Error>) in
                let joined: Context?? = lock.withLock {
                    if Task.isCancelled { return nil }
                    if let flight = flights[key] {
                        flight.waiters[waiter] = continuation
                        return .some(flight.context)
                    }
                    let flight = Flight(context: makeContext())
                    flight.waiters[waiter] = continuation
                    flights[key] = flight
                    running += 1
                    flight.task = Task.detached { [self] in
                        defer { lock.withLock { running -= 1 } }
                        let result: Result<Value, Error>
                        do { result = .success(try await operation(flight.context)) } catch { result = .failure(error) }
                        finish(flight, for: key, with: result)
                    }
                    return .some(nil)
                }
                switch joined {
                case nil: continuation.resume(throwing: CancellationError())
                case .some(let context?): join(context)
                case .some(nil): break
                }
            }
        } onCancel: {
            leave(waiter, from: key)
        }
    }

    /// How many callers wait for `key` right now (lets tests sequence cancellations).
    func waiterCount(for key: Key) -> Int {
        lock.withLock { flights[key]?.waiters.count ?? 0 }
    }

    /// How many operations have not ended yet, including orphaned ones still winding down
    /// after their last caller left (lets tests wait until nothing more can happen).
    var runningOperations: Int {
        lock.withLock { running }
    }

    private func finish(_ flight: Flight, for key: Key, with result: Result<Value, Error>) {
        let waiters = lock.withLock { () -> [CheckedContinuation<Value, Error>] in
            if flights[key] === flight { flights[key] = nil }
            defer { flight.waiters = [:] }
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private func leave(_ waiter: UInt64, from key: Key) {
        let left = lock.withLock { () -> (CheckedContinuation<Value, Error>, Task<Void, Never>?)? in
            guard let flight = flights[key], let continuation = flight.waiters.removeValue(forKey: waiter) else {
                return nil
            }
            guard flight.waiters.isEmpty else { return (continuation, nil) }
            flights[key] = nil
            return (continuation, flight.task)
        }
        guard let (continuation, orphaned) = left else { return }
        continuation.resume(throwing: CancellationError())
        orphaned?.cancel()
    }
}
