import Foundation
import Synchronization

/// Runs one operation per key however many callers want its result at the same time.
///
/// Each caller waits on its own continuation, so a caller that is cancelled leaves at once
/// without disturbing the others; the shared operation is cancelled only when its last caller
/// leaves. A later call for the same key after that starts afresh.
public final class RequestCoalescer<Key: Hashable & Sendable, Context: Sendable, Value: Sendable>: Sendable {
    private struct Flight {
        /// Tells a flight from a later one for the same key.
        let number: UInt64
        let context: Context
        var waiters: [UInt64: CheckedContinuation<Value, Error>] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextNumber: UInt64 = 0
        var running = 0

        mutating func number() -> UInt64 {
            nextNumber += 1
            return nextNumber
        }
    }

    private let state = Mutex(State())

    public init() {}

    /// The result of the operation running for `key`, starting it with a fresh context from
    /// `makeContext` if none runs; `join` sees the running operation's context otherwise.
    public func value(
        for key: Key,
        makeContext: @Sendable () -> Context,
        join: @Sendable (Context) -> Void,
        operation: @escaping @Sendable (Context) async throws -> Value
    ) async throws -> Value {
        let waiter = state.withLock { $0.number() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Error>) in
                let joined: Context?? = state.withLock { state in
                    if Task.isCancelled { return nil }
                    if state.flights[key] != nil {
                        state.flights[key]!.waiters[waiter] = continuation
                        return .some(state.flights[key]!.context)
                    }
                    let context = makeContext()
                    let number = state.number()
                    var flight = Flight(number: number, context: context)
                    flight.waiters[waiter] = continuation
                    state.running += 1
                    flight.task = Task.detached { [self] in
                        defer { self.state.withLock { $0.running -= 1 } }
                        let result: Result<Value, Error>
                        do { result = .success(try await operation(context)) } catch { result = .failure(error) }
                        finish(number, for: key, with: result)
                    }
                    state.flights[key] = flight
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
    public func waiterCount(for key: Key) -> Int {
        state.withLock { $0.flights[key]?.waiters.count ?? 0 }
    }

    /// How many operations have not ended yet, including orphaned ones still winding down
    /// after their last caller left (lets tests wait until nothing more can happen).
    public var runningOperations: Int {
        state.withLock { $0.running }
    }

    /// Resumes the flight's callers; a flight that lost its last caller has left `flights`
    /// already (and a later one may stand there), so its result goes to nobody.
    private func finish(_ number: UInt64, for key: Key, with result: Result<Value, Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, Error>] in
            guard let flight = state.flights[key], flight.number == number else { return [] }
            state.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private func leave(_ waiter: UInt64, from key: Key) {
        let left = state.withLock { state -> (CheckedContinuation<Value, Error>, Task<Void, Never>?)? in
            guard let continuation = state.flights[key]?.waiters.removeValue(forKey: waiter) else {
                return nil
            }
            guard state.flights[key]!.waiters.isEmpty else { return (continuation, nil) }
            let orphaned = state.flights.removeValue(forKey: key)?.task
            return (continuation, orphaned)
        }
        guard let (continuation, orphaned) = left else { return }
        continuation.resume(throwing: CancellationError())
        orphaned?.cancel()
    }
}
