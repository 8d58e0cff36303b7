import Foundation
import Synchronization

/// The thumbnails being fetched and decoded, by their cache key (the address and the size): a
/// second caller asking for one while it is under way (the wall and a grid, Search and
/// Favourites showing the same day) waits for that work instead of fetching and decoding the
/// picture again. A caller that stops waiting is answered at once; the work stops when no one
/// waits for it any more. Thread-safe.
final class SharedDecodes: Sendable {
    private struct Flight {
        let id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<DecodedImage, any Error>] = [:]
    }

    private struct State {
        var flights: [String: Flight] = [:]
        var lastID: UInt64 = 0
        /// Callers between asking and waiting, and those of them cancelled meanwhile.
        var arriving: Set<UInt64> = []
        var cancelledOnArrival: Set<UInt64> = []
    }

    private let state = Mutex(State())

    /// How many callers wait for the work under `key` (0 when none is under way).
    func waiters(for key: String) -> Int {
        state.withLock { $0.flights[key]?.waiters.count ?? 0 }
    }

    /// The image under `key`: from the work under way for it, or from `make`, run in a task of
    /// its own that every caller for `key` shares until it ends.
    func image(
        for key: String, making make: @escaping @Sendable () async throws -> DecodedImage
    ) async throws -> DecodedImage {
        let id = state.withLock { state in
            state.lastID += 1
            state.arriving.insert(state.lastID)
            return state.lastID
        }
        let priority = Task.currentPriority
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(key, id: id, continuation: continuation, priority: priority, make: make)
            }
        } onCancel: {
            leave(key, id: id)
        }
    }

    private func join(
        _ key: String, id: UInt64, continuation: CheckedContinuation<DecodedImage, any Error>,
        priority: TaskPriority, make: @escaping @Sendable () async throws -> DecodedImage
    ) {
        enum Joined {
            case cancelled
            case waiting
            case starts(flight: UInt64)
        }
        let joined = state.withLock { state -> Joined in
            state.arriving.remove(id)
            if state.cancelledOnArrival.remove(id) != nil { return .cancelled }
            if state.flights[key] != nil {
                state.flights[key]?.waiters[id] = continuation
                return .waiting
            }
            state.lastID += 1
            state.flights[key] = Flight(id: state.lastID, waiters: [id: continuation])
            return .starts(flight: state.lastID)
        }
        switch joined {
        case .cancelled:
            continuation.resume(throwing: CancellationError())
        case .waiting:
            return
        case .starts(let flight):
            let task = Task.detached(priority: priority) { [weak self] in
                let result: Result<DecodedImage, any Error>
                do { result = .success(try await make()) } catch { result = .failure(error) }
                self?.finish(key, flight: flight, with: result)
            }
            let abandoned = state.withLock { state in
                guard state.flights[key]?.id == flight else { return true }
                state.flights[key]?.task = task
                return false
            }
            if abandoned { task.cancel() }
        }
    }

    private func finish(_ key: String, flight: UInt64, with result: Result<DecodedImage, any Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<DecodedImage, any Error>] in
            guard let done = state.flights[key], done.id == flight else { return [] }
            state.flights[key] = nil
            return Array(done.waiters.values)
        }
        waiters.forEach { $0.resume(with: result) }
    }

    private func leave(_ key: String, id: UInt64) {
        let (continuation, orphaned) = state.withLock {
            state -> (CheckedContinuation<DecodedImage, any Error>?, Task<Void, Never>?) in
            if state.arriving.contains(id) {
                state.cancelledOnArrival.insert(id)
                return (nil, nil)
            }
            guard let continuation = state.flights[key]?.waiters.removeValue(forKey: id) else { return (nil, nil) }
            guard state.flights[key]?.waiters.isEmpty == true else { return (continuation, nil) }
            let task = state.flights[key]?.task
            state.flights[key] = nil
            return (continuation, task)
        }
        orphaned?.cancel()
        continuation?.resume(throwing: CancellationError())
    }
}
